import Foundation
import SQLiteKit
import Testing
@testable import StrataMigrate
@testable import StrataCore

@Suite struct MigrationFileTests {
    @Test(arguments: [
        ("1_init.sql", 1, "init", "sql"), ("003_add_tags.sql", 3, "add_tags", "sql"), ("42_rename-list.strata", 42, "rename-list", "strata"),
        ("7_a_b_c.sql", 7, "a_b_c", "sql"),
    ])
    func namesFollowThePattern(_ fileName: String, _ version: Int, _ name: String, _ kind: String) throws {
        let file = try MigrationFile(fileName: fileName, bytes: Array("SELECT 1;".utf8))
        #expect(file.version == version && file.name == name && file.kind.rawValue == kind)
    }

    @Test(arguments: ["init.sql", "0_init.sql", "_init.sql", "1_.sql", "1init.sql", "x_init.sql", "-1_init.sql", "1_init.txt",
                      "١_init.sql", "99999999999999999999_big.sql"])
    func malformedNamesAreRefused(_ fileName: String) {
        #expect(throws: StrataError.self) { try MigrationFile(fileName: fileName, bytes: []) }
    }

    @Test func checksumsAreSHA256OfTheBytes() throws {
        let file = try MigrationFile(fileName: "1_a.sql", bytes: Array("abc".utf8))
        #expect(file.checksum == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test(arguments: [
        ("CREATE TABLE t(x);", "CREATE TABLE t(x);", nil as String?),
        ("A;\n-- strata:down\nB;", "A;", "B;"),
        ("A;\r\n  -- STRATA:DOWN \r\nB;\r\n", "A;\r", "B;\r\n"),
        ("A; -- strata:down\nB;", "A; -- strata:down\nB;", nil),
    ])
    func aDownLineSplitsTheSections(_ text: String, _ up: String, _ down: String?) throws {
        let sections = try MigrationFile(fileName: "1_a.sql", bytes: Array(text.utf8)).sections
        #expect(try sections.up.text() == up)
        #expect(try sections.down?.text() == down)
    }

    @Test(arguments: [
        ("CREATE TABLE t(x); INSERT INTO t VALUES (1);", nil as String?),
        ("VACUUM;", "VACUUM"), ("create table t(x); vacuum", "VACUUM"), ("PRAGMA foreign_keys = OFF;", "foreign_keys"),
        ("PRAGMA main.journal_mode=WAL", "journal_mode"), ("PRAGMA synchronous=0", "synchronous"), ("BEGIN; SELECT 1; COMMIT;", "BEGIN"),
        ("PRAGMA user_version = 3", nil), ("SELECT 'VACUUM'; -- VACUUM\n/* PRAGMA foreign_keys=OFF */", nil),
        ("CREATE TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; UPDATE x SET y = 1; END; VACUUM", "VACUUM"),
        ("CREATE TEMP TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; END; SELECT 2;", nil),
    ])
    func statementsThatCannotRunInATransactionAreFound(_ sql: String, _ found: String?) {
        let reason = SQLScript.notInTransaction(sql)
        if let found { #expect(reason?.contains(found) == true, "\(sql)") } else { #expect(reason == nil, "\(sql)") }
    }
}

@Suite struct MigratorTests {
    /// A database file with tasks in lists (ON DELETE CASCADE), an index, a trigger and a view.
    final class Fixture {
        let path = NSTemporaryDirectory() + "strata-migrate-\(UUID().uuidString).sqlite"
        let connection: Connection

        init() throws {
            connection = try Connection(path: path, mode: .create)
            try connection.execute("""
                CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE);
                CREATE INDEX Task_name ON Task(name);
                CREATE VIEW Named AS SELECT name FROM Task;
                CREATE TRIGGER Task_touch AFTER UPDATE ON Task BEGIN SELECT 1; END;
                INSERT INTO TaskList VALUES (1, 'Inbox');
                INSERT INTO Task VALUES (1, 'a', 1), (2, 'b', 1);
                """)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func files(_ migrations: [(String, String)]) throws -> [MigrationFile] {
            try migrations.map { try MigrationFile(fileName: $0.0, bytes: Array($0.1.utf8)) }
        }

        var bytes: Data { FileManager.default.contents(atPath: path) ?? Data() }
        var version: Int64? { try? connection.scalar("PRAGMA user_version").int64 }
    }

