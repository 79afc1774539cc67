import Foundation
import SQLiteKit
import Testing
@testable import StrataMigrate
@testable import StrataCore

@Suite struct StrataScriptTests {
    @Test(arguments: [
        ("add class Tag (name string primary key, color string?)",
         StrataOperation.addClass(name: "Tag", properties: [PropertyDeclaration(name: "name", type: .string, optional: false, primaryKey: true),
                                                            PropertyDeclaration(name: "color", type: .string, optional: true)])),
        ("delete class Obsolete", .deleteClass(name: "Obsolete")),
        ("rename class TaskList to Project", .renameClass(from: "TaskList", to: "Project")),
        ("add property Task.priority int = 0", .addProperty(className: "Task", property: PropertyDeclaration(name: "priority", type: .int, optional: false, defaultValue: "0"))),
        ("add property Task.dueDate date?  # a comment", .addProperty(className: "Task", property: PropertyDeclaration(name: "dueDate", type: .date, optional: true))),
        ("add property Task.title string = \"it's\"", .addProperty(className: "Task", property: PropertyDeclaration(name: "title", type: .string, optional: false, defaultValue: "'it''s'"))),
        ("delete property Task.legacy", .deleteProperty(className: "Task", name: "legacy")),
        ("rename property Task.notes to details", .renameProperty(className: "Task", from: "notes", to: "details")),
        ("add index Task(name)", .addIndex(className: "Task", properties: ["name"], unique: false)),
        ("add unique index Task(email, list)", .addIndex(className: "Task", properties: ["email", "list"], unique: true)),
        ("delete index Task(name)", .deleteIndex(className: "Task", properties: ["name"])),
        ("add link Task.project -> Project?", .addLink(className: "Task", name: "project", target: "Project")),
        ("add list Project.tasks -> Task", .addList(className: "Project", name: "tasks", target: "Task")),
        ("update Task set priority = 1 where isCompleted == false", .update(className: "Task", assignments: [UpdateAssignment(property: "priority", value: "1")], predicate: "isCompleted == false")),
        ("update Task set a = -2.5, b = nil, c = true", .update(className: "Task", assignments: [UpdateAssignment(property: "a", value: "-2.5"), UpdateAssignment(property: "b", value: "NULL"), UpdateAssignment(property: "c", value: "1")], predicate: nil)),
        ("update Task set note = 'where' where name CONTAINS[c] \"where\"", .update(className: "Task", assignments: [UpdateAssignment(property: "note", value: "'where'")], predicate: "name CONTAINS[c] \"where\"")),
        ("sql { DELETE FROM t WHERE x = '}' }", .sql(text: "DELETE FROM t WHERE x = '}'")),
        ("change property Task.priority to double? = 1.5",
         .changeProperty(className: "Task", property: PropertyDeclaration(name: "priority", type: .double, optional: true, defaultValue: "1.5"))),
    ])
    func parsesEachOperation(_ line: String, _ operation: StrataOperation) throws {
        let up = try StrataScript.parse(line, file: "1_a.strata").up
        #expect(up.map(\.operation) == [operation])
        #expect(up.map(\.line) == [1])
    }

