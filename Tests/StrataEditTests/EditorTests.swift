import Foundation
import SQLiteKit
import Testing
@testable import StrataEdit
import StrataQuery
@testable import StrataCore
@testable import StrataDemo

/// A to-do database with every kind of rule an edit can meet: NOT NULL, UNIQUE, CHECK, links that cascade,
/// set nil or restrict, a Strata list, a WITHOUT ROWID class with a text key, and a trigger of its own.
struct TodoFixture {
    let connection: Connection
    let editor: Editor

    init(recording: Bool = true) throws {
        connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, notes TEXT, done BOOLEAN NOT NULL DEFAULT 0,
                               priority INTEGER NOT NULL DEFAULT 0 CHECK (priority >= 0), due DATETIME,
                               list INTEGER REFERENCES TaskList(id) ON DELETE SET NULL);
            CREATE TABLE Step (id INTEGER PRIMARY KEY, task INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, text TEXT);
            CREATE TABLE Invoice (id INTEGER PRIMARY KEY, task INTEGER REFERENCES Task(id) ON DELETE RESTRICT);
            CREATE TABLE Tag (name TEXT PRIMARY KEY, color TEXT) WITHOUT ROWID;
            CREATE TABLE TaskList_tasks (
                owner INTEGER NOT NULL REFERENCES TaskList(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                target INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Audit (id INTEGER PRIMARY KEY, what TEXT);
            CREATE TRIGGER task_audit AFTER UPDATE OF name ON Task BEGIN INSERT INTO Audit (what) VALUES ('renamed ' || new.id); END;
            INSERT INTO TaskList VALUES (1, 'Inbox'), (2, 'Work');
            INSERT INTO Task (id, name, priority, due, list) VALUES
                (1, 'Buy milk', 1, '2026-11-01T09:00:00.000Z', 1), (2, 'Call Bob', 2, NULL, 1), (3, 'Write report', 0, NULL, 2),
                (4, 'File taxes', 3, NULL, NULL);
            INSERT INTO Step (task, text) VALUES (1, 'find wallet'), (1, 'walk'), (2, 'dial');
            INSERT INTO Invoice (id, task) VALUES (1, 4);
            INSERT INTO Tag VALUES ('home', 'green'), ('work', 'blue');
            INSERT INTO TaskList_tasks VALUES (1, 0, 1), (1, 1, 2), (1, 2, 1), (2, 0, 3);
            """)
        var reader = SchemaReader(connection: connection)
        editor = try Editor(session: try DatabaseSession(connection: connection, schema: try reader.read(), path: "todo.sqlite"), recording: recording)
    }

    func info(_ name: String) throws -> ClassInfo { try editor.editableClass(name) }

    func set(_ className: String, _ key: SQLiteValue, _ line: String, allowKeyChange: Bool = false) throws -> Editor.Outcome {
        try editor.set(try info(className), key: [key], try EditWords(line).assignments(from: 0), allowKeyChange: allowKeyChange)
    }

    func list(_ owner: Int64 = 1) throws -> [Int64] {
        try connection.rows("SELECT target FROM TaskList_tasks WHERE owner = ?1 ORDER BY position", [.integer(owner)]).map { $0[0].int64 ?? -1 }
    }

    /// Every row of every table, in key order: what undo must give back exactly.
    func dump() throws -> String {
        var text = ""
        for table in ["TaskList", "Task", "Step", "Invoice", "Tag", "TaskList_tasks", "Audit"] {
            for row in try connection.rows("SELECT * FROM \(table) ORDER BY 1, 2") {
                text += table + ": " + row.map(\.sqlLiteral).joined(separator: ", ") + "\n"
            }
        }
        return text
    }
}

@Suite struct EditorTests {
    @Test func setChangesOnlyTheNamedPropertiesAndRecordsTriggers() throws {
        let fixture = try TodoFixture()
        let outcome = try fixture.set("Task", .integer(2), "name = \"Call Bob back\" notes = nil due = 2026-12-01T10:00:00+01:00 list = TaskList 2")
        #expect(outcome.message == "updated Task 2")
        // Issue 29: each property with its old and new value, as stored.
        #expect(outcome.details.count == 4)
        #expect(outcome.details.first?.hasPrefix("name: \"") == true && outcome.details.first?.hasSuffix(" → \"Call Bob back\"") == true,
                "\(outcome.details)")
        #expect(outcome.details.contains("list: 2 (unchanged)") || outcome.details.contains { $0.hasPrefix("list: ") && $0.hasSuffix("→ 2") },
                "\(outcome.details)")
        let row = try fixture.connection.rows("SELECT name, notes, due, list, priority FROM Task WHERE id = 2")[0]
        #expect(row == [.text("Call Bob back"), .null, .text("2026-12-01T09:00:00.000Z"), .integer(2), .integer(2)])
        // The schema's trigger ran, and its row is part of the edit.
        #expect(outcome.changes.map(\.table) == ["Task", "Audit"])
    }

    @Test(arguments: [
        ("Task", 1, "name = nil", "Task.name is a required string: it cannot be nil"),
        ("Task", 1, "priority = -1", "Task's rule CHECK (priority >= 0) refuses priority = -1"),
        ("TaskList", 2, "name = Inbox", "another TaskList already has name = 'Inbox' (it is unique)"),
        ("Task", 1, "list = 7", "no TaskList with key 7 for Task.list to link to"),
        ("Task", 1, "id = 9", "Task.id is the primary key: changing it needs --allow-key-change (which also updates the links and lists that point at the object)"),
        ("Task", 1, "color = red", "Task has no property 'color'"),
        ("Task", 1, "name = a name = b", "Task.name is given twice"),
        ("Task", 99, "name = x", "no Task 99 in todo.sqlite"),
        ("TaskList", 1, "tasks = 1", "TaskList.tasks is a list: edit it with list add, list remove and list move"),
    ])
    func refusesEditsThatBreakARuleAndChangesNothing(_ className: String, _ key: Int64, _ line: String, _ message: String) throws {
        let fixture = try TodoFixture()
        let before = try fixture.dump()
        #expect(throws: StrataError(message)) { try fixture.set(className, .integer(key), line) }
        #expect(try fixture.dump() == before)
        #expect(fixture.editor.history.done.isEmpty)
    }

    @Test func aTriggerThatRefusesIsSaidInWords() throws {
        let fixture = try TodoFixture()
        try fixture.connection.execute("CREATE TRIGGER no_done BEFORE UPDATE OF done ON Task BEGIN SELECT RAISE(ABORT, 'tasks are never done'); END")
        #expect(throws: StrataError("a trigger of Task refused the change: tasks are never done")) {
            try fixture.set("Task", .integer(1), "done = true")
        }
    }

    @Test func changingAKeyMovesTheLinksAndListsAlong() throws {
        let fixture = try TodoFixture()
        let outcome = try fixture.set("Task", .integer(1), "id = 10", allowKeyChange: true)
        #expect(outcome.message == "updated Task 10")
        #expect(try fixture.list() == [10, 2, 10])
        #expect(try fixture.connection.rows("SELECT task FROM Step ORDER BY id").map { $0[0] } == [.integer(10), .integer(10), .integer(2)])
        #expect(try fixture.connection.rows("PRAGMA foreign_key_check").isEmpty)
        // A text key of a WITHOUT ROWID class.
        _ = try fixture.editor.set(try fixture.info("Tag"), key: [.text("home")], [TypedAssignment("name", TypedValue("house"))], allowKeyChange: true)
        #expect(try fixture.connection.rows("SELECT name FROM Tag ORDER BY name").map { $0[0] } == [.text("house"), .text("work")])
    }

    @Test func insertGivesTheNewKeyAndNamesWhatIsMissing() throws {
        let fixture = try TodoFixture()
        let outcome = try fixture.editor.insert(try fixture.info("Task"), try EditWords("name = \"Call Ann\" priority = 2").assignments(from: 0))
        #expect(outcome.key == [.integer(5)])
        #expect(outcome.message == "new Task 5")
        #expect(try fixture.connection.scalar("SELECT done FROM Task WHERE id = 5") == .integer(0))
        #expect(throws: StrataError("a new Task needs name (required, with no default): add name=…")) {
            try fixture.editor.insert(try fixture.info("Task"), [])
        }
        let tag = try fixture.editor.insert(try fixture.info("Tag"), [TypedAssignment("name", TypedValue("errands")), TypedAssignment("color", TypedValue("nil"))])
        #expect(tag.key == [.text("errands")])
        #expect(throws: StrataError("another Tag already has name = 'errands' (it is unique)")) {
            try fixture.editor.insert(try fixture.info("Tag"), [TypedAssignment("name", TypedValue("errands"))])
        }
    }

    @Test func deleteSaysWhatCascadesAndAsksFirst() throws {
        let fixture = try TodoFixture()
        let before = try fixture.dump()
        var asked = ""
        let declined = try fixture.editor.delete(try fixture.info("Task"), key: [.integer(1)]) { question in asked = question; return false }
        #expect(declined == nil)
        #expect(asked == "delete Task 1 (which removes 2 entries from TaskList.tasks lists, deletes 2 Step objects)?")
        #expect(try fixture.dump() == before)

        let outcome = try #require(try fixture.editor.delete(try fixture.info("Task"), key: [.integer(1)]) { _ in true })
        #expect(outcome.message == "deleted Task 1 (which removes 2 entries from TaskList.tasks lists, deletes 2 Step objects)")
        #expect(try fixture.list() == [2])
        #expect(try fixture.connection.scalar("SELECT count(*) FROM Step WHERE task = 1") == .integer(0))

        let list = try #require(try fixture.editor.delete(try fixture.info("TaskList"), key: [.integer(2)]))
        // Its own list goes with it: said as its own, apart from other objects' lists that held it.
        #expect(list.message == "deleted TaskList 2 with its tasks (1 entry) (which changes 1 Task object)")
    }

    @Test func deleteRefusedByARestrictingLinkNamesIt() throws {
        let fixture = try TodoFixture()
        let before = try fixture.dump()
        #expect(throws: StrataError("cannot delete Task 4: 1 Invoice object links to it through Invoice.task (ON DELETE RESTRICT): delete or relink those first")) {
            try fixture.editor.delete(try fixture.info("Task"), key: [.integer(4)])
        }
        #expect(try fixture.dump() == before)
    }

    @Test func viewsAreNotEditable() throws {
        let fixture = try TodoFixture()
        try fixture.connection.execute("CREATE VIEW Open AS SELECT * FROM Task WHERE done = 0")
        var reader = SchemaReader(connection: fixture.connection)
        let editor = try Editor(session: try DatabaseSession(connection: fixture.connection, schema: try reader.read(), path: "todo.sqlite"))
        #expect(throws: StrataError("Open is a view: views are read-only")) { try editor.editableClass("Open") }
    }

    @Test func listEditsKeepOrderAndPositions() throws {
        let fixture = try TodoFixture()
        let inbox = try fixture.info("TaskList")
        func edit(_ change: Editor.ListChange) throws -> String {
            try fixture.editor.editList(inbox, key: [.integer(1)], property: "tasks", change).message
        }
        #expect(try edit(.add(TypedValue("Task 4"), at: 0)) == "added Task 4 to TaskList 1 tasks at 0")
        #expect(try fixture.list() == [4, 1, 2, 1])
        #expect(try edit(.add(TypedValue("3"), at: nil)) == "added Task 3 to TaskList 1 tasks at 4")
        #expect(try fixture.list() == [4, 1, 2, 1, 3])
        #expect(try edit(.move(from: 0, to: 3)) == "moved TaskList 1 tasks 0 to 3")
        #expect(try fixture.list() == [1, 2, 1, 4, 3])
        #expect(try edit(.remove(at: 1)) == "removed Task 2 from TaskList 1 tasks at 1")
        #expect(try fixture.list() == [1, 1, 4, 3])
        #expect(try edit(.removeObject(TypedValue("Task 4"))) == "removed Task 4 from TaskList 1 tasks at 2")
        #expect(try fixture.list() == [1, 1, 3])
        #expect(try fixture.connection.rows("SELECT position FROM TaskList_tasks WHERE owner = 1 ORDER BY position").map { $0[0] }
                == [.integer(0), .integer(1), .integer(2)])
        #expect(throws: StrataError("at 4 is not in TaskList 1's tasks, which holds 3 objects (at 0 to 3)")) { try edit(.add(TypedValue("1"), at: 4)) }
        #expect(throws: StrataError("from 3 is not in TaskList 1's tasks, which holds 3 objects (at 0 to 2)")) { try edit(.move(from: 3, to: 0)) }
        #expect(throws: StrataError("no Task with key 9 for TaskList.tasks to link to")) { try edit(.add(TypedValue("9"), at: nil)) }
        #expect(throws: StrataError("TaskList 1's tasks does not hold Task 2")) { try edit(.removeObject(TypedValue("2"))) }
    }

    @Test func aListWithGapsIsWrittenAfresh() throws {
        let fixture = try TodoFixture()
        try fixture.connection.execute("UPDATE TaskList_tasks SET position = position * 10 WHERE owner = 1")
        _ = try fixture.editor.editList(try fixture.info("TaskList"), key: [.integer(1)], property: "tasks", .move(from: 2, to: 0))
        #expect(try fixture.list() == [1, 1, 2])
        #expect(try fixture.connection.rows("SELECT position FROM TaskList_tasks WHERE owner = 1 ORDER BY position").map { $0[0] }
                == [.integer(0), .integer(1), .integer(2)])
        _ = try fixture.editor.undo()
        #expect(try fixture.connection.rows("SELECT position, target FROM TaskList_tasks WHERE owner = 1 ORDER BY position").map { $0 }
                == [[.integer(0), .integer(1)], [.integer(10), .integer(2)], [.integer(20), .integer(1)]])
    }

    @Test func bulkUpdateCountsAndChanges() throws {
        let fixture = try TodoFixture()
        let before = try fixture.dump()
        let dry = try fixture.editor.update("Task where priority > 0 AND list.name == 'Inbox'", [TypedAssignment("done", TypedValue("yes"))], dryRun: true)
        #expect(dry.message == "would update 2 Task objects")
        #expect(dry.details.count == 2 && dry.details.allSatisfy { $0.hasPrefix("Task ") && $0.contains("done: ") }, "\(dry.details)")
        #expect(try fixture.dump() == before)
        // String matching runs SQL functions of Strata's own, registered on the editor's connection.
        let matched = try fixture.editor.update("Task where name CONTAINS[c] 'B' AND name BEGINSWITH[cd] 'cá'", [TypedAssignment("notes", TypedValue("b"))])
        #expect(matched.message == "updated 1 Task object")
        let outcome = try fixture.editor.update("Task where priority > 0", [TypedAssignment("done", TypedValue("true")), TypedAssignment("notes", TypedValue("bulk"))])
        #expect(outcome.message == "updated 3 Task objects")
        #expect(try fixture.connection.scalar("SELECT count(*) FROM Task WHERE done = 1 AND notes = 'bulk'") == .integer(3))
        // A query that needs a join or a LIMIT picks its objects by key.
        let joined = try fixture.editor.update("Task where list.name == 'Work'", [TypedAssignment("priority", TypedValue("5"))])
        #expect(joined.count == 1)
        let limited = try fixture.editor.update("Task SORT(priority DESC) LIMIT(1)", [TypedAssignment("notes", TypedValue("top"))])
        #expect(limited.count == 1)
        #expect(try fixture.connection.scalar("SELECT id FROM Task WHERE notes = 'top'") == .integer(3))
        #expect(throws: StrataError("Task's rule CHECK (priority >= 0) refuses priority = -1")) {
            try fixture.editor.update("Task", [TypedAssignment("priority", TypedValue("-1"))])
        }
        #expect(throws: StrataError("Task.id is the primary key: update does not change keys (set one object with --allow-key-change)")) {
            try fixture.editor.update("Task", [TypedAssignment("id", TypedValue("1"))])
        }
    }

    @Test func undoAndRedoTakeBackEverythingIncludingCascadesAndTriggers() throws {
        let fixture = try TodoFixture()
        let start = try fixture.dump()
        _ = try fixture.set("Task", .integer(1), "name = Renamed")
        let renamed = try fixture.dump()
        _ = try fixture.editor.delete(try fixture.info("Task"), key: [.integer(1)])
        _ = try fixture.editor.delete(try fixture.info("TaskList"), key: [.integer(2)])
        let end = try fixture.dump()
        #expect(try fixture.editor.undo().description == "delete TaskList 2")
        #expect(try fixture.editor.undo().description == "delete Task 1")
        #expect(try fixture.dump() == renamed)
        #expect(try fixture.editor.undo().description == "set Task 1 name")
        // The trigger's Audit row went with it, and undoing did not fire the trigger again.
        #expect(try fixture.dump() == start)
        #expect(throws: StrataError("nothing to undo")) { try fixture.editor.undo() }
        for _ in 0..<3 { _ = try fixture.editor.redo() }
        #expect(try fixture.dump() == end)
        #expect(throws: StrataError("nothing to redo")) { try fixture.editor.redo() }
        // A new edit forgets what was undone.
        _ = try fixture.editor.undo()
        let after = try fixture.set("Task", .integer(2), "notes = x")
        #expect(throws: StrataError("nothing to redo")) { try fixture.editor.redo() }
        // Recording goes on after undo and redo, which run without it.
        #expect(after.changes.count == 1)
        #expect(try fixture.connection.scalar("SELECT count(*) FROM temp.sqlite_schema WHERE type = 'trigger'") == .integer(3 * 7))
    }

    /// An edit, what someone else did to the file after it, and how undo refuses (the file left as it was).
    struct OutsideChange: Sendable, CustomTestStringConvertible {
        var edit: @Sendable (TodoFixture) throws -> Void
        var outside: String
        var refusal: String
        var testDescription: String { outside }
    }

    static let outsideChanges: [OutsideChange] = [
        OutsideChange(edit: { _ = try $0.editor.insert(try $0.info("Tag"), [TypedAssignment("name", TypedValue("new"))]) },
                      outside: "DELETE FROM Tag WHERE name = 'new'",
                      refusal: "cannot undo new Tag 'new': Tag 'new' is gone (deleted since by someone else); nothing was done"),
        OutsideChange(edit: { _ = try $0.editor.insert(try $0.info("Tag"), [TypedAssignment("name", TypedValue("new"))]) },
                      outside: "UPDATE Tag SET color = 'red' WHERE name = 'new'",
                      refusal: "cannot undo new Tag 'new': Tag 'new' was changed since by someone else (its color is 'red', not NULL); nothing was done"),
        OutsideChange(edit: { _ = try $0.set("Task", .integer(2), "priority = 5") },
                      outside: "UPDATE Task SET priority = 6 WHERE id = 2",
                      refusal: "cannot undo set Task 2 priority: Task 2 was changed since by someone else (its priority is 6, not 5); nothing was done"),
        // A composed é stands in for the decomposed one the edit wrote: other bytes.
        OutsideChange(edit: { _ = try $0.set("Task", .integer(2), "notes = \"e\u{301}\"") },
                      outside: "UPDATE Task SET notes = char(233) WHERE id = 2",
                      refusal: "cannot undo set Task 2 notes: Task 2 was changed since by someone else (its notes is 'é', not 'é'); nothing was done"),
        OutsideChange(edit: { _ = try $0.editor.delete(try $0.info("Task"), key: [.integer(1)]) },
                      outside: "INSERT INTO Step (id, task, text) SELECT 1, 3, 'theirs'",
                      refusal: "cannot undo delete Task 1: Step 1 exists again (made since by someone else); nothing was done"),
        OutsideChange(edit: { _ = try $0.editor.editList(try $0.info("TaskList"), key: [.integer(2)], property: "tasks", .add(TypedValue("4"), at: nil)) },
                      outside: "UPDATE TaskList_tasks SET target = 2 WHERE owner = 2 AND position = 1",
                      refusal: "cannot undo list add TaskList 2 tasks: TaskList_tasks (2, 1) was changed since by someone else (its target is 2, not 4); nothing was done"),
    ]

    @Test(arguments: outsideChanges)
    func undoRefusesWhenSomeoneElseChangedTheRow(_ change: OutsideChange) throws {
        let fixture = try TodoFixture()
        try change.edit(fixture)
        try fixture.connection.execute(change.outside)
        let before = try fixture.dump()
        #expect(throws: StrataError(change.refusal)) { try fixture.editor.undo() }
        #expect(try fixture.dump() == before)
        #expect(fixture.connection.isAutocommit)
    }

    /// Redo checks the rows against what the undo left, the same way.
    @Test func redoRefusesWhenSomeoneElseChangedTheRow() throws {
        let fixture = try TodoFixture()
        _ = try fixture.set("Task", .integer(2), "priority = 5")
        _ = try fixture.editor.undo()
        try fixture.connection.execute("UPDATE Task SET priority = 7 WHERE id = 2")
        #expect(throws: StrataError("cannot redo set Task 2 priority: Task 2 was changed since by someone else (its priority is 7, not 2); nothing was done")) {
            try fixture.editor.redo()
        }
        // A change to another column is not the edit's business: redo goes ahead and keeps it.
        try fixture.connection.execute("UPDATE Task SET priority = 2, notes = 'theirs' WHERE id = 2")
        _ = try fixture.editor.redo()
        #expect(try fixture.connection.rows("SELECT priority, notes FROM Task WHERE id = 2") == [[.integer(5), .text("theirs")]])
    }

    /// Random edits of every kind, then undo all of them: the content is the start's, row for row; redo
    /// all: the content after the edits.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomEditsUndoneGiveBackTheStart(seed: UInt64) throws {
        let fixture = try TodoFixture()
        var random = RandomGenerator(seed: seed)
        let start = try fixture.dump()
        var applied = 0
        for _ in 0..<40 {
            let task = Int64(random.next() % 8) + 1
            let list = Int64(random.next() % 2) + 1
            let edit: () throws -> Any? = {
                switch random.next() % 9 {
                case 0: try fixture.set("Task", .integer(task), "name = \"t\(random.next() % 100)\" priority = \(random.next() % 5)")
                case 1: try fixture.set("Task", .integer(task), "list = \(random.next() % 2 == 0 ? "nil" : String(list)) due = now")
                case 2: try fixture.editor.insert(try fixture.info("Task"), [TypedAssignment("name", TypedValue("new"))])
                case 3: try fixture.editor.delete(try fixture.info("Task"), key: [.integer(task)])
                case 4: try fixture.editor.editList(try fixture.info("TaskList"), key: [.integer(list)], property: "tasks",
                                                     .add(TypedValue(String(task)), at: 0))
                case 5: try fixture.editor.editList(try fixture.info("TaskList"), key: [.integer(list)], property: "tasks",
                                                     .move(from: Int(random.next() % 3), to: 0))
                case 6: try fixture.editor.editList(try fixture.info("TaskList"), key: [.integer(list)], property: "tasks", .remove(at: 0))
                case 7: try fixture.editor.update("Task where priority >= \(random.next() % 4)", [TypedAssignment("done", TypedValue("yes"))])
                default: try fixture.set("Task", .integer(task), "id = \(100 + random.next() % 50)", allowKeyChange: true)
                }
            }
            // Edits that break a rule (a missing object, a restricting link, a taken key) change nothing.
            if (try? edit()) != nil { applied += 1 }
        }
        let end = try fixture.dump()
        let done = fixture.editor.history.done.count
        #expect(done > 10)
        for _ in 0..<done { _ = try fixture.editor.undo() }
        #expect(try fixture.dump() == start)
        for _ in 0..<done { _ = try fixture.editor.redo() }
        #expect(try fixture.dump() == end)
        #expect(try fixture.connection.rows("PRAGMA foreign_key_check").isEmpty)
    }
}

@Suite struct CoreDataEditingTests {
    @Test func newObjectsAndChangesKeepCoreDatasBookkeeping() throws {
        let connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            CREATE TABLE ZTASK (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR, ZDUE TIMESTAMP);
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Task', 0, 3);
            INSERT INTO ZTASK VALUES (1, 1, 4, 'a', 100.5), (3, 1, 1, 'b', NULL);
            """)
        var reader = SchemaReader(connection: connection)
        let editor = try Editor(session: try DatabaseSession(connection: connection, schema: try reader.read(), path: "store.sqlite"))
        let task = try editor.editableClass("Task")
        let outcome = try editor.insert(task, [TypedAssignment("title", TypedValue("c")), TypedAssignment("due", TypedValue("2001-01-01T00:01:00Z"))])
        #expect(outcome.key == [.integer(4)])
        #expect(try connection.rows("SELECT Z_ENT, Z_OPT, ZDUE FROM ZTASK WHERE Z_PK = 4")[0] == [.integer(1), .integer(1), .integer(60)])  // NUMERIC affinity keeps 60.0 as 60
        #expect(try connection.scalar("SELECT Z_MAX FROM Z_PRIMARYKEY") == .integer(4))
        _ = try editor.set(task, key: [.integer(1)], [TypedAssignment("title", TypedValue("renamed"))])
        #expect(try connection.scalar("SELECT Z_OPT FROM ZTASK WHERE Z_PK = 1") == .integer(5))
        _ = try editor.undo()
        _ = try editor.undo()
        #expect(try connection.scalar("SELECT Z_MAX FROM Z_PRIMARYKEY") == .integer(3))
        #expect(try connection.rows("SELECT Z_PK, Z_OPT, ZTITLE FROM ZTASK ORDER BY Z_PK") == [[.integer(1), .integer(4), .text("a")], [.integer(3), .integer(1), .text("b")]])
    }
}

