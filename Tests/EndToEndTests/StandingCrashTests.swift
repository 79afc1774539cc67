import Foundation
import SQLiteKit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGKILL at random moments during the commands that write: after each kill the file is as before or as
/// after (or, with `migrate --step`, at one of the versions between), passes integrity_check, and a later
/// run of the same command succeeds and leaves the expected result, whatever the killed run left behind.
/// The kill moments are spread over one whole run of the command, as in MigrateCrashTests.
@Suite(.serialized) struct StandingCrashTests {
    /// Trials per scenario: a few in `swift test`, 100 with STRATA_STANDING=full (STRATA_STANDING_TRIALS overrides).
    static let trials = Standing.count(2, full: 100)
    static let rows = Standing.size(10_000, full: 100_000)

    struct Figures {
        var trials = 0, corrupt = 0, failedReruns = 0, leftovers = 0
        var outcomes: [String: Int] = [:]
        var leftBeside: [String] = []
    }

    /// What a file holds, independent of its pages: integrity_check, user_version, the schema, and each
    /// table's row count with, per column, a sum of its numbers and of the lengths of its texts and blobs
    /// (strata's own bookkeeping tables, which hold times, by their row count alone). Read from a copy of
    /// the file and its journal, -wal and -shm, opened for writing, so that a hot journal is rolled back and a
    /// -wal recovered there as the next user of the file would, while the file itself is left as the kill left it.
    static func fingerprint(_ path: String, scratch: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "absent" }
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let copy = scratch + "/copy.sqlite"
        for suffix in ["", "-journal", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let connection = try Connection(path: copy, mode: .readWrite)
        let integrity = try connection.rows("PRAGMA integrity_check").compactMap { $0.first?.string }
        guard integrity == ["ok"] else { return "corrupt: \(integrity.prefix(3))" }
        var lines = ["version \(try connection.scalar("PRAGMA user_version").int64 ?? -1)"]
        for row in try connection.rows("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name") {
            let (type, name) = (row[0].string ?? "", row[1].string ?? "")
            lines.append("\(type) \(name): \(row[2].string ?? "")")
            guard type == "table" else { continue }
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            var parts = ["count(*)"]
            if !name.hasPrefix("strata_") {
                for column in try connection.rows("SELECT name FROM pragma_table_info(?)", [.text(name)]).compactMap({ $0.first?.string }) {
                    let c = "\"" + column.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                    parts.append("total(CASE typeof(\(c)) WHEN 'integer' THEN \(c) WHEN 'real' THEN \(c) ELSE length(\(c)) END)")
                    parts.append("sum(typeof(\(c)) = 'null')")
                }
            }
            let values = try connection.rows("SELECT " + parts.joined(separator: ", ") + " FROM " + quoted).first ?? []
            lines.append("  " + values.map { "\($0)" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    /// A command killed at random moments, `trials` times.
    /// - prepare: puts the starting file(s) in the (empty) run folder.
    /// - command: what is killed; `target` the file it writes.
    /// - rerun: the later run, given the state the kill left (nil: none needed, e.g. a delete already done).
    /// - between: the versions a `--step` run may stop at, each as a command run to the end on a fresh copy.
    static func trials(_ name: String, in workspace: Workspace, figures: inout Figures,
                       prepare: (String) throws -> Void, target: String, command: [String],
                       between: [[String]] = [], rerun: (_ done: Bool, _ exists: Bool) -> [String]?) throws
    {
        let run = workspace.file("run")
        let scratch = workspace.file("scratch")
        func fresh() throws {
            try? FileManager.default.removeItem(atPath: run)
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
            try prepare(run)
        }
        // The states before and after, and how long a whole run takes.
        try fresh()
        let before = try fingerprint(target, scratch: scratch)
        let started = Date()
        let whole = try EditSafetyTests.run(command, killAfter: 600)
        let duration = Date().timeIntervalSince(started)
        try #require(whole.status == 0, "\(name): \(command): \(whole.stderr)")
        let after = try fingerprint(target, scratch: scratch)
        try #require(before != after && !after.hasPrefix("corrupt"), "\(name): the command changed nothing")
        var allowed = [before: "before", after: "after"]
        for (index, arguments) in between.enumerated() {
            try fresh()
            let result = try EditSafetyTests.run(arguments, killAfter: 600)
            try #require(result.status == 0, "\(name): \(arguments): \(result.stderr)")
            let state = try fingerprint(target, scratch: scratch)
            if allowed[state] == nil { allowed[state] = "between \(index + 1)" }
        }
        try fresh()
        let expectedFiles = Set(try FileManager.default.contentsOfDirectory(atPath: run))

        var generator = SystemRandomNumberGenerator()
        for trial in 0..<Self.trials {
            try fresh()
            let (process, out, err) = try StrataProcess.start(command)
            Thread.sleep(forTimeInterval: Double.random(in: 0...(duration * 1.2), using: &generator))
            kill(process.processIdentifier, SIGKILL)
            let killed = StrataProcess.finish(process, out, err)
            figures.trials += 1
            let left = try FileManager.default.contentsOfDirectory(atPath: run).filter { name in
                !expectedFiles.contains(name) && !["-journal", "-wal", "-shm"].contains { name.hasSuffix($0) } && name != (target as NSString).lastPathComponent
            }
            figures.leftovers += left.count
            if figures.leftBeside.count < 5 { figures.leftBeside += left }

            let state = try fingerprint(target, scratch: scratch)
            guard let label = allowed[state] else {
                figures.corrupt += 1
                Issue.record("\(name) trial \(trial): after SIGKILL (exit \(killed.status)) the file is neither as before nor as after:\n\(state)\nbefore:\n\(before)\nafter:\n\(after)")
                continue
            }
            figures.outcomes["\(name): \(label)", default: 0] += 1
            // The later run goes on the file exactly as the kill left it, journal, -wal and temporary files included.
            if let again = rerun(label == "after", FileManager.default.fileExists(atPath: target)) {
                let result = try EditSafetyTests.run(again, killAfter: 600)
                if result.status != 0 {
                    figures.failedReruns += 1
                    Issue.record("\(name) trial \(trial): the later run \(again) after a kill (left: \(left)) failed: \(result.stderr)")
                    continue
                }
            }
            // The later run removed what the killed one left beside the file (its temporary file and journals).
            let remaining = try FileManager.default.contentsOfDirectory(atPath: run).filter { name in
                !expectedFiles.contains(name) && name != (target as NSString).lastPathComponent && name.contains(".strata-")
            }
            #expect(remaining.isEmpty, "\(name) trial \(trial): left beside the file after the later run: \(remaining)")
            let final = try fingerprint(target, scratch: scratch)
            if final != after {
                figures.corrupt += 1
                Issue.record("\(name) trial \(trial): after the later run the file is not as after a whole run:\n\(final)\nexpected:\n\(after)")
            }
        }
    }

    static let items = """
        CREATE TABLE List (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE Item (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, note TEXT NOT NULL,
                           list INTEGER REFERENCES List(id) ON DELETE CASCADE);
        CREATE INDEX Item_list ON Item(list);
        CREATE TABLE Item_tags (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                                tag TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO List VALUES (1, 'big'), (2, 'small');
        """

    /// Item rows (most in List 1, every tenth in List 2), two tags each; in WAL or rollback-journal mode.
    static func pristine(in workspace: Workspace, journalMode: String) throws -> String {
        let name = "pristine-\(journalMode).sqlite"
        if FileManager.default.fileExists(atPath: workspace.file(name)) { return workspace.file(name) }
        return try workspace.database(name, "PRAGMA journal_mode = \(journalMode);" + items + """
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < \(rows))
            INSERT INTO Item SELECT i, i, printf('note %08d', i), CASE WHEN i % 10 = 0 THEN 2 ELSE 1 END FROM c;
            INSERT INTO Item_tags SELECT id, 0, 'a' FROM Item;
            INSERT INTO Item_tags SELECT id, 1, 'b' FROM Item;
            """)
    }

    /// Copies a file with whatever sits beside it (a WAL file closed cleanly has nothing).
    static func copy(_ source: String, to destination: String) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: source + suffix) {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
        }
    }

    @Test func updateAndCascadingDeleteKilledAtRandom() throws {
        let started = Date()
        let workspace = try Workspace()
        var figures = Figures()
        for mode in ["delete", "wal"] {
            let pristine = try Self.pristine(in: workspace, journalMode: mode)
            let db = workspace.file("run/app.sqlite")
            let update = ["update", db, "Item where v > 0", "set", "note=rewritten", "v=7"]
            try Self.trials("update (\(mode))", in: workspace, figures: &figures,
                            prepare: { try Self.copy(pristine, to: $0 + "/app.sqlite") }, target: db, command: update,
                            rerun: { _, _ in update })
            let delete = ["delete", db, "List", "1", "--yes"]
            try Self.trials("delete cascade (\(mode))", in: workspace, figures: &figures,
                            prepare: { try Self.copy(pristine, to: $0 + "/app.sqlite") }, target: db, command: delete,
                            rerun: { done, _ in done ? ["sql", db, "SELECT count(*) FROM Item"] : delete })
        }
        Self.finish("edits", figures, started: started)
    }

    /// Each kind of migration alone, then all of them in one directory, with and without --step.
    @Test func migrationsKilledAtRandom() throws {
        let started = Date()
        let workspace = try Workspace()
        var figures = Figures()
        let kinds: [(String, String)] = [
            ("1_add.strata", "add property Item.flag int = 0\n"),
            ("1_change.strata", "change property Item.v to double\n"),
            ("1_rename.strata", "rename property Item.note to memo\n"),
            ("1_rewrite.sql", """
                UPDATE Item SET v = v * 2;
                CREATE TABLE Item_new (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, note TEXT NOT NULL, list INTEGER REFERENCES List(id) ON DELETE CASCADE, flag INTEGER NOT NULL DEFAULT 0);
                INSERT INTO Item_new (id, v, note, list) SELECT id, v, note, list FROM Item;
                DROP TABLE Item;
                ALTER TABLE Item_new RENAME TO Item;
                CREATE INDEX Item_list ON Item(list);
                CREATE INDEX Item_note ON Item(note);

                """),
        ]
        let all: [(String, String)] = [
            ("1_add.strata", "add property Item.flag int = 0\n"), ("2_change.strata", "change property Item.v to double\n"),
            ("3_rename.strata", "rename property Item.note to memo\n"),
            ("4_index.sql", "UPDATE Item SET flag = 1 WHERE id % 3 = 0;\nCREATE INDEX Item_memo ON Item(memo);\n"),
        ]
        var sets = kinds.map { ("migrate \($0.0)", [$0], false) }
        sets.append(("migrate all four", all, false))
        sets.append(("migrate all four --step", all, true))
        for (index, (name, files, step)) in sets.enumerated() {
            let dir = workspace.file("Migrations\(index)")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for (file, text) in files { try text.write(toFile: dir + "/" + file, atomically: true, encoding: .utf8) }
            for mode in ["delete", "wal"] {
                let pristine = try Self.pristine(in: workspace, journalMode: mode)
                let db = workspace.file("run/app.sqlite")
                let command = ["migrate", db, "--dir", dir, "--yes"] + (step ? ["--step"] : [])
                let between = step ? (1..<files.count).map { ["migrate", db, "--dir", dir, "--yes", "--to", "\($0)"] } : []
                try Self.trials("\(name) (\(mode))", in: workspace, figures: &figures,
                                prepare: { try Self.copy(pristine, to: $0 + "/app.sqlite") }, target: db, command: command,
                                between: between, rerun: { _, _ in command })
            }
        }
        Self.finish("migrate", figures, started: started)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Realm/Files").path

    /// convert and demo write a new file: killed, it is absent or complete, and the next run (with --force when
    /// the file is there) makes it.
    @Test func convertAndDemoKilledAtRandom() throws {
        let started = Date()
        let workspace = try Workspace()
        var figures = Figures()
        for fixture in ["many-objects.realm", "format-09/many-rows.realm"] {
            let out = workspace.file("run/out.sqlite")
            let command = ["convert", Self.fixtures + "/" + fixture, out]
            try Self.trials("convert \(fixture)", in: workspace, figures: &figures, prepare: { _ in }, target: out, command: command,
                            rerun: { _, exists in exists ? command + ["--force"] : command })
        }
        let out = workspace.file("run/demo.sqlite")
        let demo = ["demo", out, "--rows", "\(Standing.size(2_000, full: 20_000))", "--seed", "7"]
        try Self.trials("demo", in: workspace, figures: &figures, prepare: { _ in }, target: out, command: demo,
                        rerun: { _, exists in exists ? demo + ["--force"] : demo })
        Self.finish("convert and demo", figures, started: started)
    }

    static func finish(_ name: String, _ figures: Figures, started: Date) {
        print("standing crash \(name) outcomes: " + figures.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        Standing.report("crash \(name)", ["trials": figures.trials, "corrupt": figures.corrupt, "failed later runs": figures.failedReruns,
                                          "files left beside": figures.leftovers], started: started)
        if !figures.leftBeside.isEmpty { print("standing crash \(name): left beside by a kill (the later runs did not trip on them): \(figures.leftBeside.prefix(5))") }
        #expect(figures.corrupt == 0)
        #expect(figures.failedReruns == 0)
    }
}
