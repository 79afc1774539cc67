import Foundation
import SQLiteKit
import Testing

/// `strata migrate` and `strata migrate status` on real files: output, exit statuses, the file afterwards.
@Suite struct MigrateCommandTests {
    /// A workspace with `app.sqlite` (tasks in lists) and a `Migrations` folder beside it.
    static func workspace(_ migrations: [String: String]) throws -> Workspace {
        let workspace = try Workspace()
        try workspace.database("app.sqlite", """
            CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE);
            INSERT INTO TaskList VALUES (1, 'Inbox');
            INSERT INTO Task VALUES (1, 'Buy milk', 1), (2, 'Call Bob', 1);
            """)
        try FileManager.default.createDirectory(atPath: workspace.file("Migrations"), withIntermediateDirectories: true)
        for (name, text) in migrations { try text.write(toFile: workspace.file("Migrations/" + name), atomically: true, encoding: .utf8) }
        return workspace
    }

    static let two = [
        "1_priority.sql": "ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;\n",
        "2_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\nINSERT INTO Tag VALUES ('home');\n",
    ]

    func version(_ path: String) throws -> Int64? {
        try Connection(path: path, mode: .readOnly).scalar("PRAGMA user_version").int64
    }

    @Test func statusThenApplyThenNothingToDo() throws {
        let workspace = try Self.workspace(Self.two)
        let db = workspace.file("app.sqlite")
        let pending = try StrataProcess.run(["migrate", "status", db])
        #expect(pending.status == 3)
        #expect(pending.stderr == "")
        #expect(pending.stdout == """
            \(db) is at version 0
            VERSION  MIGRATION       STATE
                  1  1_priority.sql  pending
                  2  2_tags.sql      pending

            """)
        let applied = try StrataProcess.run(["migrate", db])
        #expect(applied.status == 0)
        #expect(applied.stdout.range(of: #"^applied 1_priority\.sql \(\d+ ms\)\napplied 2_tags\.sql \(\d+ ms\)\n.* is at version 2 \(was 0\)\n$"#,
                                     options: .regularExpression) != nil)
        #expect(try version(db) == 2)
        let before = try workspace.fingerprint("app.sqlite")
        let again = try StrataProcess.run(["migrate", db])
        #expect(again.status == 0)
        #expect(again.stdout == "\(db) is at version 2: nothing to apply\n")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        let upToDate = try StrataProcess.run(["migrate-status", db, "--json"])
        #expect(upToDate.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(upToDate.stdout.utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 2)
        #expect((json["applied"] as? [[String: Any]])?.map { $0["name"] as? String } == ["priority", "tags"])
        #expect((json["applied"] as? [[String: Any]])?.allSatisfy { ($0["checksum"] as? String)?.count == 64 } == true)
        #expect((json["pending"] as? [Any])?.isEmpty == true)
        #expect((json["drifted"] as? [Any])?.isEmpty == true)
    }

    @Test func aFailingMigrationLeavesTheFileAsItWas() throws {
        var migrations = Self.two
        migrations["3_bad.sql"] = "INSERT INTO Tag VALUES ('work');\nINSERT INTO Nope VALUES (1);\n"
        let workspace = try Self.workspace(migrations)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let result = try StrataProcess.run(["migrate", db])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "strata: 3_bad.sql:2: no such table: Nope; nothing was changed (still at version 0)\n")
        let after = try workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0)
        #expect(try workspace.listing() == ["Migrations", "app.sqlite"])
        // Up to the good ones works.
        #expect(try StrataProcess.run(["migrate", db, "--to", "2"]).status == 0)
        #expect(try version(db) == 2)
    }

    @Test func driftStopsMigrateAndStatusWithFour() throws {
        let workspace = try Self.workspace(Self.two)
        let db = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db, "--to", "1"]).status == 0)
        try "ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 1;\n"
            .write(toFile: workspace.file("Migrations/1_priority.sql"), atomically: true, encoding: .utf8)
        let status = try StrataProcess.run(["migrate", "status", db])
        #expect(status.status == 4)
        #expect(status.stdout.contains("drifted: the file changed since"))
        let refused = try StrataProcess.run(["migrate", db])
        #expect(refused.status == 4)
        #expect(refused.stderr.hasPrefix("strata: drift: 1_priority.sql changed since applied"))
        #expect(try version(db) == 1)
        #expect(try StrataProcess.run(["migrate", db, "--allow-drift"]).status == 0)
        #expect(try version(db) == 2)
    }

    @Test func dryRunAndBackupLeaveTheFileAlone() throws {
        let workspace = try Self.workspace(Self.two)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let dry = try StrataProcess.run(["migrate", db, "--dry-run", "--json"])
        #expect(dry.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
        #expect(json["from"] as? Int == 0 && json["to"] as? Int == 2 && json["dryRun"] as? Bool == true)
        #expect(json["integrityCheck"] as? String == "ok")
        #expect((json["applied"] as? [[String: Any]])?.map { $0["file"] as? String } == ["1_priority.sql", "2_tags.sql"])
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        #expect(try workspace.listing() == ["Migrations", "app.sqlite"])

        let backup = workspace.file("before.sqlite")
        #expect(try StrataProcess.run(["migrate", db, "--backup", backup]).status == 0)
        #expect(try version(backup) == 0)
        #expect(try version(db) == 2)
        let refused = try StrataProcess.run(["migrate", db, "--backup", backup])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: \(backup) already exists (use --force to replace it)\n")
    }

    @Test func twoRunsAtOnceApplyEachMigrationOnce() throws {
        // A migration slow enough for the second run to find the first one's lock.
        let workspace = try Self.workspace([
            "1_slow.sql": """
                CREATE TABLE Numbers (n INTEGER);
                WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000000) INSERT INTO Numbers SELECT i FROM c;
                """,
        ])
        let db = workspace.file("app.sqlite")
        let first = try StrataProcess.start(["migrate", db, "--timeout", "60"])
        let second = try StrataProcess.start(["migrate", db, "--timeout", "60"])
        let results = [StrataProcess.finish(first.0, first.1, first.2), StrataProcess.finish(second.0, second.1, second.2)]
        #expect(results.map(\.status) == [0, 0], "\(results.map(\.stderr))")
        #expect(results.filter { $0.stdout.contains("applied 1_slow.sql") }.count == 1)
        #expect(results.filter { $0.stdout.contains("nothing to apply") }.count == 1)
        let connection = try Connection(path: db, mode: .readOnly)
        #expect(try connection.scalar("SELECT count(*) FROM Numbers").int64 == 2_000_000)
        #expect(try connection.scalar("SELECT count(*) FROM strata_migrations").int64 == 1)
    }

    @Test func directoryErrorsNameTheFile() throws {
        let workspace = try Self.workspace(["1_a.sql": "SELECT 1;", "01_b.sql": "SELECT 2;"])
        let db = workspace.file("app.sqlite")
        let duplicate = try StrataProcess.run(["migrate", db])
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr == "strata: \(workspace.file("Migrations")): 01_b.sql and 1_a.sql have the same version 1\n")
        let missing = try StrataProcess.run(["migrate", db, "--dir", workspace.file("nowhere")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "strata: no migrations directory \(workspace.file("nowhere")) (see --dir)\n")
        let noFile = try StrataProcess.run(["migrate", workspace.file("none.sqlite")])
        #expect(noFile.status == 1)
        #expect(try workspace.listing() == ["Migrations", "app.sqlite"])
    }
}

@Suite struct MigrateToolsTests {
    @Test func newNumbersTheNextFileAndPlanShowsItsSQL() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let created = try StrataProcess.run(["migrate", "new", workspace.file("Migrations"), "add_done", "--sql"])
        #expect(created.status == 0)
        #expect(created.stdout == workspace.file("Migrations/3_add_done.sql") + "\n")
        let text = try String(contentsOfFile: workspace.file("Migrations/3_add_done.sql"), encoding: .utf8)
        // No down section unless asked for: what is appended to the file is its up section.
        #expect(!text.contains("\n-- strata:down\n"))
        let strata = try StrataProcess.run(["migrate", "new", workspace.file("Migrations"), "add_flag", "--strata"])
        #expect(strata.stdout == workspace.file("Migrations/4_add_flag.strata") + "\n")
        // A new file is all comments: it parses, and does nothing.
        try FileManager.default.removeItem(atPath: workspace.file("Migrations/3_add_done.sql"))
        try FileManager.default.moveItem(atPath: workspace.file("Migrations/4_add_flag.strata"), toPath: workspace.file("Migrations/3_add_flag.strata"))
        #expect(try StrataProcess.run(["migrate", "new", workspace.file("Migrations"), "bad name"]).status == 2)
        let fresh = try StrataProcess.run(["migrate", "new", workspace.file("New"), "first", "--sql"])
        #expect(fresh.stdout == workspace.file("New/1_first.sql") + "\n")

        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let plan = try StrataProcess.run(["migrate", "plan", db, "--to", "2"])
        #expect(plan.status == 0)
        #expect(plan.stdout == """
            -- \(db): version 0 to 2, in one transaction

