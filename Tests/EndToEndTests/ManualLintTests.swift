import Foundation
import Testing

/// The manual pages render without a warning: `mandoc -T lint -W style` and `groff -ww -z` say nothing, and no raw
/// non-ASCII byte is in them (groff shows `→` as `â` in a UTF-8 terminal; the escapes, such as `\(->`, render). Skipped
/// when mandoc or groff is missing, unless `STRATA_REQUIRE_MANDOC=1` (set by CI).
@Suite struct ManualLintTests {
    static let manual = ManualExampleTests.root.appendingPathComponent("man")
    static let pages = ["strata.1", "strata-query.7", "strata-migrations.5"]
    static let required = ProcessInfo.processInfo.environment["STRATA_REQUIRE_MANDOC"] == "1"

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func theToolsAreThereWhenRequired() {
        guard Self.required else { return }
        #expect(Self.tool("mandoc") != nil, "STRATA_REQUIRE_MANDOC=1 but mandoc is not installed")
        #expect(Self.tool("groff") != nil, "STRATA_REQUIRE_MANDOC=1 but groff is not installed")
    }

    @Test(arguments: pages)
    func mandocFindsNothing(_ page: String) throws {
        guard let mandoc = Self.tool("mandoc") else { return }
        let result = try Self.run(mandoc, ["-T", "lint", "-W", "style", Self.manual.appendingPathComponent(page).path])
        // mandoc also reports that this machine's own manual database lacks a page a SEE ALSO names (sqlite3(1),
        // jq(1)): a fact about the machine, not about the page.
        let findings = result.output.split(separator: "\n").filter { !$0.contains("outdated mandoc.db") }
        #expect(findings.isEmpty, "\(page):\n\(findings.joined(separator: "\n"))")
    }

    @Test(arguments: pages)
    func groffFindsNothing(_ page: String) throws {
        guard let groff = Self.tool("groff") else { return }
        let result = try Self.run(groff, ["-ww", "-z", "-mdoc", Self.manual.appendingPathComponent(page).path])
        #expect(result.status == 0 && result.output.isEmpty, "\(page):\n\(result.output)")
    }

    @Test(arguments: pages)
    func onlyASCIIBytes(_ page: String) throws {
        let bytes = try Data(contentsOf: Self.manual.appendingPathComponent(page))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let offending = lines.indices.filter { lines[$0].contains { $0 >= 0x80 } }.map { $0 + 1 }
        #expect(offending.isEmpty, "\(page): non-ASCII bytes on lines \(offending.prefix(20))")
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try Shell.run(tool, arguments, in: NSTemporaryDirectory())
        return (result.status, result.stdout + result.stderr)
    }
}