    @Test(arguments: [
        ("add property Task.priority int", "1_a.strata:1:14: a required property needs a default"),
        ("add link Task.project -> Project", "1_a.strata:1:26: a link is always optional, as in Realm"),
        ("change property Task.priority double", "1_a.strata:1:31: expected 'to'"),
        ("change property Task.id to int primary key", "1_a.strata:1:17: change property cannot make a primary key"),
        ("add class T (x widget)", "1_a.strata:1:16: unknown type 'widget'"),
        ("remove class T", "1_a.strata:1:1: unknown operation 'remove'"),
        ("add class T (x int", "1_a.strata:1:19: expected ')'"),
        ("\n\nsql {\nSELECT 1;", "1_a.strata:3:1: sql { has no closing }"),
        ("delete class A extra", "1_a.strata:1:16: unexpected text at the end of the line"),
        ("add property T.x string = 'open", "1_a.strata:1:27: a string has no closing '"),
        ("update Task set x = 1 where", "1_a.strata:1:23: where needs a predicate"),
    ])
    func errorsNameTheLine(_ text: String, _ message: String) {
        do {
            _ = try StrataScript.parse(text, file: "1_a.strata")
            Issue.record("no error for \(text)")
        } catch let error as StrataError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func multiLineBlocksAndTheWayDown() throws {
        let script = try StrataScript.parse("""
            # two operations and raw SQL
            add class Tag (name string primary key)
            sql {
              INSERT INTO Tag VALUES ('a');
              INSERT INTO Tag VALUES ('}');
            }
            rename class Tag to Label
            down {
              rename class Label to Tag
              delete class Tag
            }
            """, file: "2_b.strata")
        #expect(script.up.count == 3)
        #expect(script.up.map(\.line) == [2, 3, 7])
        #expect(script.up[1].operation == .sql(text: "INSERT INTO Tag VALUES ('a');\n  INSERT INTO Tag VALUES ('}');"))
        #expect(script.wayDown?.map(\.operation) == [.renameClass(from: "Label", to: "Tag"), .deleteClass(name: "Tag")])
        #expect(script.wayDown?.map(\.line) == [9, 10])
        // Derived: newest first, each inverted; none when something loses data.
        let derived = try StrataScript.parse("add class A (x int?)\nadd property A.y int?\nrename property A.y to z", file: "3.strata")
        #expect(derived.wayDown?.map(\.operation) == [.renameProperty(className: "A", from: "z", to: "y"), .deleteProperty(className: "A", name: "y"),
                                                     .deleteClass(name: "A")])
        #expect(derived.wayDown?.map(\.line) == [3, 2, 1])
        #expect(try StrataScript.parse("add class A (x int?)\ndelete property A.x", file: "4.strata").wayDown == nil)
    }
}

/// `.strata` migrations applied to a database with data, links and a list.
@Suite struct StrataMigrationTests {
    func apply(_ files: [(String, String)], to connection: Connection, target: Int? = nil) throws -> [MigrationStep] {
        let migrations = try files.map { try MigrationFile(fileName: $0.0, bytes: Array($0.1.utf8)) }
        return try Migrator(connection: connection, files: migrations).apply(to: target).applied.map(\.step)
    }

