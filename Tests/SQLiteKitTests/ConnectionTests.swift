import Foundation
import Testing
@testable import SQLiteKit

/// A directory that removes itself, for tests that need real files.
final class TemporaryDirectory {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "strata-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct ConnectionTests {
    @Test func errorsCarryCodesMessageAndSQL() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try db.execute("INSERT INTO t VALUES (1)")
        do {
            try db.execute("INSERT INTO t VALUES (1)")
            Issue.record("expected a constraint error")
        } catch let error as SQLiteError {
            #expect(error.code == .constraint)
            #expect(error.extendedCode.rawValue == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
            #expect(error.message == "UNIQUE constraint failed: t.id")
            #expect(error.sql == "INSERT INTO t VALUES (1)")
            #expect(error.description == "SQLite error 1555: UNIQUE constraint failed: t.id - while executing 'INSERT INTO t VALUES (1)'")
        }
    }

    @Test func syntaxErrorsCarryTheFailingStatementOnly() throws {
        let db = try Connection(path: "", mode: .memory)
        do {
            try db.execute("CREATE TABLE a (x); SELEC 1; CREATE TABLE b (y)")
            Issue.record("expected a syntax error")
        } catch let error as SQLiteError {
            #expect(error.code == .error)
            #expect(error.sql == "SELEC 1")
            #expect(error.message.contains("syntax error"))
        }
        // The statement before the bad one ran; the one after did not.
        #expect(try db.rows("SELECT name FROM sqlite_schema") == [["a"]])
    }

    @Test func resultCodesMatchInCatchClauses() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (x NOT NULL)")
        var matched = false
        do {
            try db.execute("INSERT INTO t VALUES (NULL)")
        } catch ResultCode.constraint {
            matched = true
        }
        #expect(matched)
    }

    @Test func prepareRefusesTwoStatements() throws {
        let db = try Connection(path: "", mode: .memory)
        #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1; SELECT 2") }
        #expect(throws: SQLiteError.self) { try db.prepare("   ") }
        _ = try db.prepare("SELECT 1;  ")
    }

    @Test func executeSkipsEmptyStatementsAndComments() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute(";; -- nothing\n CREATE TABLE t (x); /* c */ ; INSERT INTO t VALUES (1);")
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test func statementCacheReusesAndResets() throws {
        let db = try Connection(path: "", mode: .memory)
        let first = try db.cachedStatement("SELECT ?1")
        try first.bind([.integer(7)])
        #expect(try first.step())
        let second = try db.cachedStatement("SELECT ?1")
        #expect(first === second)
        #expect(try second.step())
        #expect(second.column(0) == .null)  // bindings were cleared
    }

    @Test func readOnlyRefusesWritesAndNeverCreates() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.sqlite")
        #expect(throws: SQLiteError.self) { try Connection(path: missing, mode: .readOnly) }
        #expect(throws: SQLiteError.self) { try Connection(path: missing, mode: .readWrite) }
        #expect(!FileManager.default.fileExists(atPath: missing))

        let path = directory.file("db.sqlite")
        let writer = try Connection(path: path, mode: .create)
        try writer.execute("CREATE TABLE t (x)")
        #expect(FileManager.default.fileExists(atPath: path))

        let reader = try Connection(path: path, mode: .readOnly)
        #expect(reader.isReadOnly)
        do {
            try reader.execute("INSERT INTO t VALUES (1)")
            Issue.record("expected a read-only error")
        } catch let error as SQLiteError {
            #expect(error.code == .readOnly)
        }
    }

    @Test func uriFilenames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("uri db.sqlite")
        try Connection(path: path, mode: .create).execute("CREATE TABLE t (x); INSERT INTO t VALUES (42)")
        let encoded = "file:" + path.replacingOccurrences(of: " ", with: "%20") + "?mode=ro"
        let db = try Connection(path: encoded, mode: .readOnly, uri: true)
        #expect(try db.scalar("SELECT x FROM t") == .integer(42))
    }

    @Test func connectionsAreHardened() throws {
        let db = try Connection(path: "", mode: .memory)
        #expect(try db.scalar("PRAGMA trusted_schema") == .integer(0))
        #expect(try db.scalar("PRAGMA cell_size_check") == .integer(1))
        // Defensive mode: writable_schema cannot be used to corrupt the schema.
        try db.execute("CREATE TABLE t (x)")
        try db.execute("PRAGMA writable_schema = ON")
        #expect(throws: SQLiteError.self) { try db.execute("UPDATE sqlite_schema SET sql = 'x' WHERE name = 't'") }
        // No extension loading.
        #expect(throws: SQLiteError.self) { try db.execute("SELECT load_extension('/nonexistent')") }
    }

    /// Issue 29, item 26: every switch of `Connection.defences` holds on every kind of connection, read back from
    /// SQLite; `fts3_tokenizer` cannot register a tokenizer, and a read-only connection runs no trigger.
    @Test(arguments: [OpenMode.readOnly, .readWrite, .memory])
    func everyDefenceIsReadBack(_ mode: OpenMode) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("db.sqlite")
        try Connection(path: path, mode: .create).execute("CREATE TABLE t (x)")
        let db = try Connection(path: path, mode: mode)
        for (option, on) in Connection.defences(mode) {
            #expect(try db.isOn(option) == on, "\(option) in \(mode)")
        }
        #expect(try !db.isOn(.fts3Tokenizer))
        #expect(try db.isOn(.trigger) == (mode != .readOnly))
        #expect(try db.isOn(.view))
        if mode != .memory { #expect(try db.scalar("PRAGMA mmap_size") == .integer(0)) }
        // The two-argument form with a literal address: refused by SQLite itself now.
        #expect(throws: SQLiteError.self) { try db.scalar("SELECT fts3_tokenizer('evil', x'0100000000000000')") }
    }

    @Test func busyTimeoutGivesUpWithBusy() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("locked.sqlite")
        let holder = try Connection(path: path, mode: .create)
        try holder.execute("CREATE TABLE t (x)")
        try holder.execute("BEGIN EXCLUSIVE")
        let other = try Connection(path: path, mode: .readWrite, busyTimeout: 50)
        do {
            _ = try other.scalar("SELECT count(*) FROM t")
            Issue.record("expected SQLITE_BUSY")
        } catch let error as SQLiteError {
            #expect(error.code == .busy)
        }
        try holder.execute("COMMIT")
        #expect(try other.scalar("SELECT count(*) FROM t") == .integer(0))
    }

    @Test func interruptStopsARunningStatement() throws {
        let db = try Connection(path: "", mode: .memory)
        let handle = db.interruptHandle
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 0.2, repeating: 0.2)
        timer.setEventHandler { handle.interrupt() }
        timer.resume()
        defer { timer.cancel() }
        do {
            _ = try db.scalar("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
            Issue.record("expected SQLITE_INTERRUPT")
        } catch let error as SQLiteError {
            #expect(error.code == .interrupt)
        }
    }

    @Test func changesAndLastInsertRowID() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (x)")
        try db.execute("INSERT INTO t VALUES (1), (2), (3)")
        #expect(db.changes == 3)
        #expect(db.lastInsertRowID == 3)
        #expect(!Connection.sqliteVersion.isEmpty)
    }
}
