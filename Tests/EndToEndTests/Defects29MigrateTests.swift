import Foundation
import SQLiteKit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 29's migrate items, through the built binary: migrations below the database's version (item 1),
/// subcommands wherever the options stand (item 2), an output that is its input (item 3: a backup, a
/// conversion, an export), SIGHUP
/// (item 5) and `--create` on a dangling symbolic link (item 27).
@Suite struct Defects29MigrateTests {
    static let first = ["1_a.sql": "CREATE TABLE A (x INTEGER);\n", "5_c.sql": "CREATE TABLE C (x INTEGER);\n"]
    static let late = "CREATE TABLE B (x INTEGER);\n"

    /// A database at version 5 with 1_a and 5_c applied, and then 3_b added (a branch merged late).
    static func gapWorkspace() throws -> (Workspace, String) {
        let workspace = try MigrateCommandTests.workspace(first)
        let db = workspace.file("app.sqlite")
        let applied = try StrataProcess.run(["migrate", db])
        #expect(applied.status == 0, "\(applied.stderr)")
        try late.write(toFile: workspace.file("Migrations/3_b.sql"), atomically: true, encoding: .utf8)
        return (workspace, db)
    }

    static func version(_ path: String) throws -> Int64? {
        try Connection(path: path, mode: .readOnly).scalar("PRAGMA user_version").int64
    }

    static func hasTable(_ path: String, _ name: String) throws -> Bool {
        try Connection(path: path, mode: .readOnly).scalar("SELECT count(*) FROM sqlite_schema WHERE name = ?", [.text(name)]).int64 == 1
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: - Item 1: a migration below the current version

    @Test func statusNamesAMigrationBelowTheVersionAndExitsPending() throws {
        let (workspace, db) = try Self.gapWorkspace()
        let status = try StrataProcess.run(["migrate", "status", db])
        #expect(status.status == 3)
        #expect(status.stdout.contains("      3  3_b.sql    never applied, below version 5 (--out-of-order applies it)\n"), "\(status.stdout)")
        #expect(status.stderr == "strata: 3_b.sql (version 3) was never applied and lies below \(db)'s version 5: "
                + "apply it with --out-of-order, or renumber it above 5\n")
        let json = try Self.json(try StrataProcess.run(["migrate", "status", db, "--json"]).stdout)
        #expect((json["skipped"] as? [[String: Any]])?.map { $0["file"] as? String } == ["3_b.sql"])
        #expect(json["predatesHistory"] as? Bool == false)
        _ = workspace
    }

