import Testing
@testable import SQLiteKit

@Suite struct SQLTests {
    @Test func valuesBecomeNumberedParametersAndNamesAreQuoted() {
        let condition: SQL = "\(identifier: "na\"me") = \(SQLiteValue.text("O'Brien"))"
        let update: SQL = "UPDATE \(identifier: "Task") SET \(identifier: "done") = \(Int64(1)) WHERE \(condition)"
        #expect(update.text == #"UPDATE "Task" SET "done" = ?1 WHERE "na""me" = ?2"#)
        #expect(update.arguments == [.integer(1), .text("O'Brien")])
    }

    @Test func joinedFragmentsRenumberTheirParameters() {
        let parts: [SQL] = ["a = \(Int64(1))", "b = \(Int64(2))", "c IS NULL", "d = \(Int64(4))"]
        let joined = parts.joined(separator: " AND ")
        #expect(joined.text == "a = ?1 AND b = ?2 AND c IS NULL AND d = ?3")
        #expect(joined.arguments == [1, 2, 4])
    }

    /// (text, shift, expected): numbered parameters move; quoted text and comments do not.
    static let shifts: [(String, Int, String)] = [
        ("x = ?1", 2, "x = ?3"),
        ("x IN (?1, ?2, ?10)", 5, "x IN (?6, ?7, ?15)"),
        ("x = '?1' OR y = ?1", 1, "x = '?1' OR y = ?2"),
        (#""a?1" = ?1"#, 3, #""a?1" = ?4"#),
        ("`b?2` = [c?3] AND d = ?2", 1, "`b?2` = [c?3] AND d = ?3"),
        ("x = 'it''s ?1' AND y = ?1", 1, "x = 'it''s ?1' AND y = ?2"),
        ("x = ?1 -- ?1\n AND y = ?2", 1, "x = ?2 -- ?1\n AND y = ?3"),
        ("x = ?1 /* ?1 */ AND y = ?2", 1, "x = ?2 /* ?1 */ AND y = ?3"),
        ("x = ? AND y = ?1", 1, "x = ? AND y = ?2"),
        ("nothing to move", 4, "nothing to move"),
        ("x = ?1", 0, "x = ?1"),
    ]

    @Test(arguments: shifts)
    func shiftingMovesOnlyParameters(_ row: (String, Int, String)) {
        #expect(row.0.shiftingParameters(by: row.1) == row.2)
    }

    @Test func aFragmentRunsWithItsValues() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (a INTEGER, b TEXT)")
        try db.execute("INSERT INTO \(identifier: "t") VALUES (\(Int64(7)), \(SQLiteValue.text("x")))" as SQL)
        let selection = SQL(numbered: "SELECT a FROM t WHERE b = ?1", arguments: ["x"])
        let query: SQL = "SELECT count(*) FROM t WHERE a = \(Int64(7)) AND a IN (\(selection))"
        #expect(query.text == "SELECT count(*) FROM t WHERE a = ?1 AND a IN (SELECT a FROM t WHERE b = ?2)")
        #expect(try db.scalar(query) == .integer(1))
    }

    @Test func executeRunsEveryStatementOfAScript() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (a); INSERT INTO t VALUES ('é;1'); -- a comment; \n INSERT INTO t VALUES (2);;  ")
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(2))
        #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (3); INSERT INTO nowhere VALUES (4)") }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(3))
    }
}