    @Test func everyOperationOnATableWithData() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("""
            CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, isCompleted BOOLEAN NOT NULL DEFAULT 0, notes TEXT, legacy TEXT);
            INSERT INTO TaskList VALUES (1, 'Inbox');
            INSERT INTO Task VALUES (1, 'Buy milk', 0, 'n1', 'x'), (2, 'Call Bob', 1, NULL, 'y'), (3, 'buy bread', 0, NULL, NULL);
            """)
        let files = [
            ("1_shape.strata", """
                add property Task.priority int = 0
                add property Task.dueDate date?
                delete property Task.legacy
                rename property Task.notes to details
                add link Task.list -> TaskList?
                add class Tag (name string primary key, color string?)
                add list Task.tags -> Tag
                add unique index Task(name)
                update Task set priority = 2, list = 1 where name BEGINSWITH[c] "buy" AND isCompleted == false
                sql { INSERT INTO Tag VALUES ('home', NULL); INSERT INTO Task_tags VALUES (1, 0, 'home'); }
                rename class TaskList to Project
                """),
        ]
        let steps = try apply(files, to: db)
        #expect(steps.count == 1)
        #expect(try db.rows("SELECT id, name, priority, list, details FROM Task ORDER BY id") == [
            [.integer(1), .text("Buy milk"), .integer(2), .integer(1), .text("n1")],
            [.integer(2), .text("Call Bob"), .integer(0), .null, .null],
            [.integer(3), .text("buy bread"), .integer(2), .integer(1), .null],
        ])
        var reader = SchemaReader(connection: db)
        let schema = try reader.read()
        let task = try #require(schema.class(named: "Task"))
        #expect(task.property(named: "priority")?.type == .int && task.property(named: "priority")?.isOptional == false)
        #expect(task.property(named: "dueDate")?.type == .date && task.property(named: "dueDate")?.isOptional == true)
        #expect(task.property(named: "legacy") == nil)
        #expect(task.property(named: "list")?.type == .object && task.property(named: "list")?.target == "Project")
        #expect(task.property(named: "tags")?.type == .list && task.property(named: "tags")?.target == "Tag")
        #expect(task.indexes.contains { $0.isUnique && $0.columns == ["name"] })
        #expect(schema.class(named: "Project") != nil && schema.class(named: "TaskList") == nil)
        #expect(try db.scalar("SELECT count(*) FROM Task_tags").int64 == 1)
        // The duplicate name the unique index refuses.
        #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO Task (id, name) VALUES (9, 'Buy milk')") }
    }

    @Test func derivedDownsUndoAndLossyOnesAreRefused() throws {
        let db = try Connection(path: "", mode: .memory)
        let files = [
            ("1_create.strata", "add class Project (id int primary key, name string)\nadd class Task (id int primary key, title string)"),
            ("2_more.strata", "add property Task.priority int = 0\nadd link Task.project -> Project?\nadd list Project.tasks -> Task\nadd index Task(title)\nrename property Task.title to name"),
            ("3_data.strata", "sql { INSERT INTO Project VALUES (1, 'p'); INSERT INTO Task (id, name, project) VALUES (1, 't', 1); }"),
        ]
        #expect(try apply(files, to: db).count == 3)
        #expect(throws: StrataError.self) { try apply(files, to: db, target: 1) }  // 3 runs sql: no way down
        #expect(try db.scalar("PRAGMA user_version").int64 == 3)
        let withoutData = Array(files.prefix(2))
        let other = try Connection(path: "", mode: .memory)
        _ = try apply(withoutData, to: other)
        let down = try apply(withoutData, to: other, target: 1)
        #expect(down.map(\.file.version) == [2] && down.allSatisfy { $0.direction == .down })
        #expect(try other.rows("SELECT name FROM pragma_table_info('Task') ORDER BY cid").map { $0[0] } == [.text("id"), .text("title")])
        #expect(try other.scalar("SELECT count(*) FROM sqlite_schema WHERE name IN ('Project_tasks', 'Task_title')").int64 == 0)
        #expect(try other.scalar("PRAGMA user_version").int64 == 1)
    }

    /// A list is deleted with its table; a class with its own lists; a class that another class's link or list
    /// points at is refused, naming what points at it.
    @Test func deletingAListOrAClassTakesItsListTables() throws {
        let db = try Connection(path: "", mode: .memory)
        let files = [
            ("1_create.strata", """
                add class Tag (name string primary key)
                add class Note (id int primary key, content string)
                add list Note.tags -> Tag
                add list Tag.aliases -> Tag
                """),
            ("2_untag.strata", "delete property Note.tags"),
            ("3_drop.strata", "delete class Tag"),
        ]
        _ = try apply(Array(files.prefix(2)), to: db)
        func tables() throws -> [SQLiteValue] {
            try db.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'strata%' ORDER BY name").map { $0[0] }
        }
        #expect(try tables() == [.text("Note"), .text("Tag"), .text("Tag_aliases")])
        _ = try apply(files, to: db)
        #expect(try tables() == [.text("Note")])
        let refused = try Connection(path: "", mode: .memory)
        do {
            _ = try apply([files[0], ("2_drop.strata", "delete class Tag")], to: refused)
            Issue.record("no error")
        } catch let error as StrataError {
            #expect(error.message.hasPrefix("2_drop.strata:1:14 failed: Note.tags points at Tag: delete property Note.tags first"), "\(error.message)")
        }
    }

    @Test func aFailingOperationLeavesEverythingAsItWas() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO Task VALUES (1, 'a');")
        let files = [("1_bad.strata", "add property Task.priority int = 0\nadd link Task.list -> Nowhere?")]
        do {
            _ = try apply(files, to: db)
            Issue.record("no error")
        } catch let error as StrataError {
            #expect(error.message == "1_bad.strata:2:23 failed: no class Nowhere; nothing was changed (still at version 0)")
        }
        #expect(try db.rows("SELECT name FROM pragma_table_info('Task')").count == 2)
    }
}

