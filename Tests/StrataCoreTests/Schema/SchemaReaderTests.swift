import Testing
import StrataTestSupport
import SQLiteKit
@testable import StrataCore

@Suite struct SchemaReaderTests {
    @Test func readsPropertiesTypesAndKeys() throws {
        let schema = try Fixtures.schema(Fixtures.tasks)
        let task = try schema.require("Task")
        #expect(task.kind == .table)
        #expect(task.primaryKey == ["id"])
        #expect(task.objectKey == .columns(["id"]))
        #expect(task.properties.map(\.name) == ["id", "name", "isCompleted", "list", "owner", "parent", "tags", "@links.Task.parent"])

        let id = try task.require("id")
        #expect(id.type == .int && id.isPrimaryKey && id.isIndexed && !id.isOptional)
        let name = try task.require("name")
        #expect(name.type == .string && !name.isOptional && name.isIndexed && name.defaultValue == "'untitled'")
        #expect(try task.require("isCompleted").type == .bool)
    }

    @Test func foreignKeysBecomeLinks() throws {
        let task = try Fixtures.schema(Fixtures.tasks).require("Task")
        let list = try task.require("list")
        #expect(list.type == .object && list.target == "TaskList" && list.isOptional && list.onDelete == .cascade)
        #expect(list.typeDescription == "object<TaskList>?")
        // REFERENCES TaskList with no column means its primary key; NOT NULL makes the link required.
        let owner = try task.require("owner")
        #expect(owner.type == .object && owner.target == "TaskList" && !owner.isOptional)
        // A class may link to itself.
        #expect(try task.require("parent").target == "Task")
        #expect(task.otherForeignKeys.isEmpty)
    }

    @Test func listTablesBecomeListsAndAreHidden() throws {
        let schema = try Fixtures.schema(Fixtures.tasks)
        let tags = try schema.require("Task").require("tags")
        #expect(tags.type == .list && tags.target == "Tag" && !tags.isOptional && tags.column == nil)
        #expect(tags.typeDescription == "list<Tag>")
        let listTable = try schema.require("Task_tags")
        #expect(listTable.isHidden && listTable.listOf == "tags")
        #expect(!schema.visibleClasses.contains { $0.name == "Task_tags" })
    }

    @Test func everyLinkAndListHasABacklink() throws {
        let schema = try Fixtures.schema(Fixtures.tasks)
        let backlinks = try schema.require("TaskList").properties.filter { $0.type == .linkingObjects }
        #expect(backlinks.map(\.name) == ["@links.Task.list", "@links.Task.owner"])
        #expect(backlinks.allSatisfy { $0.target == "Task" && $0.isReadOnly })
        let tagBacklink = try schema.require("Tag").require("@links.Task.tags")
        #expect(tagBacklink.originProperty == "tags")
        #expect(tagBacklink.typeDescription == "linkingObjects<Task.tags>")
        #expect(try schema.require("Task").require("@links.Task.parent").target == "Task")
    }

