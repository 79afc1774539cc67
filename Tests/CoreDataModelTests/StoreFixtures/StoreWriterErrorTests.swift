import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import Testing

/// A fixture the test got wrong is a one-line error naming the object and what is wrong, and no file is written.
@Suite struct StoreWriterErrorTests {
    static let cases: [(label: String, insert: @Sendable (inout CoreDataStoreWriter) -> Void, message: String)] = [
        ("unknown entity", { $0.insert("Dish", id: "d", [:]) },
         "fixture: object 'd' is of entity Dish, which the model does not have"),
        ("abstract entity", { $0.insert("Media", id: "m", [:]) }, "fixture: object 'm' is of abstract entity Media"),
        ("two ids", { $0.insert("Tag", id: "t", [:]); $0.insert("Tag", id: "t", [:]) }, "fixture: two objects with id 't'"),
        ("unknown attribute", { $0.insert("Tag", id: "t", ["nmae": .string("x")]) },
         "fixture: object 't': entity Tag has no attribute 'nmae'"),
        ("unknown relationship", { $0.insert("Tag", id: "t", [:], links: ["recipe": []]) },
         "fixture: object 't': entity Tag has no relationship 'recipe'"),
        ("missing target", { $0.insert("Tag", id: "t", [:], links: ["recipes": ["r9"]]) },
         "fixture: object 't' links 'recipes' to 'r9', which is not inserted"),
        ("wrong target", { $0.insert("Tag", id: "t", [:]); $0.insert("Tag", id: "u", [:], links: ["recipes": ["t"]]) },
         "fixture: object 'u' links 'recipes' to 't', a Tag, not a Recipe"),
        ("two targets for a to-one", {
            $0.insert("RecipeType", id: "a", [:]); $0.insert("RecipeType", id: "b", [:])
            $0.insert("Recipe", id: "r", ["name": .string("x")], links: ["type": ["a", "b"]])
        }, "fixture: object 'r': to-one 'type' has 2 targets"),
        ("wrong kind", { $0.insert("Tag", id: "t", ["name": .int(3)]) },
         "fixture: object 't' attribute Tag.name is String, not given int(3)"),
        ("bad uuid", { $0.insert("Recipe", id: "r", ["identifier": .uuid("not-a-uuid")]) },
         "fixture: object 'r' attribute Recipe.identifier: 'not-a-uuid' is not a uuid"),
        ("external without external storage", {
            $0.insert("Recipe", id: "r", ["color": .externalData([1], fileName: "F")])
        }, "fixture: object 'r' attribute Recipe.color is Transformable, not given externalData([1], fileName: \"F\")"),
    ]

    @Test(arguments: cases.map(\.label))
    func aWrongFixtureIsAOneLineErrorAndWritesNothing(_ label: String) throws {
        let testCase = try #require(Self.cases.first { $0.label == label })
        var writer = CoreDataStoreWriter(model: CoreDataFixtures.recipesModel)
        testCase.insert(&writer)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Bad.sqlite").path
        #expect {
            try writer.write(to: path)
        } throws: { error in
            (error as? CoreDataFixtureError)?.message == testCase.message
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func anExistingFileIsNotOverwritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Recipes.sqlite").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try CoreDataFixtures.recipes.writer.write(to: path)
        } throws: { error in
            (error as? CoreDataFixtureError)?.message == "fixture: \(path) exists; a store is written only as a new file"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("keep".utf8))
    }

    @Test(arguments: [
        ("no inverse", ManagedObjectModel(entities: [
            Entity(name: "A", relationships: [Relationship(name: "bs", destination: "B", isToMany: true)]), Entity(name: "B"),
        ]), "fixture model: to-many A.bs has no inverse (the fixtures write only to-manys with an inverse)"),
        ("missing destination", ManagedObjectModel(entities: [
            Entity(name: "A", relationships: [Relationship(name: "b", destination: "B", maxCount: 1)]),
        ]), "fixture model: relationship A.b points at entity B, which the model does not have"),
        ("missing parent", ManagedObjectModel(entities: [Entity(name: "A", parentName: "P")]),
         "fixture model: entity A has parent P, which the model does not have"),
        ("parent cycle", ManagedObjectModel(entities: [Entity(name: "A", parentName: "B"), Entity(name: "B", parentName: "A")]),
         "fixture model: entity A inherits in a cycle"),
        ("object id attribute", ManagedObjectModel(entities: [Entity(name: "A", attributes: [Attribute(name: "o", kind: .objectID)])]),
         "fixture model: attribute A.o has type ObjectID, which the fixtures do not write"),
    ])
    func aModelTheFixturesCannotLayOutIsAnError(_ label: String, _ model: ManagedObjectModel, _ message: String) {
        #expect(throws: CoreDataFixtureError(message), "\(label)") { try CoreDataStoreLayout(model: model) }
    }
}