@Suite struct StrataLintTests {
    @Test func operationsAreLintedWithTheirLines() throws {
        let file = try MigrationFile(fileName: "5_x.strata", bytes: Array("""
            # cleanup
            delete class Old
            delete property Task.legacy
            update Task set a = 1
            sql {
              DELETE FROM Log;
            }
            """.utf8))
        #expect(try MigrationLint.check(file).map { "\($0.line) \($0.code.rawValue)" } == ["2 S001", "3 S002", "4 S004", "5 S003", "1 S007"])
        let invertible = try MigrationFile(fileName: "6_y.strata", bytes: Array("add property Task.p int?".utf8))
        #expect(try MigrationLint.check(invertible).isEmpty)
    }
}

/// `change property`: the table rebuilt in SQLite's documented order, values converted or the run refused.
@Suite struct TableRebuildTests {
    /// Tasks in lists, with an index, a trigger, a view, a list whose entries cascade from Task, a
    /// WITHOUT ROWID class and a STRICT one; foreign keys on, as apps run them.
    static func database() throws -> Connection {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("""
            PRAGMA foreign_keys = ON;
            CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE UNIQUE, priority INTEGER,
                               code TEXT, list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE);
            CREATE INDEX Task_priority ON Task(priority);
            CREATE TABLE Log (what TEXT);
            CREATE TRIGGER Task_log AFTER UPDATE ON Task BEGIN INSERT INTO Log VALUES (new.name); END;
            CREATE VIEW Urgent AS SELECT name, priority FROM Task WHERE priority > 1;
            CREATE TABLE Tag (name TEXT PRIMARY KEY, weight TEXT) WITHOUT ROWID;
            \(ListTable.createSQL(owner: "Task", property: "tags", target: "Tag", targetKey: "name", targetKeyType: "TEXT"))
            CREATE TABLE Metric (id INTEGER PRIMARY KEY, value INTEGER) STRICT;
            INSERT INTO TaskList VALUES (1, 'Inbox');
            INSERT INTO Task VALUES (1, 'a', 1, '10', 1), (2, 'b', 3, '20', 1), (3, 'c', NULL, NULL, 1);
            INSERT INTO Tag VALUES ('home', '1.5'), ('work', '2');
            INSERT INTO Task_tags VALUES (1, 0, 'home'), (1, 1, 'work'), (2, 0, 'home');
            INSERT INTO Metric VALUES (1, 7), (2, 8);
            """)
        return db
    }

    func apply(_ text: String, to db: Connection) throws {
        let file = try MigrationFile(fileName: "1_change.strata", bytes: Array(text.utf8))
        try Migrator(connection: db, files: [file]).apply(to: nil)
    }

    @Test func aTypeChangeKeepsRowsListsIndexesTriggersAndViews() throws {
        let db = try Self.database()
        try apply("change property Task.priority to double = 0\nchange property Task.code to int?", to: db)
        let rows: [[SQLiteValue]] = try db.rows("SELECT id, priority, typeof(priority), code, typeof(code) FROM Task ORDER BY id")
        let expected: [[SQLiteValue]] = [
            [.integer(1), .real(1), .text("real"), .integer(10), .text("integer")],
            [.integer(2), .real(3), .text("real"), .integer(20), .text("integer")],
            [.integer(3), .real(0), .text("real"), .null, .text("null")],
        ]
        #expect(rows == expected)
        // No cascade while Task was dropped and made again.
        #expect(try db.scalar("SELECT count(*) FROM Task_tags").int64 == 3)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name IN ('Task_priority', 'Task_log', 'Urgent')").int64 == 3)
        #expect(try db.rows("SELECT name FROM Urgent").map { $0[0] } == [.text("b")])
        try db.execute("UPDATE Task SET priority = 5 WHERE id = 1")
        #expect(try db.scalar("SELECT count(*) FROM Log").int64 == 1)
        // The link and the column's other constraints are still there.
        #expect(try db.scalar("SELECT count(*) FROM pragma_foreign_key_list('Task')").int64 == 1)
        #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO Task (id, name) VALUES (9, 'A')") }  // UNIQUE, NOCASE
        #expect(try db.scalar("PRAGMA foreign_keys").int64 == 1)
        #expect(try db.scalar("PRAGMA integrity_check").string == "ok")
        var reader = SchemaReader(connection: db)
        let task = try #require(try reader.read().class(named: "Task"))
        #expect(task.property(named: "priority")?.type == .double && task.property(named: "priority")?.isOptional == false)
        #expect(task.property(named: "code")?.type == .int && task.property(named: "code")?.isOptional == true)
    }

