import Foundation
import Testing
import StrataCore

/// The error codes `--json` prints: camelCase words, each listed in the manual, one for each exit status.
@Suite struct ErrorCodeTests {
    @Test(arguments: ErrorCode.allCases)
    func theManualListsTheCode(_ code: ErrorCode) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // Every manual page (strata.1, strata-query.7, strata-migrations.5): a topic may live in any of them.
        let manual = root.appendingPathComponent("man")
        let page = try FileManager.default.contentsOfDirectory(atPath: manual.path).sorted()
            .filter { $0.range(of: #"^strata.*\.[1-9]$"#, options: .regularExpression) != nil }
            .map { try String(contentsOf: manual.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        let section = try #require(page.components(separatedBy: "\n.Sh JSON OUTPUT\n").dropFirst().first?.components(separatedBy: "\n.Sh ").first)
        #expect(section.contains("\n.It Li \(code.rawValue)\n"), "JSON OUTPUT does not list \(code.rawValue)")
    }

    @Test(arguments: ErrorCode.allCases)
    func aCodeIsOneCamelCaseWord(_ code: ErrorCode) {
        #expect(code.rawValue.first?.isLowercase == true)
        #expect(code.rawValue.allSatisfy { $0.isLetter && $0.isASCII }, "\(code.rawValue)")
    }

    @Test func anErrorWithoutACodeHasItsStatusCode() {
        #expect(StrataError("x").code == .failed)
        #expect(StrataError.usage("x").code == .usage)
        #expect(StrataError.interrupted.code == .interrupted)
        #expect(StrataError("x", status: .drift).code == .drift)
        #expect(StrataError("x", status: .pending).code == .pending)
        #expect(StrataError("x", code: .locked).status == .failure)
        let coded = StrataError("x", site: ErrorSite(file: "a")).coded(.corrupt)
        #expect(coded.code == .corrupt && coded.site?.file == "a")
    }
}
