import Foundation
import SQLiteKit
import Testing
@testable import StrataMigrate
@testable import StrataCore

/// `Migrator.plan(to:translated:)`: the versions, the SQL, and the rehearsal that stops a plan at the
/// step a run would fail on.
@Suite struct MigrationPlanTests {
    static func database() throws -> Connection {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("""
            CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO Task VALUES (1, 'a'), (2, 'b');
            """)
        return db
    }

    static func files(_ migrations: [(String, String)]) throws -> [MigrationFile] {
        try migrations.map { try MigrationFile(fileName: $0.0, bytes: Array($0.1.utf8)) }
    }

    @Test func upAndDownWithTheirVersionsAndTranslatedSQL() throws {
        let db = try Self.database()
        let migrator = Migrator(connection: db, files: try Self.files([
            ("1_tag.sql", "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n-- strata:down\nDROP TABLE Tag;"),
            ("2_p.strata", "add property Task.priority int = 0\nupdate Task set priority = 1 where name == 'b'\ndown {\n  delete property Task.priority\n}"),
            ("3_q.strata", "add property Task.q int?"),
        ]))
        let up = try migrator.plan(to: 2, translated: true)
        #expect(up.from == 0 && up.to == 2)
        #expect(up.steps.map(\.title) == ["1_tag.sql", "2_p.strata"])
        #expect(up.steps[1].sql.hasPrefix("ALTER TABLE \"Task\" ADD COLUMN \"priority\" INTEGER NOT NULL DEFAULT 0;\nUPDATE \"Task\" SET"))
        #expect(up.steps[1].sql.hasSuffix("  -- ?1 = 'b', ?2 = -1"))
        #expect(up.steps[0].sql == "CREATE TABLE Tag (name TEXT PRIMARY KEY);")
        // Untranslated, no step has SQL yet: nothing was rehearsed, and a .sql file's text is read only as it runs.
        #expect(try migrator.plan(to: nil).steps.map(\.sql) == ["", "", ""])
        try migrator.apply(to: nil)
        let down = try migrator.plan(to: 0, translated: true)
        #expect(down.from == 3 && down.to == 0)
        #expect(down.steps.map(\.title) == ["3_q.strata (down)", "2_p.strata (down)", "1_tag.sql (down)"])
        #expect(down.steps[0].sql == "ALTER TABLE \"Task\" DROP COLUMN \"q\";")
        #expect(try migrator.version() == 3)  // a plan changes nothing
    }

