import Foundation
import SQLiteKit
import Testing

/// A standing suite: files built to hurt whatever opens them. Functions called from views and triggers are not run
/// (`trusted_schema` off, extensions never loaded); deep, recursive and enormous views, huge values, thousands of
/// columns and tables end in an answer or a one-line error within time and memory bounds. Names and values with
/// escape sequences through every command and browser command are `HostileTextTests`'.
///
/// `swift test` builds the big files smaller; `STRATA_STANDING=full` builds them at the issue's sizes.
@Suite struct StandingHostileTests {
    static var full: Bool { StandingDamageTests.full }
    /// The most a command may take, and the most memory it may hold, on any of these files. The tests run the debug
    /// build, which writes a huge value as CSV about 15 times slower than the release build (150 MB: 15.6 s against
    /// 1.0 s; the sqlite3 shell 0.19 s): the full sizes get more time.
    static var seconds: TimeInterval { full ? 400 : 90 }
    static let megabytes = 1024

    /// Runs one command with the bounds: its result, how long it took, and the largest resident set it held.
    static func bounded(_ arguments: [String], input: String? = nil) throws -> StrataProcess.Result {
        let started = Date()
        let peakFile = NSTemporaryDirectory() + "strata-peak-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        let metered = python.map { _ in ["-c", meter, peakFile, String(seconds), StrataProcess.binary] + arguments } ?? arguments
        let result = try #require(try StandingDamageTests.run(metered, input: input, timeout: seconds + 30,
                                                              executable: python ?? StrataProcess.binary),
                                  "\(arguments.prefix(2)): no answer in time")
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < seconds, "\(arguments.prefix(2)) took \(Int(elapsed)) s")
        let peak = python == nil ? childrensPeakMegabytes() : try #require(Self.megabytes(reported: try String(contentsOfFile: peakFile, encoding: .utf8)))
        #expect(peak < megabytes, "\(arguments.prefix(2)): \(peak) MB")
        #expect(result.status == 0 || result.status == 1 || (arguments.first == "check" && result.status == 5),
                "\(arguments.prefix(3)): \(result.status) \(result.stderr.prefix(300))")
        // A command's error is its first line on stderr; a browser script's headings go there too.
        if result.status == 1 && input == nil { #expect(result.stderr.hasPrefix("strata: "), "\(result.stderr.prefix(300))") }
        return result
    }

    /// python3, which runs `meter`; without it the peak is this process's `RUSAGE_CHILDREN`, which can only say more.
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs a command in a process forked from a small one, and writes the command's own peak resident set
    /// (`wait4`) to a file; kills it past the time bound (exit 137).
    ///
    /// A child that this process spawns starts in this process's memory, and Linux counts this process's peak
    /// toward the child's: after a test has held a 400 MB output, every later command would seem that big.
    /// Arguments: the file, the seconds, the command.
    static let meter = """
        import os, signal, sys
        pid = os.fork()
        if pid == 0:
            os.execv(sys.argv[3], sys.argv[3:])
        signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
        signal.setitimer(signal.ITIMER_REAL, float(sys.argv[2]))
        _, status, usage = os.wait4(pid, 0)
        with open(sys.argv[1], "w") as peak:
            peak.write(str(usage.ru_maxrss))
        sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
        """

    /// `ru_maxrss` in MB: Linux counts it in KB, macOS in bytes.
    static func megabytes(reported text: String) -> Int? {
        guard let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        #if canImport(Glibc)
        return value / 1024
        #else
        return value / (1024 * 1024)
        #endif
    }

    /// The largest resident set of the child processes waited for so far, in MB.
    static func childrensPeakMegabytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return megabytes(reported: String(usage.ru_maxrss)) ?? 0
    }

    /// Views and triggers that would load an extension or read files: never run, the edit refused, the file unchanged.
    @Test func functionsInViewsAndTriggersAreNotRun() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", """
            CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO Task VALUES (1, 'a');
            CREATE VIEW Loader AS SELECT load_extension('\(workspace.file("evil"))') AS x;
            CREATE VIEW Blob AS SELECT randomblob(2000000000) AS b;
            CREATE TRIGGER Spy AFTER INSERT ON Task BEGIN SELECT load_extension('\(workspace.file("evil"))'); END;
            CREATE TRIGGER Spy2 AFTER UPDATE ON Task BEGIN SELECT load_extension('\(workspace.file("evil"))'); END;
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for arguments in [["classes", db], ["schema", db], ["check", db], ["query", db, "Loader"], ["query", db, "Blob"], ["get", db, "Task", "1"],
                          ["sql", db, "SELECT * FROM Loader"]] {
            _ = try Self.bounded(arguments)
        }
        let query = try Self.bounded(["query", db, "Loader"])
        #expect(query.status == 1 && query.stderr.contains("unsafe use of load_extension()"), "\(query.stderr)")
        let insert = try Self.bounded(["insert", db, "Task", "name=b"])
        #expect(insert.status == 1, "\(insert.stdout)\(insert.stderr)")
        let update = try Self.bounded(["update", db, "Task where id == 1", "set", "name=c"])
        #expect(update.status == 1, "\(update.stdout)\(update.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(try workspace.listing() == ["app.sqlite"])
    }

    /// Views 120 deep, a view that never ends, a view of a huge cross join: every command answers within bounds.
    @Test func deepRecursiveAndHugeViewsAreBounded() throws {
        let workspace = try Workspace()
        var sql = "CREATE TABLE T (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO T VALUES (1, 1), (2, 2), (3, 3);\nCREATE VIEW V0 AS SELECT * FROM T;\n"
        for level in 1...120 { sql += "CREATE VIEW V\(level) AS SELECT * FROM V\(level - 1);\n" }
        sql += """
            CREATE VIEW Forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
            CREATE VIEW Huge AS SELECT a.id AS a, b.id AS b, c.x AS c FROM T a, T b, Forever c;
            """
        let db = try workspace.database("app.sqlite", sql)
        for arguments in [["classes", db, "--timeout", "2"], ["schema", db], ["check", db], ["query", db, "V120 SORT(id DESC)"],
                          ["query", db, "Forever LIMIT(5)"], ["get", db, "T", "2"]] {
            _ = try Self.bounded(arguments)
        }
        // Joined, the never-ending view is materialized by SQLite before the first row (as in the sqlite3 shell):
        // Ctrl-C stops it at once, with one line and exit 130, and memory stays small meanwhile.
        let (process, out, err) = try StrataProcess.start(["query", db, "Huge LIMIT(5)"])
        Thread.sleep(forTimeInterval: 2)
        kill(process.processIdentifier, SIGINT)
        let stopped = StrataProcess.finish(process, out, err)
        #expect(stopped.status == 130 && stopped.stderr == "strata: interrupted\n", "\(stopped.status) \(stopped.stderr)")
        #expect(Self.childrensPeakMegabytes() < Self.megabytes)
        let browse = try Self.bounded([db, "--timeout", "2"], input: "classes\nV120\ncount\nForever LIMIT(3)\nschema V120\n")
        #expect(browse.stdout.contains("V120"), "\(browse.stdout.prefix(400))")
    }

    /// A string and a blob of tens of megabytes: shown cut to the terminal's width in tables, whole in JSON and CSV.
    @Test func enormousValuesAreBounded() throws {
        let workspace = try Workspace()
        let size = Self.full ? 200_000_000 : 20_000_000
        let db = try workspace.database("app.sqlite", """
            CREATE TABLE Note (id INTEGER PRIMARY KEY, body TEXT, data BLOB);
            INSERT INTO Note VALUES (1, printf('%.\(size)c', 'x'), zeroblob(\(size)));
            """)
        let table = try Self.bounded(["query", db, "Note", "--width", "120"])
        #expect(table.status == 0 && table.stdout.count < 10_000, "\(table.stdout.count) characters")
        let vertical = try Self.bounded(["get", db, "Note", "1"])
        #expect(vertical.status == 0 && vertical.stdout.count < 10_000, "\(vertical.stdout.count) characters")
        let json = try Self.bounded(["get", db, "Note", "1", "--format", "json"])
        #expect(json.status == 0 && json.stdout.utf8.count > size * 2, "\(json.stdout.utf8.count) bytes")
        let csv = try Self.bounded(["query", db, "Note", "--format", "csv"])
        #expect(csv.status == 0 && csv.stdout.utf8.count > size, "\(csv.stdout.utf8.count) bytes")
        _ = try Self.bounded(["check", db])
        let browse = try Self.bounded([db], input: "Note\nopen #1\nmode vertical\nback\ncount\nmode json\nfirst\n")
        #expect(browse.status == 0 && browse.stdout.utf8.count > size * 2, "\(browse.stderr.prefix(300))")
    }

    /// 2,000 columns in one table; thousands of tables (10,000 in full).
    @Test func wideAndManyAreBounded() throws {
        let workspace = try Workspace()
        let wide = try workspace.database("wide.sqlite", "CREATE TABLE W (" + (0..<2000).map { "c\($0) INTEGER" }.joined(separator: ", ") + ");"
            + "INSERT INTO W (c0, c1999) VALUES (1, 2);")
        for arguments in [["classes", wide], ["schema", wide], ["check", wide], ["query", wide, "W where c1999 == 2"], ["get", wide, "W", "1"]] {
            let result = try Self.bounded(arguments)
            #expect(result.status == 0, "\(arguments.prefix(2)): \(result.stderr.prefix(300))")
        }
        let count = Self.full ? 10_000 : 1_500
        let many = workspace.file("many.sqlite")
        let connection = try Connection(path: many, mode: .create)
        try connection.execute("BEGIN")
        for index in 0..<count { try connection.execute("CREATE TABLE t\(index) (id INTEGER PRIMARY KEY, v TEXT)") }
        try connection.execute("COMMIT")
        for arguments in [["classes", many], ["schema", many], ["check", many, "--quick"], ["query", many, "t\(count - 1)"]] {
            let result = try Self.bounded(arguments)
            #expect(result.status == 0, "\(arguments.prefix(2)): \(result.stderr.prefix(300))")
        }
        let classes = try Self.bounded(["classes", many])
        #expect(classes.stdout.split(separator: "\n").count == count + 1)
    }
}
