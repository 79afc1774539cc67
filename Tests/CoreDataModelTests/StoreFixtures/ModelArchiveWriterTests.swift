import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import SQLiteKit
import Testing

/// `ModelArchiveWriter` against the readers: a written archive (and a store's deflated `Z_MODELCACHE`) reads back
/// with `ManagedObjectModel(archive:)` as the model given, Foundation's property list reader takes it, and its
/// objects have the keys the real model caches have.
@Suite struct ModelArchiveWriterTests {
    /// Models that cover what a model can say: every attribute type, flags, defaults, inheritance, all four delete
    /// rules, to-one/to-many/ordered, counts, version identifiers and hashes.
    static let models: [(name: String, model: ManagedObjectModel)] = [
        ("recipes", CoreDataFixtures.recipesModel),
        ("disagreeing", CoreDataFixtures.disagreeingModel),
        ("disagreeing store", CoreDataFixtures.disagreeingStoreModel),
        ("hashes and bounds", ManagedObjectModel(entities: [
            Entity(name: "Box", attributes: [Attribute(name: "label", kind: .string, isOptional: false, defaultValue: "a<b & \"c\"",
                                                       versionHash: Array(repeating: 7, count: 32))],
                   relationships: [Relationship(name: "items", destination: "Item", inverseName: "box", isToMany: true,
                                                isOptional: false, deleteRule: .noAction, minCount: 1, maxCount: 5)],
                   versionHash: Array(repeating: 1, count: 32)),
            Entity(name: "Item", isAbstract: true,
                   relationships: [Relationship(name: "box", destination: "Box", inverseName: "items", isOptional: false,
                                                isTransient: true, deleteRule: .deny, minCount: 1, maxCount: 1)]),
        ], versionIdentifiers: ["b", "a"])),
    ]

    static func read(_ bytes: [UInt8]) throws -> ManagedObjectModel {
        try ManagedObjectModel(archive: KeyedArchive(bytes: bytes))
    }

    @Test(arguments: models.map(\.name))
    func anArchiveReadsBackAsTheModel(_ name: String) throws {
        let model = try #require(Self.models.first { $0.name == name }).model
        let read = try Self.read(ModelArchiveWriter.archive(model))
        var expected = normalized(model, keepArchiveOnlyFields: false)
        expected.versionIdentifiers.sort()
        // Version hashes are the one thing normalized() drops that the archive carries: compare them apart.
        #expect(normalized(read, keepArchiveOnlyFields: false) == expected)
        for entity in model.entities {
            #expect(read.entity(named: entity.name)?.versionHash == entity.versionHash, "\(name) \(entity.name)")
        }
    }

