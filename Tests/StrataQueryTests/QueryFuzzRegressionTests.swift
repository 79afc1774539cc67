import Testing
@testable import StrataQuery
@testable import StrataCore

/// Inputs the `query` fuzz target (Fuzz/Targets/query.swift) stopped on, kept so that what they showed stays true.
@Suite struct QueryFuzzRegressionTests {
    /// A backquoted name holding a vertical tab (a line break to Swift): the message quotes the name as written,
    /// and the CLI shows it escaped, on one line. The target first took the raw message for a message of two lines.
    @Test func aNameWithALineBreakIsRefusedOnOneLineAsShown() throws {
        let fixture = try QueryFixture.tasks()
        let text = "Task where `@links.TaskList.it\u{0B}ems`.@count > 0"
        let error = try #require(throws: QueryError.self) { try fixture.compile(text) }
        #expect(error.kind == .semantic)
        #expect(error.message.hasPrefix("unknown property '@links.TaskList.it\u{0B}ems' in class Task"))
        let shown = TerminalText.escaped(error.message)
        #expect(!shown.contains { $0.isNewline }, "\(shown)")
        #expect(error.line == 1 && error.column >= 1 && error.offset <= text.count)
    }

    /// 88 NOTs (`!!!…u > "a"`, crash-a57fe6ad): the parser took up to 100, SQLite's parser stack takes about 45. Now
    /// refused while parsing, just past the NOT that passes the limit, before any SQL is made.
    @Test func notsNestedPastSQLitesStackAreRefusedWhileParsing() throws {
        let fixture = try QueryFixture.tasks()
        let text = "Task where " + String(repeating: "!", count: 88) + "priority > 1"
        let error = try #require(throws: QueryError.self) { try fixture.compile(text) }
        #expect(error.kind == .syntax)
        #expect(error.message.hasPrefix("the query nests too deeply for SQLite"))
        // At what follows the 41st NOT (columns count from 1: the first NOT is column 12).
        #expect(error.column == 12 + 41)
        // The most the parser allows runs.
        _ = try fixture.runner.rows(try fixture.compile("Task where " + String(repeating: "!", count: 40) + "priority > 1"))
    }
}

/// Inputs the parser fuzz test found while the general comparison was written: each once recursed without end.
@Suite struct QuerySidesRegressionTests {
    @Test(arguments: [
        "Task where \"a\\\"b\" CONTAINS \"creme\"",
        "Task where 'a' BEGINSWITH 'b'",
        "Task where bin(bin(bin(\"x\"))) == data",
        "Task where {1} == {1}",
        "Task where 1 == 1",
        // The query fuzz target's stack overflow: lists in braces nested without end.
        "Tas{" + String(repeating: "{", count: 3_000),
        "Task where name IN " + String(repeating: "{", count: 3_000) + "1" + String(repeating: "}", count: 3_000),
    ])
    func isAnErrorNotACrash(_ text: String) throws {
        let fixture = try QueryFixture.tasks()
        #expect(throws: QueryError.self) { try fixture.compile(text) }
    }
}
