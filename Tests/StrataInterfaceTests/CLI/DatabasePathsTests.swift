import Foundation
import Testing
@testable import StrataInterface
@testable import StrataCore

/// The globs, lists and duplicates of a many-file `migrate` (`DatabasePaths`).
@Suite struct DatabasePathsTests {
    @Test(arguments: [
        ("a.sqlite", "*.sqlite", true), ("a.sqlite", "*.db", false), ("tenant-12.sqlite", "tenant-??.sqlite", true),
        ("tenant-1.sqlite", "tenant-??.sqlite", false), ("b.sqlite", "[abc].sqlite", true), ("d.sqlite", "[abc].sqlite", false),
        ("d.sqlite", "[!abc].sqlite", true), ("a.sqlite", "[^abc].sqlite", false), ("m.sqlite", "[a-z].sqlite", true),
        ("M.sqlite", "[a-z].sqlite", false), (".hidden.sqlite", "*.sqlite", false), (".hidden.sqlite", ".*.sqlite", true),
        ("a*b", "a\\*b", true), ("axb", "a\\*b", false), ("[", "[", true), ("x", "[", false), ("", "*", true), ("", "?", false),
        ("abc", "a*b*c*", true), ("abcabd", "a*bd", true), ("abcabe", "a*bd", false), ("é.sqlite", "?.sqlite", true),
        ("]", "[]]", true), ("a", "[]a]", true),
    ])
    func aNameMatchesAGlobComponent(_ name: String, _ pattern: String, _ expected: Bool) {
        #expect(DatabasePaths.matches(name, pattern: pattern) == expected)
    }

    /// A pattern of many stars against a long name that does not match ends at once (no backtracking blow-up).
    @Test func manyStarsDoNotBacktrackExponentially() {
        let name = String(repeating: "a", count: 20_000)
        let pattern = String(repeating: "*a", count: 200) + "b"
        #expect(!DatabasePaths.matches(name, pattern: pattern))
        #expect(DatabasePaths.matches(name + "b", pattern: pattern))
    }

    @Test(arguments: [
        ("/a/./b//c", "/a/b/c"), ("/a/b/../c", "/a/c"), ("/../..", "/"), ("/a/", "/a"),
    ])
    func twoSpellingsOfAPathAreOne(_ path: String, _ expected: String) {
        #expect(DatabasePaths.normalized(path) == expected)
    }

    @Test func globsExpandSortedToFilesNotFoldersAndDuplicatesGoOnce() throws {
        let folder = NSTemporaryDirectory() + "strata-paths-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/t/sub.sqlite", withIntermediateDirectories: true)
        for name in ["b.sqlite", "a.sqlite", "c.db"] { _ = FileManager.default.createFile(atPath: folder + "/t/" + name, contents: Data()) }
        let paths = try DatabasePaths.expand([folder + "/t/*.sqlite", folder + "/t/./a.sqlite", folder + "/*/c.db"], lists: [])
        #expect(paths == [folder + "/t/a.sqlite", folder + "/t/b.sqlite", folder + "/t/c.db"])
        #expect(throws: StrataError("no database file matches '\(folder)/t/*.nope'", code: .noSuchFile)) {
            try DatabasePaths.expand([folder + "/t/*.nope"], lists: [])
        }
    }

    @Test(arguments: [
        (Array("a.sqlite\r\n\n  \nb.sqlite".utf8), ["a.sqlite", "b.sqlite"], nil),
        ([], [], nil),
        (Array("a\u{0}b".utf8), nil, "a NUL byte at byte offset 1"),
        ([0x61, 0xFF, 0x0A], nil, "not UTF-8 text"),
    ] as [([UInt8], [String]?, String?)])
    func aListFileIsOnePathALine(_ bytes: [UInt8], _ expected: [String]?, _ error: String?) throws {
        let path = NSTemporaryDirectory() + "strata-list-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        if let expected {
            #expect(try DatabasePaths.read(list: path) == expected)
        } else {
            let thrown = #expect(throws: StrataError.self) { try DatabasePaths.read(list: path) }
            #expect(thrown?.message.contains(error ?? "") == true, "\(thrown?.message ?? "")")
        }
    }

    @Test func aListThatIsAFolderOrMissingIsRefusedByName() {
        #expect(throws: StrataError("no such file: /nonexistent/list (the --from-list file)", code: .noSuchFile,
                                    site: ErrorSite(file: "/nonexistent/list"))) { try DatabasePaths.read(list: "/nonexistent/list") }
        #expect(throws: StrataError("/ is a directory, not a --from-list file", code: .notARegularFile, site: ErrorSite(file: "/"))) { try DatabasePaths.read(list: "/") }
    }

    @Test(arguments: [
        ([StrataCore.ExitStatus.success, .pending], StrataCore.ExitStatus.pending), ([.pending, .drift, .success], .drift), ([.drift, .failure], .failure),
        ([.failure, .interrupted, .success], .interrupted), ([], .success),
    ])
    func theExitStatusIsTheWorstOfTheFiles(_ statuses: [StrataCore.ExitStatus], _ expected: StrataCore.ExitStatus) {
        #expect(MigrateCommand.worst(statuses) == expected)
    }
}
