import SQLiteKit
import Testing
@testable import StrataQuery

/// `QueryRunner.prepare(_:text:)`: a query SQLite rejects while compiling is a `QueryError` placed at the
/// start of the query text, before any row (or header) could be written.
@Suite struct QueryRunnerPrepareTests {
    static let cases: [(query: String, message: String?, line: Int, column: Int)] = [
        // More columns than SQLite's 2,000.
        ("Task SHOW(" + (0...2000).map { "name AS c\($0)" }.joined(separator: ", ") + ")",
         "SQLite cannot run this query: too many columns in result set", 1, 1),
        ("\n\n   Task SHOW(" + (0...2000).map { "name AS c\($0)" }.joined(separator: ", ") + ")",
         "SQLite cannot run this query: too many columns in result set", 3, 4),
        // A thousand ORs or ANDs, a tree SQLite would refuse as deeper than 1,000, go in chains of 64 under one CASE.
        ("Task where " + (1...1000).map { "priority == \($0) OR " }.joined() + "isCompleted == true", nil, 0, 0),
        ("Task where " + (1...53_000).map { "priority != \($0 % 1000) AND " }.joined() + "isCompleted == true", nil, 0, 0),
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

    /// SQL nested past SQLite's parser stack is the same error at the start of the text.
    @Test func aStatementTooDeepForSQLitesParser() throws {
        let fixture = try QueryFixture.tasks()
        var compiled = try fixture.compile("Task")
        compiled.statement = SQL(verbatim: "SELECT 1 WHERE " + String(repeating: "NOT (", count: 60) + "1" + String(repeating: ")", count: 60))
        #expect(throws: QueryError.self) { try fixture.runner.prepare(compiled, text: "Task") }
        do {
            _ = try fixture.runner.prepare(compiled, text: "  Task")
        } catch let error as QueryError {
            #expect(error.message == "SQLite cannot run this query: parser stack overflow" && error.column == 3)
        }
    }

    /// What nests deeper than SQLite's parser takes is refused while the query is read or compiled, at its place:
    /// a query that compiles, SQLite runs (the query fuzz target's promise).
    @Test(arguments: [
        ("Task where " + String(repeating: "NOT ", count: 41) + "isCompleted == true", "the query nests too deeply for SQLite (at most 40 NOT"),
        ("Task where " + String(repeating: "(name == \"a\" AND ", count: 29) + "isCompleted == true" + String(repeating: ")", count: 29),
         "the query nests too deeply for SQLite (at most 40 NOT, 28 levels of parentheses"),
        ("TaskList where ANY " + String(repeating: "@links.Task.list.list.", count: 9) + "name == \"a\"",
         "the query nests too deeply for SQLite: its NOT, parentheses, SUBQUERY and paths through lists"),
        ("TaskList where " + String(repeating: "NOT ", count: 33) + "ANY @links.Task.list.list.@links.Task.list.name == \"a\"",
         "the query nests too deeply for SQLite: its NOT"),
    ])
    func tooDeepIsRefusedBeforeSQLite(_ query: String, _ message: String) throws {
        let fixture = try QueryFixture.tasks()
        #expect { _ = try fixture.compile(query) } throws: { error in (error as? QueryError)?.message.hasPrefix(message) == true }
        // Just within: compiled, and SQLite runs it.
        for within in [String(repeating: "NOT ", count: 40) + "isCompleted == true",
                       String(repeating: "NOT ", count: 30) + "ANY @links.Task.list.list.name == \"a\""] {
            let compiled = try fixture.compile((within.contains("@links") ? "TaskList" : "Task") + " where " + within)
            _ = try fixture.runner.rows(compiled)
        }
    }
}

/// Compiling a statement, SQLite compares each constant a comparison takes with every one before it: a condition of
/// more than `comparedValueLimit` different values is refused at once (100,000 took 8 minutes to prepare), while an
/// IN list of as many (read into a table) and a long OR of fewer values repeated run.
@Suite struct ComparedValueLimitTests {
    @Test func tooManyDifferentValuesAreRefusedAtOnce() throws {
        let fixture = try QueryFixture.tasks()
        let limit = QueryCompiler.comparedValueLimit
        let query = "Task where " + (0...limit).map { "priority == \($0)" }.joined(separator: " OR ")
        #expect(throws: QueryError.self) { try fixture.compile(query) }
        do {
            _ = try fixture.compile(query)
        } catch let error as QueryError {
            #expect(error.message.hasPrefix("the query compares with \(limit + 1) different values"), "\(error.message)")
        }
    }

    @Test func anInListOfAsManyAndALongOrOfFewValuesRun() throws {
        let fixture = try QueryFixture.tasks()
        let limit = QueryCompiler.comparedValueLimit
        // Each finds what the short query of the same values finds.
        let few = try fixture.runner.rows(try fixture.compile("Task where priority IN {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}")).count
        let everyPriority = try fixture.runner.rows(try fixture.compile("Task where priority >= 0 AND priority <= \(2 * limit)")).count
        let list = try fixture.compile("Task where priority IN {" + (0...2 * limit).map(String.init).joined(separator: ", ") + "}")
        #expect(try fixture.runner.rows(list).count == everyPriority)
        let repeated = try fixture.compile("Task where " + (0...3 * limit).map { "priority == \($0 % 10)" }.joined(separator: " OR "))
        #expect(few > 0 && everyPriority > 0)
        #expect(try fixture.runner.rows(repeated).count == few)
    }
}