    static let good = [
        ("1_priority.sql", "ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;\n-- strata:down\nALTER TABLE Task DROP COLUMN priority;"),
        ("2_tags.sql", "CREATE TABLE Tag (name TEXT PRIMARY KEY);\nINSERT INTO Tag VALUES ('home');"),
        ("5_more.sql", "UPDATE Task SET priority = 2 WHERE name = 'b';"),
    ]

    @Test func appliesInOrderRecordsHistoryAndIsANoOpTheSecondTime() throws {
        let fixture = try Fixture()
        let migrator = Migrator(connection: fixture.connection, files: try fixture.files(Self.good))
        let applied = try migrator.apply(to: nil)
        #expect(applied.applied.map(\.step.file.version) == [1, 2, 5])
        #expect(applied.from == 0 && applied.to == 5 && applied.direction == .up)
        #expect(fixture.version == 5)
        let history = try migrator.history()
        #expect(history.map(\.version) == [1, 2, 5])
        #expect(history.map(\.checksum) == (try fixture.files(Self.good)).map(\.checksum))
        #expect(history.allSatisfy { $0.strataVersion == Version.number && $0.appliedAt.hasSuffix("Z") })
        #expect(try fixture.connection.scalar("SELECT priority FROM Task WHERE name = 'b'").int64 == 2)
        let before = fixture.bytes
        #expect(try migrator.apply(to: nil).applied.isEmpty)
        #expect(fixture.bytes == before)
        let status = try migrator.status()
        #expect(status.pending.isEmpty && status.drifted.isEmpty && status.missing.isEmpty && status.version == 5)
    }

    @Test func stopsAtATargetAndGoesOnLater() throws {
        let fixture = try Fixture()
        let migrator = Migrator(connection: fixture.connection, files: try fixture.files(Self.good))
        #expect(try migrator.apply(to: 2).applied.map(\.step.file.version) == [1, 2])
        #expect(try migrator.status().pending.map(\.version) == [5])
        #expect(throws: StrataError.self) { try migrator.apply(to: 3) }  // no such version
        #expect(throws: StrataError.self) { try migrator.apply(to: 1) }  // 2_tags.sql has no way down
        #expect(try migrator.apply(to: 5).applied.map(\.step.file.version) == [5])
    }

    @Test(arguments: [
        "INSERT INTO Nope VALUES (1);",  // an SQL error
        "DELETE FROM TaskList;",  // leaves tasks pointing at no list
        "CREATE TABLE Tag (x);",  // Tag exists by then
        "VACUUM;",  // refused before anything runs
    ])
    func aFailureInMigrationNOfMLeavesTheFileByteIdentical(_ third: String) throws {
        let fixture = try Fixture()
        try fixture.connection.execute("PRAGMA user_version = 0")
        let before = fixture.bytes
        let files = try fixture.files([Self.good[0], Self.good[1], ("3_bad.sql", third), ("4_after.sql", "SELECT 1;")])
        let migrator = Migrator(connection: fixture.connection, files: files)
        #expect(throws: StrataError.self) { try migrator.apply(to: nil) }
        #expect(fixture.bytes == before)
        #expect(fixture.version == 0)
        #expect(try migrator.history().isEmpty)
        #expect(try fixture.connection.scalar("SELECT count(*) FROM Task").int64 == 2)
    }

