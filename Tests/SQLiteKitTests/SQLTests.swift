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

    /// (fragment, its text, its bound values): each kind of node rendered on its own and nested.
    static let renderings: [(SQL, String, [SQLiteValue])] = {
        let t0 = TableAlias("t0"), t1 = TableAlias("t1")
        return [
            ("SELECT 1", "SELECT 1", []),
            (SQL(verbatim: "SELECT ?1 -- from a file"), "SELECT ?1 -- from a file", []),
            ("x = \(SQLiteValue.text("O'Brien"))", "x = ?1", [.text("O'Brien")]),
            ("x IN (\(literal: .integer(2)), \(literal: .text("it's")))", "x IN (2, 'it''s')", []),
            ("\(identifier: "my \"table\"")", #""my ""table""""#, []),
            (.column("name"), #""name""#, []),
            (t0["na\"me"], #"t0."na""me""#, []),
            (.rowID("oid", of: t1), "t1.oid", []),
            ("FROM \(identifier: "T") AS \(t0)", #"FROM "T" AS t0"#, []),
            (.parenthesized("SELECT \(Int64(1))"), "(SELECT ?1)", [1]),
            (.function("coalesce", [t0["a"], "\(Int64(0))"]), #"coalesce(t0."a", ?1)"#, [0]),
            (.row([t0["a"]]), #"t0."a""#, []),
            (.row([t0["a"], t1["b"]]), #"(t0."a", t1."b")"#, []),
            (.count(of: "SELECT a FROM t WHERE b = \(SQLiteValue.text("x"))"), "SELECT count(*) FROM (SELECT a FROM t WHERE b = ?1)", ["x"]),
            (.count(table: "Task"), #"SELECT count(*) FROM "Task""#, []),
            (.window(of: "SELECT a FROM t WHERE b = \(Int64(3))", limit: 10, offset: 20),
             "SELECT * FROM (SELECT a FROM t WHERE b = ?1) LIMIT ?2 OFFSET ?3", [3, 10, 20]),
            (.window(of: "SELECT a FROM t", limit: 5), "SELECT * FROM (SELECT a FROM t) LIMIT ?1", [5]),
            ([SQLOrdering(t0["a"]), SQLOrdering(t0["b"], ascending: false)].orderByClause, #" ORDER BY t0."a" ASC, t0."b" DESC"#, []),
            ([SQLOrdering]().orderByClause, "", []),
            ("INSERT INTO \(identifier: "T") VALUES (\(SQL.parameters(3)))", #"INSERT INTO "T" VALUES (?1, ?2, ?3)"#, []),
            (.parameters(0), "", []),
            // A fragment's values number after those before it, however deep it is nested.
            ("\(Int64(1)) + \(.parenthesized("\(Int64(2)) + \(.parenthesized("\(Int64(3))"))")) + \(Int64(4))",
             "?1 + (?2 + (?3)) + ?4", [1, 2, 3, 4]),
        ]
    }()

    @Test(arguments: renderings)
    func eachNodeRendersToItsSQL(_ row: (SQL, String, [SQLiteValue])) {
        let (text, arguments) = row.0.rendered()
        #expect(text == row.1)
        #expect(arguments == row.2)
    }

    @Test func aFragmentRunsWithItsValues() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (a INTEGER, b TEXT)")
        try db.execute("INSERT INTO \(identifier: "t") VALUES (\(Int64(7)), \(SQLiteValue.text("x")))" as SQL)
        let selection: SQL = "SELECT a FROM t WHERE b = \(SQLiteValue.text("x"))"
        let query: SQL = "SELECT count(*) FROM t WHERE a = \(Int64(7)) AND a IN \(parenthesized: selection)"
        #expect(query.text == "SELECT count(*) FROM t WHERE a = ?1 AND a IN (SELECT a FROM t WHERE b = ?2)")
        #expect(try db.scalar(query) == .integer(1))
        #expect(try db.prepare(query).allRows() == [[.integer(1)]])
    }

    @Test func equalTreesAreEqualFragments() {
        let t0 = TableAlias("t0")
        #expect(("x = \(t0["a"])" as SQL) == ("x = \(t0["a"])" as SQL))
        #expect(("x = \(t0["a"])" as SQL) != ("x = \(TableAlias("t1")["a"])" as SQL))
    }

    @Test func executeRunsEveryStatementOfAScript() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (a); INSERT INTO t VALUES ('é;1'); -- a comment; \n INSERT INTO t VALUES (2);;  ")
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(2))
        #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (3); INSERT INTO nowhere VALUES (4)") }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(3))
    }
}
