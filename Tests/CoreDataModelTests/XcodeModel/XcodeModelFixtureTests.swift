import Foundation
import Testing
@testable import CoreDataModel

/// Real models from a public repository (Fixtures/XcodeModelFixtures.swift names where and under what licence).
@Suite struct XcodeModelFixtureTests {
    @Test func coreStoresTestModelReadsWithItsXcode4EraAttributes() throws {
        #expect(XcodeModelFixtures.coreStoreTestsModel.count == 2620)
        let model = try ManagedObjectModel(xcdatamodelContents: XcodeModelFixtures.coreStoreTestsModel)
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
        #expect(XcodeModelFixtures.evolutionDemoV1.count == 755)
        let model = try ManagedObjectModel(xcdatamodelContents: XcodeModelFixtures.evolutionDemoV1)
        let creature = try #require(model.entity(named: "Creature"))
        #expect(creature.className == "Advanced_EvolutionDemo_V1_Creature")
        #expect(creature.attributes == [
            Attribute(name: "dnaCode", kind: .integer64, isOptional: false, defaultValue: "0", usesScalarValueType: true),
            Attribute(name: "numberOfFlagella", kind: .integer32, isOptional: false, defaultValue: "2",
                      usesScalarValueType: true),
        ])
    }

    /// Cutting a real file anywhere before its last byte is a one-line error: never a crash, a hang or a model.
    @Test func everyTruncationOfARealModelIsAOneLineError() {
        let bytes = XcodeModelFixtures.coreStoreTestsModel
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
}
