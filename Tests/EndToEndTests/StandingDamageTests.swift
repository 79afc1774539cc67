import Foundation
import SQLiteKit
import Testing

/// A standing suite: damaged copies of real databases and `.realm` files, opened with every read command. Each
/// run ends in a clear one-line error (exit 1; 5 from `check`, which reports damage) or an answer (exit 0), never a
/// crash or a hang, and the damaged file is never modified nor anything made beside it.
///
/// `swift test` runs a reduced form (a few dozen mutations of each file); `STRATA_STANDING=full` runs thousands.
@Suite struct StandingDamageTests {
    static var full: Bool { ProcessInfo.processInfo.environment["STRATA_STANDING"] == "full" }
    /// `STRATA_STANDING_MUTATIONS=N` sets the number of mutations of each file (600 in full, 12 otherwise).
    static var mutationsPerFile: Int {
        ProcessInfo.processInfo.environment["STRATA_STANDING_MUTATIONS"].flatMap { Int($0) } ?? (full ? 600 : 12)
    }
    /// A run that takes longer has hung.
    static let timeout: TimeInterval = 20

    /// How a file is damaged; `page` is the database's page size (4096 for a .realm file's blocks).
    enum Mutation: CaseIterable, Sendable {
        case bitFlips, truncation, truncationAtPage, wrongPageSize, zeroedHeader, garbageAppended, randomPage

        func apply(_ bytes: Data, page: Int, _ random: inout some RandomNumberGenerator) -> Data {
            var bytes = bytes
            switch self {
            case .bitFlips:
                for _ in 0..<Int.random(in: 1...16, using: &random) {
                    let offset = Int.random(in: 0..<bytes.count, using: &random)
                    bytes[offset] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                }
            case .truncation:
                bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))
            case .truncationAtPage:
                let pages = max(1, bytes.count / page)
                bytes = bytes.prefix(page * Int.random(in: 0..<pages, using: &random))
            case .wrongPageSize:
                // SQLite's page size (bytes 16–17, big-endian); in a .realm file the same bytes are the mnemonic.
                let sizes: [UInt16] = [0, 1, 512, 1000, 8192, 32768, 0xFFFF]
                let size = sizes.randomElement(using: &random) ?? 0
                if bytes.count > 18 { bytes[16] = UInt8(size >> 8); bytes[17] = UInt8(size & 0xFF) }
            case .zeroedHeader:
                bytes.replaceSubrange(0..<min(100, bytes.count), with: Data(count: min(100, bytes.count)))
            case .garbageAppended:
                bytes += Data((0..<Int.random(in: 1...9000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            case .randomPage:
                let pages = max(1, bytes.count / page)
                let start = page * Int.random(in: 0..<pages, using: &random)
                let end = min(bytes.count, start + page)
                bytes.replaceSubrange(start..<end, with: Data((start..<end).map { _ in UInt8.random(in: 0...255, using: &random) }))
            }
            return bytes
        }
    }

    /// A source file, the page size of its kind, and the read commands to run on each damaged copy (`$F` the copy).
    struct Source: Sendable, CustomTestStringConvertible {
        var name: String
        var page: Int
        var commands: [[String]]
        var input: String? = nil
        var testDescription: String { name }
    }

    static let sqliteCommands: [[String]] = [
        ["classes", "$F"], ["schema", "$F"], ["check", "$F"], ["sql", "$F", "SELECT count(*) FROM sqlite_schema"],
        ["query", "$F", "RealmTestClass0 SORT(intColumn DESC) LIMIT(5)"],
    ]
    static let realmCommands: [[String]] = [["classes", "$F"], ["schema", "$F"], ["check", "$F"], ["convert", "$F", "$F.out.sqlite"]]

    static let sources: [Source] = [
        Source(name: "demo.sqlite", page: 4096, commands: sqliteCommands),
        Source(name: "Moody.sqlite", page: 4096, commands: [["classes", "$F"], ["schema", "$F"], ["check", "$F"], ["query", "$F", "Mood LIMIT(3)"]]),
        Source(name: "Files/all-types.realm", page: 4096, commands: realmCommands),
        Source(name: "Files/format-09/all-types.realm", page: 4096, commands: realmCommands),
        Source(name: "Real/legacy/realm-java-ios-0.98.0-alltypes.realm", page: 4096, commands: realmCommands),
        Source(name: "demo.sqlite (browser)", page: 4096, commands: [["$F"]], input: "classes\nRealmTestClass1\nnext\ncount\nschema\n"),
    ]

