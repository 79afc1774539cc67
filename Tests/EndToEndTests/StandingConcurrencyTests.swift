import Foundation
import SQLiteKit
import Testing

/// The standing suites (issue 19) run a reduced form in `swift test` and in full with `STRATA_STANDING=full`.
enum Standing {
    static let full = ProcessInfo.processInfo.environment["STRATA_STANDING"] == "full"

    static func size<T>(_ reduced: T, full: T) -> T { Self.full ? full : reduced }

    /// A number of trials or rounds; STRATA_STANDING_TRIALS sets it for a run of chosen length.
    static func count(_ reduced: Int, full: Int) -> Int {
        if let text = ProcessInfo.processInfo.environment["STRATA_STANDING_TRIALS"], let n = Int(text), n > 0 { return n }
        return size(reduced, full: full)
    }

    /// One line of figures on stdout, for the run's log.
    static func report(_ name: String, _ figures: KeyValuePairs<String, Int>, started: Date) {
        let text = figures.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("standing \(name) (\(full ? "full" : "reduced")): \(text); \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}

/// Another writer in the test process (its own SQLiteKit connection on a background thread, so its locks
/// are seen by strata as another process's) writes continuously, keeping invariants every consistent read
/// must see hold:
/// - `A` and `B` always have as many rows (each transaction inserts one into each);
/// - the `n` of `Pair` always sums to 0 (rows come in pairs i, -i, and 1 moves from one row to another);
/// - each transaction also inserts a `Note` (source 'writer', text 'w<i>'), which must all be there at the end.
final class InvariantWriter: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var stopping = false
    private var committedNotes: [String] = []
    private var errors: [String] = []
    private let finished = DispatchSemaphore(value: 0)

    static let schema = """
        CREATE TABLE A (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
        CREATE TABLE B (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
        CREATE TABLE Pair (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
        CREATE TABLE Note (id INTEGER PRIMARY KEY, text TEXT NOT NULL, source TEXT NOT NULL);
        CREATE INDEX Note_source ON Note(source);
        WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 50)
        INSERT INTO A (n) SELECT i FROM k;
        INSERT INTO B (n) SELECT n FROM A;
        INSERT INTO Pair (n) SELECT CASE WHEN n % 2 = 0 THEN n / 2 ELSE -(n + 1) / 2 END FROM A;
        """

    init(path: String) { self.path = path }

    func start() {
        Thread { [self] in
            defer { finished.signal() }
            self.loop()
        }.start()
    }

    /// Stops and waits for the last transaction; the texts of the notes it committed and any error.
    func stop() -> (notes: [String], errors: [String]) {
        lock.withLock { stopping = true }
        finished.wait()
        return lock.withLock { (committedNotes, errors) }
    }

    private var shouldStop: Bool { lock.withLock { stopping } }

    private func loop() {
        let connection: Connection
        do {
            connection = try Connection(path: path, mode: .readWrite, busyTimeout: 30_000)
        } catch {
            lock.withLock { errors.append("cannot open: \(error)") }
            return
        }
        var i: Int64 = 0
        while !shouldStop {
            i += 1
            let text = "w\(i)"
            do {
                try connection.execute("BEGIN IMMEDIATE")
                try connection.execute("INSERT INTO A (n) VALUES (?)", [.integer(i)])
                try connection.execute("INSERT INTO B (n) VALUES (?)", [.integer(i)])
                try connection.execute("INSERT INTO Pair (n) VALUES (?)", [.integer(i)])
                try connection.execute("INSERT INTO Pair (n) VALUES (?)", [.integer(-i)])
                let count = try connection.scalar("SELECT max(id) FROM Pair").int64 ?? 1
                try connection.execute("UPDATE Pair SET n = n + 1 WHERE id = ?", [.integer(1 + i % count)])
                try connection.execute("UPDATE Pair SET n = n - 1 WHERE id = ?", [.integer(1 + (i * 7) % count)])
                try connection.execute("INSERT INTO Note (text, source) VALUES (?, 'writer')", [.text(text)])
                try connection.execute("COMMIT")
                lock.withLock { committedNotes.append(text) }
            } catch {
                try? connection.execute("ROLLBACK")
                // A busy error after 30 s would be strata holding the lock that long: worth a failure.
                lock.withLock { errors.append("writer transaction \(i): \(error)") }
            }
            usleep(UInt32.random(in: 200...3000))
        }
    }
}

/// Strata's reads, edits, exports and migrations while another writer writes, in WAL and rollback-journal
/// mode: every read sees the writer's invariants hold, no write (strata's or the writer's) is lost, and a
/// writer holding the lock past `--timeout` gives a one-line "database is locked by another process" and
/// exit 1, never a hang.
@Suite(.serialized) struct StandingConcurrencyTests {
    static let locked = "database is locked by another process"

    struct Tally {
        var reads = 0, edits = 0, lockErrors = 0, migrations = 0
    }

    /// Runs strata with a guard against a hang; a lock error is counted, any other failure recorded.
    static func run(_ arguments: [String], input: String? = nil, tally: inout Tally, _ what: String) throws -> StrataProcess.Result? {
        let result = try EditSafetyTests.run(arguments, input: input, killAfter: 60)
        if result.status == 0 { return result }
        if result.status == 1 && result.stderr.contains(Self.locked) {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(what): \(result.stderr)")
            tally.lockErrors += 1
            return nil
        }
        Issue.record("\(what): strata \(arguments) exited \(result.status): \(result.stderr)")
        return nil
    }

    static func csvRows(_ text: String) -> [[String]] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
    }

    @Test(arguments: ["wal", "delete"])
    func readsAndWritesWhileAnotherProcessWrites(_ journalMode: String) throws {
        let started = Date()
        let workspace = try Workspace()
        let db = try workspace.database("live.sqlite", "PRAGMA journal_mode = \(journalMode);" + InvariantWriter.schema)
        try FileManager.default.createDirectory(atPath: workspace.file("Migrations"), withIntermediateDirectories: true)
        // Adding a column, then changing its type: a rebuild of Note, which both strata and the writer write.
        try "add property Note.extra int = 0\n".write(toFile: workspace.file("Migrations/1_extra.strata"), atomically: true, encoding: .utf8)
        try "change property Note.extra to double = 0\n".write(toFile: workspace.file("Migrations/2_rebuild.strata"), atomically: true, encoding: .utf8)
        try "UPDATE Note SET extra = 1 WHERE source = 'strata';\n".write(toFile: workspace.file("Migrations/3_mark.sql"), atomically: true, encoding: .utf8)

        let rounds = Standing.count(3, full: 150)
        var tally = Tally()
        var expected: [Int64: String] = [:]   // strata's notes: key → text they must have at the end
        var deleted: Set<Int64> = []
        let writer = InvariantWriter(path: db)
        writer.start()
        for round in 0..<rounds {
            // Consistent reads.
            if let classes = try Self.run(["classes", db, "--format", "json"], tally: &tally, "classes") {
                let json = try JSONSerialization.jsonObject(with: Data(classes.stdout.utf8))
                let counts = Self.counts(in: json)
                #expect(counts["A"] != nil && counts["A"] == counts["B"], "round \(round): classes saw A \(counts["A"] ?? -1), B \(counts["B"] ?? -1)")
                tally.reads += 1
            }
            if let query = try Self.run(["query", db, "Pair", "--format", "csv"], tally: &tally, "query") {
                let rows = Self.csvRows(query.stdout)
                let n = rows.first?.firstIndex(of: "n")
                try #require(n != nil, "query output: \(query.stdout.prefix(200))")
                let values = rows.dropFirst().map { Int64($0[n!]) }
                #expect(!values.contains(nil), "round \(round)")
                #expect(values.compactMap { $0 }.reduce(0, +) == 0 && values.count % 2 == 0, "round \(round): query saw \(values.count) pairs rows")
                tally.reads += 1
            }
            let statement = "SELECT (SELECT count(*) FROM A) - (SELECT count(*) FROM B) AS d, (SELECT total(n) FROM Pair) AS s"
            if let sql = try Self.run(["sql", db, statement, "--format", "csv"], tally: &tally, "sql") {
                #expect(Self.csvRows(sql.stdout).last.map { $0.map { Double($0) } } == [0, 0], "round \(round): sql saw \(sql.stdout)")
                tally.reads += 1
            }
            let exported = workspace.file("export-\(round).csv")
            if let browser = try Self.run([db], input: "Pair\nexport \(exported)\n", tally: &tally, "browser export") {
                let rows = Self.csvRows(try String(contentsOfFile: exported, encoding: .utf8))
                let n = rows.first?.firstIndex(of: "n")
                try #require(n != nil, "export: \(browser.stderr)")
                let values = rows.dropFirst().compactMap { Int64($0[n!]) }
                #expect(values.count == rows.count - 1 && values.reduce(0, +) == 0 && values.count % 2 == 0, "round \(round): export saw \(values.count) rows")
                tally.reads += 1
            }

            // Edits: each one strata reports done must be there at the end.
            var keys: [Int64] = []
            for k in 0..<3 {
                if let insert = try Self.run(["insert", db, "Note", "text=s\(round)-\(k)", "source=strata"], tally: &tally, "insert") {
                    let key = try #require(Int64(insert.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "insert printed \(insert.stdout)")
                    expected[key] = "s\(round)-\(k)"
                    keys.append(key)
                    tally.edits += 1
                }
            }
            if keys.count == 3 {
                if try Self.run(["set", db, "Note", "\(keys[0])", "text=set\(round)"], tally: &tally, "set") != nil {
                    expected[keys[0]] = "set\(round)"
                    tally.edits += 1
                }
                if let update = try Self.run(["update", db, "Note where id == \(keys[1])", "set", "text=upd\(round)"], tally: &tally, "update") {
                    #expect(update.stdout == "updated Note \(keys[1])\n" || update.stdout == "updated 1 Note object\n", "\(update.stdout)")
                    expected[keys[1]] = "upd\(round)"
                    tally.edits += 1
                }
                if try Self.run(["delete", db, "Note", "\(keys[2])", "--yes"], tally: &tally, "delete") != nil {
                    expected[keys[2]] = nil
                    deleted.insert(keys[2])
                    tally.edits += 1
                }
            }
            // The migrations, once, midway.
            if round == rounds / 2 {
                if try Self.run(["migrate", db, "--dir", workspace.file("Migrations"), "--yes"], tally: &tally, "migrate") != nil {
                    tally.migrations += 1
                }
            }
        }
        let (notes, writerErrors) = writer.stop()
        #expect(writerErrors.isEmpty, "\(writerErrors.prefix(5))")
        #expect(!notes.isEmpty, "the writer committed nothing")

        // Nothing lost: the writer's notes, strata's edits, the invariants.
        let check = try Connection(path: db, mode: .readOnly)
        #expect(try check.scalar("PRAGMA integrity_check").string == "ok")
        let writerNotes = Set(try check.rows("SELECT text FROM Note WHERE source = 'writer'").compactMap { $0.first?.string })
        let lostWriter = notes.filter { !writerNotes.contains($0) }
        var lostStrata = 0
        for (key, text) in expected {
            let found = try check.scalar("SELECT text FROM Note WHERE id = ? AND source = 'strata'", [.integer(key)]).string
            if found != text { lostStrata += 1; Issue.record("Note \(key): expected '\(text)', found \(found ?? "nothing")") }
        }
        for key in deleted {
            let found = try check.scalar("SELECT count(*) FROM Note WHERE id = ? AND source = 'strata'", [.integer(key)]).int64
            if found != 0 { lostStrata += 1; Issue.record("Note \(key) was reported deleted but is there") }
        }
        #expect(lostWriter.isEmpty, "writer's notes lost: \(lostWriter.prefix(10))")
        #expect(try check.scalar("SELECT count(*) FROM A").int64 == Int64(50 + notes.count))
        #expect(try check.scalar("SELECT count(*) FROM B").int64 == Int64(50 + notes.count))
        #expect(try check.scalar("SELECT total(n) FROM Pair").double == 0)
        if tally.migrations == 1 {
            #expect(try check.scalar("PRAGMA user_version").int64 == 3)
            #expect(try check.scalar("SELECT count(*) FROM pragma_table_info('Note') WHERE name = 'extra'").int64 == 1)
        }
        #expect(tally.reads > 0 && tally.edits > 0, "every run of strata met a lock: nothing was tested")
        Standing.report("concurrency \(journalMode)", ["rounds": rounds, "reads": tally.reads, "edits": tally.edits,
                                                       "migrations": tally.migrations, "writer commits": notes.count,
                                                       "writes lost": lostWriter.count + lostStrata, "lock errors": tally.lockErrors],
                        started: started)
    }

    /// The row counts of `classes --format json`, by class name, wherever the JSON keeps them.
    static func counts(in json: Any) -> [String: Int] {
        var counts: [String: Int] = [:]
        func visit(_ value: Any) {
            if let object = value as? [String: Any] {
                if let name = object["name"] as? String, let count = (object["count"] ?? object["rows"] ?? object["objects"]) as? Int {
                    counts[name] = count
                }
                object.values.forEach(visit)
            } else if let array = value as? [Any] {
                array.forEach(visit)
            }
        }
        visit(json)
        return counts
    }

    /// A writer that holds the lock longer than `--timeout`: every command gives up after it with one line,
    /// exit 1, and the file is as the writer's rollback leaves it. In WAL mode a writer blocks only writes;
    /// in rollback-journal mode an exclusive lock blocks reads too.
    @Test(arguments: ["wal", "delete"])
    func aWriterHoldingTheLockGivesALockErrorNotAHang(_ journalMode: String) throws {
        let started = Date()
        let workspace = try Workspace()
        let db = try workspace.database("held.sqlite", "PRAGMA journal_mode = \(journalMode);" + InvariantWriter.schema
                                        + "INSERT INTO Note (text, source) VALUES ('one', 'strata');")
        try FileManager.default.createDirectory(atPath: workspace.file("Migrations"), withIntermediateDirectories: true)
        try "add property Note.extra int = 0\n".write(toFile: workspace.file("Migrations/1_extra.strata"), atomically: true, encoding: .utf8)
        let writes: [[String]] = [
            ["insert", db, "Note", "text=x", "source=strata"], ["set", db, "Note", "1", "text=y"],
            ["update", db, "Note where id == 1", "set", "text=z"], ["delete", db, "Note", "1", "--yes"],
            ["migrate", db, "--dir", workspace.file("Migrations")],
        ]
        let reads: [[String]] = [["sql", db, "SELECT count(*) FROM A"], ["query", db, "Pair"], ["classes", db]]
        let commands = journalMode == "wal" ? writes : writes + reads
        let repeats = Standing.size(1, full: 20)
        var lockErrors = 0
        let holder = try Connection(path: db, mode: .readWrite)
        let before = try EditCommandTests.dump(db)
        for _ in 0..<repeats {
            try holder.execute(journalMode == "wal" ? "BEGIN IMMEDIATE" : "BEGIN EXCLUSIVE")
            try holder.execute("INSERT INTO A (n) VALUES (0)")
            for arguments in commands {
                let result = try EditSafetyTests.run(arguments + ["--timeout", "0.3"], killAfter: 30)
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(result.stdout == "", "\(arguments)")
                let lines = result.stderr.split(separator: "\n")
                #expect(lines.count == 1 && result.stderr.contains(Self.locked) && result.stderr.contains("0.3 s"), "\(arguments): \(result.stderr)")
                if result.stderr.contains(Self.locked) { lockErrors += 1 }
            }
            try holder.execute("ROLLBACK")
        }
        #expect(try EditCommandTests.dump(db) == before)
        #expect(lockErrors == repeats * commands.count)
        Standing.report("lock \(journalMode)", ["commands": repeats * commands.count, "lock errors": lockErrors], started: started)
    }
}
