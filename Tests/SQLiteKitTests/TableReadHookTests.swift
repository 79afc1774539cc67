import Testing
@testable import SQLiteKit

/// `Connection.watchTableReads`: the tables each statement reads, handed to the hook after it compiles and before it
/// runs, through every way a connection compiles (prepare, a script, the vetted SQL of `withReadOnlyStatement`).
@Suite struct TableReadHookTests {
    /// Statement → the watched tables (`a`, `b`, `c`) it reads, in the order SQLite first reports them.
    static let cases: [(String, [String])] = [
        ("SELECT * FROM a", ["a"]),
        ("SELECT count(*) FROM b", ["b"]),
        ("SELECT 1 FROM c LIMIT 0", ["c"]),
        ("SELECT a.x FROM a JOIN b ON b.y = a.x", ["a", "b"]),
        ("SELECT (SELECT count(*) FROM c WHERE c.z = a.x) FROM a", ["c", "a"]),
        ("SELECT * FROM a WHERE x IN (SELECT y FROM b)", ["a", "b"]),
        ("SELECT * FROM v", ["c"]),
        ("SELECT * FROM A", ["a"]),
        ("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r LIMIT 3) SELECT * FROM r, b", ["b"]),
        ("SELECT 1", []),
        ("SELECT * FROM other", []),
        ("SELECT name FROM sqlite_schema", []),
        ("SELECT * FROM pragma_table_info('a')", []),
        // EXPLAIN reads no row: nothing to fill.
        ("EXPLAIN QUERY PLAN SELECT * FROM a", []),
        ("EXPLAIN SELECT * FROM b", []),
    ]

    /// A database with the tables `a`, `b`, `c`, `other` and the view `v` over `c`, and a hook that records what it
    /// is given.
    final class Recorder {
        var calls: [[String]] = []
    }

    static func database(_ recorder: Recorder, failing: Bool = false) throws -> Connection {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute("""
            CREATE TABLE a(x); CREATE TABLE b(y); CREATE TABLE c(z); CREATE TABLE other(w);
            CREATE VIEW v AS SELECT z FROM c; INSERT INTO a VALUES (1), (2);
            """)
        connection.watchTableReads(TableReadHook(watches: { ["a", "b", "c"].contains($0) }, fill: { tables in
            recorder.calls.append(tables)
            if failing { throw SQLiteError(code: .error, message: "cannot fill \(tables.joined(separator: ", "))", sql: nil) }
        }))
        return connection
    }

    @Test(arguments: cases)
    func aStatementReportsTheWatchedTablesItReads(_ sql: String, _ tables: [String]) throws {
        let recorder = Recorder()
        let connection = try Self.database(recorder)
        _ = try connection.prepare(sql)
        #expect(recorder.calls == (tables.isEmpty ? [] : [tables.map { $0 == "A" ? "a" : $0 }]), "\(sql)")
    }

    /// The hook runs before the statement does: what it writes (here through the same connection's other table, in
    /// the real use through another connection of a shared cache) is what the statement reads.
    @Test func theFillComesBeforeTheFirstStep() throws {
        let connection = try Connection(path: "file:hook-fill?mode=memory&cache=shared", mode: .create, uri: true)
        try connection.execute("CREATE TABLE a(x)")
        let reader = try Connection(path: "file:hook-fill?mode=memory&cache=shared", mode: .readOnly, uri: true)
        try reader.execute("PRAGMA read_uncommitted = ON")
        var filled = false
        reader.watchTableReads(TableReadHook(watches: { $0 == "a" }, fill: { _ in
            guard !filled else { return }
            try connection.execute("INSERT INTO a VALUES (1), (2), (3)")
            filled = true
        }))
        #expect(try reader.scalar("SELECT count(*) FROM a") == .integer(3))
        #expect(try reader.rows("SELECT x FROM a ORDER BY x").map { $0[0] } == [.integer(1), .integer(2), .integer(3)])
    }

    /// A fill that fails fails the statement (never run on half a table), and the next statement asks again.
    @Test func aFailedFillFailsTheStatementAndIsAskedAgain() throws {
        let recorder = Recorder()
        let connection = try Self.database(recorder, failing: true)
        #expect(throws: SQLiteError.self) { _ = try connection.prepare("SELECT * FROM a") }
        #expect(throws: SQLiteError.self) { try connection.execute("SELECT 1; SELECT * FROM b") }
        #expect(throws: SQLiteError.self) { _ = try connection.rows("SELECT * FROM a") }
        #expect(recorder.calls == [["a"], ["b"], ["a"]])
        // Statements about other tables are not held up.
        #expect(try connection.scalar("SELECT count(*) FROM other") == .integer(0))
    }

    /// Each statement of a script is reported on its own; a statement the script's fill compiles is not reported.
    @Test func aScriptReportsEachStatement() throws {
        let recorder = Recorder()
        let connection = try Self.database(recorder)
        try connection.execute("SELECT * FROM a; SELECT 1; SELECT * FROM b JOIN c")
        #expect(recorder.calls == [["a"], ["b", "c"]])
    }

    /// A user's SQL (`withReadOnlyStatement`) is vetted and its tables reported; the hook goes on afterwards, and a
    /// refused statement is still refused.
    @Test func vettedStatementsAreReportedAndTheHookOutlivesTheVetting() throws {
        let recorder = Recorder()
        let connection = try Self.database(recorder)
        let count = try connection.withReadOnlyStatement("SELECT count(*) FROM a JOIN b") { statement in
            try statement.step() ? statement.column(0) : .null
        }
        #expect(count == .integer(0))
        #expect(throws: ReadOnlySQLError.self) { try connection.withReadOnlyStatement("PRAGMA query_only = 0") { _ in } }
        _ = try connection.prepare("SELECT * FROM c")
        #expect(recorder.calls == [["a", "b"], ["c"]])
        // And the vetting is gone: the connection's own statements run as before.
        try connection.execute("PRAGMA user_version = 3")
    }
}