    @Test(arguments: [
        ("UPDATE Task SET code = 'abc' WHERE id = 2", "change property Task.code to int?", "1 Task object cannot have code as int? (the first: key 2, value 'abc')"),
        ("UPDATE Task SET code = '1.5' WHERE id = 2", "change property Task.code to int?", "1 Task object cannot have code as int?"),
        ("SELECT 1", "change property Task.priority to int", "1 Task object cannot have priority as int (the first: key 3, value NULL); a default"),
        ("SELECT 1", "change property Task.priority to bool?", "1 Task object cannot have priority as bool? (the first: key 2, value 3)"),
        ("UPDATE Task SET code = x'00' WHERE id = 1", "change property Task.code to string?", "1 Task object cannot have code as string?"),
        // Into a double: text that is not a number (in a TEXT and an INTEGER column), bytes; every one counted, the
        // first by key.
        ("UPDATE Task SET code = 'ten' WHERE id = 2", "change property Task.code to double?", "1 Task object cannot have code as double? (the first: key 2, value 'ten')"),
        ("UPDATE Task SET code = '1,5' WHERE id > 1", "change property Task.code to double?", "2 Task objects cannot have code as double? (the first: key 2, value '1,5')"),
        ("UPDATE Task SET priority = 'high' WHERE id = 3", "change property Task.priority to double = 0", "1 Task object cannot have priority as double (the first: key 3, value 'high')"),
        ("UPDATE Task SET priority = x'31' WHERE id = 1", "change property Task.priority to double?", "1 Task object cannot have priority as double? (the first: key 1, value x'31')"),
        ("UPDATE Task SET code = '  ' WHERE id = 1", "change property Task.code to double?", "1 Task object cannot have code as double? (the first: key 1, value '  ')"),
        ("SELECT 1", "change property Task.id to double", "change property cannot change a primary key"),
        ("SELECT 1", "change property Task.nope to int?", "Task has no property 'nope'"),
    ])
    func valuesThatCannotConvertStopTheRunBeforeAnythingChanges(_ setup: String, _ change: String, _ message: String) throws {
        let db = try Self.database()
        try db.execute(setup)
        let before = try db.rows("SELECT * FROM Task ORDER BY id")
        do {
            try apply(change, to: db)
            Issue.record("no error for \(change)")
        } catch let error as StrataError {
            #expect(error.message.contains(message), "\(error.message)")
        }
        #expect(try db.rows("SELECT * FROM Task ORDER BY id") == before)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name LIKE '%strata_rebuild%'").int64 == 0)
    }

