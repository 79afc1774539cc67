import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import SQLiteKit
import Testing

/// Issue 29's Core Data items, each on the built binary: a renamed entity, a to-many without an inverse, hostile
/// model caches, the version a given model is judged by, persistent history, a missing `-wal`, a `Z_ENT` held as text.
@Suite struct Defects29CoreDataTests {
    static let stores = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CoreDataModelTests/Fixtures/Stores")

    static func copy(_ store: String, into workspace: Workspace) throws -> String {
        let path = workspace.file(store + ".sqlite")
        try FileManager.default.copyItem(atPath: stores.appendingPathComponent("\(store)/\(store).sqlite").path, toPath: path)
        return path
    }

    static func counts(_ json: String) throws -> [String: Int] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", $0["count"] as? Int ?? -1) })
    }

    /// Item 10: a renamed entity (CoreDataPlus's `SampleModel_V2.sqlite`: LuxuryCar in the model cache, its old name
    /// ExpensiveSportCar in `Z_PRIMARYKEY`) is matched by its entity number, as Core Data does: LuxuryCar 5, SportCar
    /// 10 (its own 5 and LuxuryCar's), and no warning.
    @Test func item10RenamedEntityIsMatchedByItsNumber() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel_V2", into: workspace)
        let classes = try StrataProcess.run(["classes", store, "--format", "json"])
        #expect(classes.status == 0, "\(classes.stderr)")
        #expect(try Self.counts(classes.stdout) == ["Car": 125, "LuxuryCar": 5, "Person": 20, "SportCar": 10], "\(classes.stdout)")
        #expect(classes.stderr == "")
        let cars = try StrataProcess.run(["query", store, "LuxuryCar", "--format", "json"])
        #expect(cars.status == 0, "\(cars.stderr)")
        #expect(try #require(try JSONSerialization.jsonObject(with: Data(cars.stdout.utf8)) as? [Any]).count == 5)
        let check = try StrataProcess.run(["check", store])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // Another version's model on the store it was migrated from: the renamed entity is found by its renaming
        // identifier, so only the real differences are said.
        let v1 = try Self.copy("SampleModel_V1", into: workspace)
        let model = Self.stores.appendingPathComponent("SampleModel_V1/SampleModel.xcdatamodeld").path
        let other = try StrataProcess.run(["classes", v1, "--model", model, "--model-version", "SampleModel2", "--format", "json"])
        #expect(try Self.counts(other.stdout)["LuxuryCar"] == 5, "\(other.stdout)")
        #expect(!other.stderr.contains("LuxuryCar"), "\(other.stderr)")
    }

    /// Cart (entity 1) with a to-many `items` to Item that has no inverse: Core Data keeps the owner's key in
    /// `ZITEM.Z1ITEMS`. Written as a store whose tables come from a model with an inverse (`Item.cart`), the column
    /// then renamed, and a model cache without the inverse.
    static func cartStore(_ workspace: Workspace) throws -> String {
        let withInverse = ManagedObjectModel(entities: [
            Entity(name: "Cart", className: "Cart", attributes: [Attribute(name: "name", kind: .string)],
                   relationships: [Relationship(name: "items", destination: "Item", inverseName: "cart", isToMany: true, deleteRule: .cascade)]),
            Entity(name: "Item", className: "Item", attributes: [Attribute(name: "title", kind: .string)],
                   relationships: [Relationship(name: "cart", destination: "Cart", inverseName: "items")]),
        ])
        var writer = CoreDataStoreWriter(model: withInverse)
        writer.cachedModel = ManagedObjectModel(entities: [
            Entity(name: "Cart", className: "Cart", attributes: [Attribute(name: "name", kind: .string)],
                   relationships: [Relationship(name: "items", destination: "Item", isToMany: true, deleteRule: .cascade)]),
            Entity(name: "Item", className: "Item", attributes: [Attribute(name: "title", kind: .string)]),
        ])
        writer.insert("Cart", id: "c1", ["name": .string("Groceries")])
        writer.insert("Cart", id: "c2", ["name": .string("Empty")])
        writer.insert("Item", id: "i1", ["title": .string("Milk")], links: ["cart": ["c1"]])
        writer.insert("Item", id: "i2", ["title": .string("Bread")], links: ["cart": ["c1"]])
        writer.insert("Item", id: "i3", ["title": .string("Loose")])
        let store = workspace.file("Cart.sqlite")
        try writer.write(to: store)
        try Connection(path: store, mode: .readWrite).execute("ALTER TABLE ZITEM RENAME COLUMN ZCART TO Z1ITEMS")
        return store
    }

    /// Item 11: a to-many without an inverse (CartKit's `ZCDCARTITEMMODIFIER.Z2MODIFIERS`) is a relationship: in
    /// `schema`, `get` (its keys in JSON) and `query`, with no warning and no unknown column.
    @Test func item11ToManyWithoutAnInverseIsAList() throws {
        let workspace = try Workspace()
        let store = try Self.cartStore(workspace)
        let schema = try StrataProcess.run(["schema", store, "Cart", "--format", "json"])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stderr == "", "\(schema.stderr)")
        let classes = try #require(try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? [[String: Any]])
        let properties = try #require(classes.first?["properties"] as? [[String: Any]])
        let items = try #require(properties.first { $0["name"] as? String == "items" }, "\(schema.stdout)")
        #expect(items["type"] as? String == "list" && items["target"] as? String == "Item")
        let item = try StrataProcess.run(["schema", store, "Item"])
        #expect(!item.stdout.contains("Z1ITEMS"), "\(item.stdout)")
        let get = try StrataProcess.run(["get", store, "Cart", "1", "--format", "json"])
        #expect(get.status == 0, "\(get.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(get.stdout.utf8)) as? [String: Any], "\(get.stdout)")
        let related = try #require(object["items"] as? [[String: Any]], "\(get.stdout)")
        #expect(related.compactMap { $0["Z_PK"] as? Int }.sorted() == [1, 2], "\(get.stdout)")
        let query = try StrataProcess.run(["query", store, "Cart where items.@count == 0", "--format", "json"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.contains("Empty") && !query.stdout.contains("Groceries"), "\(query.stdout)")
    }

    /// `check` compares `Z_ENT` as Core Data reads it: a hand-edited store whose column holds the text '1' is not
    /// "Z_ENT 1, which no entity of the model has".
    @Test func zEntHeldAsTextIsReadAsANumber() throws {
        let workspace = try Workspace()
        var writer = CoreDataStoreWriter(model: ManagedObjectModel(entities: [
            Entity(name: "Note", className: "Note", attributes: [Attribute(name: "title", kind: .string)]),
        ]))
        writer.insert("Note", id: "n1", ["title": .string("First")])
        writer.insert("Note", id: "n2", ["title": .string("Second")])
        let store = workspace.file("Notes.sqlite")
        try writer.write(to: store)
        try Connection(path: store, mode: .readWrite).execute("""
            ALTER TABLE ZNOTE RENAME TO OLDNOTE;
            CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT, Z_OPT INTEGER, ZTITLE VARCHAR);
            INSERT INTO ZNOTE SELECT Z_PK, CAST(Z_ENT AS TEXT), Z_OPT, ZTITLE FROM OLDNOTE;
            DROP TABLE OLDNOTE;
            """)
        #expect(try Connection(path: store, mode: .readOnly).scalar("SELECT typeof(Z_ENT) FROM ZNOTE LIMIT 1") == .text("text"))
        let check = try StrataProcess.run(["check", store])
        #expect(!check.stdout.contains("which no entity of the model has"), "\(check.stdout)")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
