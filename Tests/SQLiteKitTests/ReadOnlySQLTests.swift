import Testing
@testable import SQLiteKit

/// `Connection.withReadOnlyStatement`: which statements run, which are refused and why, and that a refused
/// one leaves the connection's settings as they were.
@Suite struct ReadOnlySQLTests {
    /// Statement → nil when it runs, else the reason it is refused.
    static let cases: [(String, String?)] = [
        ("SELECT * FROM t", nil),
        ("  select count(*) from t ;  ", nil),
        ("SELECT 1; -- a comment", nil),
        ("SELECT 1; /* a comment */ ;", nil),
        ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 3) SELECT x FROM c", nil),
        ("EXPLAIN QUERY PLAN SELECT * FROM t", nil),
        ("EXPLAIN SELECT * FROM t", nil),
        ("PRAGMA foreign_keys", nil),
        ("pragma Foreign_Keys", nil),
        ("PRAGMA main.user_version", nil),
        ("PRAGMA writable_schema", nil),
        ("PRAGMA table_info(t)", nil),
        ("PRAGMA table_xinfo('t')", nil),
        ("PRAGMA index_list(t)", nil),
        ("PRAGMA foreign_key_check", nil),
        ("PRAGMA integrity_check(10)", nil),
        ("SELECT name FROM pragma_table_info('t')", nil),
        ("SELECT * FROM pragma_foreign_keys", nil),
        // Issue 29, item 26: a code address out, or a tokenizer at any address in.
        ("SELECT fts3_tokenizer('simple')", "function fts3_tokenizer() is not allowed"),
        ("SELECT Fts3_Tokenizer('x', x'0100000000000000')", "function fts3_tokenizer() is not allowed"),
        ("SELECT load_extension('/nonexistent')", "function load_extension() is not allowed"),
        ("SELECT lower('fts3_tokenizer')", nil),
        ("PRAGMA foreign_keys = OFF", "pragma foreign_keys can only be read here (no '= value')"),
        ("PRAGMA foreign_keys(0)", "pragma foreign_keys can only be read here (no '= value')"),
        ("PRAGMA temp.foreign_keys = 0", "pragma foreign_keys can only be read here (no '= value')"),
        ("EXPLAIN PRAGMA writable_schema = ON", "pragma writable_schema can only be read here (no '= value')"),
        ("PRAGMA trusted_schema = 1", "pragma trusted_schema can only be read here (no '= value')"),
        ("PRAGMA cell_size_check = 0", "pragma cell_size_check can only be read here (no '= value')"),
        ("PRAGMA query_only = 0", "pragma query_only can only be read here (no '= value')"),
        ("PRAGMA user_version = 7", "pragma user_version can only be read here (no '= value')"),
        ("PRAGMA wal_checkpoint(TRUNCATE)", "pragma wal_checkpoint is not on the list of pragmas that only read"),
        ("PRAGMA shrink_memory", "pragma shrink_memory is not on the list of pragmas that only read"),
        ("PRAGMA case_sensitive_like = 1", "pragma case_sensitive_like is not on the list of pragmas that only read"),
        ("SELECT * FROM pragma_user_version, t", nil),
        ("BEGIN", "transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not allowed"),
        ("begin exclusive", "transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not allowed"),
        ("COMMIT", "transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not allowed"),
        ("ROLLBACK", "transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not allowed"),
        ("SAVEPOINT a", "transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not allowed"),
        ("RELEASE a", "transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not allowed"),
        ("ATTACH ':memory:' AS x", "ATTACH is not allowed"),
        ("DETACH temp", "DETACH is not allowed"),
        ("VACUUM", "VACUUM is not allowed"),
        ("-- first\nvacuum into '/nonexistent/x.db'", "VACUUM is not allowed"),
        ("SELECT 1; SELECT 2", "one statement at a time (there is more after the first)"),
        ("SELECT 1; PRAGMA foreign_keys = OFF", "one statement at a time (there is more after the first)"),
        ("DELETE FROM t", "that statement would change the database"),
        ("CREATE TABLE u (x)", "that statement would change the database"),
        ("CREATE TEMP TABLE u (x)", "that statement would change the database"),
        ("ANALYZE", "that statement would change the database"),
        ("", "no SQL statement"),
        ("-- only a comment", "no SQL statement"),
    ]

    /// The settings a refused statement must not have changed, read without the vetting (the temp
    /// database may appear in the list once something touched it: it is no attachment).
    static func settings(_ db: Connection) throws -> [SQLiteValue] {
        try ["foreign_keys", "writable_schema", "trusted_schema", "cell_size_check", "query_only", "user_version",
             "case_sensitive_like"].map { name in
            name == "case_sensitive_like" ? try db.scalar("SELECT 'a' LIKE 'A'") : try db.scalar("PRAGMA \(name)")
        } + [.integer(db.isAutocommit ? 1 : 0), try db.scalar("SELECT count(*) FROM pragma_database_list WHERE name NOT IN ('main', 'temp')")]
    }

    @Test(arguments: cases)
    func vetting(_ sql: String, _ refusal: String?) throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("PRAGMA foreign_keys = ON; CREATE TABLE t (id INTEGER PRIMARY KEY, x)")
        let before = try Self.settings(db)
        do {
            let rows = try db.withReadOnlyStatement(sql) { try $0.allRows() }
            #expect(refusal == nil, "ran, and returned \(rows.count) rows")
        } catch let error as ReadOnlySQLError {
            #expect(error.reason == refusal)
        }
        #expect(try Self.settings(db) == before)
        // The authorizer is gone afterwards: the connection's own work is not vetted.
        try db.execute("PRAGMA foreign_keys = OFF; PRAGMA foreign_keys = ON")
    }

    @Test func keywordSkipsSpaceAndComments() {
        let cases: [(String, String?)] = [
            ("vacuum", "VACUUM"), ("  /* x */ -- y\n Select 1", "SELECT"), ("", nil), ("/* open", nil),
            ("(SELECT 1)", nil), ("pragma_x", "PRAGMA_X"),
        ]
        for (sql, keyword) in cases {
            #expect(ReadOnlySQL.leadingKeyword(of: sql) == keyword, "\(sql)")
        }
    }
}