            -- 1_priority.sql
            ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;

            -- 2_tags.sql
            -- warning: line 1: S007 no way down: no '-- strata:down' section
            CREATE TABLE Tag (name TEXT PRIMARY KEY);
            INSERT INTO Tag VALUES ('home');

            """)
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    @Test func destructiveStepsNeedYesOutsideATerminal() throws {
        var migrations = MigrateCommandTests.two
        migrations["3_drop.sql"] = "DROP TABLE Tag;\n"
        let workspace = try MigrateCommandTests.workspace(migrations)
        let db = workspace.file("app.sqlite")
        let lint = try StrataProcess.run(["migrate", "lint", workspace.file("Migrations"), "--json"])
        #expect(lint.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]])
        #expect(findings.compactMap { $0["code"] as? String } == ["S007", "S001", "S007"])
        let before = try workspace.fingerprint("app.sqlite")
        let refused = try StrataProcess.run(["migrate", db])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: 3_drop.sql:1: S001 DROP TABLE deletes the table and every row in it; "
                + "destructive steps need --yes when not run at a terminal (nothing was changed)\n")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        #expect(try StrataProcess.run(["migrate", db, "--yes"]).status == 0)
    }

    @Test func validateReportsDriftMissingFilesAndBrokenLinks() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        let clean = try StrataProcess.run(["migrate", "validate", db])
        #expect(clean.status == 0)
        // This file had its tables before its first migration: its schema cannot be replayed, and is not compared.
        #expect(clean.stdout.hasPrefix("schema not compared: the applied migrations do not build it from an empty database (1_priority.sql:1: no such table: Task"))
        #expect(clean.stdout.hasSuffix("\(db) at version 2: 2 applied migrations match their files; integrity ok; no broken links\n"))
        try "-- edited\n".write(toFile: workspace.file("Migrations/1_priority.sql"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: workspace.file("Migrations/2_tags.sql"))
        let drifted = try StrataProcess.run(["migrate", "validate", db, "--json"])
        #expect(drifted.status == 4)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(drifted.stdout.utf8)) as? [String: Any])
        #expect((json["drifted"] as? [[String: Any]])?.map { $0["file"] as? String } == ["1_priority.sql"])
        #expect((json["missing"] as? [[String: Any]])?.map { $0["name"] as? String } == ["tags"])
        #expect(json["integrityCheck"] as? [String] == ["ok"])
        // A broken link, made behind Strata's back.
        let writer = try Connection(path: db, mode: .readWrite)
        try writer.execute("INSERT INTO Task (id, name, list) VALUES (9, 'orphan', 42)")
        try "ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;\n".write(
            toFile: workspace.file("Migrations/1_priority.sql"), atomically: true, encoding: .utf8)
        let broken = try StrataProcess.run(["migrate", "validate", db])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("foreign_key_check: 1 broken link\n"))
        #expect(broken.stdout.contains("missing: version 2 (tags) was applied; its file is gone\n"))
    }

    @Test func validateFindsSchemaDriftWhenTheMigrationsBuildTheSchema() throws {
        let workspace = try Workspace()
        let db = workspace.file("todo.sqlite")
        try #require(FileManager.default.createFile(atPath: db, contents: Data()))
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/RealmTasks/Migrations").path
        #expect(try StrataProcess.run(["migrate", db, "--dir", samples]).status == 0)
        let clean = try StrataProcess.run(["migrate", "validate", db, "--dir", samples])
        #expect(clean.status == 0)
        #expect(clean.stdout == "\(db) at version 4: 4 applied migrations match their files and the schema; integrity ok; no broken links\n")
        let sneaky = try Connection(path: db, mode: .readWrite)
        try sneaky.execute("ALTER TABLE Task ADD COLUMN sneaky TEXT; CREATE INDEX Task_hidden ON Task(priority); DROP VIEW OpenTasks")
        let drifted = try StrataProcess.run(["migrate", "validate", db, "--dir", samples])
        #expect(drifted.status == 4)
        #expect(drifted.stdout == """
            schema drift: + Task.sneaky TEXT
            schema drift: + index Task_hidden on Task
            schema drift: - view OpenTasks on OpenTasks