    /// Numbers, and text that reads as one, become doubles; nil takes the default.
    @Test func numbersAndNumericTextBecomeDoubles() throws {
        let db = try Self.database()
        try db.execute("UPDATE Task SET code = ' 3.5 ' WHERE id = 1; UPDATE Task SET code = '1e3' WHERE id = 2; UPDATE Task SET priority = 2.5 WHERE id = 2")
        try apply("change property Task.code to double = -1\nchange property Task.priority to double?", to: db)
        #expect(try db.rows("SELECT code, typeof(code), priority, typeof(priority) FROM Task ORDER BY id") == [
            [.real(3.5), .text("real"), .real(1), .text("real")],
            [.real(1000), .text("real"), .real(2.5), .text("real")],
            [.real(-1), .text("real"), .null, .text("null")],
        ])
    }

    @Test func aTableWhoseNameNeedsQuoting() throws {
        let db = try Connection(path: "", mode: .memory)
        let table = SQL.identifier("My \"Task\"").text  // "My ""Task"""
        try db.execute("CREATE TABLE \(table) (id INTEGER PRIMARY KEY, \"the value\" INTEGER); INSERT INTO \(table) VALUES (1, 5)")
        var reader = SchemaReader(connection: db)
        let info = try #require(try reader.read().class(named: "My \"Task\""))
        let statements = try TableRebuild(info: info, connection: db)
            .change(PropertyDeclaration(name: "the value", type: .double, optional: true))
        try db.transaction { for statement in statements { try db.execute(statement.sql, statement.arguments) } }
        #expect(try db.rows("SELECT \"the value\", typeof(\"the value\") FROM \(table)") == [[.real(5), .text("real")]])
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name LIKE '%strata_rebuild%'").int64 == 0)
    }

    @Test func withoutRowIDAndStrictTables() throws {
        let db = try Self.database()
        try apply("change property Tag.weight to double = 0\nchange property Metric.value to double?", to: db)
        #expect(try db.rows("SELECT name, weight FROM Tag ORDER BY name") == [[.text("home"), .real(1.5)], [.text("work"), .real(2)]])
        #expect(try db.scalar("SELECT count(*) FROM Task_tags").int64 == 3)
        #expect(try db.rows("SELECT value, typeof(value) FROM Metric ORDER BY id") == [[.real(7), .text("real")], [.real(8), .text("real")]])
        let sql = try db.scalar("SELECT sql FROM sqlite_schema WHERE name = 'Metric'").string ?? ""
        #expect(sql.contains("STRICT") && sql.contains("\"value\" REAL"))
        #expect(try db.scalar("SELECT sql FROM sqlite_schema WHERE name = 'Tag'").string?.contains("WITHOUT ROWID") == true)
    }
}

@Suite struct StrataOperationTests {
    /// Equality compares every associated value, and only those.
    @Test(arguments: [
        (StrataOperation.update(className: "T", assignments: [UpdateAssignment(property: "a", value: "1")], predicate: nil),
         StrataOperation.update(className: "T", assignments: [UpdateAssignment(property: "a", value: "2")], predicate: nil), false),
        (.update(className: "T", assignments: [UpdateAssignment(property: "a", value: "1")], predicate: nil), .update(className: "T", assignments: [UpdateAssignment(property: "b", value: "1")], predicate: nil), false),
        (.update(className: "T", assignments: [UpdateAssignment(property: "a", value: "1")], predicate: nil), .update(className: "T", assignments: [UpdateAssignment(property: "a", value: "1")], predicate: "x"), false),
        (.update(className: "T", assignments: [UpdateAssignment(property: "a", value: "1"), UpdateAssignment(property: "b", value: "2")], predicate: "x"),
         .update(className: "T", assignments: [UpdateAssignment(property: "a", value: "1"), UpdateAssignment(property: "b", value: "2")], predicate: "x"), true),
        (.addIndex(className: "T", properties: ["a"], unique: true), .addIndex(className: "T", properties: ["a"], unique: false), false),
        (.renameClass(from: "A", to: "B"), .renameClass(from: "B", to: "A"), false),
        (.deleteProperty(className: "A", name: "x"), .deleteProperty(className: "A", name: "x"), true),
        (.sql(text: "SELECT 1"), .sql(text: "SELECT 2"), false),
        (.addProperty(className: "T", property: PropertyDeclaration(name: "p", type: .int, optional: true)),
         .addProperty(className: "T", property: PropertyDeclaration(name: "p", type: .int, optional: true, defaultValue: "0")), false),
    ])
    func equalityComparesEveryValue(_ a: StrataOperation, _ b: StrataOperation, _ equal: Bool) {
        #expect((a == b) == equal)
    }

    @Test func aStrataFileThatDoesNotParseFailsTheLint() throws {
        let file = try MigrationFile(fileName: "7_z.strata", bytes: Array("add class A (x int?)\n\nadd property A.y widget?".utf8))
        #expect(throws: StrataError("7_z.strata:3:18: unknown type 'widget' (bool, int, float, double, decimal, string, date, data, uuid)",
                                    code: .invalidMigration, site: ErrorSite(file: "7_z.strata", line: 3))) {
            try MigrationLint.check(file)
        }
    }
}

