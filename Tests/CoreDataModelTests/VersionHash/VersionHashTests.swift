import Foundation
import Testing
@testable import CoreDataModel

/// The hashes computed from models against the hashes Core Data itself wrote: three stores' metadata
/// (`NSStoreModelVersionHashes` in `Fixtures/Stores/*/metadata.plist`) and two compiled models' `VersionInfo.plist`
/// (`Fixtures/CompiledModels/*.momd`), all from alemar11/CoreDataPlus (MIT). Each model is read from every source
/// there is: the store's model cache, the `.mom`, and the `.xcdatamodel` XML.
@Suite struct VersionHashTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// What Core Data recorded in a store's metadata.
    static func storedHashes(_ store: String) throws -> [String: [UInt8]] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("Stores/\(store)/metadata.plist"))
        guard case .dictionary(let metadata) = try PropertyList.read(data),
              case .dictionary(let hashes)? = metadata["NSStoreModelVersionHashes"]
        else { throw ModelReadError("\(store): no NSStoreModelVersionHashes") }
        return try hashes.mapValues { value in
            guard case .data(let bytes) = value else { throw ModelReadError("\(store): a hash is not data") }
            return bytes
        }
    }

    static func cacheModel(_ store: String) throws -> ManagedObjectModel {
        let blob = try Data(contentsOf: fixtures.appendingPathComponent("Stores/\(store)/modelcache.bin"))
        return try ManagedObjectModel(archive: KeyedArchive(bytes: Inflate.data([UInt8](blob), limit: 1 << 24)))
    }

    @Test(arguments: ["SampleModel_V1", "SampleModel3_V1", "SampleModel2_V2"])
    func theModelCacheGivesTheStoresHashes(_ store: String) throws {
        let stored = try Self.storedHashes(store)
        let model = try Self.cacheModel(store)
        #expect(stored.count == model.entities.count)
        #expect(try model.computedVersionHashes() == stored)
        #expect(model.versionHashDifferences(from: stored) == [])
    }

    /// The store was made with the current version of the repository's `.xcdatamodeld`: its XML gives the same hashes.
    @Test(arguments: [("SampleModel_V1", "SampleModel.xcdatamodeld"), ("SampleModel3_V1", "SampleModel3.xcdatamodeld")])
    func theXcodeModelGivesTheStoresHashes(_ store: String, _ xcodeModel: String) throws {
        let location = try ModelLocation(path: Self.fixtures.appendingPathComponent("Stores/\(store)/\(xcodeModel)").path)
        let stored = try Self.storedHashes(store)
        #expect(try location.model().computedVersionHashes() == stored)
        // The other versions do not match the store: that is how a caller picks the version.
        for version in location.versions where version != location.currentVersion {
            #expect(try location.model(version: version).versionHashDifferences(from: stored) != [], "\(version)")
        }
    }

    /// Every version of both compiled models: from the `.mom` archive and from the matching `.xcdatamodel` XML.
    @Test(arguments: [("SampleModel.momd", "Stores/SampleModel_V1/SampleModel.xcdatamodeld"),
                      ("SampleModel3.momd", "Stores/SampleModel3_V1/SampleModel3.xcdatamodeld")])
    func everyCompiledVersionGivesItsVersionInfoHashes(_ momd: String, _ xcodeModel: String) throws {
        let compiled = try ModelLocation(path: Self.fixtures.appendingPathComponent("CompiledModels/\(momd)").path)
        let xcode = try ModelLocation(path: Self.fixtures.appendingPathComponent(xcodeModel).path)
        #expect(compiled.versions == xcode.versions)
        #expect(compiled.versions.count == 3)
        for version in compiled.versions {
            let recorded = try #require(compiled.versionHashes(version: version), "\(version)")
            #expect(try compiled.model(version: version).computedVersionHashes() == recorded, "\(momd) \(version)")
            #expect(try xcode.model(version: version).computedVersionHashes() == recorded, "\(xcodeModel) \(version)")
        }
    }

    /// Picking the version a store was made with, from the store's hashes alone: in the Xcode model (hashes
    /// computed) and in the compiled one (hashes recorded), the same single version.
    @Test(arguments: [
        ("SampleModel_V1", "Stores/SampleModel_V1/SampleModel.xcdatamodeld", ["SampleModel"]),
        ("SampleModel_V1", "CompiledModels/SampleModel.momd", ["SampleModel"]),
        ("SampleModel3_V1", "Stores/SampleModel3_V1/SampleModel3.xcdatamodeld", ["SampleModel3"]),
        ("SampleModel3_V1", "CompiledModels/SampleModel3.momd", ["SampleModel3"]),
        ("SampleModel2_V2", "CompiledModels/SampleModel.momd", []),
    ])
    func theStoresHashesPickItsVersion(_ store: String, _ model: String, _ expected: [String]) throws {
        let location = try ModelLocation(path: Self.fixtures.appendingPathComponent(model).path)
        #expect(try location.versions(matching: Self.storedHashes(store)) == expected)
    }

    /// Without `VersionInfo.plist` a `.momd`'s versions are hashed from their models, with the same result.
    @Test func aMomdWithoutVersionInfoIsHashedFromItsModels() throws {
        let scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent("hash-\(UUID().uuidString).momd")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for version in ["SampleModel", "SampleModel2", "SampleModel3"] {
            let mom = Self.fixtures.appendingPathComponent("CompiledModels/SampleModel.momd/\(version).mom")
            try Data(contentsOf: mom).write(to: URL(fileURLWithPath: (scratch as NSString).appendingPathComponent("\(version).mom")))
        }
        let location = try ModelLocation(path: scratch)
        #expect(location.versionHashes(version: "SampleModel") == nil)
        #expect(try location.versions(matching: Self.storedHashes("SampleModel_V1")) == ["SampleModel"])
    }

    // MARK: - What changes a hash and what does not

    static let base = ManagedObjectModel(entities: [
        Entity(name: "Car", attributes: [Attribute(name: "plate", kind: .string, isOptional: false)],
               relationships: [Relationship(name: "owner", destination: "Person", inverseName: "cars", maxCount: 1)]),
        Entity(name: "SportCar", parentName: "Car", attributes: [Attribute(name: "speed", kind: .integer32)]),
        Entity(name: "Person", attributes: [Attribute(name: "name", kind: .string)],
               relationships: [Relationship(name: "cars", destination: "Car", inverseName: "owner", isToMany: true)]),
    ])

    /// A change to the model and whether Core Data would count it as a new version (a different hash of Car).
    static let changes: [(String, Bool, @Sendable (inout ManagedObjectModel) -> Void)] = [
        ("class name", false, { $0.entities[0].className = "CarMO" }),
        ("delete rule", false, { $0.entities[0].relationships[0].deleteRule = .cascade }),
        ("default value", false, { $0.entities[0].attributes[0].defaultValue = "X" }),
        ("transient attribute added", false, { $0.entities[0].attributes.append(Attribute(name: "t", kind: .string, isTransient: true)) }),
        ("scalar type", false, { $0.entities[0].attributes[0].usesScalarValueType = true }),
        ("attribute type", true, { $0.entities[0].attributes[0].kind = .uri }),
        ("attribute optional", true, { $0.entities[0].attributes[0].isOptional = true }),
        ("attribute renamed", true, { $0.entities[0].attributes[0].name = "number" }),
        ("attribute added", true, { $0.entities[0].attributes.append(Attribute(name: "color", kind: .string)) }),
        ("external storage", true, { $0.entities[0].attributes[0].allowsExternalStorage = true }),
        ("preserved on deletion", true, { $0.entities[0].attributes[0].preservesValueOnDeletion = true }),
        ("attribute hash modifier", true, { $0.entities[0].attributes[0].versionHashModifier = "2" }),
        ("entity hash modifier", true, { $0.entities[0].versionHashModifier = "2" }),
        ("uniqueness constraint", true, { $0.entities[0].uniquenessConstraints = [["plate"]] }),
        ("abstract", true, { $0.entities[0].isAbstract = true }),
        ("relationship to-many", true, { $0.entities[0].relationships[0].maxCount = 0; $0.entities[0].relationships[0].isToMany = true }),
        ("relationship ordered", true, { $0.entities[0].relationships[0].isOrdered = true }),
        ("relationship min count", true, { $0.entities[0].relationships[0].minCount = 1 }),
        ("inverse dropped", true, { $0.entities[0].relationships[0].inverseName = nil }),
    ]

    @Test(arguments: changes.indices)
    func whatChangesAnEntitysHash(_ index: Int) throws {
        let (label, changesHash, change) = Self.changes[index]
        var changed = Self.base
        change(&changed)
        let before = try Self.base.computedVersionHash(ofEntity: "Car")
        let after = try changed.computedVersionHash(ofEntity: "Car")
        #expect((before != after) == changesHash, "\(label)")
        // A parent's hash is part of its children's.
        #expect((try Self.base.computedVersionHash(ofEntity: "SportCar") != changed.computedVersionHash(ofEntity: "SportCar"))
                == changesHash, "\(label) (SportCar)")
        #expect(changed.versionHashDifferences(from: try Self.base.computedVersionHashes()).contains("entity Car: its version hash differs")
                == changesHash, "\(label)")
    }

    /// A to-one relationship hashes as max count 1 whether or not the source wrote the 1.
    @Test func aToOneIsMaxCountOne() throws {
        var unwritten = Self.base
        unwritten.entities[0].relationships[0].maxCount = 0
        #expect(try unwritten.computedVersionHash(ofEntity: "Car") == Self.base.computedVersionHash(ofEntity: "Car"))
    }

    @Test func differencesNameEveryEntityThatDiffers() throws {
        var stored = try Self.base.computedVersionHashes()
        stored["Person"] = [UInt8](repeating: 0, count: 32)
        stored["Truck"] = [UInt8](repeating: 1, count: 32)
        stored["SportCar"] = nil
        #expect(Self.base.versionHashDifferences(from: stored) == [
            "entity Person: its version hash differs",
            "entity SportCar: in the model, not in the store",
            "entity Truck: in the store, not in the model",
        ])
    }

    @Test(arguments: [
        (ManagedObjectModel(entities: [Entity(name: "A", parentName: "B"), Entity(name: "B", parentName: "A")]), "A",
         "entity A: its parents form a cycle through A"),
        (ManagedObjectModel(entities: [Entity(name: "A", parentName: "Gone")]), "A", "entity A: parent Gone is not in the model"),
        (ManagedObjectModel(entities: []), "A", "entity A: not in the model"),
        (ManagedObjectModel(entities: [Entity(name: "A", attributes: [Attribute(name: "x", kind: .undefined, unknownTypeName: "Codable")])]),
         "A", "entity A: attribute 'x' has a type this reader does not know (Codable)"),
        (ManagedObjectModel(entities: [Entity(name: "A", attributes: [Attribute(name: "x", kind: .composite)])]),
         "A", "entity A: attribute 'x' is composite; its elements are not read"),
        (ManagedObjectModel(entities: [Entity(name: "A", attributes: [Attribute(name: "x", kind: .integer64, isDerived: true)])]),
         "A", "entity A: attribute 'x' is derived and its expression was not read"),
    ])
    func whatCannotBeHashedSaysWhy(_ model: ManagedObjectModel, _ entity: String, _ message: String) {
        #expect(throws: ModelReadError(message)) { try model.computedVersionHash(ofEntity: entity) }
    }

    /// A chain of parents far deeper than any model is walked without recursion.
    @Test func aDeepChainOfParents() throws {
        let entities = (0..<5000).map { Entity(name: "E\($0)", parentName: $0 == 0 ? nil : "E\($0 - 1)") }
        let hashes = try ManagedObjectModel(entities: entities).computedVersionHashes()
        #expect(Set(hashes.values).count == 5000)
    }
}