            """)
    }

    @Test func baselineAdoptsADatabaseOnce() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let adopted = try StrataProcess.run(["migrate", "baseline", db, "--version", "1"])
        #expect(adopted.status == 0)
        #expect(adopted.stdout == "\(db) is at version 1, with 1 migration recorded as applied\n")
        let status = try StrataProcess.run(["migrate", "status", db])
        #expect(status.status == 3)
        #expect(status.stdout.contains("2_tags.sql      pending"))
        let again = try StrataProcess.run(["migrate", "baseline", db, "--version", "2"])
        #expect(again.status == 1)
        #expect(again.stderr == "strata: the database already has a migration history (see 'strata migrate status'; --force starts it over)\n")
        // Only 2 runs: 1 was adopted, not applied (its column is not there).
        #expect(try StrataProcess.run(["migrate", db]).stdout.hasPrefix("applied 2_tags.sql"))
        // Drift accepted for good: a new baseline records the files as they are.
        try "-- edited\n".write(toFile: workspace.file("Migrations/2_tags.sql"), atomically: true, encoding: .utf8)
        #expect(try StrataProcess.run(["migrate", "status", db]).status == 4)
        #expect(try StrataProcess.run(["migrate", "baseline", db, "--version", "2", "--force"]).status == 0)
        #expect(try StrataProcess.run(["migrate", "status", db]).status == 0)
    }
}

/// Failures that `migrate plan` and `migrate lint` once passed over: each is one line on stderr, exit 1,
/// and with `--json` the error shape on stdout.
@Suite struct MigrateFailureTests {
    @Test(arguments: [
        // A .strata operation that cannot be translated on the schema the steps before it leave.
        (["1_priority.sql": "ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;\n",
          "2_link.strata": "add property Task.done bool = false\nadd link Task.owner -> Nowhere?\n"],
         "cannot plan 2_link.strata:2:24 (add link Task.owner -> Nowhere): no class Nowhere"),
        // A .sql step that fails: the .strata step after it would be translated on a schema that never was.
        (["1_bad.sql": "ALTER TABLE Nope ADD COLUMN x INTEGER;\n", "2_p.strata": "add property Task.p int?\n"],
         "cannot plan 1_bad.sql:1: no such table: Nope"),
        // One that fails only because of the step before it.
        (["1_rename.strata": "rename class Task to Todo\n", "2_p.strata": "add property Task.p int?\n"],
         "cannot plan 2_p.strata:1:14 (add property Task.p): no class Task"),
    ])
    func planReportsAStepThatWouldFail(_ migrations: [String: String], _ message: String) throws {
        let workspace = try MigrateCommandTests.workspace(migrations)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let plan = try StrataProcess.run(["migrate", "plan", db])
        #expect(plan.status == 1)
        #expect(plan.stdout == "")
        #expect(plan.stderr == "strata: \(message)\n")
        let json = try StrataProcess.run(["migrate", "plan", db, "--json"])
        #expect(json.status == 1)
        #expect(json.stderr == "strata: \(message)\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["error"] as? [String: Any])?["message"] as? String == message)
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    @Test func planRehearsesEveryStepAndPrintsTheTranslatedSQL() throws {
        let workspace = try MigrateCommandTests.workspace([
            "1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n-- strata:down\nDROP TABLE Tag;\n",
            "2_link.strata": "add link Task.tag -> Tag?\nupdate Task set tag = 'home' where name == \"Buy milk\"\n",
        ])
        let db = workspace.file("app.sqlite")
        let plan = try StrataProcess.run(["migrate", "plan", db])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout == """
            -- \(db): version 0 to 2, in one transaction

