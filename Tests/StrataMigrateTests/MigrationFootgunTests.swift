import Foundation
import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataMigrate

/// Issue 17's footguns, below the command line: the derived way down of SQL, an empty up section (S008),
/// S007 only without a derived way down, and the line of a failed statement.
@Suite struct MigrationFootgunTests {
    static func file(_ name: String, _ text: String) throws -> MigrationFile {
        try MigrationFile(fileName: name, bytes: Array(text.utf8))
    }

    // MARK: - The derived way down

    @Test(arguments: [
        ("CREATE INDEX Task_name ON Task(name);", "DROP INDEX \"Task_name\";" as String?),
        ("create unique index \"a b\" on t(x)", "DROP INDEX \"a b\";"),
        ("CREATE TABLE Tag (name TEXT); CREATE VIEW v AS SELECT 1; CREATE TEMP TRIGGER tr AFTER INSERT ON Tag BEGIN SELECT 1; END;",
         "DROP TRIGGER \"tr\";\nDROP VIEW \"v\";\nDROP TABLE \"Tag\";"),
        ("ALTER TABLE Task ADD COLUMN p INT; ALTER TABLE Task ADD q TEXT",
         "ALTER TABLE \"Task\" DROP COLUMN \"q\";\nALTER TABLE \"Task\" DROP COLUMN \"p\";"),
        ("ALTER TABLE [Old] RENAME TO `New`;", "ALTER TABLE \"New\" RENAME TO \"Old\";"),
        ("ALTER TABLE t RENAME COLUMN a TO b; ALTER TABLE t RENAME c TO d;",
         "ALTER TABLE \"t\" RENAME COLUMN \"d\" TO \"c\";\nALTER TABLE \"t\" RENAME COLUMN \"b\" TO \"a\";"),
        ("-- only\n/* comments */ ;;", nil),
        ("", nil),
        ("CREATE INDEX i ON t(x); INSERT INTO t VALUES (1);", nil),
        ("CREATE TABLE IF NOT EXISTS t (x);", nil),
        ("CREATE INDEX main.i ON t(x);", nil),
        ("ALTER TABLE main.t ADD COLUMN x;", nil),
        ("CREATE UNIQUE TABLE t (x);", nil),
        ("CREATE VIRTUAL TABLE f USING fts5(x);", nil),
        ("DROP TABLE t;", nil),
        ("ALTER TABLE t RENAME TO u extra;", nil),
        // Truncated statements: no inverse, and no crash.
        ("CREATE", nil), ("CREATE INDEX", nil), ("ALTER TABLE", nil), ("ALTER TABLE t ADD", nil), ("ALTER TABLE t RENAME COLUMN a TO", nil),
        ("CREATE TABLE 'unterminated", nil),
        ("CREATE INDEX \"unterminated ON t(x)", "DROP INDEX \"unterminated ON t(x)\";"),
    ])
    func theWayDownOfSQLIsDerivedOnlyWhereEveryStatementHasAnInverse(_ sql: String, _ inverse: String?) {
        #expect(SQLInverse.derive(sql) == inverse)
    }

    /// Many statements: the inverse is derived in one pass, newest first.
    @Test func aLongScriptHasItsInverseNewestFirst() {
        let count = 20_000
        let sql = (0..<count).map { "CREATE INDEX i\($0) ON t(x)" }.joined(separator: ";\n")
        let inverse = SQLInverse.derive(sql)?.components(separatedBy: ";\n")
        #expect(inverse?.count == count)
        #expect(inverse?.first == "DROP INDEX \"i\(count - 1)\"")
        #expect(inverse?.last == "DROP INDEX \"i0\";")
    }

    // MARK: - Lint: S008 and S007

    @Test(arguments: [
        // The footgun: SQL appended below the down line.
        ("1_a.sql", "-- what\n\n-- strata:down\n-- undo\nDROP TABLE Tag;\n", ["1 S008"]),
        ("1_a.sql", "", ["1 S008"]),
        ("1_a.sql", "\n\n   \n", ["1 S008"]),
        ("1_a.sql", ";\n;;\n", ["1 S008"]),
        ("1_a.sql", "/* a\n comment */ -- and more\r\n-- strata:down\r\n", ["1 S008"]),
        ("1_a.sql", "/* an unterminated comment", ["1 S008"]),
        ("1_a.sql", "-- strata:down\nCREATE TABLE t(x);", ["1 S008"]),
        // Statements with a derived way down: no S007.
        ("1_a.sql", "CREATE INDEX i ON t(x);", []),
        ("1_a.sql", "-- x\nCREATE TABLE t(x);\n-- strata:down\n-- nothing written yet\n", []),
        // Without one, S007: no down section, or one with no statement.
        ("1_a.sql", "INSERT INTO t VALUES (1);", ["1 S007"]),
        ("1_a.sql", "INSERT INTO t VALUES (1);\n-- strata:down\n-- later\n", ["1 S007"]),
        ("1_a.sql", "INSERT INTO t VALUES (1);\n-- strata:down\nDELETE FROM t WHERE x = 1;\n", []),
        ("1_a.sql", "DROP TABLE t;", ["1 S001", "1 S007"]),
        ("1_a.strata", "# nothing\n\n", ["1 S008"]),
        ("1_a.strata", "", ["1 S008"]),
        ("1_a.strata", "# only a way down\n\ndown {\n  delete property Task.p\n}\n", ["3 S008"]),
        ("1_a.strata", "add property Task.p int?\n", []),
        ("1_a.strata", "add property Task.p int?\ndown {\n}\n", []),
        ("1_a.strata", "delete property Task.p\ndown {\n  # to do\n}\n", ["1 S002", "1 S007"]),
        ("1_a.strata", "delete property Task.p\ndown {\n  add property Task.p int?\n}\n", ["1 S002"]),
    ])
    func lintFindsAnEmptyUpSectionAndAMissingWayDown(_ name: String, _ text: String, _ findings: [String]) throws {
        let file = try Self.file(name, text)
        #expect(try MigrationLint.check(file).map { "\($0.line) \($0.code.rawValue)" } == findings)
        #expect((try MigrationLint.emptyUp(file) != nil) == findings.contains { $0.hasSuffix("S008") })
    }

