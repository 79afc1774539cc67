import Foundation
import SQLiteKit
import Testing

/// A small tmpfs mounted on a temporary folder (root on Linux only), for a full disk or a read-only file
/// system that even root cannot write; unmounted when released.
final class TmpfsMount {
    let path: String
    private var mountTool = ""
    private var umountTool = ""

    /// Nil where it cannot be mounted (not root, not Linux, or no mount(8)).
    init?(bytes: Int) {
        #if os(Linux)
        guard getuid() == 0, let mount = Self.tool("mount"), let umount = Self.tool("umount") else { return nil }
        (mountTool, umountTool) = (mount, umount)
        path = NSTemporaryDirectory() + "strata-tmpfs-" + UUID().uuidString
        guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)) != nil,
              Self.run(mount, ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", path])
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        #else
        return nil
        #endif
    }

    /// Makes the file system read-only.
    func remountReadOnly() -> Bool { Self.run(mountTool, ["-o", "remount,ro", path]) }

    deinit {
        _ = Self.run(umountTool, [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func tool(_ name: String) -> String? {
        ["/bin/", "/usr/bin/", "/sbin/", "/usr/sbin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// Files left as a crashed or still-running writer leaves them, for the tests of what reading and
/// refused edits do to them.
enum LeftBehind {
    static let table = """
        CREATE TABLE T (id INTEGER PRIMARY KEY, n INT NOT NULL, pad TEXT);
        WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 200)
        INSERT INTO T SELECT i, i, printf('%.500c', 'x') FROM k;
        """

    /// `name` in WAL mode with a -wal holding committed transactions (and, unless `shm` is false, its
    /// -shm), as a copy taken while the app had it open leaves it.
    static func walWithFrames(in workspace: Workspace, _ name: String, shm: Bool = true) throws -> String {
        let live = workspace.file("live-" + name)
        do {
            let writer = try Connection(path: live, mode: .create)
            try writer.execute("PRAGMA journal_mode = wal; PRAGMA wal_autocheckpoint = 0;" + table)
            try writer.execute("UPDATE T SET n = n + 1000 WHERE id <= 10")
            for suffix in ["", "-wal"] + (shm ? ["-shm"] : []) {
                try FileManager.default.copyItem(atPath: live + suffix, toPath: workspace.file(name) + suffix)
            }
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: live + suffix) }
        return workspace.file(name)
    }

    /// `name` with the hot journal of a writer that crashed mid-transaction (after its cache spilled,
    /// so the file holds half-written pages the journal must undo).
    static func hotJournal(in workspace: Workspace, _ name: String) throws -> String {
        let live = workspace.file("live-" + name)
        do {
            let writer = try Connection(path: live, mode: .create)
            try writer.execute(table + "PRAGMA cache_size = 1;")
            try writer.execute("BEGIN IMMEDIATE; UPDATE T SET n = n + 10, pad = pad || 'y'")
            for suffix in ["", "-journal"] {
                try FileManager.default.copyItem(atPath: live + suffix, toPath: workspace.file(name) + suffix)
            }
            try writer.execute("ROLLBACK")
        }
        try? FileManager.default.removeItem(atPath: live)
        return workspace.file(name)
    }

    /// Every file of the workspace with its bytes and modification time.
    static func state(of workspace: Workspace) throws -> [String: Data] { try state(ofFolder: workspace.path) }

    static func state(ofFolder folder: String) throws -> [String: Data] {
        var state: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date ?? .distantPast
            state[name] = data + Data("\(date.timeIntervalSince1970)".utf8)
        }
        return state
    }
}

/// Edits that must not hang, grow without bound, or touch the file when they are refused or only rehearsed.
@Suite struct EditSafetyTests {
    /// Runs strata, ending it should it still run after `seconds` (it then fails the test rather than hang it).
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:],
                    killAfter seconds: Double = 20) throws -> StrataProcess.Result
    {
        let (process, out, err) = try StrataProcess.start(arguments, environment: environment, input: input)
        let guardTimer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: guardTimer)
        let result = StrataProcess.finish(process, out, err)
        guardTimer.cancel()
        #expect(process.terminationReason == .exit, "strata \(arguments) did not end by itself within \(seconds) s")
        return result
    }

    // MARK: - @path reads regular files only, up to --max-blob

    /// A FIFO or a device as `@path`: refused at once by name, nothing read, the file unchanged.
    @Test(arguments: ["fifo", "/dev/zero"])
    func atPathRefusesWhatIsNotARegularFile(_ source: String) throws {
        let (workspace, db) = try EditCommandTests.demoWorkspace()
        let path = source == "fifo" ? workspace.file("pipe") : source
        if source == "fifo" { try #require(mkfifo(path, 0o600) == 0) }
        let before = try workspace.fingerprint("demo.sqlite")
        let result = try Self.run(["set", db, "RealmTestClass0", "7", "dataValue=@" + path])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: \(path) is not a regular file (a FIFO, device or socket): @ reads data only from regular files\n")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        // The browser's edit words read @path the same way.
        let browser = try Self.run(["--write", db], input: "set RealmTestClass0 7 dataValue = @\(path)\n")
        #expect(browser.stderr == "error: \(path) is not a regular file (a FIFO, device or socket): @ reads data only from regular files\n")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
    }

    /// A file over the limit is refused before it is read; at or under it, it is stored whole. A symlink
    /// to a regular file is read.
    @Test func atPathReadsUpToMaxBlob() throws {
        let (workspace, db) = try EditCommandTests.demoWorkspace()
        let bytes = Data((0..<2048).map { UInt8($0 % 251) })
        let blob = workspace.file("blob.bin")
        try bytes.write(to: URL(fileURLWithPath: blob))
        try FileManager.default.createSymbolicLink(atPath: workspace.file("link.bin"), withDestinationPath: blob)
        let before = try workspace.fingerprint("demo.sqlite")
        let over = try Self.run(["set", db, "RealmTestClass0", "7", "dataValue=@" + blob, "--max-blob", "1K"])
        #expect(over.status == 1)
        #expect(over.stderr == "strata: \(blob) is larger than the limit of 1 KiB for @ data (it holds 2048 bytes; raise the limit with --max-blob)\n")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        let inserted = try Self.run(["insert", db, "RealmTestClass0", "integerValue=1", "stringValue=x", "dataValue=@" + blob, "--max-blob", "2047"])
        #expect(inserted.status == 1)
        #expect(inserted.stderr.contains("larger than the limit of 2047 bytes"), "\(inserted.stderr)")
        let browser = try Self.run(["--write", "--max-blob", "1000", db], input: "set RealmTestClass0 7 dataValue = @\(blob)\n")
        #expect(browser.stderr == "error: \(blob) is larger than the limit of 1000 bytes for @ data (it holds 2048 bytes; raise the limit with --max-blob)\n")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)

        let exact = try Self.run(["set", db, "RealmTestClass0", "7", "dataValue=@" + workspace.file("link.bin"), "--max-blob", "2K"])
        #expect(exact.status == 0, "\(exact.stderr)")
        #expect(try EditCommandTests.value(db, "SELECT hex(dataValue) = hex(readfile('\(blob)')) FROM RealmTestClass0 WHERE id = 7") == "1")
    }

    @Test(arguments: ["0", "-1", "10x", "1.5M", "", "99999999999999999999", "16777216T"])
    func maxBlobRefusesWhatIsNotASize(_ text: String) throws {
        let (workspace, db) = try EditCommandTests.demoWorkspace()
        let before = try workspace.fingerprint("demo.sqlite")
        let result = try Self.run(["set", db, "RealmTestClass0", "7", "integerValue=1", "--max-blob", text])
        #expect(result.status == 2)
        #expect(result.stderr == "strata: --max-blob takes a size in bytes such as 1048576, 10M or 1G, not '\(text)'\n")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        #expect(try workspace.fingerprint("demo.sqlite").1 == before.1)
    }

    // MARK: - Keys with commas

    static let commaKeys = """
        CREATE TABLE comp (a INT, b TEXT, v TEXT, PRIMARY KEY (a, b));
        CREATE TABLE Tag (name TEXT PRIMARY KEY, color TEXT) WITHOUT ROWID;
        CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE Task_tags (
            owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            target TEXT NOT NULL REFERENCES Tag(name) ON DELETE CASCADE, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO comp VALUES (4, 'a,b', 'one'), (5, 'it''s, (really)', 'two'), (6, 'plain', 'three');
        INSERT INTO Tag VALUES ('a,b', 'red'), ('O''Brien, "the" cat', NULL);
        INSERT INTO Task VALUES (1, 'x');
        """

    /// A quoted part of a key keeps its commas (and parentheses, and its own doubled quotes), wherever
    /// keys are typed: get, set, delete, the browser's open, set and delete, and list edits.
    @Test func quotedKeyPartsKeepTheirCommas() throws {
        let workspace = try Workspace()
        let db = try workspace.database("keys.sqlite", Self.commaKeys)
        let get = try Self.run(["get", db, "comp", "(4, 'a,b')", "--format", "json"])
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdout.contains("\"v\": \"one\""), "\(get.stdout)")
        let set = try Self.run(["set", db, "comp", "(5, 'it''s, (really)')", "v=changed"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.hasPrefix("updated comp (5, 'it''s, (really)')\n  v: ") && set.stdout.hasSuffix(" → \"changed\"\n"), "\(set.stdout)")
        let delete = try Self.run(["delete", db, "comp", #"(6, "plain")"#, "--yes"])
        #expect(delete.status == 0, "\(delete.stderr)")
        let script = """
            open comp (4, 'a,b')
            set comp (4, 'a,b') v = "from the browser"
            set Tag 'a,b' color = blue
            list add Task 1 tags Tag 'a,b'
            list add Task 1 tags Tag "O'Brien, ""the"" cat"
            delete comp (5, 'it''s, (really)')

            """
        let browser = try Self.run(["--write", db], input: script)
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(browser.stderr == "")
        #expect(try EditCommandTests.value(db, "SELECT group_concat(a || '|' || b || '|' || v, ';') FROM comp") == "4|a,b|from the browser")
        #expect(try EditCommandTests.value(db, "SELECT color FROM Tag WHERE name = 'a,b'") == "blue")
        #expect(try EditCommandTests.value(db, "SELECT group_concat(target, ';') FROM (SELECT target FROM Task_tags ORDER BY position)") == "a,b;O'Brien, \"the\" cat")
        // An unclosed quote is named, not counted as parts.
        let unclosed = try Self.run(["get", db, "comp", "(4, 'a,b)"])
        #expect(unclosed.status == 1)
        #expect(unclosed.stderr == "strata: a quoted part of the key is not closed: add ' at its end\n")
    }

    // MARK: - Dry runs and refused edits never open the file for writing

    static let refused: [(arguments: [String], status: Int32, stderr: String)] = [
        (["update", "DB", "T where n > 1000", "set", "n=1", "--dry-run"], 0, ""),
        (["delete", "DB", "T", "3"], 1, "strata: delete T 3 needs --yes when not run at a terminal (nothing was deleted)\n"),
        (["set", "DB", "T", "3", "nope=1"], 1, "strata: T has no property 'nope'\n"),
        (["set", "DB", "T", "3", "n=many"], 1, "strata: T.n is an int: 'many' is not a whole number\n"),
        (["set", "DB", "T", "999", "n=1"], 1, "strata: no T 999 in DB\n"),
        (["insert", "DB", "T", "pad=x"], 1, "strata: a new T needs n (required, with no default): add n=…\n"),
        (["update", "DB", "T where nope == 1", "set", "n=1"], 1, "strata: 1:9: unknown property 'nope' in class T\n"),
    ]

    /// A WAL store whose -wal holds transactions: a dry run and every refused edit leave the file, its -wal
    /// and -shm as they were (opening for writing would checkpoint it and delete them on closing).
    @Test func dryRunsAndRefusedEditsLeaveAWALStoreAsItWas() throws {
        let workspace = try Workspace()
        let db = try LeftBehind.walWithFrames(in: workspace, "app.sqlite")
        let listing = try workspace.listing()
        #expect(listing == ["app.sqlite", "app.sqlite-shm", "app.sqlite-wal"])
        let before = try LeftBehind.state(of: workspace)
        for (arguments, status, stderr) in Self.refused {
            let result = try Self.run(arguments.map { $0 == "DB" ? db : $0 })
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr == stderr.replacingOccurrences(of: "DB", with: db), "\(arguments)")
            #expect(try workspace.listing() == listing, "\(arguments)")
            let after = try LeftBehind.state(of: workspace)
            for name in ["app.sqlite", "app.sqlite-wal"] { #expect(after[name] == before[name], "\(arguments) changed \(name)") }
        }
        // The first line counts; a sample of the objects follows (issue 29).
        #expect(try Self.run(["update", db, "T where n > 1000", "set", "n=1", "--dry-run"]).stdout.hasPrefix("would update 10 T objects\n  T "))
    }

    /// On a file with a hot journal a dry run and a delete without --yes refuse, saying what to run, and
    /// leave the file and its journal alone; a read says the same.
    @Test func dryRunsAndRefusedEditsLeaveAHotJournalAlone() throws {
        let workspace = try Workspace()
        let db = try LeftBehind.hotJournal(in: workspace, "app.sqlite")
        let before = try LeftBehind.state(of: workspace)
        #expect(before.keys.sorted() == ["app.sqlite", "app.sqlite-journal"])
        let message = "cannot read \(db) without writing to it: a writer crashed mid-transaction and left a hot journal (\(db)-journal) "
            + "that must be rolled back first; to do that, run: strata --write \(db) < /dev/null (set, insert, update and delete --yes also do it)"
        for arguments in [["update", db, "T where n > 100", "set", "n=1", "--dry-run"], ["delete", db, "T", "3"], ["classes", db], [db]] {
            let result = try Self.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(result.stderr == "strata: \(message)\n", "\(arguments)")
            #expect(try LeftBehind.state(of: workspace) == before, "\(arguments)")
        }
    }

    /// An edit (and the browser with --write) rolls a hot journal back first, saying so, and goes on: the
    /// crashed writer's change is undone, the edit made.
    @Test func anEditRollsBackAHotJournalFirst() throws {
        let workspace = try Workspace()
        let db = try LeftBehind.hotJournal(in: workspace, "app.sqlite")
        let set = try Self.run(["set", db, "T", "3", "n=42"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr == "strata: note: rolled back the unfinished transaction of a writer that crashed, from its hot journal \(db)-journal\n")
        #expect(set.stdout.hasPrefix("updated T 3\n  "), "\(set.stdout)")
        #expect(try workspace.listing() == ["app.sqlite"])
        #expect(try EditCommandTests.value(db, "SELECT sum(n), sum(length(pad)) FROM T") == "\(200 * 201 / 2 - 3 + 42)|\(200 * 500)")

        let second = try LeftBehind.hotJournal(in: workspace, "second.sqlite")
        let browser = try Self.run(["--write", second], input: "set T 4 n = 7\n")
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(browser.stderr == "strata: note: rolled back the unfinished transaction of a writer that crashed, from its hot journal \(second)-journal\n")
        #expect(try EditCommandTests.value(second, "SELECT n FROM T WHERE id = 4") == "7")
        #expect(!FileManager.default.fileExists(atPath: second + "-journal"))
    }

    /// A dry run reads only, so a file that cannot be written (even by root: a read-only file system) is
    /// counted, not refused; a real update is refused as read-only.
    @Test func aDryRunReadsAReadOnlyFile() throws {
        let workspace = try Workspace()
        let source = try workspace.database("app.sqlite", LeftBehind.table)
        var mount: TmpfsMount?
        let db: String
        if getuid() == 0 {
            let tmpfs = try #require(TmpfsMount(bytes: 4 << 20), "root, but no tmpfs could be mounted")
            db = tmpfs.path + "/app.sqlite"
            try FileManager.default.copyItem(atPath: source, toPath: db)
            try #require(tmpfs.remountReadOnly())
            mount = tmpfs
        } else {
            db = source
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        }
        defer { withExtendedLifetime(mount) {} }
        let dryRun = try Self.run(["update", db, "T where id <= 5", "set", "n=0", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.hasPrefix("would update 5 T objects\n  T "), "\(dryRun.stdout)")
        let real = try Self.run(["update", db, "T where id <= 5", "set", "n=0"])
        #expect(real.status == 1)
        #expect(real.stderr.contains("read-only"), "\(real.stderr)")
    }

    // MARK: - A full disk

    /// The disk fills up midway through an update that grows the file past what the disk holds: strata
    /// rolls it back before it exits (SQLite alone would leave the grown file and a hot journal until the
    /// next reader came), and says so. As root on Linux the disk is a small tmpfs; elsewhere a file size
    /// limit with SIGXFSZ ignored, which fails the write the same way (EFBIG).
    @Test func aFullDiskDuringAnUpdateIsRolledBackBeforeExiting() throws {
        let workspace = try Workspace()
        var mount: TmpfsMount?
        if getuid() == 0 {
            #if os(Linux)
            let made = TmpfsMount(bytes: 12 << 20)
            try #require(made != nil, "root on Linux, but no tmpfs could be mounted")
            mount = made
            #endif
        }
        let folder = mount?.path ?? workspace.path
        let db = folder + "/app.sqlite"
        do {
            let connection = try Connection(path: db, mode: .create)
            try connection.execute("""
                CREATE TABLE T (id INTEGER PRIMARY KEY, s TEXT);
                WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 50000)
                INSERT INTO T SELECT i, printf('%.100c', 'x') FROM k;
                """)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let arguments = ["update", db, "T where id > 0", "set", "s=" + String(repeating: "y", count: 300)]
        let result: StrataProcess.Result
        if mount != nil {
            result = try Self.run(arguments)
        } else {
            // 8 MiB in 512-byte blocks (16 MiB where the shell counts kilobytes): the file reaches 5 MiB
            // before the update and 20 MiB after it.
            result = try StrataProcess.run(arguments, fileSizeLimit: 16384)
        }
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("strata: \(db): ") && result.stderr.hasSuffix(": the edit was rolled back, and \(db) is as it was\n"),
                "\(result.stderr)")
        if mount != nil {
            #expect(result.stderr == "strata: \(db): the disk is full (or the file reached its size limit): the edit was rolled back, and \(db) is as it was\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["app.sqlite"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "the file is not as it was")
        #expect(try EditCommandTests.value(db, "SELECT count(*), max(length(s)) FROM T") == "50000|100")
        withExtendedLifetime(mount) {}
    }
}