    @Test func stepwiseRunsCommitEachMigrationAndKeepThemOnAFailure() throws {
        let fixture = try Fixture()
        let files = try fixture.files([Self.good[0], Self.good[1], ("3_bad.sql", "INSERT INTO Nope VALUES (1);")])
        let migrator = Migrator(connection: fixture.connection, files: files)
        do {
            try migrator.apply(to: nil, stepwise: true)
            Issue.record("no error")
        } catch let failure as StepwiseFailure {
            // What the run kept is said, not "nothing was changed".
            #expect(failure.kept.applied.map(\.step.file.fileName) == ["1_priority.sql", "2_tags.sql"])
            #expect(failure.kept.from == 0 && failure.kept.to == 2)
            #expect(failure.error.message == "3_bad.sql:1: no such table: Nope; 1_priority.sql, 2_tags.sql were applied and kept "
                    + "(--step commits each migration): the file is at version 2")
        }
        #expect(fixture.version == 2)
        #expect(try migrator.history().map(\.version) == [1, 2])
        let down = Migrator(connection: fixture.connection, files: try fixture.files([
            Self.good[0], ("2_tags.sql", "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n-- strata:down\nDROP TABLE Tag;"),
        ]))
        // Going down step by step passes through each version.
        let stepwise = try down.apply(to: 0, allowDrift: true, stepwise: true)
        #expect(stepwise.applied.map(\.step.file.version) == [2, 1])
        #expect(stepwise.from == 2 && stepwise.to == 0 && stepwise.direction == .down)
        #expect(fixture.version == 0)
        #expect(try down.history().isEmpty)
    }

    /// Tables (and views, with their indexes and triggers) older than the history table cannot come from
    /// a replay: named once, not reported as drift; what comes after the first migration still is.
    @Test func schemaOlderThanTheFirstMigrationIsNotDrift() throws {
        let fixture = try Fixture()
        let migrator = Migrator(connection: fixture.connection, files: try fixture.files([("1_tags.sql", "CREATE TABLE Tag (name TEXT PRIMARY KEY);")]))
        let never = try migrator.schemaDrift()
        #expect(never == SchemaDrift(lines: [], unchecked: nil, predating: ["Named", "Task", "TaskList"]))
        try migrator.apply(to: nil)
        #expect(try migrator.namesBeforeFirstMigration() == ["Named", "Task", "TaskList"])
        try fixture.connection.execute("CREATE TABLE Later (x INTEGER); DROP TABLE Tag")
        let drift = try migrator.schemaDrift()
        #expect(drift.lines == ["+ Later.x INTEGER", "- Tag.name TEXT key"])
        #expect(drift.predating == ["Named", "Task", "TaskList"])
        // A table the migrations make is compared, however old: a baseline adopts a file its migrations built.
        let rebuilt = Migrator(connection: fixture.connection, files: try fixture.files([
            ("1_tags.sql", "CREATE TABLE Tag (name TEXT PRIMARY KEY);"), ("2_lists.sql", "CREATE TABLE TaskList (id INTEGER PRIMARY KEY);"),
        ]))
        try rebuilt.baseline(at: 2, replacing: true)
        #expect(try rebuilt.schemaDrift().lines.contains("+ TaskList.name TEXT not null"))
        #expect(try rebuilt.schemaDrift().predating == ["Named", "Task"])
    }