    @Test func theSeveritiesThatFailTheLint() {
        #expect(LintCode.emptyUp.severity == .error)
        #expect(LintCode.Severity.allCases.filter(\.failsLint) == [.error, .destructive])
    }

    // MARK: - Sections and lines

    @Test(arguments: [
        ("A;\n-- strata:down\nB;", 2 as Int?),
        ("-- strata:down\nB;", 1),
        ("\n-- strata:down\nB;", 2),
        ("A;\r\nB;\r\n\r\n  -- strata:down  \r\n", 4),
        ("A;", nil),
    ])
    func theDownLineIsKnown(_ text: String, _ line: Int?) throws {
        #expect(try Self.file("1_a.sql", text).sections.downLine == line)
    }

    @Test(arguments: [
        ("A;\nB;\nC;", 3, 10, 11), ("A;\nB;\nC;", 2, 1, 2), ("A;\nB;\nC;", 5, 1, 3),
        ("A;\n-- a comment\n\n/* and\nanother */ B;", 2, 1, 5),
        ("A;\n  \n", 2, 1, 1),
        ("A;", -5, 1, 1),
        ("A;\nB;", Int.max, 1, 2),
        ("", 0, 7, 7),
        ("A;\r\nB;", 3, 1, 2),
    ])
    func theLineOfAStatementIsThatOfItsFirstToken(_ sql: String, _ offset: Int, _ firstLine: Int, _ line: Int) {
        #expect(SQLScript.line(ofStatementAt: offset, in: sql, firstLine: firstLine) == line)
    }

    // MARK: - Runs

    static func database() throws -> Connection {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO Task VALUES (1, 'a');")
        return db
    }

    @Test(arguments: [
        ([("1_a.sql", "CREATE TABLE Tag (x);\n\n-- b\nINSERT INTO Nope VALUES (1);\n")], "1_a.sql:4: no such table: Nope"),
        ([("1_a.sql", "SELECT 1;"), ("2_b.sql", "SELECT 1; SELECT 2;\n   SELEC 3;")], "2_b.sql:2: near \"SELEC\": syntax error"),
        ([("1_a.sql", "INSERT INTO Task VALUES (1, 'dup');")], "1_a.sql:1: UNIQUE constraint failed: Task.id"),
        ([("1_a.sql", "CREATE TRIGGER t AFTER INSERT ON Task BEGIN\n  SELECT 1;\nEND;\nINSERT INTO Task VALUES (1, 'x');")],
         "1_a.sql:4: UNIQUE constraint failed: Task.id"),
        ([("1_a.strata", "add property Task.p int?\nadd property Task.p int?\n")], "1_a.strata:2:"),
    ])
    func aFailedStatementIsNamedByItsLine(_ migrations: [(String, String)], _ prefix: String) throws {
        let db = try Self.database()
        let migrator = Migrator(connection: db, files: try migrations.map { try Self.file($0.0, $0.1) })
        do {
            try migrator.apply(to: nil)
            Issue.record("no error")
        } catch let error as StrataError {
            #expect(error.message.hasPrefix(prefix), "\(error.message)")
            #expect(error.message.hasSuffix("; nothing was changed (still at version 0)"))
        }
        #expect(try db.scalar("PRAGMA user_version").int64 == 0)
    }

    @Test func aPendingEmptyMigrationIsRefusedBeforeAnythingRuns() throws {
        let db = try Self.database()
        let files = try [Self.file("1_a.sql", "CREATE TABLE Tag (x);"), Self.file("2_b.sql", "-- to do\n-- strata:down\nDROP TABLE Tag;\n")]
        let migrator = Migrator(connection: db, files: files)
        #expect(throws: StrataError("2_b.sql:1: S008 the up section is empty (only comments and blank lines), and the SQL below "
                                    + "'-- strata:down' (line 2) runs only going down: put what migrates up above that line: "
                                    + "refused (nothing was changed)",
                                    code: .lintError, site: ErrorSite(file: "2_b.sql", line: 1, version: 2, direction: .up))) { try migrator.apply(to: nil) }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'Tag'").int64 == 0)
        // Up to the one before it is fine.
        #expect(try migrator.apply(to: 1).applied.count == 1)
        #expect(throws: StrataError.self) { try migrator.plan(to: nil, translated: true) }
    }

    /// One applied before lint knew S008 (by an older Strata) is replayed as it is: validate compares the schema.
    @Test func anAppliedEmptyMigrationStillReplays() throws {
        let db = try Self.database()
        let files = try [Self.file("1_a.sql", "CREATE TABLE Tag (x);"), Self.file("2_b.sql", "-- nothing\n")]
        try Migrator(connection: db, files: [files[0]]).apply(to: nil)
        try Migrator(connection: db, files: files).baseline(at: 2, replacing: true)
        let validation = try Migrator(connection: db, files: files).validate()
        #expect(validation.schemaDrift.unchecked == nil)
    }
}
