import Foundation
import SQLiteKit

/// Runs the built `strata` binary and captures what it prints.
struct StrataProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary beside the test bundle (SwiftPM puts products in one folder), or `STRATA_BIN`.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["STRATA_BIN"] { return path }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("strata").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return "strata"
    }()

    /// Starts strata (or `executable`) without waiting for it.
    static func start(_ arguments: [String], environment: [String: String] = [:], input: String? = nil,
                      executable: String = binary) throws -> (Process, Pipe, Pipe)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["COLUMNS"] = nil
        env["NO_COLOR"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input {
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        return (process, out, err)
    }

    /// Runs strata with a file size limit (`ulimit -f BLOCKS`) and SIGXFSZ ignored, so that a write past the
    /// limit fails as on a full disk. A block is 512 bytes (POSIX) or 1024 (shells that count kilobytes).
    static func run(_ arguments: [String], fileSizeLimit blocks: Int) throws -> Result {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "trap '' XFSZ; ulimit -f \(blocks) && exec \"$0\" \"$@\"", binary] + arguments
        let out = Pipe(), err = Pipe()
        shell.standardOutput = out
        shell.standardError = err
        shell.standardInput = FileHandle.nullDevice
        try shell.run()
        return finish(shell, out, err)
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Result {
        let (process, out, err) = try start(arguments, environment: environment, input: input)
        return finish(process, out, err)
    }

    /// Reads both pipes to the end (concurrently, so neither can fill up and block) and waits.
    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData, as: UTF8.self))
    }
}

/// A temporary folder with database files built for one test.
final class Workspace {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "strata-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Creates a database from SQL with Strata's own SQLite layer, closing it before returning.
    @discardableResult
    func database(_ name: String, _ sql: String) throws -> String {
        let path = file(name)
        let connection = try Connection(path: path, mode: .create)
        try connection.execute(sql)
        return path
    }

    /// The names in the folder, sorted.
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The bytes and modification time of a file, to prove it was not touched.
    func fingerprint(_ name: String) throws -> (Data, Date) {
        let data = try Data(contentsOf: URL(fileURLWithPath: file(name)))
        let attributes = try FileManager.default.attributesOfItem(atPath: file(name))
        return (data, attributes[.modificationDate] as? Date ?? .distantPast)
    }

    static let tasks = """
        PRAGMA foreign_keys = ON;
        CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE Task (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            isCompleted BOOLEAN NOT NULL DEFAULT 0,
            createdAt DATETIME,
            list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE
        );
        CREATE TABLE Tag (name TEXT PRIMARY KEY, color TEXT) WITHOUT ROWID;
        CREATE TABLE Task_tags (
            owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            target TEXT NOT NULL REFERENCES Tag(name) ON DELETE CASCADE,
            PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE "Order" (a INT, b INT, PRIMARY KEY (a, b)) STRICT;
        CREATE TABLE "my table" (x);
        CREATE TABLE 数据 (值 TEXT);
        CREATE INDEX Task_name ON Task(name);
        CREATE VIEW OpenTasks AS SELECT id, name FROM Task WHERE isCompleted = 0;
        INSERT INTO TaskList (name) VALUES ('Inbox'), ('Wishlist');
        INSERT INTO Task (name, isCompleted, list) VALUES ('Buy milk', 0, 1), ('Call Bob', 1, 1), ('Bike', 0, 2);
        INSERT INTO Tag VALUES ('home', 'red'), ('work', NULL);
        INSERT INTO Task_tags VALUES (1, 0, 'home'), (1, 1, 'work');
        INSERT INTO 数据 VALUES ('一');
        """

    /// Tasks with awkward strings, NULLs and a composite key, for query output.
    static let queryFixture = """
        CREATE TABLE Project (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE Item (
            id INTEGER PRIMARY KEY, title TEXT NOT NULL, done BOOLEAN NOT NULL, size REAL, due DATETIME,
            note TEXT, payload BLOB, project INTEGER REFERENCES Project(id)
        );
        CREATE TABLE Pair (a INT, b TEXT, v TEXT, PRIMARY KEY (a, b));
        INSERT INTO Project VALUES (1, 'Home'), (2, 'Work');
        INSERT INTO Item VALUES
            (1, 'O''Brien, "the" cat', 0, 1.5, '2026-01-02T03:04:05.678Z', NULL, x'00ff', 1),
            (2, 'plain', 1, NULL, NULL, 'a|b', NULL, NULL),
            (3, '数据 line
        break', 0, 2, '2025-12-31T23:59:59.000Z', '', x'', 2);
        INSERT INTO Pair VALUES (1, 'x', 'one'), (2, 'y', 'two');
        """
}
