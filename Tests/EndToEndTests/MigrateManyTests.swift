import Foundation
import SQLiteKit
import Testing

/// `strata migrate` over many files (globs, several paths, `--from-list`, `--jobs`), destructive down
/// steps behind `--yes`, and `--create` for a file that does not exist.
@Suite struct MigrateManyTests {
    /// Three copies of the test database (a, b, c.sqlite) beside `Migrations` with the two migrations; c
    /// already has the table that 2_tags.sql creates, so 2_tags.sql fails on it alone.
    static func tenants() throws -> Workspace {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        for name in ["a", "b", "c"] {
            try FileManager.default.copyItem(atPath: workspace.file("app.sqlite"), toPath: workspace.file("\(name).sqlite"))
        }
        try FileManager.default.removeItem(atPath: workspace.file("app.sqlite"))
        try Connection(path: workspace.file("c.sqlite"), mode: .readWrite).execute("CREATE TABLE Tag (name TEXT PRIMARY KEY)")
        return workspace
    }

    func version(_ path: String) throws -> Int64? {
        try Connection(path: path, mode: .readOnly).scalar("PRAGMA user_version").int64
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: - Many files

    @Test(arguments: [1, 2, 4])
    func aGlobMigratesEachFileAndOneFailureLeavesTheOthers(_ jobs: Int) throws {
        let workspace = try Self.tenants()
        let before = try workspace.fingerprint("c.sqlite")
        let result = try StrataProcess.run(["migrate", workspace.file("*.sqlite"), "--jobs", String(jobs)])
        #expect(result.status == 1)
        #expect(try version(workspace.file("a.sqlite")) == 2)
        #expect(try version(workspace.file("b.sqlite")) == 2)
        #expect(try workspace.fingerprint("c.sqlite").0 == before.0, "the broken file changed")
        #expect(result.stderr == "strata: \(workspace.file("c.sqlite")): 2_tags.sql:1: table Tag already exists; "
                + "nothing was changed (still at version 0)\n")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.stdout)")
        #expect(lines.first?.range(of: #"^FILE +VERSION +RESULT +TIME$"#, options: .regularExpression) != nil, "\(result.stdout)")
        for (index, name, version, outcome) in [(1, "a", "0 → 2", "applied 2"), (2, "b", "0 → 2", "applied 2"), (3, "c", "0", "failed")] {
            let pattern = "^" + NSRegularExpression.escapedPattern(for: workspace.file("\(name).sqlite")) + " +\(version) +\(outcome) +[0-9]+ ms$"
            #expect(lines.count > index && lines[index].range(of: pattern, options: .regularExpression) != nil, "\(result.stdout)")
        }
        #expect(lines.last == "3 files: 2 migrated, 0 up to date, 1 failed")
        // Again: the two are up to date, the broken one fails the same way.
        let again = try StrataProcess.run(["migrate", workspace.file("a.sqlite"), workspace.file("b.sqlite"), "--jobs", String(jobs)])
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("2 files: 0 migrated, 2 up to date, 0 failed\n"), "\(again.stdout)")
    }

    @Test func aFileLockedByAnotherWriterFailsAloneAndIsLeftAsItWas() throws {
        let workspace = try Self.tenants()
        try FileManager.default.removeItem(atPath: workspace.file("c.sqlite"))
        try FileManager.default.copyItem(atPath: workspace.file("a.sqlite"), toPath: workspace.file("c.sqlite"))
        // Before the lock: closing any descriptor of the file in this process would drop its POSIX locks.
        let before = try workspace.fingerprint("b.sqlite")
        let holder = try Connection(path: workspace.file("b.sqlite"), mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE; INSERT INTO TaskList VALUES (2, 'Held')")
        let result = try StrataProcess.run(["migrate", workspace.file("a.sqlite"), workspace.file("b.sqlite"), workspace.file("c.sqlite"),
                                            "--timeout", "0.2", "--jobs", "2", "--json"])
        try holder.execute("ROLLBACK")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(try workspace.fingerprint("b.sqlite").0 == before.0)
        #expect(try version(workspace.file("a.sqlite")) == 2)
        #expect(try version(workspace.file("c.sqlite")) == 2)
        let document = try json(result.stdout)
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == ["a", "b", "c"].map { workspace.file("\($0).sqlite") })
        #expect(files.map { $0["result"] as? String } == ["migrated", "failed", "migrated"])
        #expect(files.map { $0["exitStatus"] as? Int } == [0, 1, 0])
        #expect(files.map { $0["from"] as? Int } == [0, 0, 0])
        #expect(files.map { $0["to"] as? Int } == [2, 0, 2])
        #expect(files[0]["applied"] as? [String] == ["1_priority.sql", "2_tags.sql"])
        #expect(files[0]["durationMs"] is Int)
        let error = try #require(files[1]["error"] as? [String: Any], "\(files[1])")
        #expect(error["code"] as? String == "locked" && (error["message"] as? String)?.contains("locked") == true, "\(error)")
        #expect(error["file"] as? String == workspace.file("b.sqlite"))
        #expect(document["migrated"] as? Int == 2 && document["failed"] as? Int == 1 && document["upToDate"] as? Int == 0)
        #expect(document["exitStatus"] as? Int == 1)
    }

    @Test func aListFileAndDuplicatePathsMigrateEachFileOnce() throws {
        let workspace = try Self.tenants()
        let list = workspace.file("tenants.txt")
        try "\(workspace.file("a.sqlite"))\r\n\n\(workspace.path)/./b.sqlite\n\(workspace.file("a.sqlite"))\n".write(toFile: list, atomically: true, encoding: .utf8)
        let result = try StrataProcess.run(["migrate", workspace.file("b.sqlite"), "--from-list", list, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try #require(try json(result.stdout)["files"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == [workspace.file("b.sqlite"), workspace.file("a.sqlite")])
        #expect(try version(workspace.file("c.sqlite")) == 0)
        let status = try StrataProcess.run(["migrate", "status", "--from-list", list, workspace.file("c.sqlite")])
        #expect(status.status == 3)
        let rows = status.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows == ["FILE VERSION STATE", "\(workspace.file("c.sqlite")) 0 2 pending", "\(workspace.file("a.sqlite")) 2 up to date",
                         "\(workspace.path)/./b.sqlite 2 up to date"])
    }

    @Test func statusOfManyFilesIsTheWorstOfThem() throws {
        let workspace = try Self.tenants()
        #expect(try StrataProcess.run(["migrate", workspace.file("a.sqlite"), workspace.file("b.sqlite")]).status == 0)
        let clean = try StrataProcess.run(["migrate", "status", workspace.file("a.sqlite"), workspace.file("b.sqlite"), "--json"])
        #expect(clean.status == 0)
        #expect(try #require(try json(clean.stdout)["files"] as? [[String: Any]]).map { $0["state"] as? String } == ["upToDate", "upToDate"])
        try "ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 1;\n"
            .write(toFile: workspace.file("Migrations/1_priority.sql"), atomically: true, encoding: .utf8)
        let drift = try StrataProcess.run(["migrate", "status", workspace.file("*.sqlite"), "--json"])
        #expect(drift.status == 4)
        let files = try #require(try json(drift.stdout)["files"] as? [[String: Any]])
        #expect(files.map { $0["state"] as? String } == ["drift", "drift", "pending"])
        #expect(files.map { $0["exitStatus"] as? Int } == [4, 4, 3])
    }

    @Test(arguments: [
        (["migrate", "nothing-*.sqlite"], 1, "strata: no database file matches 'nothing-*.sqlite'\n"),
        (["migrate", "a.sqlite", "b.sqlite", "--jobs", "0"], 2, "strata: --jobs takes how many files to migrate at a time, 1 to 256, not '0'\n"),
        (["migrate", "a.sqlite", "b.sqlite", "--jobs", "-1"], 2, "strata: --jobs takes how many files to migrate at a time, 1 to 256, not '-1'\n"),
        (["migrate", "a.sqlite", "b.sqlite", "--jobs", "99999999999999999999"], 2,
         "strata: --jobs takes how many files to migrate at a time, 1 to 256, not '99999999999999999999'\n"),
        (["migrate", "a.sqlite", "b.sqlite", "--backup", "x.sqlite"], 2,
         "strata: --backup takes one FILE, not several (run each file with its own --backup, or --dry-run them all first)\n"),
        (["migrate", "--jobs", "2"], 2, "strata: missing FILE for 'migrate' (or give --from-list FILE)\n"),
        (["migrate", "status", "--from-list", "missing.txt"], 1, "strata: no such file: missing.txt (the --from-list file)\n"),
    ])
    func badManyFileArgumentsAreOneLineAndChangeNothing(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let workspace = try Self.tenants()
        let before = try ["a.sqlite", "b.sqlite"].map { try workspace.fingerprint($0).0 }
        let result = try StrataProcess.run(arguments.map { $0.hasSuffix(".sqlite") ? workspace.file($0) : $0 }
                                           + ["--dir", workspace.file("Migrations")])
        #expect(result.status == status)
        #expect(result.stderr == message.replacingOccurrences(of: "'nothing-", with: "'\(workspace.path)/nothing-"))
        #expect(try ["a.sqlite", "b.sqlite"].map { try workspace.fingerprint($0).0 } == before)
    }

    /// `--dry-run` over many files migrates a private copy of each and changes none of them, nor leaves
    /// anything beside them; the failure of one copy is reported as a real run's would be.
    @Test func aDryRunOfManyFilesChangesNone() throws {
        let workspace = try Self.tenants()
        let names = ["a.sqlite", "b.sqlite", "c.sqlite"]
        let before = try names.map { try workspace.fingerprint($0) }
        let listing = try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted()
        let text = try StrataProcess.run(["migrate", workspace.file("*.sqlite"), "--dry-run", "--jobs", "2"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("would apply 2"), "\(text.stdout)")
        #expect(text.stdout.hasSuffix("3 files: 2 would be migrated, 0 up to date, 1 failed; the files themselves are unchanged (a dry run migrates copies)\n"))
        #expect(text.stderr == "strata: \(workspace.file("c.sqlite")): 2_tags.sql:1: table Tag already exists; nothing was changed (still at version 0)\n")
        let json = try StrataProcess.run(["migrate", workspace.file("*.sqlite"), "--dry-run", "--json"])
        let document = try self.json(json.stdout)
        #expect(document["dryRun"] as? Bool == true)
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["result"] as? String } == ["migrated", "migrated", "failed"])
        #expect(files.map { $0["to"] as? Int } == [2, 2, 0])
        for (name, was) in zip(names, before) {
            let now = try workspace.fingerprint(name)
            #expect(now.0 == was.0 && now.1 == was.1, "\(name) changed")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == listing)
        #expect(try version(workspace.file("a.sqlite")) == 0)
    }

    /// `--step` over many files: a file whose second migration fails keeps its first.
    @Test func stepKeepsWhatEachFileCommitted() throws {
        let workspace = try Self.tenants()
        let result = try StrataProcess.run(["migrate", workspace.file("*.sqlite"), "--step", "--json"])
        #expect(result.status == 1)
        let files = try #require(try json(result.stdout)["files"] as? [[String: Any]])
        #expect(files.map { $0["to"] as? Int } == [2, 2, 1])
        #expect(files[2]["applied"] as? [String] == ["1_priority.sql"])
        #expect(files[2]["result"] as? String == "failed")
        #expect(try version(workspace.file("c.sqlite")) == 1)
        #expect(result.stderr.contains("1_priority.sql was applied and kept (--step commits each migration): the file is at version 1"))
    }

    /// Each file's time is its migration's: a run that takes a while says so (it once said 0 ms for all).
    @Test func eachFileSaysHowLongItTook() throws {
        let workspace = try MigrateCommandTests.workspace([
            "1_fill.sql": "CREATE TABLE T (x INTEGER);\n"
                + "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) INSERT INTO T SELECT x FROM c;\n",
        ])
        try FileManager.default.copyItem(atPath: workspace.file("app.sqlite"), toPath: workspace.file("b.sqlite"))
        let result = try StrataProcess.run(["migrate", workspace.file("app.sqlite"), workspace.file("b.sqlite"), "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try #require(try json(result.stdout)["files"] as? [[String: Any]])
        for file in files { #expect((file["durationMs"] as? Int ?? 0) >= 5, "\(file)") }
    }

    /// The check of names before a run is made once per schema: a file of another schema is still checked.
    @Test func namesAreCheckedForEachSchema() throws {
        let workspace = try MigrateCommandTests.workspace(["1_note.strata": "add property Task.note string?\nrename property Task.extra to more\n"])
        try FileManager.default.moveItem(atPath: workspace.file("app.sqlite"), toPath: workspace.file("b.sqlite"))
        try FileManager.default.copyItem(atPath: workspace.file("b.sqlite"), toPath: workspace.file("a.sqlite"))
        try FileManager.default.copyItem(atPath: workspace.file("b.sqlite"), toPath: workspace.file("c.sqlite"))
        for name in ["a", "c"] { try Connection(path: workspace.file("\(name).sqlite"), mode: .readWrite).execute("ALTER TABLE Task ADD COLUMN extra TEXT") }
        let before = try workspace.fingerprint("b.sqlite").0
        let result = try StrataProcess.run(["migrate", workspace.file("*.sqlite"), "--jobs", "1", "--json"])
        #expect(result.status == 1)
        let files = try #require(try json(result.stdout)["files"] as? [[String: Any]])
        #expect(files.map { $0["result"] as? String } == ["migrated", "failed", "migrated"])
        let error = try #require(files[1]["error"] as? [String: Any])
        #expect(error["message"] as? String == "1_note.strata:2:22 failed: Task has no property 'extra'; nothing was changed (still at version 0)")
        #expect(error["code"] as? String == "statementFailed" && error["line"] as? Int == 2)
        #expect(try workspace.fingerprint("b.sqlite").0 == before)
    }

    @Test func anEmptyListFileIsAnError() throws {
        let workspace = try Self.tenants()
        try "\n".write(toFile: workspace.file("empty.txt"), atomically: true, encoding: .utf8)
        let result = try StrataProcess.run(["migrate", "--from-list", workspace.file("empty.txt"), "--json"])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: no database files: the --from-list file lists none\n")
        #expect(try json(result.stdout)["error"] as? [String: Any] != nil)
        #expect((try json(result.stdout)["error"] as? [String: Any])?["message"] as? String == "no database files: the --from-list file lists none")
    }

    // MARK: - Destructive down steps (footgun 2)

    @Test func destructiveDownStepsNeedYesOutsideATerminal() throws {
        let workspace = try MigrateCommandTests.workspace([
            "1_priority.sql": "ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;\n-- strata:down\nALTER TABLE Task DROP COLUMN priority;\n",
            "2_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n\n-- strata:down\n-- the tags go\nDROP TABLE Tag;\n",
            "3_colors.strata": "add class Color (name string primary key)\n",
        ])
        let db = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        let before = try workspace.fingerprint("app.sqlite")
        let refused = try StrataProcess.run(["migrate", db, "--to", "1"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: 3_colors.strata:1: S001 going down, delete class deletes the class and every object in it (and 1 more); "
                + "destructive steps need --yes when not run at a terminal (nothing was changed)\n")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        let sqlOnly = try StrataProcess.run(["migrate", db, "--to", "1", "--yes"])
        #expect(sqlOnly.status == 0, "\(sqlOnly.stderr)")
        #expect(try version(db) == 1)
        let dropColumn = try StrataProcess.run(["migrate", db, "--to", "0"])
        #expect(dropColumn.status == 1)
        #expect(dropColumn.stderr.hasPrefix("strata: 1_priority.sql:3: S002 "), "\(dropColumn.stderr)")
        #expect(try version(db) == 1)
    }

    @Test func aDownSectionLineIsTheFilesOwn() throws {
        let workspace = try MigrateCommandTests.workspace([
            "1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n\n-- strata:down\n-- the tags go\nDROP TABLE Tag;\n",
        ])
        let db = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        let refused = try StrataProcess.run(["migrate", db, "--to", "0", "--json"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: 1_tags.sql:5: S001 DROP TABLE deletes the table and every row in it; "
                + "destructive steps need --yes when not run at a terminal (nothing was changed)\n")
        #expect(try version(db) == 1)
    }

    // MARK: - --create

    @Test func aMissingFileIsAnErrorThatSuggestsCreate() throws {
        let workspace = try MigrateCommandTests.workspace(["1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n"])
        let listing = try workspace.listing()
        let missing = try StrataProcess.run(["migrate", workspace.file("new.sqlite"), "--dir", workspace.file("Migrations")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "strata: no such file: \(workspace.file("new.sqlite")) (to make an empty database there and migrate it, add --create)\n")
        #expect(missing.stdout == "")
        #expect(try workspace.listing() == listing)
        let dryRun = try StrataProcess.run(["migrate", workspace.file("new.sqlite"), "--dir", workspace.file("Migrations"), "--create", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout == "applied 1_tags.sql (\(dryRunMilliseconds(dryRun.stdout)) ms)\n"
                + "a copy of \(workspace.file("new.sqlite")) would be at version 1 (was 0); integrity_check: ok; the file itself is unchanged\n")
        #expect(try workspace.listing() == listing, "a dry run created a file")
        let created = try StrataProcess.run(["migrate", workspace.file("new.sqlite"), "--dir", workspace.file("Migrations"), "--create"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try workspace.listing() == (listing + ["new.sqlite"]).sorted())
        #expect(try version(workspace.file("new.sqlite")) == 1)
        #expect(try Connection(path: workspace.file("new.sqlite"), mode: .readOnly).scalar("SELECT count(*) FROM Tag").int64 == 0)
    }

    @Test func aCreateWhoseMigrationFailsLeavesNothing() throws {
        let workspace = try MigrateCommandTests.workspace(["1_bad.sql": "ALTER TABLE Nope ADD COLUMN x INTEGER;\n"])
        let listing = try workspace.listing()
        let failed = try StrataProcess.run(["migrate", workspace.file("new.sqlite"), workspace.file("other.sqlite"),
                                            "--dir", workspace.file("Migrations"), "--create"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("1_bad.sql:1: no such table: Nope"), "\(failed.stderr)")
        #expect(try workspace.listing() == listing)
    }

    /// The milliseconds of the first `applied … (N ms)` line.
    func dryRunMilliseconds(_ output: String) -> String {
        guard let open = output.firstIndex(of: "("), let space = output[open...].firstIndex(of: " ") else { return "" }
        return String(output[output.index(after: open)..<space])
    }
}
