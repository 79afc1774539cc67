import SQLiteKit
import Testing
@testable import StrataQuery

/// `QueryRunner.prepare(_:text:)`: a query SQLite rejects while compiling is a `QueryError` placed at the
/// start of the query text, before any row (or header) could be written.
@Suite struct QueryRunnerPrepareTests {
    static let cases: [(query: String, message: String?, line: Int, column: Int)] = [
        ("Task where " + String(repeating: "NOT ", count: 100) + "isCompleted == true",
         "SQLite cannot run this query: parser stack overflow", 1, 1),
        ("Task where " + (1...1000).map { "priority == \($0) OR " }.joined() + "isCompleted == true",
         "SQLite cannot run this query: expression tree is too large (maximum depth 1000)", 1, 1),
        ("\n\n   Task where " + String(repeating: "NOT ", count: 100) + "isCompleted == true",
         "SQLite cannot run this query: parser stack overflow", 3, 4),
        ("Task where " + String(repeating: "NOT ", count: 20) + "isCompleted == true", nil, 0, 0),
        ("Task where " + (1...50).map { "priority == \($0) OR " }.joined() + "isCompleted == true", nil, 0, 0),
    ]

    @Test(arguments: cases)
    func rejectedByTheCompilerOfSQLite(_ query: String, _ message: String?, _ line: Int, _ column: Int) throws {
        let fixture = try QueryFixture.tasks()
        let compiled = try fixture.compile(query)
        do {
            _ = try fixture.runner.prepare(compiled, text: query)
            #expect(message == nil)
        } catch let error as QueryError {
            #expect(error.message == message)
            #expect(error.line == line && error.column == column)
        }
    }
}
