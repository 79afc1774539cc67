import Foundation
import Testing
@testable import StrataCore

/// Reading `@path` data: regular files only, up to a limit; private copies made exclusively.
@Suite struct PlatformFileTests {
    final class Folder {
        let path = NSTemporaryDirectory() + "strata-platform-" + UUID().uuidString
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String, bytes: Int) throws -> String {
            let file = path + "/" + name
            try Data((0..<bytes).map { UInt8($0 % 256) }).write(to: URL(fileURLWithPath: file))
            return file
        }
    }

    @Test(arguments: [(0, 10), (10, 10), (11, 10), (1 << 17, 1 << 17), (1 << 17 + 1, 1 << 17)] as [(Int, Int64)])
    func readsARegularFileUpToTheLimit(_ size: Int, _ limit: Int64) throws {
        let folder = try Folder()
        let file = try folder.file("data.bin", bytes: size)
        switch Platform.readRegularFile(file, limit: limit) {
        case .success(let bytes):
            #expect(Int64(size) <= limit)
            #expect(bytes == (0..<size).map { UInt8($0 % 256) })
        case .failure(let refusal):
            #expect(Int64(size) > limit)
            #expect(refusal == .tooLarge(Int64(size)))
        }
    }

    @Test func refusesWhatIsNotARegularFileAndFollowsSymlinks() throws {
        let folder = try Folder()
        let file = try folder.file("data.bin", bytes: 3)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: file)
        #expect(try Platform.readRegularFile(folder.path + "/link", limit: 10).get() == [0, 1, 2])
        #expect(throws: Platform.ReadRefusal.missing) { try Platform.readRegularFile(folder.path + "/nope", limit: 10).get() }
        #expect(throws: Platform.ReadRefusal.directory) { try Platform.readRegularFile(folder.path, limit: 10).get() }
        #expect(throws: Platform.ReadRefusal.notRegular) { try Platform.readRegularFile("/dev/zero", limit: 10).get() }
        let fifo = folder.path + "/fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        // Opened without blocking: no writer is needed for the refusal.
        #expect(throws: Platform.ReadRefusal.notRegular) { try Platform.readRegularFile(fifo, limit: 10).get() }
    }

    @Test func copiesExclusivelyIntoAPrivateFolder() throws {
        let folder = try Folder()
        let file = try folder.file("app.sqlite", bytes: 3 << 20)
        let directory = try Platform.makePrivateDirectory().get()
        defer { Platform.removeNow([directory + "/copy", directory]) }
        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        #expect(Platform.copyFileExclusively(file, to: directory + "/copy") == nil)
        #expect(FileManager.default.contents(atPath: directory + "/copy") == FileManager.default.contents(atPath: file))
        // Never over an existing file, nor through a symlink.
        #expect(Platform.copyFileExclusively(file, to: directory + "/copy") == "file exists")
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: folder.path + "/elsewhere")
        defer { Platform.removeNow([directory + "/link"]) }
        #expect(Platform.copyFileExclusively(file, to: directory + "/link") == "file exists")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/elsewhere"))
    }
}

/// A strata killed midway leaves its temporary file beside the output; the next one removes it, and leaves a running
/// one's alone.
@Suite struct OrphanTemporaryTests {
    @Test func theNextRunRemovesAKilledRunsTemporaryFiles() throws {
        let folder = try PlatformFileTests.Folder()
        // A process that has ended: its id names no process now.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let dead = ended.processIdentifier
        let names = [".out.sqlite.strata-\(dead)-123", ".out.sqlite.strata-\(dead)-123-journal", ".out.sqlite.strata-1-55",
                     ".other.sqlite.strata-\(dead)-9", ".out.sqlite.strata-\(dead)-x", "out.sqlite"]
        for name in names { _ = FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data("x".utf8)) }
        let temporary = AtomicFile.temporaryPath(for: folder.path + "/out.sqlite")
        #expect(temporary.hasPrefix(folder.path + "/.out.sqlite.strata-\(Platform.processID)-"))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        // Process 1 is running; another output's file and a name not made by strata are not touched.
        #expect(left == [".out.sqlite.strata-1-55", ".other.sqlite.strata-\(dead)-9", ".out.sqlite.strata-\(dead)-x", "out.sqlite"])
    }
}
