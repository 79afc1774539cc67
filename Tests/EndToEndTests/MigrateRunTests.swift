import Foundation
import SQLiteKit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `strata migrate` stopped or failing part way: Ctrl-C and SIGTERM, a full disk, `--step`; what a dry run
/// reads and leaves; and `migrate validate` on a database older than its migrations.
@Suite struct MigrateRunTests {
    /// A migration that runs for seconds (about 15 here, 250 MB), so that a signal finds it mid-transaction.
    static let slow = "CREATE TABLE Numbers (n INTEGER);\n"
        + "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000000) INSERT INTO Numbers SELECT i FROM c;\n"

    /// Waits (up to a minute) until `condition` holds, polling.
    static func waitUntil(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    // MARK: - Interrupts (item 10)

    @Test(arguments: [(SIGINT, false), (SIGTERM, false), (SIGINT, true), (SIGTERM, true)])
    func aSignalMidTransactionRollsBackAndRemovesEveryTemporaryFile(_ signal: Int32, _ dryRun: Bool) throws {
        let workspace = try MigrateCommandTests.workspace(["1_slow.sql": Self.slow])
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let listing = try workspace.listing()
        let (process, out, err) = try StrataProcess.start(["migrate", db] + (dryRun ? ["--dry-run"] : []))
        // Mid-transaction: the journal of the file (or of the dry run's copy) exists once the insert writes.
        let running = try Self.waitUntil { try workspace.listing().contains { $0.hasSuffix("-journal") } || !process.isRunning }
        #expect(running && process.isRunning, "the migration never started writing, or finished first")
        kill(process.processIdentifier, signal)
        let result = StrataProcess.finish(process, out, err)
        #expect(result.status != 0)
        #expect(result.stdout == "")
        // Usually in the insert; under load the signal can land in the statements around it.
        #expect(result.stderr.range(of: #"^strata: interrupted( during 1_slow\.sql)?; nothing was changed \(still at version 0\)\n$"#,
                                    options: .regularExpression) != nil, "\(result.stderr)")
        #expect(try workspace.listing() == listing, "a journal or temporary file was left behind")
        // Compared first: an expectation on two large Data values would describe every byte.
        let unchanged = try workspace.fingerprint("app.sqlite").0 == before.0
        #expect(unchanged, "the file changed")
        // Readable as it was, by a read-only connection (a hot journal would make it fail).
        #expect(try Connection(path: db, mode: .readOnly).scalar("SELECT count(*) FROM Task").int64 == 2)
    }

    // MARK: - A full disk (item 23)

    /// How a full disk is made: a small tmpfs (root on Linux), or a file size limit (setrlimit through the
    /// shell's `ulimit -f`, with SIGXFSZ ignored) that makes every write past it fail, as a full disk
    /// does, and works everywhere.
    enum DiskLimit: String, CaseIterable, Sendable { case tmpfs, fileSizeLimit }

    @Test(.enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root on Linux (the file size limit case runs anyway)"))
    func aFullDiskRollsBackBeforeExiting() throws {
        let workspace = try Workspace()
        let folder = workspace.file("small")
        let mount = try SmallFileSystem(at: folder, megabytes: 3)
        defer { mount.unmount() }
        try checkFullDisk(folder: folder, limit: .tmpfs)
    }

    @Test func aFileSizeLimitRollsBackBeforeExiting() throws {
        let workspace = try Workspace()
        try checkFullDisk(folder: workspace.path, limit: .fileSizeLimit)
    }

    func checkFullDisk(folder: String, limit: DiskLimit) throws {
        // About 1.2 MB; the migration needs about 15 MB more: past both the tmpfs and the size limit (2 or 4 MB).
        let db = folder + "/app.sqlite"
        try Connection(path: db, mode: .create).execute("""
            CREATE TABLE t (x BLOB);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000) INSERT INTO t SELECT randomblob(50) FROM c;
            """)
        try FileManager.default.createDirectory(atPath: folder + "/Migrations", withIntermediateDirectories: false)
        try """
            CREATE TABLE big (x BLOB);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 100000) INSERT INTO big SELECT randomblob(100) FROM c;
            UPDATE t SET x = randomblob(60);
            """.write(toFile: folder + "/Migrations/1_big.sql", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let result: StrataProcess.Result
        switch limit {
        case .tmpfs:
            result = try StrataProcess.run(["migrate", db])
        case .fileSizeLimit:
            // 4096 blocks: 2 MB where a block is 512 bytes (POSIX), 4 MB where it is 1024 (bash).
            result = try StrataProcess.run(["migrate", db], fileSizeLimit: 4096)
        }
        #expect(result.status == 1)
        let reason = limit == .tmpfs ? "database or disk is full" : "disk I/O error"
        #expect(result.stderr == "strata: 1_big.sql:2: \(reason); nothing was changed (still at version 0)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == listing, "a journal was left behind")
        let unchanged = try Data(contentsOf: URL(fileURLWithPath: db)) == before
        #expect(unchanged, "the file grew or changed")
        #expect(try Connection(path: db, mode: .readOnly).scalar("SELECT count(*) FROM t").int64 == 20000)
    }

    // MARK: - --step (item 26)

    @Test func aStepwiseRunThatFailsSaysWhatItApplied() throws {
        let workspace = try MigrateCommandTests.workspace([
            "1_ok.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n", "2_bad.sql": "INSERT INTO Nope VALUES (1);\n",
        ])
        let db = workspace.file("app.sqlite")
        let result = try StrataProcess.run(["migrate", db, "--step"])
        #expect(result.status == 1)
        #expect(result.stdout.range(of: #"^applied 1_ok\.sql \(\d+ ms\)\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
        #expect(result.stderr == "strata: 2_bad.sql:1: no such table: Nope; 1_ok.sql was applied and kept "
                + "(--step commits each migration): the file is at version 1\n")
        #expect(try Connection(path: db, mode: .readOnly).scalar("PRAGMA user_version").int64 == 1)
        // Failing at the first, nothing was kept and it says so as a whole run does.
        let workspace2 = try MigrateCommandTests.workspace(["1_bad.sql": "INSERT INTO Nope VALUES (1);\n"])
        let first = try StrataProcess.run(["migrate", workspace2.file("app.sqlite"), "--step"])
        #expect(first.stdout == "")
        #expect(first.stderr == "strata: 1_bad.sql:1: no such table: Nope; nothing was changed (still at version 0)\n")
    }

    /// `--create --step`: the new file keeps what was committed, as the message says (it vanished with its
    /// temporary file); failing at the first migration, no file is made.
    @Test func aStepwiseRunOnANewFileKeepsTheFile() throws {
        let workspace = try MigrateCommandTests.workspace([
            "1_ok.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n", "2_bad.sql": "INSERT INTO Nope VALUES (1);\n",
        ])
        let db = workspace.file("new.sqlite")
        let result = try StrataProcess.run(["migrate", db, "--create", "--step", "--dir", workspace.file("Migrations")])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("1_ok.sql was applied and kept (--step commits each migration): the file is at version 1\n"),
                "\(result.stderr)")
        #expect(try Connection(path: db, mode: .readOnly).scalar("PRAGMA user_version").int64 == 1)
        #expect(try workspace.listing().filter { $0.hasPrefix(".new") || $0.hasPrefix("new") } == ["new.sqlite"])
        let failing = try MigrateCommandTests.workspace(["1_bad.sql": "INSERT INTO Nope VALUES (1);\n"])
        let nothing = try StrataProcess.run(["migrate", failing.file("new.sqlite"), "--create", "--step", "--dir",
                                             failing.file("Migrations")])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.hasSuffix("nothing was changed (still at version 0)\n"), "\(nothing.stderr)")
        let made = try failing.listing().filter { $0.contains("new") }
        #expect(made.isEmpty, "\(made)")
    }

    // MARK: - Dry runs read only (item 12)

    /// Files beside a database as a crashed writer leaves them: made by a writer in this process and
    /// copied under another name while it still holds them (so no process has the copies open).
    static func crashedWriter(_ workspace: Workspace, journalMode: String, companions: [String], uncommitted: Bool) throws -> String {
        let writer = try workspace.database("writer.sqlite", """
            PRAGMA journal_mode = \(journalMode);
            CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, list INTEGER REFERENCES TaskList(id));
            INSERT INTO TaskList VALUES (1, 'Inbox');
            INSERT INTO Task VALUES (1, 'Buy milk', 1), (2, 'Call Bob', 1);
            """)
        let db = workspace.file("app.sqlite")
        do {
            let connection = try Connection(path: writer, mode: .readWrite)
            // Only WAL is a setting of the file; the other journal modes are the connection's.
            try connection.execute("PRAGMA journal_mode = \(journalMode); PRAGMA wal_autocheckpoint = 0; PRAGMA cache_size = 2")
            try connection.execute("INSERT INTO Task VALUES (3, 'Bike', 1)")
            if uncommitted {
                // A transaction big enough to spill into the file: the file is changed, its journal hot.
                try connection.execute("BEGIN; WITH RECURSIVE c(i) AS (SELECT 10 UNION ALL SELECT i + 1 FROM c WHERE i < 20000) "
                                       + "INSERT INTO Task SELECT i, printf('filler %d', i), 1 FROM c;")
            }
            for suffix in [""] + companions { try FileManager.default.copyItem(atPath: writer + suffix, toPath: db + suffix) }
            if uncommitted { try connection.execute("ROLLBACK") }
        }
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: writer + suffix) }
        return db
    }

    /// The rehearsal must see the file's committed rows (3 tasks, one only in a -wal) and no others.
    static let counting = ["1_count.sql": "CREATE TABLE Seen (n INTEGER CHECK (n = 3));\nINSERT INTO Seen SELECT count(*) FROM Task;\n"]

    @Test(arguments: [
        ("wal", ["-wal", "-shm"], false), ("wal", ["-wal"], false), ("delete", ["-journal"], true), ("persist", ["-journal"], false),
    ])
    func aDryRunNeverOpensTheFileForWriting(_ journalMode: String, _ companions: [String], _ uncommitted: Bool) throws {
        let workspace = try Workspace()
        let db = try Self.crashedWriter(workspace, journalMode: journalMode, companions: companions, uncommitted: uncommitted)
        try FileManager.default.createDirectory(atPath: workspace.file("Migrations"), withIntermediateDirectories: false)
        for (name, text) in Self.counting { try text.write(toFile: workspace.file("Migrations/" + name), atomically: true, encoding: .utf8) }
        let listing = try workspace.listing()
        // The -shm is shared memory that every reader writes its read mark into: it must stay, not stay as it was.
        let companions = listing.filter { $0.hasPrefix("app.sqlite") && !$0.hasSuffix("-shm") }
        let fingerprints = try companions.map { try workspace.fingerprint($0) }
        let result = try StrataProcess.run(["migrate", db, "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("a copy of \(db) would be at version 1 (was 0); integrity_check: ok; the file itself is unchanged\n"))
        try #require(try workspace.listing() == listing, "files beside the database changed")
        let after = try companions.map { try workspace.fingerprint($0) }
        let unchanged = after.map(\.0) == fingerprints.map(\.0)
        #expect(unchanged, "content changed")
        #expect(after.map(\.1) == fingerprints.map(\.1), "mtime changed")
    }

    /// A file that cannot be written is rehearsed all the same (the copy goes to the temporary folder
    /// when its folder cannot be written either). Root writes through file modes: as root, only a
    /// read-only file system makes a read-only file.
    @Test(.enabled(if: getuid() != 0 || SmallFileSystem.canMount, "as root, a read-only file needs a tmpfs mounted read-only (Linux)"))
    func aDryRunOfAReadOnlyFile() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        var folder = workspace.path
        var mount: SmallFileSystem?
        defer { mount?.unmount() }
        if getuid() == 0 {
            folder = workspace.file("readonly")
            let mounted = try SmallFileSystem(at: folder, megabytes: 4)
            mount = mounted
            for name in ["app.sqlite", "Migrations"] {
                try FileManager.default.copyItem(atPath: workspace.file(name), toPath: folder + "/" + name)
            }
            try mounted.makeReadOnly()
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: workspace.file("app.sqlite"))
        }
        let db = folder + "/app.sqlite"
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let temporaryFiles = { try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix(".app.sqlite.strata-") } }
        let temporary = try temporaryFiles()
        let result = try StrataProcess.run(["migrate", db, "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("a copy of \(db) would be at version 2 (was 0); integrity_check: ok; the file itself is unchanged\n"))
        let unchanged = try Data(contentsOf: URL(fileURLWithPath: db)) == before
        #expect(unchanged, "the file changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == listing)
        #expect(try temporaryFiles() == temporary)
    }

    // MARK: - validate on an older database (item 21)

    @Test func validateSaysWhichTablesPredateTheFirstMigration() throws {
        let workspace = try MigrateCommandTests.workspace(["1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n"])
        let db = workspace.file("app.sqlite")
        let note = "schema not compared for tables the migrations do not make: Task, TaskList were in the database before its "
            + "first migration (to have them checked, start the migrations with one that creates them and adopt the database "
            + "at that version with 'strata migrate baseline')\n"
        // Never migrated, then migrated: the tables that were there are named once, not as drift.
        let fresh = try StrataProcess.run(["migrate", "validate", db])
        #expect(fresh.status == 0)
        #expect(fresh.stdout == note + "\(db) at version 0: 0 applied migrations match their files; integrity ok; no broken links\n")
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        let migrated = try StrataProcess.run(["migrate", "validate", db])
        #expect(migrated.status == 0)
        #expect(migrated.stdout == note + "\(db) at version 1: 1 applied migration matches its file; integrity ok; no broken links\n")
        let json = try StrataProcess.run(["migrate", "validate", db, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["schemaPredating"] as? [String] == ["Task", "TaskList"])
        #expect((object["schemaDrift"] as? [String])?.isEmpty == true)
        // A table made behind Strata's back after the first migration is drift still.
        try Connection(path: db, mode: .readWrite).execute("CREATE TABLE Sneaky (x TEXT); CREATE INDEX Task_name ON Task(name)")
        let sneaky = try StrataProcess.run(["migrate", "validate", db])
        #expect(sneaky.status == 4)
        #expect(sneaky.stdout == "schema drift: + Sneaky.x TEXT\n" + note)
    }
}

/// A small tmpfs mounted on a folder, for a full disk or a read-only file system (root on Linux only).
struct SmallFileSystem {
    let folder: String

    /// Whether this process can mount one: tried once, on a folder of its own.
    static let canMount: Bool = {
        #if os(Linux)
        let folder = NSTemporaryDirectory() + "strata-tmpfs-probe-" + UUID().uuidString
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)) != nil else { return false }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let mounted = try? SmallFileSystem(at: folder, megabytes: 1) else { return false }
        mounted.unmount()
        return true
        #else
        return false
        #endif
    }()

    /// Creates `folder` and mounts a tmpfs of that size on it.
    init(at folder: String, megabytes: Int) throws {
        if !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
        guard try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder]) == 0 else {
            throw CocoaError(.fileWriteNoPermission)
        }
        self.folder = folder
    }

    func makeReadOnly() throws {
        guard try Self.run("/bin/mount", ["-o", "remount,ro", folder]) == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }

    func unmount() { _ = try? Self.run("/bin/umount", [folder]) }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
