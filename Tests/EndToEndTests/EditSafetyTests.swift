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
}