    @Test(arguments: [
        ([("1_a.strata", "add link Task.owner -> Nowhere?")], "cannot plan 1_a.strata:1:24 (add link Task.owner -> Nowhere): no class Nowhere"),
        ([("1_a.sql", "ALTER TABLE Nope ADD COLUMN x INTEGER;")], "cannot plan 1_a.sql:1: no such table: Nope"),
        ([("1_a.sql", "CREATE TABLE Tag (x);"), ("2_b.sql", "CREATE TABLE Tag (y);")], "cannot plan 2_b.sql:1: table Tag already exists"),
        ([("1_a.strata", "rename class Task to Todo"), ("2_b.strata", "\n# later\ndelete property Task.name")],
         "cannot plan 2_b.strata:3:17 (delete property Task.name): no class Task"),
        ([("1_a.strata", "update Task set name = 'x' where nmae == 'a'")], "cannot plan 1_a.strata:1:34 (update Task set name = 'x' where nmae == 'a'): unknown property 'nmae' in class Task"),
        // SQLite would create the attached file.
        ([("1_a.sql", "ATTACH DATABASE 'strata-plan-attached.sqlite' AS other;\nCREATE TABLE other.t (x);")],
         "cannot plan 1_a.sql: ATTACH would open another database file, and a plan changes no file"),
        ([("1_a.strata", "sql { attach 'strata-plan-attached.sqlite' as other }")],
         "cannot plan 1_a.strata:1:1 (sql attach 'strata-plan-attached.sqlite' as other): ATTACH would open"),
    ])
    func aStepThatWouldFailStopsThePlan(_ migrations: [(String, String)], _ message: String) throws {
        let db = try Self.database()
        let migrator = Migrator(connection: db, files: try Self.files(migrations))
        #expect(throws: Never.self) { try migrator.plan(to: nil) }  // only the rehearsal finds it
        do {
            _ = try migrator.plan(to: nil, translated: true)
            Issue.record("no error")
        } catch let error as StrataError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: "strata-plan-attached.sqlite"))
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema").int64 == 1)
    }

    @Test func aDownStepThatWouldFailStopsThePlan() throws {
        let db = try Self.database()
        let migrator = Migrator(connection: db, files: try Self.files([
            ("1_a.sql", "CREATE TABLE Tag (x);\n-- strata:down\nDROP TABLE Nope;"),
        ]))
        try migrator.apply(to: nil)
        #expect(throws: StrataError("cannot plan 1_a.sql:3 (down): no such table: Nope")) { try migrator.plan(to: 0, translated: true) }
    }

    /// The tables a virtual table keeps its data in are made by the virtual table, not copied.
    @Test func theCopyOfTheSchemaKeepsVirtualTablesIndexesViewsAndTriggers() throws {
        let db = try Self.database()
        try db.execute("""
            CREATE VIRTUAL TABLE Search USING fts5(body);
            CREATE INDEX Task_name ON Task(name);
            CREATE VIEW Named AS SELECT name FROM Task;
            CREATE TRIGGER Task_touch AFTER UPDATE ON Task BEGIN SELECT 1; END;
            """)
        let scratch = try ScratchSchema(copying: db)
        let names = try scratch.connection.rows("SELECT name FROM sqlite_schema ORDER BY name").compactMap { $0[0].string }
        #expect(Set(names).isSuperset(of: ["Named", "Search", "Search_data", "Task", "Task_name", "Task_touch"]))
        #expect(try scratch.connection.scalar("SELECT count(*) FROM Task").int64 == 0)
        let migrator = Migrator(connection: db, files: try Self.files([("1_a.strata", "add property Task.p int?")]))
        #expect(try migrator.plan(to: nil, translated: true).steps.map(\.sql) == ["ALTER TABLE \"Task\" ADD COLUMN \"p\" INTEGER;"])
    }

    /// An index on a function the app registers cannot be made on the copy: the plan says so, and a step
    /// that fails says it too.
    @Test func whatTheCopyLacksIsAWarningAndPartOfAFailure() throws {
        let db = try Self.database()
        try db.createFunction("app_fold", argumentCount: 1) { $0[0] }
        try db.execute("CREATE INDEX Task_fold ON Task(app_fold(name))")
        let fine = Migrator(connection: db, files: try Self.files([("1_a.strata", "add property Task.p int?")]))
        let plan = try fine.plan(to: nil, translated: true)
        #expect(plan.steps.map(\.sql) == ["ALTER TABLE \"Task\" ADD COLUMN \"p\" INTEGER;"])
        #expect(plan.warnings == ["the plan was rehearsed without index Task_fold (no such function: app_fold)"])
        let failing = Migrator(connection: db, files: try Self.files([("1_a.sql", "DROP INDEX Task_fold;")]))
        #expect(throws: StrataError("cannot plan 1_a.sql:1: no such index: Task_fold; the copy of the schema lacks index Task_fold "
                                    + "(no such function: app_fold)")) { try failing.plan(to: nil, translated: true) }
        #expect(try fine.plan(to: nil).warnings.isEmpty)
    }
}

@Suite struct MigrationStatementTests {
    @Test(arguments: [
        (MigrationStatement(sql: "DROP TABLE t"), "DROP TABLE t;"),
        (MigrationStatement(sql: "DROP TABLE t;"), "DROP TABLE t;"),
        (MigrationStatement(sql: "UPDATE t SET a = 1 WHERE b = ?1 OR c = ?2", arguments: [.text("it's"), .integer(-1)]),
         "UPDATE t SET a = 1 WHERE b = ?1 OR c = ?2;  -- ?1 = 'it''s', ?2 = -1"),
        (MigrationStatement(sql: "SELECT ?", arguments: [.null]), "SELECT ?;  -- ?1 = NULL"),
    ])
    func planTextEndsTheStatementAndShowsItsValues(_ statement: MigrationStatement, _ text: String) {
        #expect(statement.planText == text)
    }
}
