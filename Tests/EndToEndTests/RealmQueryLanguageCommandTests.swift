import Foundation
import Testing

/// The built `strata` answering Realm Query Language as realm-core does on a real `.realm` file (all-types.realm, written
/// by realm-core's own generator: see Tests/Fixtures/Realm/README.md).
@Suite struct RealmQueryLanguageCommandTests {
    /// The `_id`s a query finds in all-types.realm, as csv rows, in order.
    static func ids(_ condition: String, _ arguments: [String] = []) throws -> (ids: [String], stderr: String) {
        let workspace = try Workspace()
        let file = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        let result = try StrataProcess.run(["query", file, "AllTypes where \(condition) SHOW(_id)", "--format", "csv"]
                                           + arguments.flatMap { ["--arg", $0] })
        let lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").dropFirst().map(String.init)
        return (lines, result.stderr)
    }

    @Test(arguments: [
        // String operators take a Mixed string, never a number by its text (2.25 and 42 are numbers).
        ("mixedValue CONTAINS $0", ["2"], []),
        ("mixedValue BEGINSWITH \"mixed\"", [], ["40"]),
        ("mixedValue CONTAINS[c] \"MIXED\"", [], ["40"]),
        // B64"…" is a string to a Mixed value; x'…' is binary, and finds only binary.
        ("mixedValue == B64\"bWl4ZWQgc3RyaW5n\"", [], ["40"]),
        ("mixedValue == x'000102ff'", [], ["50"]),
        ("mixedValue ENDSWITH x'ff'", [], ["50"]),
        // Timestamps to the nanosecond: 2020-09-14T12:26:40.000001000Z is one moment, a nanosecond later another.
        ("dateValue == 2020-09-14T12:26:40.000001Z", [], ["10"]),
        ("dateValue == 2020-09-14@12:26:40:1000", [], ["10"]),
        ("dateValue == 2020-09-14T12:26:40.000001001Z", [], []),
        ("dateValue > 2020-09-14T12:26:40.000001Z AND dateValue < 2020-09-16T12:26:40.000003Z", [], ["20"]),
        ("dateValue == $0", ["2020-09-14T12:26:40.000001Z"], ["10"]),
        ("dateValue == T1600086400:1000", [], ["10"]),
    ] as [(String, [String], [String])])
    func answersAsRealmCore(_ condition: String, _ arguments: [String], _ expected: [String]) throws {
        let (ids, stderr) = try Self.ids(condition, arguments)
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(ids == expected, "\(condition)")
    }
}
