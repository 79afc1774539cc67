import Foundation
import SQLiteKit
import Testing

@Suite struct ErrorTests {
    struct Case: CustomStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var stderr: String
        var description: String { arguments.joined(separator: " ") }
    }

    /// `@DB@` stands for a valid database, `@MISSING@` for a path that does not exist, `@DIR@` for a folder,
    /// `@TEXT@` for a file that is not a database, `@FIFO@` for a named pipe nobody writes to.
    static let cases: [Case] = [
        Case(arguments: ["classes", "@MISSING@"], status: 1, stderr: "strata: no such file: @MISSING@\n"),
        Case(arguments: ["schema", "@MISSING@", "Task"], status: 1, stderr: "strata: no such file: @MISSING@\n"),
        Case(arguments: ["classes", "@DIR@"], status: 1, stderr: "strata: @DIR@ is a directory, not a database file\n"),
        // Reading a FIFO blocked forever; a device such as /dev/null read as an empty database.
        Case(arguments: ["classes", "@FIFO@"], status: 1,
             stderr: "strata: @FIFO@ is not a regular file (a FIFO, device or socket), not a database file\n"),
        Case(arguments: ["schema", "@FIFO@"], status: 1,
             stderr: "strata: @FIFO@ is not a regular file (a FIFO, device or socket), not a database file\n"),
        Case(arguments: ["get", "@FIFO@", "Task", "1"], status: 1,
             stderr: "strata: @FIFO@ is not a regular file (a FIFO, device or socket), not a database file\n"),
        Case(arguments: ["set", "@FIFO@", "Task", "1", "name=x"], status: 1,
             stderr: "strata: @FIFO@ is not a regular file (a FIFO, device or socket), not a database file\n"),
        Case(arguments: ["classes", "/dev/null"], status: 1,
             stderr: "strata: /dev/null is not a regular file (a FIFO, device or socket), not a database file\n"),
        Case(arguments: ["classes", "@TEXT@"], status: 1, stderr: "strata: not a database: @TEXT@ (it does not begin with SQLite's header: it may be encrypted, as a SQLCipher database is, or be another kind of file)\n"),
        Case(arguments: ["schema", "@TEXT@"], status: 1, stderr: "strata: not a database: @TEXT@ (it does not begin with SQLite's header: it may be encrypted, as a SQLCipher database is, or be another kind of file)\n"),
        Case(arguments: ["schema", "@DB@", "Tsk"], status: 1, stderr: "strata: unknown class 'Tsk' in @DB@ (did you mean 'Task'?)\n"),
        Case(arguments: ["schema", "@DB@", "Nothing"], status: 1, stderr: "strata: unknown class 'Nothing' in @DB@\n"),
        Case(arguments: ["clases", "@DB@"], status: 2, stderr: "strata: unknown command 'clases' (did you mean 'classes'?)\n"),
        Case(arguments: ["frobnicate"], status: 2, stderr: "strata: unknown command 'frobnicate' (see 'strata help')\n"),
        // Issue 16, defect 9: a file name that is not there is a missing file, not an unknown command.
        Case(arguments: ["missing.sqlite"], status: 1, stderr: "strata: no such file: missing.sqlite\n"),
        Case(arguments: ["data/app.db"], status: 1, stderr: "strata: no such file: data/app.db\n"),
        Case(arguments: ["--bogus"], status: 2, stderr: "strata: unknown option '--bogus' (see 'strata help')\n"),
        // A view has no key: get says so, and why.
        Case(arguments: ["get", "@DB@", "OpenTasks", "1"], status: 1,
             stderr: "strata: OpenTasks has no key to find one object by: it is a view (browse it, or query it with a predicate)\n"),
        // The browser's options before its file: their own errors, not "unknown option".
        Case(arguments: ["--timeout", "x", "@DB@"], status: 2,
             stderr: "strata: --timeout takes a number of seconds from 0 to 86400, not 'x'\n"),
        Case(arguments: ["-w", "-x", "@DB@"], status: 2, stderr: "strata: unknown option '-x' for 'open' (see 'strata help open')\n"),
        Case(arguments: ["classes"], status: 2, stderr: "strata: missing FILE for 'classes' (see 'strata help classes')\n"),
        Case(arguments: ["classes", "@DB@", "--format", "xml"], status: 2,
             stderr: "strata: 'xml' is not a valid --format; expected one of: table, json\n"),
        Case(arguments: ["classes", "@DB@", "--timeout", "soon"], status: 2,
             stderr: "strata: --timeout takes a number of seconds from 0 to 86400, not 'soon'\n"),
        Case(arguments: ["help", "nope"], status: 2, stderr: "strata: no help for unknown command 'nope'\n"),
    ]

    @Test(arguments: cases)
    func failsWithOneLineAndStatus(_ testCase: Case) throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        try FileManager.default.createDirectory(atPath: workspace.file("folder"), withIntermediateDirectories: false)
        try "just some text, not a database at all, long enough to have a header".write(
            toFile: workspace.file("notes.txt"), atomically: true, encoding: .utf8)
        guard mkfifo(workspace.file("pipe"), 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let substitutions = ["@DB@": db, "@MISSING@": workspace.file("missing.sqlite"), "@DIR@": workspace.file("folder"),
                             "@TEXT@": workspace.file("notes.txt"), "@FIFO@": workspace.file("pipe")]
        let before = try workspace.listing()
        let result = try StrataProcess.run(testCase.arguments.map { substitutions[$0] ?? $0 })
        var expected = testCase.stderr
        for (key, value) in substitutions { expected = expected.replacingOccurrences(of: key, with: value) }
        #expect(result.status == testCase.status)
        #expect(result.stderr == expected)
        #expect(result.stdout == "")
        #expect(try workspace.listing() == before, "an error must not create or leave files")
    }

    @Test func lockedDatabase() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let holder = try Connection(path: db, mode: .readWrite)
        try holder.execute("BEGIN EXCLUSIVE; INSERT INTO Tag VALUES ('x', NULL)")
        let started = Date()
        let result = try StrataProcess.run(["classes", db, "--timeout", "0.2"])
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.status == 1)
        #expect(result.stderr == "strata: database is locked by another process: \(db) (waited 0.2 s; see --timeout)\n")
        try holder.execute("ROLLBACK")
        #expect(try StrataProcess.run(["classes", db]).status == 0)
    }

    @Test(.enabled(if: getuid() != 0, "root reads every file, so permissions cannot be tested as root"))
    func permissionDenied() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: db)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db) }
        let result = try StrataProcess.run(["classes", db])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: permission denied: \(db)\n")
    }

    @Test func ctrlCCancelsACountCleanly() throws {
        let workspace = try Workspace()
        let db = try workspace.database("slow.sqlite", """
            CREATE TABLE T (x);
            CREATE VIEW Endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
            """)
        let before = try workspace.fingerprint("slow.sqlite")
        let (process, out, err) = try StrataProcess.start(["classes", db])
        Thread.sleep(forTimeInterval: 0.8)
        #expect(process.isRunning)
        let interrupted = Date()
        process.interrupt()
        let result = StrataProcess.finish(process, out, err)
        #expect(Date().timeIntervalSince(interrupted) < 3)
        #expect(result.status == 130)
        #expect(result.stderr == "strata: interrupted\n")
        #expect(result.stdout == "")
        let after = try workspace.fingerprint("slow.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try workspace.listing() == ["slow.sqlite"])
    }
}
