import Foundation
import SQLiteKit
import Testing

/// Migration files read as text: bytes that are not UTF-8 text, versions `user_version` cannot hold,
/// `.strata` operations checked against the schema with their file:line:column, and scripts of many
/// statements in linear time and memory.
@Suite struct MigrateTextTests {
    /// The workspace of `MigrateCommandTests` with `files` written byte for byte into `Migrations`.
    static func workspace(_ files: [String: [UInt8]]) throws -> Workspace {
        let workspace = try MigrateCommandTests.workspace([:])
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: workspace.file("Migrations/" + name))) }
        return workspace
    }

    static func version(_ path: String) throws -> Int64? {
        try Connection(path: path, mode: .readOnly).scalar("PRAGMA user_version").int64
    }

    // MARK: - Text

    /// A Latin-1 é became U+FFFD in the stored data; the statement after a NUL never ran while the
    /// migration was reported applied. Now every subcommand that reads the files refuses them, naming the
    /// file and the byte, and the database is left as it was.
    /// Text, then bytes, then text.
    static func bytes(_ before: String, _ middle: [UInt8], _ after: String = "") -> [UInt8] {
        Array(before.utf8) + middle + Array(after.utf8)
    }

    static let notText: [([UInt8], String)] = [
        (bytes("INSERT INTO Task (name) VALUES ('caf", [0xE9], "');\n"), "a byte that is not UTF-8 (0xE9) at byte offset 36 (line 1)"),
        (bytes("CREATE TABLE A (x);\n", [0], "CREATE TABLE B (x);\n"), "a NUL byte at byte offset 20 (line 2)"),
        // Well-formed bytes in an ill-formed order: an overlong '/', a lone continuation byte, a surrogate.
        (bytes("SELECT 1;\n-- ", [0xC0, 0xAF]), "a byte that is not UTF-8 (0xC0) at byte offset 13 (line 2)"),
        (bytes("-- é ok\n\n", [0x80]), "a byte that is not UTF-8 (0x80) at byte offset 10 (line 3)"),
        (bytes("-- ", [0xED, 0xA0, 0x80]), "a byte that is not UTF-8 (0xED) at byte offset 3 (line 1)"),
    ]

    @Test(arguments: notText)
    func aFileThatIsNotUTF8TextIsRefusedEverywhere(_ bytes: [UInt8], _ problem: String) throws {
        let workspace = try Self.workspace(["1_ok.sql": Array("CREATE TABLE Ok (x);\n".utf8), "2_bad.sql": bytes])
        let db = workspace.file("app.sqlite"), directory = workspace.file("Migrations")
        let before = try workspace.fingerprint("app.sqlite")
        let message = "strata: \(directory)/2_bad.sql: \(problem): a migration must be UTF-8 text without NUL bytes; nothing was run\n"
        for arguments in [["migrate", db], ["migrate", "plan", db], ["migrate", "lint", directory], ["migrate", "validate", db],
                          ["migrate", "status", db], ["migrate", db, "--dry-run"]]
        {
            let result = try StrataProcess.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        #expect(try Self.version(db) == 0)
        #expect(try workspace.listing() == ["Migrations", "app.sqlite"])
    }

    /// A FIFO, a device, a folder or a dangling link named like a migration is refused by name at once, by every
    /// subcommand that reads the files: reading a FIFO would wait forever, a device never end.
    @Test(arguments: ["fifo", "device", "directory", "dangling"])
    func aMigrationThatIsNotARegularFileIsRefusedAtOnce(_ kind: String) throws {
        let workspace = try Self.workspace(["1_ok.sql": Array("CREATE TABLE Ok (x);\n".utf8)])
        let db = workspace.file("app.sqlite"), directory = workspace.file("Migrations")
        let path = directory + "/2_odd.sql"
        let problem: String
        switch kind {
        case "fifo":
            #expect(mkfifo(path, 0o644) == 0)
            problem = "is not a regular file (a FIFO, device or socket), not a migration file"
        case "device":
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            problem = "is not a regular file (a FIFO, device or socket), not a migration file"
        case "directory":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            problem = "is a directory, not a migration file"
        default:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: workspace.file("nowhere"))
            problem = "is a symbolic link to nothing, not a migration file"
        }
        let before = try workspace.fingerprint("app.sqlite")
        for arguments in [["migrate", db], ["migrate", "plan", db], ["migrate", "lint", directory], ["migrate", "status", db]] {
            let (process, out, err) = try StrataProcess.start(arguments)
            let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
            let result = StrataProcess.finish(process, out, err)
            watchdog.cancel()
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "strata: \(directory)/2_odd.sql \(problem)\n", "\(arguments)")
        }
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
    }

    /// UTF-8 text with characters of every length runs as written.
    @Test func utf8TextRunsAsWritten() throws {
        let workspace = try Self.workspace(["1_names.sql": Array("INSERT INTO Task (name) VALUES ('café ☕ 𝄞 數據');\n".utf8)])
        let db = workspace.file("app.sqlite")
        let result = try StrataProcess.run(["migrate", db])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Connection(path: db, mode: .readOnly).scalar("SELECT name FROM Task WHERE id = 3").string == "café ☕ 𝄞 數據")
    }

    // MARK: - Versions

    /// Migration 2147483648 was applied and recorded while user_version stayed 0.
    @Test func aVersionAboveWhatUserVersionHoldsIsRefusedByName() throws {
        let workspace = try Self.workspace(["1_a.sql": Array("CREATE TABLE A (x);\n".utf8),
                                            "2147483648_big.sql": Array("CREATE TABLE Big (x);\n".utf8)])
        let db = workspace.file("app.sqlite"), directory = workspace.file("Migrations")
        let before = try workspace.fingerprint("app.sqlite")
        let message = "strata: \(directory)/2147483648_big.sql: version 2147483648 is above 2147483647, the largest that "
            + "PRAGMA user_version holds\n"
        for arguments in [["migrate", db], ["migrate", "plan", db], ["migrate", "lint", directory], ["migrate", "status", db]] {
            let result = try StrataProcess.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)

        // The largest version there is works, and is the version the file is at.
        try FileManager.default.moveItem(atPath: workspace.file("Migrations/2147483648_big.sql"),
                                         toPath: workspace.file("Migrations/2147483647_big.sql"))
        let applied = try StrataProcess.run(["migrate", db])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(try Self.version(db) == 2147483647)
        #expect(try StrataProcess.run(["migrate", "status", db]).status == 0)
    }

    // MARK: - Many statements

    /// The peak resident memory of one run of strata, in KiB, from GNU time (Linux) or BSD time (macOS).
    static func peakMemory(_ arguments: [String]) throws -> Int {
        let report = NSTemporaryDirectory() + "strata-rss-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        #if os(Linux)
        process.arguments = ["-f", "%M", "-o", report, StrataProcess.binary] + arguments
        #else
        process.arguments = ["-l", "-o", report, StrataProcess.binary] + arguments
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        #if os(Linux)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") ?? 0
        #else
        let line = text.split(separator: "\n").first { $0.contains("maximum resident set size") } ?? ""
        return (Int(line.split(separator: " ").first ?? "") ?? 0) / 1024
        #endif
    }

    /// Memory grew by 2 KiB a statement (1.27 GB for 1 M INSERTs) and time with the square of the number of
    /// statements. Ten times the statements now cost at most three times the extra text in memory (the text
    /// once, and plan prints a copy), in migrate, plan and lint; and every statement runs.
    @Test func tenTimesTheStatementsCostOnlyTheirText() throws {
        func script(_ count: Int) -> String {
            "CREATE TABLE Item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
                + (1...count).map { "INSERT INTO Item (id, name) VALUES (\($0), 'item \($0)');\n" }.joined()
        }
        let small = script(5000), large = script(50000)
        var peaks: [String: [Int]] = [:]
        for text in [small, large] {
            let workspace = try Self.workspace(["1_items.sql": Array(text.utf8)])
            let db = workspace.file("app.sqlite")
            for (name, arguments) in [("plan", ["migrate", "plan", db]), ("lint", ["migrate", "lint", workspace.file("Migrations")]),
                                      ("migrate", ["migrate", db])]
            {
                peaks[name, default: []].append(try Self.peakMemory(arguments))
            }
            #expect(try Connection(path: db, mode: .readOnly).scalar("SELECT count(*) FROM Item").int64 == Int64(text == small ? 5000 : 50000))
        }
        let extraKiB = (large.utf8.count - small.utf8.count) / 1024
        for (name, peak) in peaks.sorted(by: { $0.key < $1.key }) {
            #expect(peak[1] - peak[0] < 3 * extraKiB, "\(name): \(peak[0]) KiB at 5,000 statements, \(peak[1]) KiB at 50,000")
        }
    }

    // MARK: - .strata checked where the file says it

    /// Runs `migrate`, `migrate plan` and `migrate lint` on `migrations` and checks each refuses with its
    /// message (lint: nil when it cannot know, without the database), the file left as it was.
    func refused(_ migrations: [String: String], migrate: String, plan: String, lint: String?) throws {
        let workspace = try MigrateCommandTests.workspace(migrations)
        let db = workspace.file("app.sqlite")
        let before = try workspace.fingerprint("app.sqlite")
        let run = try StrataProcess.run(["migrate", db, "--yes"])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "strata: \(migrate)\n")
        let planned = try StrataProcess.run(["migrate", "plan", db])
        #expect(planned.status == 1)
        #expect(planned.stderr == "strata: \(plan)\n")
        if let lint {
            let linted = try StrataProcess.run(["migrate", "lint", workspace.file("Migrations")])
            #expect(linted.status == 1)
            #expect(linted.stderr == "strata: \(lint)\n")
        }
        #expect(try workspace.fingerprint("app.sqlite").0 == before.0)
        #expect(try Self.version(db) == 0)
    }

    /// `add index Task(nope)` made an index on the string 'nope'.
    @Test func anIndexOnAPropertyThereIsNotIsRefused() throws {
        try refused(["1_index.strata": "add index Task(nope)\n"],
                    migrate: "1_index.strata:1:16 failed: Task has no property 'nope'; nothing was changed (still at version 0)",
                    plan: "cannot plan 1_index.strata:1:16 (add index Task[\"nope\"]): Task has no property 'nope'", lint: nil)
        // Lint, with no database, checks against the schema the files build from nothing.
        try refused(["1_task.sql": "CREATE TABLE Item (id INTEGER PRIMARY KEY, title TEXT);\n",
                     "2_index.strata": "add property Item.rank int?\nadd index Item(rank, name)\n"],
                    migrate: "2_index.strata:2:22 failed: Item has no property 'name'; nothing was changed (still at version 0)",
                    plan: "cannot plan 2_index.strata:2:22 (add index Item[\"rank\", \"name\"]): Item has no property 'name'",
                    lint: "2_index.strata:2:22: Item has no property 'name'")
        // Against the schema the operations before it leave, in the same file and in earlier files.
        try refused(["1_rename.strata": "add property Task.done bool = false\nrename property Task.name to title\n  add unique index Task(done, name)\n"],
                    migrate: "1_rename.strata:3:31 failed: Task has no property 'name'; nothing was changed (still at version 0)",
                    plan: "cannot plan 1_rename.strata:3:31 (add unique index Task[\"done\", \"name\"]): Task has no property 'name'", lint: nil)
        try refused(["1_rename.sql": "ALTER TABLE Task RENAME COLUMN name TO title;\n", "2_index.strata": "add index Task(name)\n"],
                    migrate: "2_index.strata:1:16 failed: Task has no property 'name'; nothing was changed (still at version 0)",
                    plan: "cannot plan 2_index.strata:1:16 (add index Task[\"name\"]): Task has no property 'name'", lint: nil)
        // Before anything runs: the .sql step before it would fail on the rows (a duplicate key), but the
        // operation naming a property Task does not have is refused first.
        try refused(["1_dup.sql": "INSERT INTO Task (id, name) VALUES (1, 'again');\n", "2_index.strata": "add index Task(nope)\n"],
                    migrate: "2_index.strata:1:16 failed: Task has no property 'nope'; nothing was changed (still at version 0)",
                    plan: "cannot plan 2_index.strata:1:16 (add index Task[\"nope\"]): Task has no property 'nope'", lint: nil)
        // What the operations before it added is there.
        let workspace = try MigrateCommandTests.workspace(["1_rank.strata": "add property Task.rank int = 0\nadd index Task(rank)\n"])
        let db = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["migrate", db]).status == 0)
        #expect(try Connection(path: db, mode: .readOnly).scalar("SELECT group_concat(name) FROM pragma_index_info('Task_rank')").string == "rank")
    }

    /// `add property Task.n int = "abc"` was accepted.
    @Test func aDefaultThatDoesNotFitTheTypeIsRefused() throws {
        let message = "1_n.strata:2:27: the default of n (int) must be an integer, not the string 'abc'"
        try refused(["1_n.strata": "add property Task.ok int?\nadd property Task.n int = \"abc\"\n"], migrate: message, plan: message, lint: message)
        let date = "1_d.strata:1:30: the default of due (date) must be a date in ISO 8601, in quotes (\"2026-01-31T12:00:00Z\"), not the string 'soon'"
        try refused(["1_d.strata": "add property Task.due date = 'soon'\n"], migrate: date, plan: date, lint: date)
    }

    /// Errors while applying named no line ("1_init.strata failed: no class Nope"; a bad where said "query 1:16").
    @Test func errorsWhileApplyingNameFileLineAndColumn() throws {
        try refused(["1_init.strata": "add property Task.x int?\n\ndelete class Nope\n"],
                    migrate: "1_init.strata:3:14 failed: no class Nope; nothing was changed (still at version 0)",
                    plan: "cannot plan 1_init.strata:3:14 (delete class Nope): no class Nope", lint: nil)
        // A where clause's error at its column in the file's line, indent and all.
        try refused(["1_set.strata": "# comment\n   update Task set name = 'x' where  nmae == 'a'\n"],
                    migrate: "1_set.strata:2:38 failed: unknown property 'nmae' in class Task (did you mean 'name'?); "
                        + "nothing was changed (still at version 0)",
                    plan: "cannot plan 1_set.strata:2:38 (update Task set name = 'x' where nmae == 'a'): unknown property 'nmae' "
                        + "in class Task (did you mean 'name'?)", lint: nil)
        // A link's target, where the line names it.
        try refused(["1_link.strata": "add link Task.next -> Nowhere?\n"],
                    migrate: "1_link.strata:1:23 failed: no class Nowhere; nothing was changed (still at version 0)",
                    plan: "cannot plan 1_link.strata:1:23 (add link Task.next -> Nowhere): no class Nowhere", lint: nil)
    }
}
