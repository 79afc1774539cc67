import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import SQLiteKit
import Testing

/// The recipes store as written, read back by SQL and checked against the documented layout (README.md of
/// CoreDataStoreFixtures): tables per root entity, columns per attribute and to-one, order keys, join tables,
/// and the values each attribute type is stored as.
@Suite struct StoreWriterLayoutTests {
    /// The recipes store, written once per test into its own folder.
    struct Store {
        let folder: URL
        let path: String
        let db: Connection
        let fixture = CoreDataFixtures.recipes

        init(_ label: String = #function) throws {
            folder = try temporaryFolder(label)
            path = folder.appendingPathComponent("Recipes.sqlite").path
            try fixture.writer.write(to: path)
            db = try openStore(path)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        func columns(_ table: String) throws -> [String: String] {
            var result: [String: String] = [:]
            for row in try db.rows("SELECT name, type FROM pragma_table_info(?)", [.text(table)]) {
                result[row[0].string ?? ""] = row[1].string ?? ""
            }
            return result
        }

        func number(_ entity: String) throws -> Int64 {
            try #require(try db.scalar("SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", [.text(entity)]).int64)
        }

        func pk(_ id: String) throws -> Int64 { try fixture.writer.primaryKey(of: id) }
    }

    /// Declared column types by attribute type, as the layout documents them.
    static let declaredTypes: [Attribute.Kind: String] = [
        .integer16: "INTEGER", .integer32: "INTEGER", .integer64: "INTEGER", .boolean: "INTEGER",
        .double: "FLOAT", .float: "FLOAT", .decimal: "DECIMAL", .string: "VARCHAR", .uri: "VARCHAR",
        .date: "TIMESTAMP", .binary: "BLOB", .transformable: "BLOB", .uuid: "BLOB",
    ]

    /// (entity, its root) for every entity of the recipes model.
    static let entities: [(String, String)] = [
        ("Cookbook", "Cookbook"), ("Ingredient", "Ingredient"), ("Media", "Media"), ("Photo", "Media"), ("RawPhoto", "Media"),
        ("Recipe", "Recipe"), ("RecipeType", "RecipeType"), ("Tag", "Tag"),
    ]

    @Test(arguments: entities)
    func everyAttributeHasAColumnOfItsTypeInTheRootsTable(_ entity: String, _ root: String) throws {
        let store = try Store()
        defer { store.remove() }
        let columns = try store.columns("Z" + root.uppercased())
        #expect(columns["Z_PK"] == "INTEGER" && columns["Z_ENT"] == "INTEGER" && columns["Z_OPT"] == "INTEGER")
        let model = try #require(store.fixture.model.entity(named: entity))
        for attribute in model.attributes {
            let column = "Z" + attribute.name.uppercased()
            if attribute.isTransient {
                #expect(columns[column] == nil, "\(entity).\(attribute.name) is transient: no column")
            } else {
                #expect(columns[column] == Self.declaredTypes[attribute.kind], "\(entity).\(attribute.name)")
            }
        }
        for relationship in model.relationships where !relationship.isToMany {
            #expect(columns["Z" + relationship.name.uppercased()] == "INTEGER", "\(entity).\(relationship.name)")
            let index = "Z\(root.uppercased())_Z\(relationship.name.uppercased())_INDEX"
            #expect(try store.db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?", [.text(index)]).int64 == 1)
        }
        // Rows of the entity carry its number; Z_OPT is 1 on new rows.
        let count = store.fixture.writer.objects.filter { $0.entity == entity }.count
        let rows = try store.db.scalar("SELECT count(*) FROM Z\(root.uppercased()) WHERE Z_ENT = ? AND Z_OPT = 1",
                                       [.integer(try store.number(entity))])
        #expect(rows.int64 == Int64(count), "\(entity)")
    }