    @Test(arguments: models.map(\.name))
    func theStoresModelCacheInflatesToTheModel(_ name: String) throws {
        let model = try #require(Self.models.first { $0.name == name }).model
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Store.sqlite").path
        try CoreDataStoreWriter(model: model).write(to: path)
        let db = try openStore(path)
        let rows = try db.rows("SELECT Z_CONTENT FROM Z_MODELCACHE")
        #expect(rows.count == 1)
        guard case .blob(let blob)? = rows.first?.first else {
            Issue.record("Z_CONTENT is not a blob")
            return
        }
        #expect(Inflate.format(of: blob) == .rawDeflate)
        let inflated = try Inflate.data(blob, limit: 1 << 24)
        #expect(inflated == ModelArchiveWriter.archive(model))
        #expect(normalized(try Self.read(inflated), keepArchiveOnlyFields: false).entities
            == normalized(model, keepArchiveOnlyFields: false).entities)
    }

    @Test func foundationReadsTheArchiveAsABinaryPropertyList() throws {
        let bytes = ModelArchiveWriter.archive(CoreDataFixtures.recipesModel)
        var format = PropertyListSerialization.PropertyListFormat.xml
        let plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        #expect(format == .binary)
        let top = try #require(plist as? [String: Any])
        #expect(top["$archiver"] as? String == "NSKeyedArchiver")
        #expect((top["$objects"] as? [Any])?.count ?? 0 > 100)
    }

    /// The derived attribute is an `NSDerivedAttributeDescription` whose expression counts the key path, and a
    /// sub-entity lists its inherited properties as its own copies, as in the real caches.
    @Test func derivedAttributesAndInheritedPropertiesHaveTheRealShape() throws {
        let archive = try KeyedArchive(bytes: ModelArchiveWriter.archive(CoreDataFixtures.recipesModel))
        let entities = try #require(try archive.root().dictionary("NSEntities"))
        let recipe = try #require(entities["Recipe"])
        let count = try #require(try recipe.dictionary("NSProperties")?["ingredientCount"])
        #expect(count.className == "NSDerivedAttributeDescription" && count.isKind(of: "NSAttributeDescription"))
        let expression = try #require(try count.object("NSDerivationExpression"))
        #expect(expression.className == "NSFunctionExpression")
        #expect(try expression.string("NSSelectorName") == "count:")
        let keyPath = try #require(try expression.array("NSArguments")?.first)
        #expect(try keyPath.array("NSArguments")?.first?.string("NSKeyPath") == "ingredients")

        let raw = try #require(entities["RawPhoto"])
        let properties = try #require(try raw.dictionary("NSProperties"))
        #expect(properties.keys.sorted() == ["caption", "coverOf", "recipe", "sensor", "width"])
        #expect(try properties["caption"]?.object("NSEntity")?.string("NSEntityName") == "RawPhoto")
        #expect(try raw.object("NSSuperentity")?.string("NSEntityName") == "Photo")
        #expect(try entities["Media"]?.dictionary("NSSubentities")?.keys.sorted() == ["Photo"])
    }

    /// Each description class carries the keys the real caches' objects carry, less the documented omissions
    /// (uniqueness constraints, validation, configurations, `_P`), plus only the documented additions.
    @Test(arguments: ["NSEntityDescription", "NSAttributeDescription", "NSRelationshipDescription", "NSManagedObjectModel"])
    func descriptionsHaveTheKeysOfTheRealCaches(_ className: String) throws {
        let omitted: Set<String> = ["_P", "NSUniqueTuples", "NSValidationPredicates", "NSValidationWarnings", "NSConfigurations"]
        // None of the real models has an ordered relationship: NSIsOrdered is the key the reader's sources name.
        let added: Set<String> = ["NSVersionHash", "NSAllowsExternalBinaryDataStorage", "NSIsOrdered"]
        var real: Set<String> = []
        for store in RealStoreLayoutTests.stores {
            let blob = try [UInt8](Data(contentsOf: RealStoreLayoutTests.folder(store).appendingPathComponent("modelcache.bin")))
            real.formUnion(try Self.keys(of: className, in: Inflate.data(blob, limit: 1 << 24)))
        }
        let ours = try Self.keys(of: className, in: ModelArchiveWriter.archive(CoreDataFixtures.recipesModel))
        #expect(real.subtracting(ours).subtracting(omitted).isEmpty, "missing: \(real.subtracting(ours).subtracting(omitted).sorted())")
        #expect(ours.subtracting(real).subtracting(added).isEmpty, "extra: \(ours.subtracting(real).subtracting(added).sorted())")
    }

    /// The field names of every object of exactly `className` in the archive's `$objects`.
    static func keys(of className: String, in bytes: [UInt8]) throws -> Set<String> {
        guard case .dictionary(let top) = try PropertyList.read(bytes), case .array(let objects)? = top["$objects"] else { return [] }
        var keys: Set<String> = []
        for case .dictionary(let fields) in objects {
            guard case .uid(let uid)? = fields["$class"], Int(uid) < objects.count,
                  case .dictionary(let classEntry) = objects[Int(uid)],
                  classEntry["$classname"] == .string(className) else { continue }
            keys.formUnion(fields.keys.filter { $0 != "$class" })
        }
        return keys
    }
}
