import Foundation
import Testing

/// The browser driven line by line on stdin, so that another process can change the file between its
/// commands.
final class BrowserSession {
    private let process: Process
    private let input: Pipe
    private let output: Pipe
    private let errors: Pipe
    private var stdout = Data()
    /// Each `sync` sends `write` and waits for its answer: how many answers came so far.
    private var synced = 0

    init(_ arguments: [String]) throws {
        (process, output, errors) = (Process(), Pipe(), Pipe())
        input = Pipe()
        process.executableURL = URL(fileURLWithPath: StrataProcess.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = nil
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Sends one command and waits until the browser has run it (and everything before it).
    func send(_ line: String) throws {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        try sync()
    }

    /// `write` prints `write on` or `write off` and nothing else: its answer says the commands before it ran.
    private func sync() throws {
        input.fileHandleForWriting.write(Data("write\n".utf8))
        synced += 1
        while Self.answers(in: stdout) < synced {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BrowserEnded(output: String(decoding: stdout, as: UTF8.self)) }
            stdout.append(chunk)
        }
    }

    private static func answers(in data: Data) -> Int {
        String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0 == "write on" || $0 == "write off" }.count
    }

    /// Ends the script; what the browser printed, without the `write` answers of `sync`.
    func finish() throws -> StrataProcess.Result {
        try input.fileHandleForWriting.close()
        var result = StrataProcess.finish(process, output, errors)
        result.stdout = String(decoding: stdout, as: UTF8.self) + result.stdout
        result.stdout = result.stdout.split(separator: "\n").filter { $0 != "write on" && $0 != "write off" }.map { $0 + "\n" }.joined()
        return result
    }

    struct BrowserEnded: Error, CustomStringConvertible {
        var output: String
        var description: String { "the browser ended early; it printed: \(output)" }
    }
}

/// Undo and redo never write over another process's change: each row must still hold what the change log
/// says the edit (or the undo) left, checked in the same write transaction as the replay; else they refuse,
/// naming the first difference, and change nothing.
@Suite struct UndoSafetyTests {
    @discardableResult
    static func sqlite3(_ db: String, _ sql: String) throws -> String { try EditCommandTests.value(db, sql) }

