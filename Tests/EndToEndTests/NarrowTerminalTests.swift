import Foundation
import Testing

/// The browser and the commands at 20 columns: every line fits, numbers and counts are never cut, and help,
/// schema and records are laid out for the width instead of running past it.
@Suite struct NarrowTerminalTests {
    /// Lines wider than `width` (the demo database and these fixtures hold only one-cell characters).
    static func tooWide(_ text: String, _ width: Int) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.count > width }
    }

    static func database(in workspace: Workspace) throws -> String {
        let db = workspace.file("demo.sqlite")
        let demo = try StrataProcess.run(["demo", db, "--rows", "12345", "--seed", "3"])
        try #require(demo.status == 0, "\(demo.stderr)")
        return db
    }

    @Test func theBrowserFitsTwentyColumns() throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let script = """
            width 20
            classes
            RealmTestClass0
            mode vertical
            RealmTestClass0 where integerValue < 0 SORT(integerValue ASC) LIMIT(2)
            schema RealmTestClass1
            open RealmTestClass1 1
            help
            help set
            help export
            count
            """
        let result = try StrataProcess.run([db], input: script + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.tooWide(result.stdout, 20).isEmpty, "too wide: \(Self.tooWide(result.stdout, 20))")
        // The counts and numbers whole: 12345 objects, and the smallest integerValue with all its digits.
        #expect(result.stdout.contains("12345"))
        #expect(result.stdout.contains("-9223372036854775808"), "a number was cut")
        #expect(!result.stdout.contains("1234…"))
        // Help still says everything, wrapped.
        #expect(result.stdout.contains("the previous") && result.stdout.contains("write the whole"))
    }

    @Test(arguments: [["classes"], ["schema"], ["get", "RealmTestClass1", "2"], ["query", "RealmTestClass0 LIMIT(3)", "--format", "vertical"]])
    func commandsFitTwentyColumns(_ arguments: [String]) throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let result = try StrataProcess.run([arguments[0], db] + arguments.dropFirst(), environment: ["COLUMNS": "20"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.tooWide(result.stdout, 20).isEmpty, "\(arguments[0]) too wide: \(Self.tooWide(result.stdout, 20))")
        if arguments[0] == "classes" { #expect(result.stdout.contains("12345")) }
    }
}
