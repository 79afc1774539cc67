import Foundation
import Testing

/// Edits that must not hang, grow without bound, or touch the file when they are refused or only rehearsed.
@Suite struct EditSafetyTests {
    /// Runs strata, ending it should it still run after `seconds` (it then fails the test rather than hang it).
    static func run(_ arguments: [String], input: String? = nil, killAfter seconds: Double = 20) throws -> StrataProcess.Result {
        let (process, out, err) = try StrataProcess.start(arguments, input: input)
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
        #expect(set.stdout == "updated comp (5, 'it''s, (really)')\n")
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
}