            -- 1_tags.sql
            CREATE TABLE Tag (name TEXT PRIMARY KEY);

            -- 2_link.strata
            -- warning: line 1: S007 no way down: it deletes, updates, changes or runs sql, and has no down { … } block
            ALTER TABLE "Task" ADD COLUMN "tag" TEXT REFERENCES "Tag"("name") ON DELETE SET NULL;
            UPDATE "Task" SET "tag" = 'home' WHERE "id" IN (SELECT t0."id" FROM "Task" AS t0 WHERE t0."name" IS ?1 COLLATE BINARY \
            ORDER BY t0."id" ASC LIMIT ?2);  -- ?1 = 'Buy milk', ?2 = -1

            """)
    }

    @Test func lintFailsOnAStrataFileThatDoesNotParse() throws {
        let workspace = try MigrateCommandTests.workspace([
            "1_priority.sql": "ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;\n-- strata:down\nSELECT 1;\n",
            "2_bad.strata": "add property Task.x int = 0\ntransform property Task.x\n",
        ])
        let directory = workspace.file("Migrations")
        let message = "2_bad.strata:2:1: unknown operation 'transform' (add, delete, rename, update, sql { … }, down { … })"
        let lint = try StrataProcess.run(["migrate", "lint", directory])
        #expect(lint.status == 1)
        #expect(lint.stdout == "")
        #expect(lint.stderr == "strata: \(message)\n")
        let json = try StrataProcess.run(["migrate", "lint", directory, "--json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["message"] as? String == message)
        #expect(error["code"] as? String == "invalidMigration" && error["file"] as? String == "2_bad.strata" && error["line"] as? Int == 2)
        // Fixed, it lints clean.
        try "add property Task.x int = 0\n".write(toFile: workspace.file("Migrations/2_bad.strata"), atomically: true, encoding: .utf8)
        let clean = try StrataProcess.run(["migrate", "lint", directory])
        #expect(clean.status == 0)
        #expect(clean.stdout == "")
    }
}