    @Test func tablesAreOnePerRootEntityPlusJoinTablesAndBookkeeping() throws {
        let store = try Store()
        defer { store.remove() }
        let tables = try store.db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].string }
        let roots = Set(Self.entities.map(\.1)).map { "Z" + $0.uppercased() }
        // Cookbook (1).recipes ↔ Recipe (6).cookbooks and Recipe (6).tags ↔ Tag (8).recipes.
        #expect(Set(tables) == Set(roots + ["Z_1RECIPES", "Z_6TAGS", "Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"]))
        #expect(try store.columns("Z_1RECIPES") == ["Z_1COOKBOOKS": "INTEGER", "Z_6RECIPES": "INTEGER", "Z_FOK_6RECIPES": "INTEGER"])
        #expect(try store.columns("Z_6TAGS") == ["Z_6RECIPES": "INTEGER", "Z_8TAGS": "INTEGER"])
        // The to-one into a hierarchy also keeps the destination's entity; the ordered to-many's order key sits
        // beside its inverse's column.
        #expect(try store.columns("ZRECIPE")["Z4_COVER"] == "INTEGER")
        #expect(try store.columns("ZINGREDIENT")["Z_FOK_RECIPE"] == "INTEGER")
        #expect(try store.columns("ZMEDIA")["Z3_RECIPE"] == nil)
        #expect(try store.db.scalar("SELECT count(*) FROM pragma_index_info('ZMEDIA_Z_ENT_INDEX')").int64 == 1)
    }

    @Test func primaryKeysAndTheirMaximaArePerRootTable() throws {
        let store = try Store()
        defer { store.remove() }
        for row in try store.db.rows("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY") {
            let name = row[1].string ?? ""
            let root = try #require(Self.entities.first { $0.0 == name }).1
            let parent = store.fixture.model.entity(named: name)?.parentName
            #expect(row[2].int64 == (try parent.map { try store.number($0) } ?? 0), "\(name) Z_SUPER")
            let max = try store.db.scalar("SELECT coalesce(max(Z_PK), 0) FROM Z\(root.uppercased())").int64
            #expect(row[3].int64 == (parent == nil ? max : 0), "\(name) Z_MAX")
        }
        // Numbers: roots by name, each followed by its sub-entities.
        let order = try store.db.rows("SELECT Z_NAME FROM Z_PRIMARYKEY ORDER BY Z_ENT").compactMap { $0[0].string }
        #expect(order == ["Cookbook", "Ingredient", "Media", "Photo", "RawPhoto", "Recipe", "RecipeType", "Tag"])
    }

    @Test func linksAreStoredAsTheLayoutSays() throws {
        let store = try Store()
        defer { store.remove() }
        let db = store.db
        // To-one and its inverse to-many: Recipe 1 and 2 are desserts.
        let desserts = try db.rows("""
            SELECT r.ZNAME FROM ZRECIPE r JOIN ZRECIPETYPE t ON t.Z_PK = r.ZTYPE WHERE t.ZNAME = 'Dessert' ORDER BY r.ZNAME
            """).compactMap { $0[0].string }
        #expect(desserts == ["Recipe 1", "Recipe 2"])
        // The ordered to-many in Z_FOK_ order, as the links gave it (not insertion order).
        let ingredients = try db.rows("""
            SELECT i.ZNAME FROM ZINGREDIENT i WHERE i.ZRECIPE = ? ORDER BY i.Z_FOK_RECIPE
            """, [.integer(try store.pk("recipe1"))]).compactMap { $0[0].string }
        #expect(ingredients == ["salt", "flour", "sugar", "butter", "eggs", "milk", "baking powder", "vanilla"])
        // The to-one into Media's hierarchy: Z_PK and Z_ENT of a RawPhoto.
        let cover = try db.rows("SELECT ZCOVER, Z4_COVER FROM ZRECIPE WHERE Z_PK = ?", [.integer(try store.pk("recipe1"))])
        #expect(cover.first == [.integer(try store.pk("raw1")), .integer(try store.number("RawPhoto"))])
        // Many-to-many, from either side: Tag.recipes is Recipe.tags read backwards.
        let sweet = try db.rows("""
            SELECT r.ZNAME FROM Z_6TAGS j JOIN ZRECIPE r ON r.Z_PK = j.Z_6RECIPES JOIN ZTAG t ON t.Z_PK = j.Z_8TAGS
            WHERE t.ZNAME = 'sweet' ORDER BY r.ZNAME
            """).compactMap { $0[0].string }
        #expect(sweet == ["Recipe 1", "Recipe 2"])
        // The ordered many-to-many: Baking lists Recipe 2 before Recipe 1.
        let baking = try db.rows("""
            SELECT r.ZNAME FROM Z_1RECIPES j JOIN ZRECIPE r ON r.Z_PK = j.Z_6RECIPES
            WHERE j.Z_1COOKBOOKS = ? ORDER BY j.Z_FOK_6RECIPES
            """, [.integer(try store.pk("baking"))]).compactMap { $0[0].string }
        #expect(baking == ["Recipe 2", "Recipe 1"])
        // The derived count, computed as Core Data's triggers would.
        #expect(try db.rows("SELECT ZINGREDIENTCOUNT FROM ZRECIPE ORDER BY Z_PK").map { $0[0] } == [.integer(8), .integer(0), .integer(1), .integer(0)])
    }

    @Test func valuesAreStoredAsEachTypeIs() throws {
        let store = try Store()
        defer { store.remove() }
        let row = try #require(try store.db.rows("""
            SELECT ZPREPTIME, ZSERVINGS, ZCALORIES, ZRATING, ZWEIGHT, ZCOST, ZISFAVORITE, ZCREATEDAT, ZNAME,
                   ZIDENTIFIER, ZSOURCE, ZPHOTO, ZCOLOR
            FROM ZRECIPE WHERE ZNAME = 'Recipe 1'
            """).first)
        // TIMESTAMP and DECIMAL have numeric affinity: a whole number of seconds is kept as an integer (as it would be
        // in Core Data's own store), 700086400.5 as a real; the decimal's text "12.5" became a real.
        #expect(Array(row[0..<9]) == [.integer(45), .integer(8), .integer(3_200_000_000), .real(4.5), .real(1.25), .real(12.5),
                                      .integer(1), .integer(700_000_000), .text("Recipe 1")])
        #expect(try store.db.scalar("SELECT ZCREATEDAT FROM ZRECIPE WHERE ZNAME = 'Recipe 2'") == .real(700_086_400.5))
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(row[9] == .blob(withUnsafeBytes(of: uuid.uuid) { Array($0) }))
        #expect(row[10] == .text("https://example.com/recipes/1"))
        // External-storage binary stored inline: the marker 0x01, then the bytes.
        #expect(row[11] == .blob([0x01, 0x89, 0x50, 0x4E, 0x47]))
        // A transformable: a keyed archive naming its class.
        guard case .blob(let archive) = row[12] else {
            Issue.record("ZCOLOR is not a blob")
            return
        }
        let color = try KeyedArchive(bytes: archive).root()
        #expect(color.className == "NSColor")
        #expect(try color.data("NSRGB") == Array("0.5 0.25 0.125".utf8) + [0])
    }

    @Test func externalBinaryDataIsAReferenceToAFileBesideTheStore() throws {
        let store = try Store()
        defer { store.remove() }
        let name = "3C1D5B9E-7A4F-4E2B-9D6C-1F8A2B3C4D5E"
        let stored = try store.db.scalar("SELECT ZPHOTO FROM ZRECIPE WHERE ZNAME = 'Recipe 2'")
        #expect(stored == .blob([0x02] + Array(name.utf8)))
        let file = store.folder.appendingPathComponent(".Recipes_SUPPORT/_EXTERNAL_DATA/\(name)")
        #expect(try Data(contentsOf: file) == Data(repeating: 0xAB, count: 2048))
    }

    @Test func theDisagreeingStoreHasAColumnTheModelLacksAndLacksOneItHas() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Notes.sqlite").path
        let fixture = CoreDataFixtures.disagreeing
        try fixture.writer.write(to: path)
        let db = try openStore(path)
        let columns = Set(try db.rows("SELECT name FROM pragma_table_info('ZNOTE')").compactMap { $0[0].string })
        let modelColumns = Set(try #require(fixture.model.entity(named: "Note")).attributes.map { "Z" + $0.name.uppercased() })
        #expect(columns.subtracting(modelColumns).subtracting(["Z_PK", "Z_ENT", "Z_OPT"]) == ["ZLEGACYFLAG"])
        #expect(modelColumns.subtracting(columns) == ["ZARCHIVEDAT"])
        // The store carries the app's model, with the attribute the tables lack.
        guard case .blob(let blob) = try db.scalar("SELECT Z_CONTENT FROM Z_MODELCACHE") else {
            Issue.record("no model cache")
            return
        }
        let cached = try ManagedObjectModel(archive: KeyedArchive(bytes: Inflate.data(blob, limit: 1 << 20)))
        #expect(cached.entity(named: "Note")?.attributes.map(\.name) == ["archivedAt", "body", "title"])
        #expect(try db.rows("SELECT ZLEGACYFLAG FROM ZNOTE ORDER BY Z_PK").map { $0[0] } == [.integer(1), .integer(0), .null])
    }

    @Test func theStoreIsAnIntactDatabase() throws {
        let store = try Store()
        defer { store.remove() }
        #expect(try store.db.rows("PRAGMA integrity_check").map { $0[0] } == [.text("ok")])
    }

    /// Damaged caches and metadata for the readers' hostile-input tests: stored as given.
    @Test func givenCacheAndMetadataBytesAreStoredAsGiven() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Damaged.sqlite").path
        var writer = CoreDataFixtures.recipes.writer
        let truncated = Array(try ModelArchiveWriter.modelCache(CoreDataFixtures.recipesModel).prefix(100))
        writer.modelCacheContent = truncated
        writer.metadataContent = Array("bplist00".utf8)
        try writer.write(to: path)
        let db = try openStore(path)
        #expect(try db.scalar("SELECT Z_CONTENT FROM Z_MODELCACHE") == .blob(truncated))
        #expect(try db.scalar("SELECT Z_PLIST FROM Z_METADATA") == .blob(Array("bplist00".utf8)))
        #expect(throws: ModelReadError.self) { try Inflate.data(truncated, limit: 1 << 20) }
    }

    @Test func aFixtureWritesItsStoreAndXcodeModelSideBySide() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try CoreDataFixtures.recipes.write(into: folder.path, name: "Recipes")
        #expect(paths.store == folder.appendingPathComponent("Recipes.sqlite").path)
        #expect(try ModelLocation(path: paths.xcodeModel).currentVersion == "Recipes")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".Recipes_SUPPORT/_EXTERNAL_DATA").path))
    }

    @Test func withoutCacheAndMetadataTheirTablesAreEmpty() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Bare.sqlite").path
        try CoreDataFixtures.recipes.writer.write(to: path, modelCache: false, metadata: false)
        let db = try openStore(path)
        #expect(try db.scalar("SELECT count(*) FROM Z_MODELCACHE").int64 == 0)
        #expect(try db.scalar("SELECT count(*) FROM Z_METADATA").int64 == 0)
        #expect(try db.scalar("SELECT count(*) FROM ZRECIPE").int64 == 4)
    }
}
