import Foundation
import Testing
@testable import CoreDataModel

/// The model caches of real stores (Tests/CoreDataModelTests/Fixtures/Stores, from alemar11/CoreDataPlus, MIT):
/// inflated, read as a binary property list, walked as a keyed archive and read as a model — the whole path a
/// store's `Z_MODELCACHE` takes. What each model holds is what the repository's `.xcdatamodeld` declares
/// (SampleModel_V1, SampleModel3_V1) or what its code builds (SampleModel2_V2).
@Suite struct RealModelCacheTests {
    static func model(_ store: String) throws -> ManagedObjectModel {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Stores/\(store)/modelcache.bin")
        let inflated = try Inflate.data([UInt8](try Data(contentsOf: url)), limit: 1 << 24)
        return try ManagedObjectModel(archive: try KeyedArchive(bytes: inflated))
    }

    @Test func threeLevelsOfInheritanceInOneTable() throws {
        let model = try Self.model("SampleModel_V1")
        #expect(Set(model.entities.map(\.name)) == ["Car", "SportCar", "ExpensiveSportCar", "Person"])
        #expect(model.entity(named: "SportCar")?.parentName == "Car")
        #expect(model.entity(named: "ExpensiveSportCar")?.parentName == "SportCar")
        #expect(model.descendants(of: "Car").map(\.name) == ["SportCar", "ExpensiveSportCar"])
        let car = try #require(model.entity(named: "Car"))
        #expect(!car.attributes.isEmpty)
        // A car has an owner, a person has cars: one relationship each way, each the other's inverse.
        let owner = try #require(car.relationships.first { $0.destination == "Person" })
        let person = try #require(model.entity(named: "Person"))
        let cars = try #require(person.relationships.first { $0.destination == "Car" })
        #expect(owner.inverseName == cars.name && cars.inverseName == owner.name)
        #expect(cars.isToMany && !owner.isToMany)
    }

    @Test(arguments: ["SampleModel_V1", "SampleModel3_V1", "SampleModel2_V2"])
    func everyRealCacheReadsAsAModel(_ store: String) throws {
        let model = try Self.model(store)
        #expect(!model.entities.isEmpty)
        for entity in model.entities {
            if let parent = entity.parentName { #expect(model.entity(named: parent) != nil, "\(entity.name)'s parent \(parent)") }
            for relationship in entity.relationships {
                #expect(model.entity(named: relationship.destination) != nil, "\(entity.name).\(relationship.name)")
            }
            for attribute in entity.attributes { #expect(attribute.kind != .undefined, "\(entity.name).\(attribute.name)") }
        }
    }

    /// The same model read two ways agrees: from the store's cache (a keyed archive Core Data wrote) and from
    /// the repository's `.xcdatamodeld` (the XML Xcode wrote), its current version.
    @Test(arguments: [("SampleModel_V1", "SampleModel.xcdatamodeld"), ("SampleModel3_V1", "SampleModel3.xcdatamodeld")])
    func theCacheAndTheXcodeModelAgree(_ store: String, _ xcodeModel: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Stores/\(store)/\(xcodeModel)").path
        let fromXcode = try ModelLocation(path: folder).model()
        let fromCache = try Self.model(store)
        func outline(_ model: ManagedObjectModel) -> [String] {
            model.entities.flatMap { entity in
                ["\(entity.name) < \(entity.parentName ?? "-") abstract=\(entity.isAbstract)"]
                    + entity.attributes.map { "\(entity.name).\($0.name): \($0.kind.rawValue) optional=\($0.isOptional) transient=\($0.isTransient)" }
                    + entity.relationships.map {
                        "\(entity.name).\($0.name) -> \($0.destination) inverse=\($0.inverseName ?? "-") many=\($0.isToMany) "
                            + "ordered=\($0.isOrdered) rule=\($0.deleteRule.rawValue)"
                    }
            }.sorted()
        }
        #expect(outline(fromCache) == outline(fromXcode))
        #expect(fromCache.versionIdentifiers == fromXcode.versionIdentifiers)
    }
}