/// Defaults checked against their property's type, where the file says them.
@Suite struct StrataDefaultTests {
    @Test(arguments: [
        ("add property T.n int = 0", nil as String?),
        ("add property T.n int = -12", nil),
        ("add property T.n int = \"abc\"", "1:24: the default of n (int) must be an integer, not the string 'abc'"),
        ("add property T.n int = 1.5", "1:24: the default of n (int) must be an integer, not '1.5'"),
        ("add property T.n int = 99999999999999999999", "1:24: the default of n (int) must be an integer"),
        ("add property T.n int = true", "1:24: the default of n (int) must be an integer, not 'true'"),
        ("add property T.n int = nil", "1:24: n is required and cannot default to nil"),
        ("add property T.n int? = nil", nil),
        ("add property T.b bool = true", nil),
        ("add property T.b bool = 1", nil),
        ("add property T.b bool = 2", "1:25: the default of b (bool) must be true or false, not '2'"),
        ("add property T.b bool = 'yes'", "1:25: the default of b (bool) must be true or false, not the string 'yes'"),
        ("add property T.d double = 2", nil),
        ("add property T.d decimal = 1.25", nil),
        ("add property T.f float = 'x'", "1:26: the default of f (float) must be a number"),
        ("add property T.s string = 'x'", nil),
        ("add property T.s string = 5", "1:27: the default of s (string) must be a string in quotes, not '5'"),
        ("add property T.d date = '2026-01-31T12:00:00Z'", nil),
        ("add property T.d date = '2026-02-30'", "1:25: the default of d (date) must be a date in ISO 8601"),
        ("add property T.u uuid = 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f'", nil),
        ("add property T.u uuid = 'e621e1f8'", "1:25: the default of u (uuid) must be a UUID in quotes"),
        ("change property T.n to int = 'x'", "1:30: the default of n (int) must be an integer"),
        ("add class A (id int primary key, n int = 'x')", "1:42: the default of n (int) must be an integer"),
        ("    add property T.n int = \"abc\"  # indented", "1:28: the default of n (int) must be an integer"),
    ])
    func defaultsFitTheirType(_ line: String, _ message: String?) {
        do {
            _ = try StrataScript.parse(line, file: "1_a.strata")
            #expect(message == nil, "accepted \(line)")
        } catch let error as StrataError {
            #expect(message.map { error.message.hasPrefix("1_a.strata:" + $0) } == true, "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// Each name of a line keeps its column, and an update's predicate where it starts.
    @Test func entriesKnowWhereTheirNamesAre() throws {
        let script = try StrataScript.parse("\n  add link Task.owner -> Task?\nupdate Task set n = 1 where  name == 'a'", file: "1_a.strata")
        #expect(script.up[0].line == 2 && script.up[0].column == 3)
        #expect(script.up[0].places.map(\.name) == ["add", "link", "Task", "owner", "Task"])
        #expect(script.up[0].places.map(\.column) == [3, 7, 12, 17, 26])
        #expect(script.up[1].predicateColumn == 30)
    }

    /// An error about a name points at that name, not at a keyword or a class that is spelled the same.
    @Test(arguments: [
        ("delete class class", StrataOperation.NameError(message: "no class class", name: "class"), 14),
        ("add unique index index(index)", StrataOperation.NameError(message: "x", name: "index", isProperty: true), 24),
        ("add index Task(Task)", StrataOperation.NameError(message: "x", name: "Task", isProperty: true), 16),
        ("rename property Task.nope to nope", StrataOperation.NameError(message: "x", name: "nope", isProperty: true), 22),
        ("add list Task.next -> Task", StrataOperation.NameError(message: "x", name: "Task", isTarget: true), 23),
        ("update Task set Task = 1", StrataOperation.NameError(message: "x", name: "Task", isProperty: true), 17),
    ])
    func namesArePlacedWhereTheLineSpellsThem(_ line: String, _ error: StrataOperation.NameError, _ column: Int) throws {
        let entry = try #require(try StrataScript.parse(line, file: "1_a.strata").up.first)
        #expect(entry.located(error, file: "1_a.strata").place == "1_a.strata:1:\(column)")
    }
}
