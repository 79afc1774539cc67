import Foundation
import SQLiteKit
import Testing

/// The browser's `sql` command runs only what changes neither the file nor the connection: refused
/// statements leave later edits working, foreign keys enforced and no file created.
@Suite struct SQLCommandTests {
    /// Statements that `sqlite3_stmt_readonly` calls read-only, or that a plain read-only check lets by,
    /// yet change the connection (or write a file). `OTHER` stands for a path in the test's folder.
    static let refused: [String] = [
        "PRAGMA foreign_keys=OFF",
        "pragma FOREIGN_KEYS = 0",
        "PRAGMA foreign_keys(off)",
        "PRAGMA main.foreign_keys = false",
        "EXPLAIN PRAGMA foreign_keys = OFF",
        "PRAGMA trusted_schema=1",
        "PRAGMA cell_size_check=0",
        "PRAGMA writable_schema=ON",
        "PRAGMA query_only = 0",
        "PRAGMA defer_foreign_keys = 1",
        "PRAGMA ignore_check_constraints = 1",
        "PRAGMA wal_checkpoint",
        "PRAGMA optimize",
        "BEGIN",
        "BEGIN IMMEDIATE",
        "SAVEPOINT s",
        "COMMIT",
        "ATTACH 'OTHER' AS other",
        "ATTACH ':memory:' AS other",
        "DETACH main",
        "VACUUM INTO 'OTHER'",
        "/* a comment */ VACUUM",
        "SELECT 1; PRAGMA foreign_keys = OFF",
        "SELECT 1; DELETE FROM Task",
        "DELETE FROM Task_tags",
        "CREATE TEMP TABLE t (x)",
    ]

    static func database() throws -> (Workspace, String) {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        return (workspace, db)
    }

    /// After the refused statement, a delete still cascades to the list rows, a set still commits, and
    /// the file has no dangling link.
    @Test(arguments: refused)
    func refusedStatementLeavesEditsWorkingAndForeignKeysEnforced(_ statement: String) throws {
        let (workspace, db) = try Self.database()
        let other = workspace.file("other.sqlite")
        let script = """
            sql \(statement.replacingOccurrences(of: "OTHER", with: other))
            delete Task 1
            set Task 2 name = "renamed"

            """
        let result = try StrataProcess.run(["--write", db], input: script)
        #expect(result.status == 1, "\(result.stdout)")
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].hasPrefix("error: sql only reads: "), "\(result.stderr)")
        #expect(result.stdout.contains("deleted Task 1"), "\(result.stdout)")
        #expect(result.stdout.contains("updated Task 2"), "\(result.stdout)")

        let check = try Connection(path: db, mode: .readOnly)
        #expect(try check.rows("PRAGMA foreign_key_check").isEmpty, "dangling rows after \(statement)")
        #expect(try check.scalar("SELECT count(*) FROM Task_tags") == .integer(0))
        #expect(try check.scalar("SELECT name FROM Task WHERE id = 2") == .text("renamed"))
        #expect(try workspace.listing() == ["app.sqlite"])
    }

    /// The same statements are refused in the read-only browser, which then still reads.
    @Test func refusedInTheReadOnlyBrowserToo() throws {
        let (workspace, db) = try Self.database()
        let before = try workspace.fingerprint("app.sqlite")
        let other = workspace.file("other.sqlite")
        let script = Self.refused.map { "sql " + $0.replacingOccurrences(of: "OTHER", with: other) + "\n" }.joined()
            + "sql SELECT count(*) AS n FROM Task\n"
        let result = try StrataProcess.run([db], input: script)
        #expect(result.status == 1)
        // stdout is a pipe: the heading of the last result goes to stderr, after the errors.
        let errors = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("sql SELECT count(*) AS n FROM Task · ") }
        #expect(errors.count == Self.refused.count, "\(result.stderr)")
        #expect(errors.allSatisfy { $0.hasPrefix("error: sql only reads: ") }, "\(result.stderr)")
        #expect(result.stdout == "n\n3\n", "\(result.stdout)")
        #expect(result.stderr.hasSuffix("sql SELECT count(*) AS n FROM Task · page 1 of 1 · 1 row\n"), "\(result.stderr)")
        let after = try workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try workspace.listing() == ["app.sqlite"])
    }

    /// Each refusal says what it refused.
    @Test func refusalsNameWhatTheyRefused() throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let script = "sql PRAGMA foreign_keys=OFF\nsql PRAGMA writable_schema\nsql PRAGMA wal_checkpoint\nsql BEGIN\nsql VACUUM\n"
        let result = try StrataProcess.run([db], input: script)
        #expect(result.stderr.split(separator: "\n").filter { !$0.hasPrefix("sql PRAGMA writable_schema · ") }.map { $0 + "\n" }.joined() == """
            error: sql only reads: pragma foreign_keys can only be read here (no '= value')
            error: sql only reads: pragma wal_checkpoint is not on the list of pragmas that only read
            error: sql only reads: transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not allowed
            error: sql only reads: VACUUM is not allowed

            """, "\(result.stderr)")
        #expect(result.stdout.contains("writable_schema"))
    }

    /// Reading pragmas, pragma functions, queries with a trailing comment and EXPLAIN still run.
    @Test func readingStatementsStillRun() throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let script = """
            sql PRAGMA foreign_keys
            sql PRAGMA table_info(Task)
            sql PRAGMA main.user_version
            sql SELECT group_concat(name, '+') AS names FROM pragma_table_info('Task')
            sql SELECT count(*) AS tasks FROM Task; -- and a comment
            sql PRAGMA foreign_key_check(Task)
            sql EXPLAIN QUERY PLAN SELECT * FROM Task WHERE name = 'x'

            """
        let result = try StrataProcess.run(["--write", db], input: script)
        // Only the results' headings on stderr (stdout is a pipe), no error.
        #expect(result.status == 0 && !result.stderr.contains("error"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 7, "\(result.stderr)")
        #expect(result.stdout.contains("foreign_keys"))
        #expect(result.stdout.contains("id+name+isCompleted+createdAt+list"), "\(result.stdout)")
        #expect(result.stdout.contains("isCompleted"))
        #expect(result.stdout.contains("user_version"))
        #expect(result.stdout.contains("Task_name"), "\(result.stdout)")
    }
}
