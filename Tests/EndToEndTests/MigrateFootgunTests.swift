import Foundation
import SQLiteKit
import Testing

/// Issue 17's footguns of `strata migrate` in CI, through the built binary: what `migrate new` writes and
/// what appending to it does, an empty up section, S007 and `lint --strict`, and a failed statement's line.
@Suite struct MigrateFootgunTests {
    /// A workspace whose database has a Task table, and a migrations folder with `migrations`.
    static func workspace(_ migrations: [String: String]) throws -> Workspace {
        try MigrateCommandTests.workspace(migrations)
    }

    static func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    static func version(_ path: String) throws -> Int64? {
        try Connection(path: path, mode: .readOnly).scalar("PRAGMA user_version").int64
    }

    static func count(_ path: String, _ sql: String) throws -> Int64? {
        try Connection(path: path, mode: .readOnly).scalar(sql).int64
    }

    // MARK: - Item 1: appending to a new file

    /// `printf 'CREATE …' >> 3_x.sql` after `migrate new --sql`: the statement is the up section and runs.
    @Test func sqlAppendedToANewFileRunsGoingUp() throws {
        let workspace = try Self.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let created = try StrataProcess.run(["migrate", "new", workspace.file("Migrations"), "index_name", "--sql"])
        #expect(created.status == 0)
        #expect(created.stdout == workspace.file("Migrations/3_index_name.sql") + "\n")
        try Self.append("CREATE INDEX Task_name ON Task(name);\n", to: workspace.file("Migrations/3_index_name.sql"))
        let lint = try StrataProcess.run(["migrate", "lint", workspace.file("Migrations")])
        #expect(!lint.stdout.contains("3_index_name.sql"), "\(lint.stdout)")
        let run = try StrataProcess.run(["migrate", db])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.version(db) == 3)
        #expect(try Self.count(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'Task_name'") == 1)
        // And the derived way down undoes it, as the plan shows.
        let plan = try StrataProcess.run(["migrate", "plan", db, "--to", "2"])
        #expect(plan.stdout == "-- \(db): version 3 to 2, in one transaction\n\n-- 3_index_name.sql (down)\n"
                + "-- derived: the inverse of each statement of its up section, newest first\nDROP INDEX \"Task_name\";\n")
        let down = try StrataProcess.run(["migrate", db, "--to", "2"])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(try Self.count(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'Task_name'") == 0)
        #expect(try Self.version(db) == 2)
    }

    /// With `--down`, the down section is there to fill in, last: appending lands in it, and then the
    /// file's empty up section is refused instead of being applied as nothing.
    @Test func sqlAppendedBelowTheDownLineIsRefusedAndTheFileUntouched() throws {
        let workspace = try Self.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        let created = try StrataProcess.run(["migrate", "new", workspace.file("Migrations"), "drop_tags", "--sql", "--down"])
        #expect(created.status == 0)
        let path = workspace.file("Migrations/3_drop_tags.sql")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let downLine = try #require(text.components(separatedBy: "\n").firstIndex(of: "-- strata:down")) + 1
        try Self.append("DROP TABLE Tag;\n", to: path)
        let before = try workspace.fingerprint("app.sqlite")

        let lint = try StrataProcess.run(["migrate", "lint", workspace.file("Migrations")])
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("3_drop_tags.sql:1: S008 error: the up section is empty (only comments and blank lines), and the SQL "
                                     + "below '-- strata:down' (line \(downLine)) runs only going down: put what migrates up above that line\n"),
                "\(lint.stdout)")
        for arguments in [["migrate", db, "--yes"], ["migrate", db, "--dry-run"], ["migrate", "plan", db]] {
            let run = try StrataProcess.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stdout == "", "\(arguments)")
            #expect(run.stderr == "strata: 3_drop_tags.sql:1: S008 the up section is empty (only comments and blank lines), and the SQL "
                    + "below '-- strata:down' (line \(downLine)) runs only going down: put what migrates up above that line: "
                    + "refused (nothing was changed)\n", "\(arguments)")
        }
        let after = try workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0)
        #expect(after.1 == before.1)
        #expect(try Self.version(db) == 2)
        #expect(try Self.count(db, "SELECT count(*) FROM Tag") == 1)
    }

    /// A `.strata` file with no operations (as `migrate new` writes it) is refused, and lint says S008.
    @Test func aStrataFileWithoutOperationsIsRefused() throws {
        let workspace = try Self.workspace([:])
        let db = workspace.file("app.sqlite")
        let created = try StrataProcess.run(["migrate", "new", workspace.file("Migrations"), "nothing_yet"])
        #expect(created.stdout == workspace.file("Migrations/1_nothing_yet.strata") + "\n")
        let before = try workspace.fingerprint("app.sqlite")
        let lint = try StrataProcess.run(["migrate", "lint", workspace.file("Migrations"), "--json"])
        #expect(lint.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]])
        #expect(findings.map { "\($0["file"] ?? ""):\($0["line"] ?? ""):\($0["code"] ?? ""):\($0["severity"] ?? "")" }
                == ["1_nothing_yet.strata:1:S008:error"])
        let run = try StrataProcess.run(["migrate", db])
        #expect(run.status == 1)
        #expect(run.stderr == "strata: 1_nothing_yet.strata:1: S008 no operations (only comments and blank lines): refused (nothing was changed)\n")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        try Self.append("add property Task.done bool = false\n", to: workspace.file("Migrations/1_nothing_yet.strata"))
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        #expect(try Self.version(db) == 1)
    }

    /// `--down` on a `.strata` file: an operation appended after its `down { }` block does not parse, so
    /// nothing is applied by mistake.
    @Test func anOperationAppendedAfterAStrataDownBlockFailsTheLint() throws {
        let workspace = try Self.workspace([:])
        let db = workspace.file("app.sqlite")
        let created = try StrataProcess.run(["migrate", "new", workspace.file("Migrations"), "done", "--down", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        #expect(json["kind"] as? String == "strata")
        let path = workspace.file("Migrations/1_done.strata")
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        try Self.append("add property Task.done bool = false\n", to: path)
        let lint = try StrataProcess.run(["migrate", "lint", workspace.file("Migrations")])
        #expect(lint.status == 1)
        #expect(lint.stderr == "strata: 1_done.strata:\(lines.count):1: operations after the down block\n")
        let before = try workspace.fingerprint("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db]).status == 1)
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    // MARK: - Item 3: the folder's kind

    @Test func newFollowsTheKindOfTheNewestFile() throws {
        let workspace = try Self.workspace(MigrateCommandTests.two)
        let folder = workspace.file("Migrations")
        let sql = try StrataProcess.run(["migrate", "new", folder, "third"])
        #expect(sql.status == 0)
        #expect(sql.stdout == folder + "/3_third.sql\n")
        let strata = try StrataProcess.run(["migrate", "new", folder, "fourth", "--strata"])
        #expect(strata.stdout == folder + "/4_fourth.strata\n")
        // The newest is now a .strata file: the next follows it, unless --sql.
        #expect(try StrataProcess.run(["migrate", "new", folder, "fifth"]).stdout == folder + "/5_fifth.strata\n")
        #expect(try StrataProcess.run(["migrate", "new", folder, "sixth", "--sql"]).stdout == folder + "/6_sixth.sql\n")
        let both = try StrataProcess.run(["migrate", "new", folder, "seventh", "--sql", "--strata"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("strata: --sql and --strata: give one of them"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/7_seventh.sql"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/7_seventh.strata"))
        // An empty folder: .strata, as the help says.
        #expect(try StrataProcess.run(["migrate", "new", workspace.file("Empty"), "first"]).stdout == workspace.file("Empty/1_first.strata") + "\n")
        let help = try StrataProcess.run(["help", "migrate", "new"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("in an empty directory, .strata"))
    }

    // MARK: - Item 4: S007 and --strict

    @Test func noWayDownOnlyWhereGoingDownNeedsAHandWrittenStep() throws {
        let workspace = try Self.workspace([
            "1_index.sql": "CREATE INDEX Task_name ON Task(name);\n",
            "2_column.sql": "ALTER TABLE Task ADD COLUMN done INTEGER;\nALTER TABLE Task RENAME COLUMN done TO finished;\n",
            "3_fill.sql": "UPDATE Task SET finished = 0 WHERE id > 0;\n",
            "4_index.strata": "add index Task(finished)\n",
        ])
        let folder = workspace.file("Migrations")
        let lint = try StrataProcess.run(["migrate", "lint", folder])
        #expect(lint.status == 0)
        #expect(lint.stdout == "3_fill.sql:1: S007 risky: no way down: no '-- strata:down' section\n")
        let strict = try StrataProcess.run(["migrate", "lint", folder, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout == lint.stdout)
        #expect(strict.stderr == "strata: 1 warning (--strict fails on warnings)\n")
        // The help, its lines joined: which codes fail the lint and which are warnings.
        let help = try StrataProcess.run(["help", "migrate", "lint"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("--strict"))
        #expect(help.contains("S008 nothing to run going up (error)"))
        #expect(help.contains("Errors and destructive steps fail the lint (exit status 1)"))
        #expect(help.contains("risky steps are warnings (exit status 0), which --strict makes fail too"))

        // What lint passes as having a way down goes down: 4 and 3 have none derived, so stop at 3.
        let db = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        let refused = try StrataProcess.run(["migrate", db, "--to", "0"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("strata: 3_fill.sql has no way down"))
        #expect(try Self.version(db) == 4)
        try Self.append("-- strata:down\nUPDATE Task SET finished = NULL WHERE id > 0;\n", to: workspace.file("Migrations/3_fill.sql"))
        // Going down drops the columns the derived inverses take back: destructive, so --yes.
        let again = try StrataProcess.run(["migrate", db, "--to", "0", "--allow-drift", "--yes"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.version(db) == 0)
        #expect(try Self.count(db, "SELECT count(*) FROM pragma_table_info('Task') WHERE name IN ('done', 'finished')") == 0)
        #expect(try Self.count(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'Task'") == 0)
    }

    // MARK: - Item 5: a failed statement's file and line

    @Test func aFailedStatementIsNamedByItsFileAndLine() throws {
        let workspace = try Self.workspace([
            "1_ok.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n",
            "2_tags.sql": """
                -- Tags for tasks.
                INSERT INTO Tag VALUES ('home');

                /* the join */ INSERT INTO Tag
                  VALUES ('work');
                INSERT INTO TaskTag SELECT 1, 'home';
                -- strata:down
                DELETE FROM Tag WHERE name IN ('home', 'work');
                DELETE FROM Nope;

                """,
        ])
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let run = try StrataProcess.run(["migrate", db])
        #expect(run.status == 1)
        #expect(run.stderr == "strata: 2_tags.sql:6: no such table: TaskTag; nothing was changed (still at version 0)\n")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        let dry = try StrataProcess.run(["migrate", db, "--dry-run"])
        #expect(dry.status == 1)
        #expect(dry.stderr == run.stderr)
        let plan = try StrataProcess.run(["migrate", "plan", db])
        #expect(plan.status == 1)
        #expect(plan.stderr == "strata: cannot plan 2_tags.sql:6: no such table: TaskTag\n")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    @Test func aFailedDownStatementIsNamedByItsLine() throws {
        let workspace = try Self.workspace([
            "1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\nINSERT INTO Tag VALUES ('home');\n-- strata:down\nDROP TABLE Tag;\n",
            "2_more.sql": "INSERT INTO Tag VALUES ('work');\n-- strata:down\n\nDELETE FROM Tag WHERE name = 'work';\nDELETE FROM Nope;\n",
        ])
        let db = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        let before = try workspace.fingerprint("app.sqlite")
        let down = try StrataProcess.run(["migrate", db, "--to", "0", "--yes"])
        #expect(down.status == 1)
        #expect(down.stderr == "strata: 2_more.sql:5 (down): no such table: Nope; nothing was changed (still at version 2)\n")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        #expect(try Self.count(db, "SELECT count(*) FROM Tag") == 2)
    }

    /// A `.strata` operation that fails is named by its line (and column), as before.
    @Test func aFailedStrataOperationIsNamedByItsLine() throws {
        let workspace = try Self.workspace(["1_a.strata": "# first\nadd property Task.done bool = false\n\nupdate Task set done = true where nope == 1\n"])
        let db = workspace.file("app.sqlite")
        let run = try StrataProcess.run(["migrate", db])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("strata: 1_a.strata:4:"), "\(run.stderr)")
        #expect(try Self.version(db) == 0)
    }
}
