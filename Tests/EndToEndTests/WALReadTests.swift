import Foundation
import Testing

/// A WAL store whose -shm is missing (copied with its -wal): every read sees the -wal's transactions and
/// leaves nothing beside the file, in a read-only folder too, reading from a private copy that is gone when
/// strata ends, however it ends.
@Suite struct WALReadTests {
    /// Every read command, and the browser, with what each must print of the -wal's rows: T's 200 objects,
    /// 10 of them changed in the -wal only.
    static let reads: [(arguments: [String], input: String?, expected: String)] = [
        (["classes", "DB", "--format", "json"], nil, "\"count\": 200"),
        (["schema", "DB", "T"], nil, "pad"),
        (["query", "DB", "T where n > 1000", "--format", "csv"], nil, "10,1010,"),
        (["get", "DB", "T", "10", "--format", "json"], nil, "\"n\": 1010"),
        (["DB"], "T where n > 1000\nclasses\n", "1010"),
    ]

    func checkReads(_ db: String, folder: String, temporary: Workspace, beside: [String]) throws {
        let before = try LeftBehind.state(ofFolder: folder)
        for (arguments, input, expected) in Self.reads {
            let result = try EditSafetyTests.run(arguments.map { $0 == "DB" ? db : $0 }, input: input, environment: ["TMPDIR": temporary.path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains(expected), "\(arguments): \(result.stdout)")
            // The browser's page heading goes to stderr too, stdout being a pipe.
            let heading = arguments == ["DB"] ? "T where n > 1000 · page 1\n" : ""
            #expect(result.stderr == "strata: note: \(db)-shm is missing: reading a private copy of \(db) and its -wal, so that nothing is written beside it\n"
                    + heading, "\(arguments)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == beside, "\(arguments) left files beside the database")
            #expect(try LeftBehind.state(ofFolder: folder) == before, "\(arguments) changed a file")
            #expect(try temporary.listing() == [], "\(arguments) left its private copy")
        }
    }

    @Test func aWALWithoutItsSHMIsReadAndNothingIsLeftBesideIt() throws {
        let workspace = try Workspace()
        let temporary = try Workspace()
        let db = try LeftBehind.walWithFrames(in: workspace, "app.sqlite", shm: false)
        try checkReads(db, folder: workspace.path, temporary: temporary, beside: ["app.sqlite", "app.sqlite-wal"])
    }

    /// In a folder nobody may write (a read-only file system, so that root cannot either), SQLite alone
    /// cannot open the file at all.
    @Test func aWALWithoutItsSHMIsReadInAReadOnlyFolder() throws {
        let source = try Workspace()
        let temporary = try Workspace()
        let db = try LeftBehind.walWithFrames(in: source, "app.sqlite", shm: false)
        guard getuid() == 0 else {
            // Without root a folder's mode suffices.
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: source.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: source.path) }
            try checkReads(db, folder: source.path, temporary: temporary, beside: ["app.sqlite", "app.sqlite-wal"])
            return
        }
        let mount = try #require(TmpfsMount(bytes: 4 << 20), "root, but no tmpfs could be mounted")
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: db + suffix, toPath: mount.path + "/app.sqlite" + suffix) }
        try #require(mount.remountReadOnly())
        try checkReads(mount.path + "/app.sqlite", folder: mount.path, temporary: temporary, beside: ["app.sqlite", "app.sqlite-wal"])
        withExtendedLifetime(mount) {}
    }

    /// An empty -wal holds nothing to read: the file is read as it is, with no copy and no note.
    @Test func anEmptyWALWithoutItsSHMLeavesNothingBesideIt() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", "PRAGMA journal_mode = wal;" + LeftBehind.table)
        try #require(FileManager.default.createFile(atPath: db + "-wal", contents: Data()))
        let before = try LeftBehind.state(of: workspace)
        for arguments in [["classes", db], ["get", db, "T", "3"], ["query", db, "T where id == 3"]] {
            let result = try EditSafetyTests.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "", "\(arguments)")
            #expect(try workspace.listing() == ["app.sqlite", "app.sqlite-wal"], "\(arguments) left files beside the database")
            #expect(try LeftBehind.state(of: workspace) == before)
        }
    }

    /// The private copy lives in a private folder while strata runs, and is removed when it ends: at the
    /// end of the script, on Ctrl-C (SIGINT) and on SIGTERM.
    @Test(arguments: [nil, SIGINT, SIGTERM] as [Int32?])
    func thePrivateCopyIsRemovedWhenStrataEnds(_ signal: Int32?) throws {
        let workspace = try Workspace()
        let temporary = try Workspace()
        let db = try LeftBehind.walWithFrames(in: workspace, "app.sqlite", shm: false)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StrataProcess.binary)
        process.arguments = [db]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        // The page heading goes to stderr when stdout is not a terminal: read both.
        process.standardError = output
        try process.run()
        // Once the browser answers (`write` prints `write off` and nothing else), its copy is in place.
        input.fileHandleForWriting.write(Data("T where id == 1\nwrite\n".utf8))
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("write off") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            printed.append(chunk)
        }
        #expect(String(decoding: printed, as: UTF8.self).contains("T where id == 1 · page 1"))
        let folders = try temporary.listing()
        #expect(folders.count == 1 && folders[0].hasPrefix("strata-"), "\(folders)")
        if let folder = folders.first {
            let attributes = try FileManager.default.attributesOfItem(atPath: temporary.file(folder))
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.file(folder)).sorted() == ["app.sqlite", "app.sqlite-shm", "app.sqlite-wal"])
        }
        if let signal {
            kill(process.processIdentifier, signal)
        } else {
            try input.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        if let signal {
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        } else {
            #expect(process.terminationStatus == 0)
        }
        #expect(try temporary.listing() == [])
        #expect(try workspace.listing() == ["app.sqlite", "app.sqlite-wal"])
    }
}