    /// When SQLite cannot finish a rollback (here: another connection holds the journal, as a file the
    /// disk has no room for would), the message says what is left and what to do; when it can, nothing.
    @Test func anUnfinishedRollbackIsDescribed() throws {
        let fixture = try Fixture()
        let migrator = Migrator(connection: try Connection(path: fixture.path, mode: .readWrite, busyTimeout: 0), files: [])
        #expect(migrator.unfinishedRollback() == nil)
        // A writer whose changes spilled into the file: a journal with its header beside it, and a lock.
        try fixture.connection.execute("PRAGMA cache_size = 2; BEGIN IMMEDIATE; "
                                       + "WITH RECURSIVE c(i) AS (SELECT 10 UNION ALL SELECT i + 1 FROM c WHERE i < 20000) "
                                       + "INSERT INTO Task SELECT i, printf('filler %d', i), 1 FROM c;")
        defer { try? fixture.connection.execute("ROLLBACK") }
        let message = try #require(migrator.unfinishedRollback())
        #expect(message == "the rollback could not finish (database is locked): \(fixture.path) may be left larger, with a hot journal "
                + "\(fixture.path)-journal that holds its old content (do not delete it); free some space, then run "
                + "'strata migrate \(fixture.path)' again: opening the file for writing rolls it back first")
    }

    @Test func driftIsRefusedUnlessAllowedAndMissingFilesAreReported() throws {
        let fixture = try Fixture()
        try Migrator(connection: fixture.connection, files: try fixture.files(Self.good)).apply(to: 2)
        var changed = Self.good
        changed[0].1 += "\n-- edited after it was applied"
        let migrator = Migrator(connection: fixture.connection, files: try fixture.files(changed))
        #expect(try migrator.status().drifted.map(\.file.version) == [1])
        do {
            try migrator.apply(to: nil)
            Issue.record("drift was not refused")
        } catch let error as StrataError {
            #expect(error.status == .drift)
        }
        #expect(try migrator.apply(to: nil, allowDrift: true).applied.map(\.step.file.version) == [5])
        let gone = Migrator(connection: fixture.connection, files: try fixture.files([Self.good[0], Self.good[2]]))
        #expect(try gone.status().missing.map(\.version) == [2])
    }

    @Test func goesDownThroughDownSectionsNewestFirst() throws {
        let fixture = try Fixture()
        let files = try fixture.files([
            Self.good[0],
            ("2_tags.sql", "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n-- strata:down\nDROP TABLE Tag;"),
            ("3_more.sql", "INSERT INTO Tag VALUES ('x');\n-- strata:down\nDELETE FROM Tag WHERE name = 'x';"),
        ])
        let migrator = Migrator(connection: fixture.connection, files: files)
        try migrator.apply(to: nil)
        let down = try migrator.apply(to: 1)
        #expect(down.applied.map(\.step.file.version) == [3, 2] && down.applied.allSatisfy { $0.step.direction == .down })
        #expect(down.from == 3 && down.to == 1)
        #expect(fixture.version == 1)
        #expect(try migrator.history().map(\.version) == [1])
        #expect(try fixture.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'Tag'").int64 == 0)
        #expect(try migrator.apply(to: nil).applied.map(\.step.file.version) == [2, 3])
        #expect(try migrator.apply(to: 0).applied.map(\.step.file.version) == [3, 2, 1])
        #expect(try fixture.connection.scalar("SELECT count(*) FROM pragma_table_info('Task') WHERE name = 'priority'").int64 == 0)
    }

    @Test func aMissingWayDownIsSaidBeforeAnythingChanges() throws {
        let fixture = try Fixture()
        // An INSERT has no derived inverse (a CREATE TABLE alone would have one).
        let files = try fixture.files([Self.good[0], ("2_tags.sql", "CREATE TABLE Tag (name TEXT PRIMARY KEY); INSERT INTO Tag VALUES ('x');"),
                                       ("3_more.sql", "SELECT 1;\n-- strata:down\nSELECT 2;")])
        let migrator = Migrator(connection: fixture.connection, files: files)
        try migrator.apply(to: nil)
        let before = fixture.bytes
        do {
            try migrator.apply(to: 0)
            Issue.record("went down without a way down")
        } catch let error as StrataError {
            #expect(error.message.hasPrefix("2_tags.sql has no way down"))
        }
        #expect(fixture.bytes == before)
        #expect(fixture.version == 3)
    }

    @Test func aStrataFileThatDoesNotParseStopsTheRunBeforeAnythingChanges() throws {
        let fixture = try Fixture()
        let before = fixture.bytes
        let files = try fixture.files([("1_a.strata", "add property Task.x int = 0"), ("2_b.strata", "transform property Task.x")])
        let migrator = Migrator(connection: fixture.connection, files: files)
        do {
            try migrator.apply(to: nil)
            Issue.record("no error")
        } catch let error as StrataError {
            #expect(error.message.hasPrefix("2_b.strata:1:1: unknown operation 'transform'"))
        }
        #expect(fixture.version == 0)
        #expect(fixture.bytes == before)
    }
}

