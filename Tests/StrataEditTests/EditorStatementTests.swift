import SQLiteKit
import Testing
@testable import StrataEdit
import StrataQuery
@testable import StrataCore

/// Classes keyed three ways: a composite primary key, the rowid, and the rowid under its second name
/// (a column takes `rowid`).
struct KeyedFixture {
    let connection: Connection
    let editor: Editor

    init() throws {
        connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            CREATE TABLE Pair (a INTEGER, b TEXT, label TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
            CREATE TABLE Note (text TEXT, score REAL);
            CREATE TABLE Shadow (rowid TEXT, body TEXT);
            INSERT INTO Pair VALUES (1, 'x', 'one'), (2, 'z', 'two');
            INSERT INTO Note VALUES ('a', 1.5);
            INSERT INTO Shadow VALUES ('not the rowid', 'b');
            """)
        var reader = SchemaReader(connection: connection)
        editor = try Editor(session: try DatabaseSession(connection: connection, schema: try reader.read(), path: "keys.sqlite"))
    }

    func info(_ name: String) throws -> ClassInfo { try editor.editableClass(name) }

    func dump() throws -> [[SQLiteValue]] {
        try connection.rows("SELECT * FROM Pair ORDER BY a, b") + connection.rows("SELECT rowid, * FROM Note ORDER BY rowid")
            + connection.rows("SELECT oid, * FROM Shadow ORDER BY oid")
    }
}

@Suite struct EditorStatementTests {
    /// (class, key, the condition's text): the values always travel as parameters.
    static let keyConditions: [(String, [SQLiteValue], String)] = [
        ("Pair", [.integer(1), .text("x")], #""a" = ?1 AND "b" = ?2"#),
        ("Note", [.integer(1)], "rowid = ?1"),
        ("Shadow", [.integer(1)], "oid = ?1"),
    ]

    @Test(arguments: keyConditions)
    func keyConditionsBindTheKey(_ row: (String, [SQLiteValue], String)) throws {
        let fixture = try KeyedFixture()
        let condition = Editor.keyCondition(try fixture.info(row.0), row.1)
        #expect(condition.text == row.2)
        #expect(condition.arguments == row.1)
    }

    /// (class, INSERT, DELETE): what undo and redo run for each row, built once per table.
    static let layouts: [(String, String, String)] = [
        ("Pair", #"INSERT INTO "Pair" ("a", "b", "label") VALUES (?1, ?2, ?3)"#, #"DELETE FROM "Pair" WHERE "a" = ?1 AND "b" = ?2"#),
        ("Note", #"INSERT INTO "Note" (rowid, "text", "score") VALUES (?1, ?2, ?3)"#, #"DELETE FROM "Note" WHERE rowid = ?1"#),
        ("Shadow", #"INSERT INTO "Shadow" (oid, "rowid", "body") VALUES (?1, ?2, ?3)"#, #"DELETE FROM "Shadow" WHERE oid = ?1"#),
    ]

    @Test(arguments: layouts)
    func theChangeLogWritesRowsByTheirKey(_ row: (String, String, String)) throws {
        let fixture = try KeyedFixture()
        let layout = try TableLayout(try fixture.info(row.0), connection: fixture.connection)
        #expect(layout.insertText == row.1)
        #expect(layout.deleteText == row.2)
    }

    @Test func aCompositeKeyIsSetDeletedUndoneAndRedone() throws {
        let fixture = try KeyedFixture()
        let pair = try fixture.info("Pair")
        let start = try fixture.dump()
        #expect(try fixture.editor.set(pair, key: [.integer(1), .text("x")], [TypedAssignment("label", TypedValue("uno"))]).message == "updated Pair (1, 'x')")
        let moved = try fixture.editor.set(pair, key: [.integer(1), .text("x")], [TypedAssignment("b", TypedValue("y"))], allowKeyChange: true)
        #expect(moved.message == "updated Pair (1, 'y')")
        #expect(moved.key == [.integer(1), .text("y")])
        #expect(try fixture.editor.delete(pair, key: [.integer(2), .text("z")])?.message == "deleted Pair (2, 'z')")
        #expect(throws: StrataError("no Pair (2, 'z') in keys.sqlite")) { try fixture.editor.delete(pair, key: [.integer(2), .text("z")]) }
        _ = try fixture.editor.set(try fixture.info("Shadow"), key: [.integer(1)], [TypedAssignment("rowid", TypedValue("still not"))])
        let end = try fixture.dump()
        #expect(end == [[.integer(1), .text("y"), .text("uno")], [.integer(1), .text("a"), .real(1.5)],
                        [.integer(1), .text("still not"), .text("b")]])
        for _ in 0..<4 { _ = try fixture.editor.undo() }
        #expect(try fixture.dump() == start)
        for _ in 0..<4 { _ = try fixture.editor.redo() }
        #expect(try fixture.dump() == end)
    }
}

extension EditorTests {
    @Test func deleteAsksWithNoTransactionOpenAndRecordsOnlyTheDelete() throws {
        let fixture = try TodoFixture()
        var openWhileAsked: Bool?
        let declined = try fixture.editor.delete(try fixture.info("Task"), key: [.integer(2)]) { _ in
            openWhileAsked = !fixture.connection.isAutocommit
            return false
        }
        #expect(declined == nil)
        // The question waits on the user with no lock held.
        #expect(openWhileAsked == false)
        #expect(fixture.editor.history.done.isEmpty)
        // The trial's rows left nothing in the change log: the next edit's changes are its own.
        #expect(try fixture.set("Task", .integer(3), "notes = x").changes.count == 1)
        _ = try #require(try fixture.editor.delete(try fixture.info("Task"), key: [.integer(2)]) { _ in true })
        #expect(fixture.editor.history.done.map(\.description) == ["set Task 3 notes", "delete Task 2"])
    }

    @Test func aTrialThatFailsSaysWhyAndAsksNothing() throws {
        let fixture = try TodoFixture()
        let before = try fixture.dump()
        var asked = false
        #expect(throws: StrataError("no Task 99 in todo.sqlite")) {
            try fixture.editor.delete(try fixture.info("Task"), key: [.integer(99)]) { _ in asked = true; return true }
        }
        #expect(throws: StrataError("cannot delete Task 4: 1 Invoice object links to it through Invoice.task (ON DELETE RESTRICT): delete or relink those first")) {
            try fixture.editor.delete(try fixture.info("Task"), key: [.integer(4)]) { _ in asked = true; return true }
        }
        #expect(!asked)
        #expect(fixture.connection.isAutocommit)
        #expect(try fixture.dump() == before)
    }

    @Test func aFailedUndoLeavesTheTriggersOn() throws {
        let fixture = try TodoFixture()
        _ = try fixture.set("Task", .integer(1), "name = Renamed")
        // The trigger's Audit row is gone: undo cannot find it, and does nothing.
        try fixture.connection.execute("DELETE FROM Audit")
        #expect(throws: StrataError("cannot undo set Task 1 name: Audit 1 is gone (deleted since by someone else); nothing was done")) {
            try fixture.editor.undo()
        }
        #expect(try fixture.connection.scalar("SELECT name FROM Task WHERE id = 1") == .text("Renamed"))
        // The schema's trigger and the change log's triggers are back.
        let next = try fixture.set("Task", .integer(2), "name = Again")
        #expect(try fixture.connection.rows("SELECT what FROM Audit") == [[.text("renamed 2")]])
        #expect(next.changes.map(\.table) == ["Task", "Audit"])
    }

    /// (extended code, SQLite's message, the words): for `TaskList` with `name = 'Inbox'` written.
    static let sqliteErrors: [(ResultCode, String, String)] = [
        (.constraintNotNull, "NOT NULL constraint failed: TaskList.name", "TaskList.name is required: it cannot be nil"),
        (.constraintUnique, "UNIQUE constraint failed: TaskList.name", "another TaskList already has name = 'Inbox' (it is unique)"),
        (.constraintPrimaryKey, "UNIQUE constraint failed: TaskList.id, TaskList.name",
         "another TaskList already has id, name = 'Inbox' (they are unique)"),
        (.constraintCheck, "CHECK constraint failed: length(name) > 9", "TaskList's rule CHECK (length(name) > 9) refuses name = 'Inbox'"),
        (.constraintForeignKey, "FOREIGN KEY constraint failed", Editor.brokenLink.message),
        (.constraintTrigger, "FOREIGN KEY constraint failed", Editor.brokenLink.message),
        (.constraintTrigger, "lists are forever", "a trigger of TaskList refused the change: lists are forever"),
        (.constraintDataType, "cannot store TEXT value in INTEGER column TaskList.id",
         "TaskList is a STRICT table and refuses the value's type: cannot store TEXT value in INTEGER column TaskList.id"),
        (.busy, "database is locked", "database is locked by another process: todo.sqlite (waited 5 s; see --timeout)"),
        (.constraint, "constraint failed", "todo.sqlite: constraint failed"),
    ]

    @Test(arguments: sqliteErrors)
    func sqliteErrorsAreSaidInWords(_ row: (ResultCode, String, String)) throws {
        let fixture = try TodoFixture()
        let info = try fixture.info("TaskList")
        let name = try #require(info.property(named: "name"))
        let error = fixture.editor.explain(SQLiteError(code: row.0, message: row.1), info: info,
                                           values: [Assignment(property: name, value: .text("Inbox"))])
        #expect((error as? StrataError)?.message == row.2)
        #expect((error as? StrataError)?.status == .failure)
    }

    @Test func aStrictTableRefusesAValueOfTheWrongType() throws {
        let connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("CREATE TABLE Reading (id INTEGER PRIMARY KEY, value ANY, amount INTEGER) STRICT; INSERT INTO Reading VALUES (1, 2, 3)")
        var reader = SchemaReader(connection: connection)
        let editor = try Editor(session: try DatabaseSession(connection: connection, schema: try reader.read(), path: "strict.sqlite"))
        // A trigger writes text into the INTEGER column: SQLITE_CONSTRAINT_DATATYPE.
        try connection.execute("CREATE TRIGGER spoil AFTER UPDATE OF value ON Reading BEGIN UPDATE Reading SET amount = 'many' WHERE id = new.id; END")
        #expect(throws: StrataError("Reading is a STRICT table and refuses the value's type: cannot store TEXT value in INTEGER column Reading.amount")) {
            try editor.set(try editor.editableClass("Reading"), key: [.integer(1)], [TypedAssignment("value", TypedValue("4"))])
        }
    }
}