    @Test func undoAndRedoOfASetRefuseAnotherProcessesValue() throws {
        let (workspace, db) = try EditCommandTests.demoWorkspace()
        defer { withExtendedLifetime(workspace) {} }
        let original = try Self.sqlite3(db, "SELECT integerValue FROM RealmTestClass0 WHERE id = 7")
        let browser = try BrowserSession(["--write", db])
        try browser.send("set RealmTestClass0 7 integerValue = 111")
        // Another strata process changes the same value.
        let other = try StrataProcess.run(["set", db, "RealmTestClass0", "7", "integerValue=222"])
        #expect(other.status == 0, "\(other.stderr)")
        let beforeUndo = try EditCommandTests.dump(db)
        try browser.send("undo")
        #expect(try Self.sqlite3(db, "SELECT integerValue FROM RealmTestClass0 WHERE id = 7") == "222")
        #expect(try EditCommandTests.dump(db) == beforeUndo)
        // Put back what the edit left: now undo may take it back.
        try Self.sqlite3(db, "UPDATE RealmTestClass0 SET integerValue = 111 WHERE id = 7")
        try browser.send("undo")
        #expect(try Self.sqlite3(db, "SELECT integerValue FROM RealmTestClass0 WHERE id = 7") == original)
        // And redo refuses an outside 333 the same way.
        try Self.sqlite3(db, "UPDATE RealmTestClass0 SET integerValue = 333 WHERE id = 7")
        try browser.send("redo")
        #expect(try Self.sqlite3(db, "SELECT integerValue FROM RealmTestClass0 WHERE id = 7") == "333")
        let result = try browser.finish()
        #expect(result.status == 1)
        // set says what it changed (issue 29): the old value, then 111.
        #expect(result.stdout == """
            updated RealmTestClass0 7
              integerValue: \(original) → 111
            undid set RealmTestClass0 7 integerValue

            """)
        #expect(result.stderr == """
            error: cannot undo set RealmTestClass0 7 integerValue: RealmTestClass0 7 was changed since by someone else (its integerValue is 222, not 111); nothing was done
            error: cannot redo set RealmTestClass0 7 integerValue: RealmTestClass0 7 was changed since by someone else (its integerValue is 333, not \(original)); nothing was done

            """)
    }

    /// Undo of a new object refuses once another process changed any of its values; the object stays.
    @Test func undoOfANewObjectRefusesWhenTheObjectWasChanged() throws {
        let (workspace, db) = try EditCommandTests.demoWorkspace()
        defer { withExtendedLifetime(workspace) {} }
        let key = try EditCommandTests.count(db, "SELECT max(id) + 1 FROM RealmTestClass0")
        let browser = try BrowserSession(["--write", db])
        try browser.send("new RealmTestClass0 integerValue = 1 stringValue = mine dataValue = x'00'")
        try Self.sqlite3(db, "UPDATE RealmTestClass0 SET stringValue = 'theirs' WHERE id = \(key)")
        try browser.send("undo")
        let result = try browser.finish()
        #expect(result.stderr == "error: cannot undo new RealmTestClass0 \(key): RealmTestClass0 \(key) was changed since by someone else (its stringValue is 'theirs', not 'mine'); nothing was done\n")
        #expect(try Self.sqlite3(db, "SELECT integerValue, stringValue FROM RealmTestClass0 WHERE id = \(key)") == "1|theirs")
    }

    /// Undo of a delete that cascaded to list entries refuses when another process reused the key of one of
    /// them (or of the object): nothing comes back, and the other process's row stays.
    @Test func undoOfADeleteRefusesAReusedKeyIncludingCascadedListRows() throws {
        let (workspace, db) = try EditCommandTests.demoWorkspace()
        defer { withExtendedLifetime(workspace) {} }
        let owner = try Self.sqlite3(db, "SELECT owner FROM RealmTestClass1_arrayReference GROUP BY owner HAVING count(*) >= 2 ORDER BY owner LIMIT 1")
        try #require(!owner.isEmpty)
        let browser = try BrowserSession(["--write", db])
        try browser.send("delete RealmTestClass1 \(owner)")
        #expect(try Self.sqlite3(db, "SELECT count(*) FROM RealmTestClass1_arrayReference WHERE owner = \(owner)") == "0")
        // Another process makes the object again with one list entry, at position 1.
        try Self.sqlite3(db, """
            INSERT INTO RealmTestClass1 SELECT \(owner), 5, 0, 1.0, 2.0, 'theirs', '2026-01-01T00:00:00.000Z';
            INSERT INTO RealmTestClass1_arrayReference VALUES (\(owner), 1, 1)
            """)
        let before = try EditCommandTests.dump(db)
        try browser.send("undo")
        #expect(try EditCommandTests.dump(db) == before)
        // Only the list entry is in the way now (the sqlite3 shell leaves foreign keys off, so it stays):
        // still refused, and nothing done.
        try Self.sqlite3(db, "DELETE FROM RealmTestClass1 WHERE id = \(owner)")
        let second = try EditCommandTests.dump(db)
        try browser.send("undo")
        #expect(try EditCommandTests.dump(db) == second)
        let result = try browser.finish()
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first == "error: cannot undo delete RealmTestClass1 \(owner): RealmTestClass1 \(owner) exists again (made since by someone else); nothing was done",
                "\(result.stderr)")
        #expect(lines.last == "error: cannot undo delete RealmTestClass1 \(owner): RealmTestClass1_arrayReference (\(owner), 1) exists again (made since by someone else); nothing was done",
                "\(result.stderr)")
    }

    /// A list edit's undo refuses when another process changed the entry it wrote.
    @Test func undoOfAListEditRefusesAChangedEntry() throws {
        let (workspace, db) = try EditCommandTests.demoWorkspace()
        defer { withExtendedLifetime(workspace) {} }
        let browser = try BrowserSession(["--write", db])
        try browser.send("list add RealmTestClass1 2 arrayReference RealmTestClass0 4 at 0")
        try Self.sqlite3(db, "UPDATE RealmTestClass1_arrayReference SET target = 9 WHERE owner = 2 AND position = 0")
        let before = try EditCommandTests.dump(db)
        try browser.send("undo")
        #expect(try EditCommandTests.dump(db) == before)
        let result = try browser.finish()
        #expect(result.stdout == "added RealmTestClass0 4 to RealmTestClass1 2 arrayReference at 0\n", "\(result.stdout)")
        #expect(result.stderr.hasPrefix("error: cannot undo list add RealmTestClass1 2 arrayReference: RealmTestClass1_arrayReference (2, 0) was changed since by someone else (its target is 9, not 4)"),
                "\(result.stderr)")
    }
}