    @Test func joinTablesThatAreNotListsStayVisibleWithTheirLinks() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE A (id INTEGER PRIMARY KEY);
            CREATE TABLE B (id INTEGER PRIMARY KEY);
            CREATE TABLE A_B (a INTEGER REFERENCES A(id), b INTEGER REFERENCES B(id), PRIMARY KEY (a, b));
            """)
        let join = try schema.require("A_B")
        #expect(!join.isHidden)
        #expect(try join.require("a").type == .object)
        #expect(try schema.require("A").require("@links.A_B.a").type == .linkingObjects)
    }

    @Test func compositeAndNonKeyForeignKeysStayColumns() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE P (a INT, b INT, c INT, PRIMARY KEY (a, b));
            CREATE TABLE C (x INT, y INT, z INT REFERENCES P(c), FOREIGN KEY (x, y) REFERENCES P(a, b));
            """)
        let child = try schema.require("C")
        #expect(child.properties.allSatisfy { $0.type == .int })
        #expect(child.otherForeignKeys.map(\.columns) == [["x", "y"], ["z"]] || child.otherForeignKeys.map(\.columns) == [["z"], ["x", "y"]])
    }

    /// A foreign key to a unique column that is not the key is no link: every command finds a link's object by its
    /// key, and would find another (`word.name` read Word 1 for the code 'b' of Word 2, or nothing).
    @Test func aForeignKeyToAUniqueColumnThatIsNotTheKeyIsNoLink() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE Word (id INTEGER PRIMARY KEY, code TEXT UNIQUE);
            CREATE TABLE Note (id INTEGER PRIMARY KEY, word TEXT REFERENCES Word(code), other INTEGER REFERENCES Word(id));
            """)
        let note = try schema.require("Note")
        #expect(try note.require("word").type == .string)
        #expect(try note.require("other").type == .object)
        #expect(note.otherForeignKeys.map(\.columns) == [["word"]])
    }

    @Test func compositeKeysStrictAndWithoutRowID() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE "Order" (a INT, b TEXT, c REAL, PRIMARY KEY (b, a)) STRICT, WITHOUT ROWID;
            CREATE TABLE Loose (a INT, b INT, PRIMARY KEY (a, b));
            """)
        let order = try schema.require("Order")
        #expect(order.isStrict && !order.hasRowID)
        #expect(order.primaryKey == ["b", "a"])
        #expect(order.objectKey == .columns(["b", "a"]))
        #expect(try order.require("a").isPrimaryKey && !(try order.require("a").isOptional))
        #expect(try order.require("c").type == .double)
        let loose = try schema.require("Loose")
        #expect(loose.hasRowID && !loose.isStrict && loose.primaryKey == ["a", "b"])
        #expect(try loose.require("a").isIndexed)  // the first column of the key's autoindex
        #expect(!(try loose.require("b").isIndexed))
    }

    @Test func rowidTablesWithoutAKey() throws {
        let info = try Fixtures.schema("CREATE TABLE Log (message TEXT)").require("Log")
        #expect(info.primaryKey.isEmpty && info.objectKey == .rowid(name: "rowid"))
    }

    @Test func generatedColumnsAreReadOnly() throws {
        let info = try Fixtures.schema("""
            CREATE TABLE G (a INT, b INT GENERATED ALWAYS AS (a * 2) VIRTUAL, c TEXT AS (a || 'x') STORED)
            """).require("G")
        #expect(try info.require("b").generated == .virtual)
        #expect(try info.require("c").generated == .stored)
        #expect(try info.require("c").isReadOnly)
        #expect(!(try info.require("a").isReadOnly))
    }

    @Test func viewsAreReadOnlyClasses() throws {
        let schema = try Fixtures.schema(Fixtures.tasks + "CREATE VIEW Open AS SELECT id, name FROM Task WHERE isCompleted = 0;")
        let view = try schema.require("Open")
        #expect(view.kind == .view && view.isReadOnly && !view.hasRowID)
        #expect(view.properties.map(\.name) == ["id", "name"])
        #expect(try view.require("name").type == .string)
    }

    @Test func aBrokenViewIsAWarningNotAFailure() throws {
        let (schema, warnings) = try Fixtures.read("""
            CREATE TABLE T (x INT);
            CREATE VIEW Broken AS SELECT x FROM T;
            PRAGMA legacy_alter_table = ON;
            DROP TABLE T;
            CREATE TABLE Fine (y TEXT);
            """)
        #expect(try schema.require("Fine").properties.map(\.name) == ["y"])
        #expect(try schema.require("Broken").properties.isEmpty)
        #expect(warnings.count == 1)
        #expect(warnings.first?.unreadableTable == "Broken")
        #expect(warnings.first?.message.hasPrefix("Broken: ") == true)
    }

    @Test func indexesUniquePartialAndExpression() throws {
        let info = try Fixtures.schema("""
            CREATE TABLE U (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT, age INT);
            CREATE INDEX U_name_age ON U(name, age);
            CREATE UNIQUE INDEX U_adults ON U(age) WHERE age >= 18;
            CREATE INDEX U_lower ON U(lower(name));
            """).require("U")
        let byName = Dictionary(uniqueKeysWithValues: info.indexes.map { ($0.name, $0) })
        #expect(byName["U_name_age"]?.columns == ["name", "age"])
        #expect(byName["U_adults"]?.isUnique == true && byName["U_adults"]?.isPartial == true)
        #expect(byName["U_lower"]?.hasExpressions == true && byName["U_lower"]?.columns == ["<expression>"])
        #expect(info.indexes.contains { $0.origin == .unique && $0.columns == ["email"] && $0.isUnique })
        #expect(try info.require("email").isIndexed && info.require("name").isIndexed)
        // A partial index does not index every object.
        #expect(!(try info.require("age").isIndexed))
    }

    @Test func awkwardNames() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE "Order" ("select" INT, "from" TEXT);
            CREATE TABLE "my table" ("my column" TEXT);
            CREATE TABLE \"\"\"quoted\"\"\" (\"\"\"q\"\"\" TEXT);
            CREATE TABLE 数据 (值 TEXT, 链接 INTEGER REFERENCES "my table"(rowid));
            """)
        #expect(schema.visibleClasses.map(\.name) == ["\"quoted\"", "my table", "Order", "数据"])
        #expect(try schema.require("Order").properties.map(\.name) == ["select", "from"])
        #expect(try schema.require("\"quoted\"").properties.map(\.name) == ["\"q\""])
        #expect(try schema.require("数据").require("值").type == .string)
    }

    @Test func hiddenTables() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE Visible (id INTEGER PRIMARY KEY AUTOINCREMENT);
            CREATE TABLE strata_migrations (version INT);
            CREATE TABLE room_master_table (id INT);
            CREATE TABLE android_metadata (locale TEXT);
            CREATE TABLE grdb_migrations (identifier TEXT);
            """)
        #expect(schema.visibleClasses.map(\.name) == ["Visible"])
        #expect(schema.classes.contains { $0.name == "sqlite_sequence" && $0.isHidden })
        #expect(schema.classes.contains { $0.name == "strata_migrations" && $0.isHidden })
    }

    @Test func coreDataStores() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
            CREATE TABLE ZTASK (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR, ZDUE TIMESTAMP);
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Task', 0, 3);
            """)
        #expect(schema.isCoreData)
        #expect(schema.visibleClasses.map(\.name) == ["Task"])
        let task = try schema.require("Task")
        #expect(task.kind == .entity && task.tableName == "ZTASK")
        #expect(task.properties.map(\.name) == ["Z_PK", "title", "due"])
        #expect(try task.require("due").type == .date)
        #expect(task.primaryKey == ["Z_PK"])
    }

    @Test func emptyDatabase() throws {
        let schema = try Fixtures.schema("")
        #expect(schema.visibleClasses.isEmpty)
    }
}

/// The object key when a table's own columns are named like the rowid.
@Suite struct ObjectKeyTests {
    static let cases: [(sql: String, key: ObjectKey, rowIDSQL: String?)] = [
        ("CREATE TABLE T (name TEXT)", .rowid(name: "rowid"), "rowid"),
        ("CREATE TABLE T (rowid TEXT, name TEXT)", .rowid(name: "oid"), "oid"),
        ("CREATE TABLE T (ROWID TEXT, name TEXT)", .rowid(name: "oid"), "oid"),
        ("CREATE TABLE T (oid TEXT, name TEXT)", .rowid(name: "rowid"), "rowid"),
        ("CREATE TABLE T (rowid TEXT, oid TEXT, name TEXT)", .rowid(name: "_rowid_"), "_rowid_"),
        ("CREATE TABLE T (rowid TEXT, oid TEXT, _rowid_ TEXT)", .none, nil),
        ("CREATE TABLE T (id INTEGER PRIMARY KEY, rowid TEXT, oid TEXT, _rowid_ TEXT)", .columns(["id"]), "\"id\""),
        ("CREATE TABLE T (code TEXT PRIMARY KEY, rowid TEXT, oid TEXT, _rowid_ TEXT)", .columns(["code"]), nil),
        ("CREATE TABLE T (code TEXT PRIMARY KEY, rowid TEXT)", .columns(["code"]), "oid"),
        ("CREATE TABLE T (a INT, b INT, PRIMARY KEY (b, a)) WITHOUT ROWID", .columns(["b", "a"]), nil),
        ("CREATE TABLE T (x INT); CREATE VIEW V AS SELECT x FROM T", .rowid(name: "rowid"), "rowid"),
    ]

    @Test(arguments: cases)
    func theKeyIsThePrimaryKeyElseARowIDNameNoColumnTakes(_ row: (sql: String, key: ObjectKey, rowIDSQL: String?)) throws {
        let schema = try Fixtures.schema(row.sql)
        let info = try schema.require("T")
        #expect(info.objectKey == row.key)
        #expect(info.rowIDColumn()?.text == row.rowIDSQL)
    }

    @Test func viewsHaveNoKey() throws {
        let schema = try Fixtures.schema("CREATE TABLE T (x INT); CREATE VIEW V AS SELECT x FROM T")
        #expect(try schema.require("V").objectKey == .none)
    }

    @Test func keyPartsAsSQL() {
        #expect(ObjectKey.rowid(name: "oid").columns(of: TableAlias("t0")).map(\.text) == ["t0.oid"])
        #expect(ObjectKey.columns(["a\"b", "c"]).columns(of: TableAlias("t1")).map(\.text) == ["t1.\"a\"\"b\"", "t1.\"c\""])
        #expect(ObjectKey.columns(["a", "b"]).tuple()?.text == "(\"a\", \"b\")")
        #expect(ObjectKey.none.tuple() == nil)
        #expect(ObjectKey.columns(["a", "b"]).count == 2)
    }
}
