import SQLiteKit
import StrataTestSupport
import Testing
@testable import StrataCore

/// Each kind of store's conventions, chosen from a file's tables and asked by the layers above: what an update and an
/// insert also write, which columns are bookkeeping, how dates count, where a class came from.
@Suite struct StoreConventionsTests {
    /// A store with Core Data's tables, its model inferred from them.
    static let coreData = """
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        CREATE TABLE ZTASK (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR, ZDUE TIMESTAMP);
        INSERT INTO Z_PRIMARYKEY VALUES (1, 'Task', 0, 7);
        INSERT INTO ZTASK VALUES (3, 1, 1, 'a', NULL);
        """

    static let realm = RealmFacts.createSQL.joined(separator: ";\n") + """
        ;
        CREATE TABLE Dog (_id INTEGER PRIMARY KEY, born DATETIME);
        CREATE TABLE Dog_tags (owner INTEGER NOT NULL, position INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO strata_realm_classes VALUES ('Dog', 'class', NULL, NULL, NULL), ('Dog_tags', 'list', 'Dog', 'tags', 'string');
        """

    @Test(arguments: [
        ("CREATE TABLE Task (id INTEGER PRIMARY KEY, due DATETIME)", StoreConventions.sqlite),
        (coreData, .coreData),
        (realm, .realmConversion),
        // Core Data's two tables make a Core Data store; one alone does not.
        ("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY)", .sqlite),
    ])
    func areChosenByTheFilesTables(_ sql: String, _ expected: StoreConventions) throws {
        #expect(try Fixtures.schema(sql).conventions == expected)
    }

    @Test func coreDataCountsUpZOPTAndHidesItsBookkeeping() throws {
        let schema = try Fixtures.schema(Self.coreData)
        let task = try #require(schema.classes.first { $0.tableName == "ZTASK" })
        #expect(task.kind == .entity)
        #expect(schema.conventions.updateBookkeeping(of: task)?.text == #""Z_OPT" = coalesce("Z_OPT", 0) + 1"#)
        #expect(!task.properties.contains { $0.column == "Z_ENT" || $0.column == "Z_OPT" })
        #expect(task.entity?.number == 1)
        if case .coreDataEntity(let facts) = task.origin { #expect(facts.number == 1) } else { Issue.record("\(task.origin)") }
        // A plain file's table of the same shape keeps its columns and writes nothing more.
        let plain = try Fixtures.schema("CREATE TABLE ZTASK (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER)")
        let table = try #require(plain.class(named: "ZTASK"))
        #expect(plain.conventions.updateBookkeeping(of: table) == nil)
        #expect(table.properties.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT"])
        #expect(table.origin == .table)
    }

    @Test func aCoreDataInsertTakesTheNextKeyAndMovesZMAX() throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute(Self.coreData)
        var reader = SchemaReader(connection: connection)
        let schema = try reader.read()
        let task = try #require(schema.classes.first { $0.tableName == "ZTASK" })
        let written = try schema.conventions.insertBookkeeping(for: task, in: schema, keyGiven: false, connection: connection)
        #expect(written.map(\.column) == ["Z_PK", "Z_ENT", "Z_OPT"])
        #expect(written.map(\.value) == [.integer(8), .integer(1), .integer(1)])
        #expect(try connection.scalar("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 1").int64 == 8)
        // A key given by the user: Z_MAX stays.
        let keyed = try schema.conventions.insertBookkeeping(for: task, in: schema, keyGiven: true, connection: connection)
        #expect(keyed.map(\.column) == ["Z_ENT", "Z_OPT"])
        #expect(try connection.scalar("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 1").int64 == 8)
        // Other stores write nothing of their own.
        let plain = try Fixtures.schema("CREATE TABLE Task (id INTEGER PRIMARY KEY)")
        #expect(try plain.conventions.insertBookkeeping(for: plain.classes[0], in: plain, keyGiven: false, connection: connection).isEmpty)
    }

    /// A Core Data store that also holds the converter's table (a hand-made or hostile file) is a Core Data store: its
    /// dates count from 2001, as its values say, not ISO text as a converted file's.
    @Test func aCoreDataStoreWithTheConvertersTableKeepsItsDates() throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute(Self.coreData + RealmFacts.createSQL.joined(separator: ";\n") + """
            ;
            INSERT INTO strata_realm_classes VALUES ('ZTASK', 'class', NULL, NULL, NULL);
            UPDATE ZTASK SET ZDUE = 700000000;
            """)
        var reader = SchemaReader(connection: connection)
        let schema = try reader.read()
        #expect(schema.conventions == .coreData)
        let task = try #require(schema.classes.first { $0.tableName == "ZTASK" })
        let due = try #require(task.properties.first { $0.column == "ZDUE" })
        #expect(due.dateStorage == nil)
        #expect(try schema.dateStorage(of: due, in: task, connection: connection) == .referenceSeconds)
    }

    @Test func aConvertedRealmFilesCollectionsSayWhereTheyCameFrom() throws {
        let schema = try Fixtures.schema(Self.realm)
        let tags = try #require(schema.class(named: "Dog_tags"))
        #expect(tags.origin == .listTable(owner: "Dog", property: "tags"))
        #expect(tags.isHidden)
        #expect(schema.class(named: "Dog")?.property(named: "tags")?.typeDescription == "list<string>")
        #expect(schema.class(named: "Dog")?.collections["tags"]?.kind == .list)
        #expect(schema.class(named: "Dog")?.origin == .table)
        #expect(schema.class(named: "Dog")?.properties.first { $0.name == "born" }?.dateStorage == .isoText)
    }
}