    /// The bytes of a source: a generated demo database, a real Core Data store, or a `.realm` fixture.
    static func bytes(of source: Source, in workspace: Workspace) throws -> Data {
        if source.name.hasPrefix("demo.sqlite") {
            let path = workspace.file("source-demo.sqlite")
            if !FileManager.default.fileExists(atPath: path) {
                let made = try StrataProcess.run(["demo", path, "--rows", "300"])
                try #require(made.status == 0, "\(made.stderr)")
            }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        if source.name == "Moody.sqlite" { return try Data(contentsOf: URL(fileURLWithPath: CheckCommandTests.moody)) }
        return try Data(contentsOf: RealmFileCommandTests.fixtures.appendingPathComponent(source.name))
    }

    /// Runs strata, killing it after `timeout`: the result, or nil when it had to be killed.
    static func run(_ arguments: [String], input: String?, timeout: TimeInterval = timeout, executable: String = StrataProcess.binary)
        throws -> StrataProcess.Result?
    {
        let (process, out, err) = try StrataProcess.start(arguments, environment: [:], input: input, executable: executable)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: StrataProcess.Result?
        DispatchQueue.global().async {
            result = StrataProcess.finish(process, out, err)
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            done.wait()
            return nil
        }
        return result
    }

    @Test(arguments: sources)
    func damagedFilesGiveOneLineOrAnAnswer(_ source: Source) throws {
        let workspace = try Workspace()
        let original = try Self.bytes(of: source, in: workspace)
        var random = SystemRandomNumberGenerator()
        let folder = workspace.file("trial")
        var tried = 0, crashes = 0, hangs = 0, modified = 0
        for index in 0..<Self.mutationsPerFile {
            let mutation = Mutation.allCases[index % Mutation.allCases.count]
            let damaged = mutation.apply(original, page: source.page, &random)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let file = folder + "/damaged" + (source.name.hasSuffix(".realm") ? ".realm" : ".sqlite")
            try damaged.write(to: URL(fileURLWithPath: file))
            for command in source.commands {
                let arguments = command.map { $0.replacingOccurrences(of: "$F", with: file) }
                tried += 1
                guard let result = try Self.run(arguments, input: source.input) else {
                    hangs += 1
                    Issue.record("\(source.name) \(mutation) \(arguments.first ?? ""): no answer in \(Int(Self.timeout)) s")
                    continue
                }
                let allowed: Set<Int32> = command.first == "check" ? [0, 1, 5] : [0, 1]
                if !allowed.contains(result.status) {
                    crashes += 1
                    Issue.record("\(source.name) \(mutation) \(arguments.first ?? ""): exit \(result.status): \(result.stderr.prefix(2000))")
                }
                if result.status == 1 {
                    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                    let errors = lines.filter { $0.hasPrefix("strata: ") && !$0.hasPrefix("strata: warning:") && !$0.hasPrefix("strata: note:") }
                    // The browser says each failed command's line and goes on; a command line says one.
                    if command.first != "$F" {
                        #expect(errors.count == 1, "\(source.name) \(mutation) \(arguments.first ?? ""): \(result.stderr.prefix(600))")
                    }
                }
                if try Data(contentsOf: URL(fileURLWithPath: file)) != damaged {
                    modified += 1
                    Issue.record("\(source.name) \(mutation) \(arguments.first ?? ""): the damaged file was changed")
                }
                let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".out.sqlite") }
                #expect(left == [URL(fileURLWithPath: file).lastPathComponent], "\(source.name) \(mutation): \(left)")
            }
            try FileManager.default.removeItem(atPath: folder)
        }
        #expect(crashes == 0 && hangs == 0 && modified == 0)
        if Self.full || Self.mutationsPerFile > 12 { print("standing damage \(source.name): \(tried) runs, \(crashes) crashes, \(hangs) hangs, \(modified) files modified") }
    }

    /// What is not a regular file, in place of the database: refused by name, without waiting or reading forever.
    @Test func directoriesFifosAndDevicesAreRefused() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.file("folder.sqlite"), withIntermediateDirectories: false)
        #expect(mkfifo(workspace.file("fifo.sqlite"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: workspace.file("zero.sqlite"), withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: workspace.file("zero.realm"), withDestinationPath: "/dev/zero")
        for name in ["folder.sqlite", "fifo.sqlite", "zero.sqlite", "zero.realm"] {
            for command in [["classes"], ["schema"], ["check"], ["query", "_", "X"], ["sql", "_", "SELECT 1"], ["convert", "_", workspace.file("o.sqlite")], [] as [String]] {
                var arguments = command.isEmpty ? [workspace.file(name)] : command
                if arguments.count == 1 && !command.isEmpty { arguments.append(workspace.file(name)) }
                arguments = arguments.map { $0 == "_" ? workspace.file(name) : $0 }
                let result = try #require(try Self.run(arguments, input: ""), "\(name) \(command): hung")
                #expect(result.status == 1 || (command.isEmpty && result.status == 0), "\(name) \(command): \(result.status) \(result.stderr)")
                #expect(result.stderr.hasPrefix("strata: "), "\(name) \(command): \(result.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.file("o.sqlite")))
    }
}
