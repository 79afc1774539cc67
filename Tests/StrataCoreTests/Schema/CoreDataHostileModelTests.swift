import CoreDataModel
import CoreDataStoreFixtures
import SQLiteKit
import StrataCore
import Testing

/// Stores whose model cache says what no Core Data would write: the schema still reads, in bounded time, with the
/// oddities said as warnings, never a crash or a hang.
@Suite struct CoreDataHostileModelTests {
    /// An in-memory Core Data store with these tables and `model` as its model cache (nil: `cache` bytes as they are).
    static func schema(tables: String, model: ManagedObjectModel?, cache: [UInt8]? = nil) throws -> (Schema, [SchemaWarning]) {
        let connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
            \(tables)
            """)
        let bytes = try cache ?? ModelArchiveWriter.modelCache(model!)
        try connection.execute("INSERT INTO Z_MODELCACHE VALUES (?1)", [.blob(bytes)])
        var reader = SchemaReader(connection: connection)
        let schema = try reader.read()
        return (schema, reader.warnings)
    }

    @Test func entitiesThatAreEachOthersParentsReadWithoutHanging() throws {
        let model = ManagedObjectModel(entities: [
            Entity(name: "A", parentName: "B", attributes: [Attribute(name: "x", kind: .string)]),
            Entity(name: "B", parentName: "A", attributes: [Attribute(name: "y", kind: .string)]),
        ])
        let (schema, _) = try Self.schema(tables: """
            CREATE TABLE ZA (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZX VARCHAR, ZY VARCHAR);
            CREATE TABLE ZB (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZX VARCHAR, ZY VARCHAR);
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'A', 2, 0), (2, 'B', 1, 0);
            """, model: model)
        #expect(schema.class(named: "A") != nil && schema.class(named: "B") != nil)
    }

    @Test(arguments: [
        // (what is wrong, the model, the warning)
        ("a destination no entity has", ManagedObjectModel(entities: [
            Entity(name: "Note", relationships: [Relationship(name: "folder", destination: "Folder")]),
        ]), "model and store disagree: Note.folder: the store has no table for its destination Folder"),
        ("an entity without a table", ManagedObjectModel(entities: [
            Entity(name: "Note"), Entity(name: "Ghost"),
        ]), "model and store disagree: entity Ghost: the store has no table ZGHOST"),
        ("a to-many whose inverse is missing", ManagedObjectModel(entities: [
            Entity(name: "Note", relationships: [Relationship(name: "tags", destination: "Note", inverseName: "nothing", isToMany: true)]),
        ]), "model and store disagree: Note.tags: the store has no join table for it"),
    ] as [(String, ManagedObjectModel, String)])
    func whatTheStoreLacksIsAWarning(_ what: String, _ model: ManagedObjectModel, _ warning: String) throws {
        let (schema, warnings) = try Self.schema(tables: """
            CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFOLDER INTEGER);
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Note', 0, 0);
            """, model: model)
        #expect(schema.class(named: "Note")?.kind == .entity, "\(what)")
        #expect(warnings.contains(.modelDisagrees(String(warning.dropFirst("model and store disagree: ".count)))), "\(what): \(warnings)")
        #expect(warnings.map(\.message).contains(warning), "\(what): \(warnings)")
    }

    @Test(arguments: [
        ("not deflate at all", [UInt8](repeating: 0xFF, count: 64)),
        ("deflate of something that is no property list", try! Deflate.raw(Array("hello".utf8))),
        ("a bomb: 80 MB of zeros", try! Deflate.raw([UInt8](repeating: 0, count: 80 << 20), level: 9)),
        ("empty", []),
    ] as [(String, [UInt8])])
    func aCacheThatCannotBeReadFallsBackToInference(_ what: String, _ bytes: [UInt8]) throws {
        let (schema, warnings) = try Self.schema(tables: """
            CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Note', 0, 0);
            """, model: nil, cache: bytes)
        #expect(schema.coreDataModel?.source == .inferred, "\(what)")
        #expect(schema.class(named: "Note")?.property(named: "title") != nil, "\(what)")
        guard case .unreadableModelCache = warnings.first else { Issue.record("\(what): \(warnings)"); return }
        #expect(warnings.first?.message.hasPrefix("the store's model cache cannot be read (") == true, "\(what): \(warnings)")
    }
}
