import Foundation
import Testing
@testable import CoreDataModel

/// Real models from public repositories, read from the source tree: Fixtures/XcodeModels (JohnEstropia/CoreStore)
/// and the `.xcdatamodeld` folders beside the real stores in Fixtures/Stores (alemar11/CoreDataPlus). Each
/// folder's README names the files, commits and licence.
@Suite struct XcodeModelFixtureTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    private static func contents(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent("XcodeModels").appendingPathComponent(name))
    }

    private static func store(_ relative: String) -> String { fixtures.appendingPathComponent("Stores/" + relative).path }

    @Test func coreStoresTestModelReadsWithItsXcode4EraAttributes() throws {
        let data = try Self.contents("CoreStoreTests-Model.contents")
        #expect(data.count == 2620)
        let model = try ManagedObjectModel(xcdatamodelContents: data)
        #expect(model.entities.map(\.name) == ["TestEntity1AAA", "TestEntity2"])
        #expect(model.entities.map(\.className) == ["CoreStoreTests.TestEntity1", "CoreStoreTests.TestEntity2"])
        #expect(model.versionIdentifiers.isEmpty)
        #expect(model.problems.isEmpty)
        for entity in model.entities {
            #expect(entity.attributes.map(\.name) == ["testBoolean", "testData", "testDate", "testDecimal", "testEntityID",
                                                      "testNil", "testNumber", "testString"])
            #expect(entity.attributes.map(\.kind) == [.boolean, .binary, .date, .decimal, .integer64, .string,
                                                      .integer32, .string])
            #expect(entity.attributes.allSatisfy { $0.isOptional && !$0.usesScalarValueType })
            #expect(entity.relationships.isEmpty && entity.parentName == nil)
        }
    }

    @Test func evolutionDemoReadsRequiredScalarsWithDefaults() throws {
        let data = try Self.contents("EvolutionDemo-V1.contents")
        #expect(data.count == 755)
        let model = try ManagedObjectModel(xcdatamodelContents: data)
        let creature = try #require(model.entity(named: "Creature"))
        #expect(creature.className == "Advanced_EvolutionDemo_V1_Creature")
        #expect(creature.attributes == [
            Attribute(name: "dnaCode", kind: .integer64, isOptional: false, defaultValue: "0", usesScalarValueType: true),
            Attribute(name: "numberOfFlagella", kind: .integer32, isOptional: false, defaultValue: "2",
                      usesScalarValueType: true),
        ])
    }

    /// Cutting a real file anywhere before its last byte is a one-line error: never a crash, a hang or a model.
    @Test func everyTruncationOfARealModelIsAOneLineError() throws {
        let bytes = try Self.contents("CoreStoreTests-Model.contents")
        var refused = 0
        for length in 0..<bytes.count {
            do {
                _ = try ManagedObjectModel(xcdatamodelContents: bytes.prefix(length))
            } catch {
                refused += 1
                #expect(!error.message.contains("\n"))
                #expect(error.message.hasPrefix("contents"))
            }
        }
        #expect(refused == bytes.count)
    }

    @Test func coreDataPlusSampleModelHasThreeVersionsAndThreeLevelsOfCars() throws {
        let location = try ModelLocation(path: Self.store("SampleModel_V1/SampleModel.xcdatamodeld"))
        #expect(location.versions == ["SampleModel", "SampleModel2", "SampleModel3"])
        #expect(location.currentVersion == "SampleModel")
        let model = try location.model()
        #expect(model.versionName == "SampleModel")
        #expect(model.versionIdentifiers == ["1"])
        #expect(model.problems.isEmpty)
        #expect(model.entities.map(\.name) == ["Car", "ExpensiveSportCar", "Person", "SportCar"])
        #expect(model.descendants(of: "Car").map(\.name) == ["SportCar", "ExpensiveSportCar"])
        let car = try #require(model.entity(named: "Car"))
        let color = try #require(car.attributes.first)
        #expect(color.kind == .transformable && color.valueTransformerName == "ColorTransformer"
                && color.customClassName == "Color")
        #expect(car.attributes.first { $0.name == "currentDrivingSpeed" }?.isTransient == true)
        #expect(car.attributes.first { $0.name == "numberPlate" }?.isOptional == false)
        #expect(car.relationships == [Relationship(name: "owner", destination: "Person", inverseName: "cars", maxCount: 1)])
        let person = try #require(model.entity(named: "Person"))
        #expect(person.attributes.first { $0.name == "id" }?.kind == .uuid)
        #expect(person.relationships == [Relationship(name: "cars", destination: "Car", inverseName: "owner",
                                                      isToMany: true)])
    }

    @Test func coreDataPlusLaterVersionsReadByName() throws {
        let location = try ModelLocation(path: Self.store("SampleModel_V1/SampleModel.xcdatamodeld"))
        let third = try location.model(version: "SampleModel3")
        #expect(third.versionIdentifiers == ["3"])
        #expect(third.problems.isEmpty)
        #expect(third.entity(named: "LuxuryCar")?.parentName == "SportCar")
        #expect(third.entity(named: "Person")?.relationships.map(\.name) == ["cars", "previousCars"])
        #expect(third.entity(named: "Car")?.relationships.first { $0.name == "previousOwners" }?.isToMany == true)

        let users = try ModelLocation(path: Self.store("SampleModel3_V1/SampleModel3.xcdatamodeld"))
        #expect(users.versions == ["SampleModel3", "SampleModel3_v2", "SampleModel3_v3"])
        #expect(try users.model().entities.map(\.name) == ["User"])
        #expect(try users.model(version: "SampleModel3_v2").entity(named: "Pet")?.relationships.first?.inverseName == "pet")
    }
}