    @Test func validateNamesItAndFails() throws {
        let (workspace, db) = try Self.gapWorkspace()
        let validate = try StrataProcess.run(["migrate", "validate", db])
        #expect(validate.status == 3)
        #expect(validate.stdout.contains("not applied: 3_b.sql (version 3) is at or below the file's version 5 and was never applied\n"),
                "\(validate.stdout)")
        #expect(!validate.stdout.contains("match their files"))
        let json = try Self.json(try StrataProcess.run(["migrate", "validate", db, "--json"]).stdout)
        #expect((json["skipped"] as? [[String: Any]])?.map { $0["version"] as? Int } == [3])
        _ = workspace
    }

    @Test func migrateRefusesItAndChangesNothing() throws {
        let (workspace, db) = try Self.gapWorkspace()
        let before = try workspace.fingerprint("app.sqlite")
        let run = try StrataProcess.run(["migrate", db, "--json"])
        #expect(run.status == 1)
        let json = try Self.json(run.stdout)
        #expect((json["error"] as? [String: Any])?["code"] as? String == "outOfOrder")
        #expect(run.stderr.contains("3_b.sql (version 3) was never applied"), "\(run.stderr)")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        // Many files: the same refusal, per file.
        try FileManager.default.copyItem(atPath: db, toPath: workspace.file("b.sqlite"))
        let many = try StrataProcess.run(["migrate", db, workspace.file("b.sqlite")])
        #expect(many.status == 1)
        #expect(many.stderr.contains("b.sqlite: 3_b.sql (version 3) was never applied"), "\(many.stderr)")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    @Test func outOfOrderAppliesItInVersionOrderAndRecordsIt() throws {
        let (workspace, db) = try Self.gapWorkspace()
        try "CREATE TABLE D (x INTEGER);\n".write(toFile: workspace.file("Migrations/7_d.sql"), atomically: true, encoding: .utf8)
        let plan = try StrataProcess.run(["migrate", "plan", db, "--out-of-order"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("-- 3_b.sql\nCREATE TABLE B (x INTEGER);\n\n-- 7_d.sql\n"), "\(plan.stdout)")
        let run = try StrataProcess.run(["migrate", db, "--out-of-order"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.range(of: #"^applied 3_b\.sql \(\d+ ms, out of order\)\napplied 7_d\.sql \(\d+ ms\)\n.* is at version 7 \(was 5\)\n$"#,
                                 options: .regularExpression) != nil, "\(run.stdout)")
        #expect(try Self.version(db) == 7)
        #expect(try Self.hasTable(db, "B"))
        let history = try Connection(path: db, mode: .readOnly).rows("SELECT version, out_of_order FROM strata_migrations ORDER BY version")
            .map { "\($0[0].int64 ?? -1):\($0[1].int64 ?? -1)" }
        #expect(history == ["1:0", "3:1", "5:0", "7:0"])
        let status = try StrataProcess.run(["migrate", "status", db])
        #expect(status.status == 0)
        #expect(status.stdout.contains("3_b.sql    applied ") && status.stdout.contains(" (out of order)\n"), "\(status.stdout)")
        let json = try Self.json(try StrataProcess.run(["migrate", "status", db, "--json"]).stdout)
        #expect((json["applied"] as? [[String: Any]])?.map { $0["outOfOrder"] as? Bool } == [false, true, false, false])
    }

    /// A Room database: at user_version 1, no history, and a 1_x.strata: not "nothing to apply".
    @Test func aVersionWithoutHistoryPointsAtBaseline() throws {
        let workspace = try Workspace()
        let db = try workspace.database("room.sqlite", "CREATE TABLE Word (id INTEGER PRIMARY KEY); PRAGMA user_version = 1;")
        try FileManager.default.createDirectory(atPath: workspace.file("Migrations"), withIntermediateDirectories: false)
        try "add class Tag {\n  name: string\n}\n".write(toFile: workspace.file("Migrations/1_x.strata"), atomically: true, encoding: .utf8)
        let before = try workspace.fingerprint("room.sqlite")
        let run = try StrataProcess.run(["migrate", db])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "strata: \(db) is at version 1 but has no migration history, so 1_x.strata (version 1) may be in it already: "
                + "the file's version predates its history; adopt it with 'strata migrate baseline \(db) --version 1' (nothing was changed)\n")
        #expect(try workspace.fingerprint("room.sqlite").0 == before.0)
        let status = try StrataProcess.run(["migrate", "status", db])
        #expect(status.status == 3)
        #expect(status.stdout.contains("not recorded: the file has no history (see migrate baseline)"), "\(status.stdout)")
        // --out-of-order does not apply what may be in the file already.
        #expect(try StrataProcess.run(["migrate", db, "--out-of-order"]).status == 1)
        #expect(try StrataProcess.run(["migrate", "baseline", db, "--version", "1"]).status == 0)
        let after = try StrataProcess.run(["migrate", db])
        #expect(after.status == 0)
        #expect(after.stdout == "\(db) is at version 1: nothing to apply\n")
    }

    // MARK: - Item 2: a subcommand wherever the options stand

    @Test(arguments: [
        ["migrate", "--dir", "<dir>", "status", "<db>"],
        ["migrate", "--dir=<dir>", "status", "<db>"],
        ["migrate", "--timeout", "100", "--dir", "<dir>", "plan", "<db>"],
        ["migrate", "--dir", "<dir>", "validate", "<db>"],
        ["migrate", "--json", "--dir", "<dir>", "status", "<db>"],
    ])
    func optionsBeforeASubcommandRunTheSubcommand(_ template: [String]) throws {
        let workspace = try MigrateCommandTests.workspace([:])
        try FileManager.default.moveItem(atPath: workspace.file("Migrations"), toPath: workspace.file("M"))
        try "CREATE TABLE X (x INTEGER);\n".write(toFile: workspace.file("M/1_x.sql"), atomically: true, encoding: .utf8)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let arguments = template.map { $0.replacingOccurrences(of: "<dir>", with: workspace.file("M")).replacingOccurrences(of: "<db>", with: db) }
        let run = try StrataProcess.run(arguments)
        #expect([0, 3].contains(run.status), "\(arguments): \(run.stderr)")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0, "\(arguments) changed the file")
        #expect(try Self.version(db) == 0)
    }

    @Test func anOptionTheSubcommandLacksIsAUsageError() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let run = try StrataProcess.run(["migrate", "--yes", "status", db])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("strata: unknown option '--yes' for 'migrate status'"), "\(run.stderr)")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    @Test(arguments: ["stauts", "paln", "lnit", "valdiate"])
    func aMistypedSubcommandIsAUsageErrorThatChangesNothing(_ typo: String) throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let listing = try workspace.listing()
        let run = try StrataProcess.run(["migrate", typo, db, "--dir", workspace.file("Migrations")])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("strata: unknown subcommand '\(typo)' for 'migrate', and no such file (did you mean 'migrate "), "\(run.stderr)")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        #expect(try workspace.listing() == listing)
    }

    @Test func aSubcommandAfterTheFileIsAUsageError() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let run = try StrataProcess.run(["migrate", db, "status"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("'status' is not a file but a subcommand of migrate: it comes first"), "\(run.stderr)")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    /// A missing file among several stops the whole run before any is opened.
    @Test func aMissingFileAmongSeveralMigratesNone() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let run = try StrataProcess.run(["migrate", db, workspace.file("typo.sqlite")])
        #expect(run.status == 1)
        #expect(run.stderr == "strata: no such file: \(workspace.file("typo.sqlite")); no file was migrated "
                + "(to make empty databases there and migrate them, add --create)\n")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        #expect(try Self.version(db) == 0)
    }

    @Test func helpOfASubcommandAfterOptions() throws {
        let run = try StrataProcess.run(["migrate", "--dir", "M", "status", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("strata migrate status — "), "\(run.stdout.prefix(80))")
    }

    // MARK: - Item 3: the backup is never the database

    enum SamePath: String, CaseIterable, Sendable { case itself, dotSlash, hardLink, symbolicLink }

    @Test(arguments: SamePath.allCases)
    func aBackupThatIsTheDatabaseIsRefusedBeforeAnything(_ spelling: SamePath) throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let backup: String
        switch spelling {
        case .itself: backup = db
        case .dotSlash: backup = workspace.path + "/./app.sqlite"
        case .hardLink:
            backup = workspace.file("hard.sqlite")
            try FileManager.default.linkItem(atPath: db, toPath: backup)
        case .symbolicLink:
            backup = workspace.file("link.sqlite")
            try FileManager.default.createSymbolicLink(atPath: backup, withDestinationPath: db)
        }
        let before = try workspace.fingerprint("app.sqlite")
        var inode = stat()
        stat(db, &inode)
        let listing = try workspace.listing()
        let run = try StrataProcess.run(["migrate", db, "--backup", backup, "--force"])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        let same = spelling == .itself ? "\(db) is the file being read" : "is \(db) itself (by another path)"
        #expect(run.stderr.contains(same + ": the backup must be another file (nothing was changed)"), "\(run.stderr)")
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        var after = stat()
        stat(db, &after)
        #expect(after.st_ino == inode.st_ino, "the database was replaced")
        #expect(try workspace.listing() == listing)
        #expect(try Self.version(db) == 0)
    }

    /// `convert a.realm a.realm --force` replaced the .realm with SQLite: the output is never the input, by any path.
    @Test(arguments: SamePath.allCases)
    func convertNeverWritesOverItsInput(_ spelling: SamePath) throws {
        let workspace = try Workspace()
        let realm = try RealmFileCommandTests.copy("Files/many-objects.realm", into: workspace, as: "a.realm")
        let output: String
        switch spelling {
        case .itself: output = realm
        case .dotSlash: output = workspace.path + "/./a.realm"
        case .hardLink:
            output = workspace.file("hard.realm")
            try FileManager.default.linkItem(atPath: realm, toPath: output)
        case .symbolicLink:
            output = workspace.file("link.realm")
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: realm)
        }
        let before = try workspace.fingerprint("a.realm")
        let listing = try workspace.listing()
        let run = try StrataProcess.run(["convert", realm, output, "--force"])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix(": the converted database must be another file (nothing was changed)\n"), "\(run.stderr)")
        #expect(try workspace.fingerprint("a.realm").0 == before.0)
        #expect(try workspace.listing() == listing)
    }

    /// The browser's export onto the file it browses, with --force, would have replaced the database with CSV.
    @Test func exportNeverWritesOverTheBrowsedFile() throws {
        let workspace = try Workspace()
        let db = workspace.file("d.sqlite")
        #expect(try StrataProcess.run(["demo", db, "--rows", "20"]).status == 0)
        let before = try workspace.fingerprint("d.sqlite")
        let run = try StrataProcess.run([db], input: "RealmTestClass0\nexport \(workspace.path)/./d.sqlite --force\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("is \(db) itself (by another path): the export must be another file (nothing was changed)"), "\(run.stderr)")
        #expect(try workspace.fingerprint("d.sqlite").0 == before.0)
    }

    // MARK: - Item 5: SIGHUP

    /// A closed terminal (SIGHUP) stops a many-file run as Ctrl-C does: a summary, and no journal left.
    @Test func sighupStopsAManyFileRunWithASummaryAndNoJournal() throws {
        let workspace = try MigrateCommandTests.workspace(["1_slow.sql": MigrateRunTests.slow])
        try FileManager.default.copyItem(atPath: workspace.file("app.sqlite"), toPath: workspace.file("b.sqlite"))
        let listing = try workspace.listing()
        let (process, out, err) = try StrataProcess.start(["migrate", workspace.file("app.sqlite"), workspace.file("b.sqlite"),
                                                           "--dir", workspace.file("Migrations")])
        let running = try MigrateRunTests.waitUntil { try workspace.listing().contains { $0.hasSuffix("-journal") } || !process.isRunning }
        #expect(running && process.isRunning, "the migration never started writing, or finished first")
        kill(process.processIdentifier, SIGHUP)
        let result = StrataProcess.finish(process, out, err)
        #expect(result.status == 130)
        #expect(result.stderr.contains("strata: interrupted: "), "\(result.stderr)")
        #expect(result.stdout.contains("2 files: 0 migrated"), "\(result.stdout)")
        #expect(try workspace.listing() == listing, "a journal or temporary file was left behind")
        #expect(try Self.version(workspace.file("app.sqlite")) == 0)
    }

    @Test func sighupStopsAOneFileRunAndRollsBack() throws {
        let workspace = try MigrateCommandTests.workspace(["1_slow.sql": MigrateRunTests.slow])
        let listing = try workspace.listing()
        let before = try workspace.fingerprint("app.sqlite")
        let (process, out, err) = try StrataProcess.start(["migrate", workspace.file("app.sqlite")])
        let running = try MigrateRunTests.waitUntil { try workspace.listing().contains { $0.hasSuffix("-journal") } || !process.isRunning }
        #expect(running && process.isRunning)
        kill(process.processIdentifier, SIGHUP)
        let result = StrataProcess.finish(process, out, err)
        #expect(result.status == 130)
        #expect(result.stderr.hasPrefix("strata: interrupted"), "\(result.stderr)")
        #expect(try workspace.listing() == listing)
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    /// The same handler serves every command that writes a new file (demo, convert): nothing is left.
    @Test func sighupStopsADemoAndLeavesNothing() throws {
        let workspace = try Workspace()
        let (process, out, err) = try StrataProcess.start(["demo", workspace.file("big.sqlite"), "--rows", "5000000"])
        Thread.sleep(forTimeInterval: 1.0)
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGHUP)
        let result = StrataProcess.finish(process, out, err)
        #expect(result.status == 130)
        #expect(try workspace.listing() == [])
    }

    // MARK: - Item 27: --create on a dangling symbolic link

    @Test func createOnADanglingLinkSaysItIsALink() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let link = workspace.file("x.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: workspace.file("gone.sqlite"))
        let listing = try workspace.listing()
        let run = try StrataProcess.run(["migrate", link, "--create", "--dir", workspace.file("Migrations")])
        #expect(run.status == 1)
        #expect(run.stderr == "strata: \(link) is a symbolic link to \(workspace.file("gone.sqlite")), which does not exist: "
                + "--create makes no database through a symbolic link (make it at \(workspace.file("gone.sqlite")), or remove the link)\n")
        #expect(try workspace.listing() == listing)
        // A read says the same, without the --create part.
        let read = try StrataProcess.run(["classes", link])
        #expect(read.status == 1)
        #expect(read.stderr == "strata: no such file: \(link) is a symbolic link to \(workspace.file("gone.sqlite")), which does not exist\n")
    }
}