extension EditorTests {
    @Test func aCascadeWithinOneClassIsCountedApartFromTheObject() throws {
        let connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            CREATE TABLE Folder (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES Folder(id) ON DELETE CASCADE);
            INSERT INTO Folder VALUES (1, NULL), (2, 1), (3, 2), (4, NULL);
            """)
        var reader = SchemaReader(connection: connection)
        let editor = try Editor(session: try DatabaseSession(connection: connection, schema: try reader.read(), path: "tree.sqlite"))
        let outcome = try #require(try editor.delete(try editor.editableClass("Folder"), key: [.integer(1)]))
        #expect(outcome.message == "deleted Folder 1 (which deletes 2 Folder objects)")
        // SQLite runs the cascade before the object's own AFTER DELETE trigger: its row is logged last.
        #expect(outcome.changes.last?.old == [.integer(1), .null])
        _ = try editor.undo()
        #expect(try connection.scalar("SELECT count(*) FROM Folder") == .integer(4))
    }
}

extension EditorTests {
    /// Objects known by rowid alone, and a text primary key in a rowid table: undo puts rows back under
    /// the same rowid.
    @Test func undoKeepsRowIDs() throws {
        let connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            CREATE TABLE Note (text TEXT, score REAL);
            CREATE TABLE Code (code TEXT PRIMARY KEY, label TEXT);
            INSERT INTO Note VALUES ('a', 1.5), ('b', 1e308 * 10), ('c', NULL);
            INSERT INTO Code VALUES ('x', 'ex'), ('y', 'why');
            """)
        var reader = SchemaReader(connection: connection)
        let editor = try Editor(session: try DatabaseSession(connection: connection, schema: try reader.read(), path: "notes.sqlite"))
        func dump() throws -> [[SQLiteValue]] {
            try connection.rows("SELECT rowid, * FROM Note ORDER BY rowid") + connection.rows("SELECT rowid, * FROM Code ORDER BY rowid")
        }
        let start = try dump()
        let note = try editor.editableClass("Note")
        #expect(try editor.insert(note, [TypedAssignment("text", TypedValue("d"))]).key == [.integer(4)])
        _ = try editor.set(note, key: [.integer(2)], [TypedAssignment("text", TypedValue("bee")), TypedAssignment("score", TypedValue("0.1"))])
        _ = try editor.delete(note, key: [.integer(1)])
        _ = try editor.delete(try editor.editableClass("Code"), key: [.text("x")])
        _ = try editor.set(try editor.editableClass("Code"), key: [.text("y")], [TypedAssignment("code", TypedValue("z"))], allowKeyChange: true)
        let end = try dump()
        for _ in 0..<5 { _ = try editor.undo() }
        #expect(try dump() == start)
        for _ in 0..<5 { _ = try editor.redo() }
        #expect(try dump() == end)
    }
}