/// The RealmTasks history in `Samples/`, applied as a user would.
@Suite struct SampleMigrationTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/RealmTasks/Migrations").path

    @Test(arguments: [false, true])
    func theRebuildKeepsEveryListEntryWhateverTheForeignKeySetting(_ foreignKeys: Bool) throws {
        let connection = try Connection(path: "", mode: .memory)
        if foreignKeys { try connection.execute("PRAGMA foreign_keys = ON") }
        let migrator = Migrator(connection: connection, files: try MigrationDirectory.load(Self.directory))
        #expect(try migrator.apply(to: 3).applied.count == 3)
        let tags = try connection.rows("SELECT owner, position, target FROM Task_tags ORDER BY owner, position")
        #expect(tags.count == 4)
        #expect(try migrator.apply(to: nil).applied.map(\.step.file.version) == [4])
        // Dropping Task to rebuild it cascaded into nothing: the list entries are all there.
        #expect(try connection.rows("SELECT owner, position, target FROM Task_tags ORDER BY owner, position") == tags)
        #expect(try connection.rows("SELECT name, isCompleted, priority FROM Task WHERE id = 2").first
                == [.text("File taxes"), .integer(1), .integer(1)])
        #expect(try connection.scalar("PRAGMA foreign_keys").int64 == (foreignKeys ? 1 : 0))
        #expect(try connection.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(try connection.scalar("SELECT count(*) FROM OpenTasks").int64 == 3)
        // Version 4 has no way down.
        #expect(throws: StrataError.self) { try migrator.apply(to: 3) }
    }
}

@Suite struct MigrationLintTests {
    @Test(arguments: [
        ("DROP TABLE Task;", ["S001"]),
        ("CREATE TABLE T_new (x);\nINSERT INTO T_new SELECT x FROM T;\nDROP TABLE T;\nALTER TABLE T_new RENAME TO T;", []),
        ("ALTER TABLE Task DROP COLUMN legacy;", ["S002"]),
        ("DELETE FROM Task;", ["S003"]), ("DELETE FROM Task WHERE id = 1;", []),
        ("UPDATE Task SET x = 1;", ["S004"]), ("UPDATE Task SET x = 1 WHERE y;", []),
        ("ALTER TABLE Task ADD COLUMN p INTEGER NOT NULL;", ["S005"]), ("ALTER TABLE Task ADD COLUMN p INTEGER NOT NULL DEFAULT 0;", []),
        ("VACUUM;", ["S006"]),
        ("CREATE TRIGGER t AFTER INSERT ON a BEGIN DELETE FROM b; END;", []),
        ("SELECT 'DROP TABLE x;'; -- DELETE FROM y;", []),
    ])
    func findsWhatIsDestructiveOrRisky(_ up: String, _ codes: [String]) throws {
        let file = try MigrationFile(fileName: "1_a.sql", bytes: Array((up + "\n-- strata:down\nSELECT 1;").utf8))
        #expect(try MigrationLint.check(file).map(\.code.rawValue) == codes, "\(up)")
    }

    @Test func findingsCarryTheirLineAndAMissingWayDown() throws {
        let file = try MigrationFile(fileName: "3_x.sql", bytes: Array("-- comment\nCREATE TABLE a (x);\n\n  DROP TABLE b;\n".utf8))
        let findings = try MigrationLint.check(file)
        #expect(findings.map(\.code) == [.dropTable, .noWayDown])
        #expect(findings.first?.line == 4)
        #expect(findings.first?.severity == .destructive)
    }
}
