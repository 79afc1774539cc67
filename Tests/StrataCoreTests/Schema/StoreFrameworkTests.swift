import SQLiteKit
import Testing
@testable import StrataCore

@Suite struct StoreFrameworkTests {
    static let coreData = """
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        INSERT INTO Z_PRIMARYKEY VALUES (1, 'Recipe', 0, 3);
        INSERT INTO Z_METADATA VALUES (1, '6F9619FF-8B86-D011-B42D-00C04FC964FF', NULL);
        CREATE TABLE ZRECIPE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
        """

    static let cases: [(String, String?)] = [
        ("CREATE TABLE Task (id INTEGER PRIMARY KEY);", nil),
        (coreData, "Core Data store 6F9619FF-8B86-D011-B42D-00C04FC964FF"),
        (coreData + "CREATE TABLE ATRANSACTION (Z_PK INTEGER PRIMARY KEY); CREATE TABLE ACHANGE (Z_PK INTEGER PRIMARY KEY);",
         "Core Data store 6F9619FF-8B86-D011-B42D-00C04FC964FF, with persistent history"),
        (coreData + "DELETE FROM Z_METADATA;", "Core Data store"),
        ("""
         CREATE TABLE room_master_table (id INTEGER PRIMARY KEY, identity_hash TEXT);
         INSERT INTO room_master_table VALUES (42, '3f2a9c0b7e1d4c55a6b8e9f0a1b2c3d4');
         CREATE TABLE android_metadata (locale TEXT); CREATE TABLE Word (word TEXT PRIMARY KEY);
         """, "Room database, identity hash 3f2a9c0b7e1d4c55a6b8e9f0a1b2c3d4"),
        // A room_master_table not as Room writes it still names the framework.
        ("CREATE TABLE room_master_table (id INTEGER PRIMARY KEY);", "Room database"),
        ("""
         CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
         INSERT INTO grdb_migrations VALUES ('v1'), ('v2 add authors'), ('v10');
         """, "GRDB database, 3 migrations applied (last: v10)"),
        ("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1');",
         "GRDB database, 1 migration applied (last: v1)"),
        ("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);", "GRDB database, 0 migrations applied"),
    ]

    @Test(arguments: cases)
    func namesTheFrameworkAndWhatIdentifiesTheStore(_ sql: String, _ summary: String?) throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute(sql)
        var reader = SchemaReader(connection: connection)
        let schema = try reader.read()
        #expect(try StoreFramework.detect(in: schema, connection: connection)?.summary == summary)
    }
}
