import Foundation
import Testing
@testable import CoreDataModel
import CoreDataStoreFixtures

/// Models archived in the shape `NSManagedObjectModel` and its descriptions archive themselves (keys in
/// the doc comment of ManagedObjectModel+Archive.swift), built with `KeyedArchiveWriter`, including the back references
/// (entity → model, property → entity, relationship ↔ inverse) that make the object graph cyclic.
@Suite struct ArchivedModelTests {
    static let descriptionClasses = ["NSPropertyDescription", "NSObject"]

    /// Recipe ↔ Ingredient (to-many cascade / to-one nullify, ordered), Vehicle ← Car ← SportCar (abstract root),
    /// every attribute type on Recipe.
    static func modelArchive(deleteRule: Int64 = 2, entityName: PropertyListValue? = nil) -> [UInt8] {
        var w = KeyedArchiveWriter()
        let model = w.reserve()
        let names = ["Car", "Ingredient", "Recipe", "SportCar", "Vehicle"]
        var slots: [String: PropertyListValue] = [:]
        for name in names { slots[name] = w.reserve() }
        func entity(_ name: String, parent: String? = nil, abstract: Bool = false, className: String? = nil,
                    properties: [(String, PropertyListValue)]) {
            var fields: [String: PropertyListValue] = [
                "NSEntityName": w.string(name), "NSManagedObjectModel": model,
                "NSProperties": w.dictionary(properties, className: "NSMutableDictionary"),
                "NSVersionHash": w.add(.data(Array(name.utf8))),
            ]
            if let className { fields["NSClassNameForEntity"] = w.string(className) }
            if abstract { fields["NSIsAbstract"] = .bool(true) }
            if let parent { fields["NSSuperentity"] = slots[parent]! }
            if name == "Recipe", let entityName { fields["NSEntityName"] = entityName }
            w.fill(slots[name]!, with: w.instanceFields("NSEntityDescription", fields))
        }
        func attribute(_ name: String, on owner: String, type: Int64, optional: Bool = true,
                       extra: [String: PropertyListValue] = [:], className: String = "NSAttributeDescription") -> (String, PropertyListValue) {
            var fields: [String: PropertyListValue] = ["NSPropertyName": w.string(name), "NSAttributeType": .integer(type),
                                                       "NSEntity": slots[owner]!]
            if optional { fields["NSIsOptional"] = .bool(true) }
            fields.merge(extra) { $1 }
            let superclasses = className == "NSAttributeDescription" ? descriptionClasses : ["NSAttributeDescription"] + descriptionClasses
            return (name, w.instance(className, superclasses: superclasses, fields))
        }
        let ingredients = w.reserve()
        let recipe = w.reserve()
        w.fill(ingredients, with: w.instanceFields("NSRelationshipDescription", superclasses: descriptionClasses, [
            "NSPropertyName": w.string("ingredients"), "NSEntity": slots["Recipe"]!, "NSDestinationEntity": slots["Ingredient"]!,
            "_NSDestinationEntityName": w.string("Ingredient"), "NSInverseRelationship": recipe,
            "_NSInverseRelationshipName": w.string("recipe"), "NSMaxCount": .integer(0), "NSMinCount": .integer(0),
            "NSDeleteRule": .integer(deleteRule), "NSIsOptional": .bool(true), "NSIsOrdered": .bool(true),
        ]))
        w.fill(recipe, with: w.instanceFields("NSRelationshipDescription", superclasses: descriptionClasses, [
            "NSPropertyName": w.string("recipe"), "NSEntity": slots["Ingredient"]!, "NSDestinationEntity": slots["Recipe"]!,
            "NSInverseRelationship": ingredients, "NSMaxCount": .integer(1), "NSMinCount": .integer(1),
            "NSDeleteRule": .integer(1),
        ]))
        // A to-one whose destination was not archived as an object, only by name (as after a conditional encode).
        let owner = w.instance("NSRelationshipDescription", superclasses: descriptionClasses, [
            "NSPropertyName": w.string("owner"), "_NSDestinationEntityName": w.string("Recipe"), "NSMaxCount": .integer(1),
            "NSDeleteRule": .integer(0), "NSIsTransient": .bool(true),
        ])
        let types: [(String, Int64)] = [("i16", 100), ("i32", 200), ("i64", 300), ("decimal", 400), ("double", 500),
                                        ("float", 600), ("name", 700), ("flag", 800), ("created", 900), ("photo", 1000),
                                        ("uid", 1100), ("link", 1200), ("color", 1800), ("ref", 2000), ("future", 4242)]
        var recipeProperties = types.map { attribute($0.0, on: "Recipe", type: $0.1) }
        recipeProperties.append(("ingredients", ingredients))
        recipeProperties.append(attribute("title", on: "Recipe", type: 700, optional: false,
                                          extra: ["NSDefaultValue": w.string("Untitled")]))
        recipeProperties.append(attribute("servings", on: "Recipe", type: 200, extra: ["NSDefaultValue": w.add(.integer(4))]))
        recipeProperties.append(attribute("tint", on: "Recipe", type: 1800,
                                          extra: ["NSValueTransformerName": w.string("NSSecureUnarchiveFromData")]))
        recipeProperties.append(attribute("count", on: "Recipe", type: 300, className: "NSDerivedAttributeDescription"))
        recipeProperties.append(attribute("scratch", on: "Recipe", type: 700, extra: ["NSIsTransient": .bool(true)]))
        entity("Recipe", className: "Recipe", properties: recipeProperties)
        entity("Ingredient", properties: [("recipe", recipe), attribute("name", on: "Ingredient", type: 700), ("owner", owner)])
        entity("Vehicle", abstract: true, properties: [attribute("wheels", on: "Vehicle", type: 100)])
        entity("Car", parent: "Vehicle", properties: [attribute("make", on: "Car", type: 700)])
        entity("SportCar", parent: "Car", properties: [attribute("topSpeed", on: "SportCar", type: 500)])
        let entities = w.dictionary(names.reversed().map { ($0, slots[$0]!) })
        let versions = w.array([w.string("v2"), w.string("v1")], className: "NSSet")
        w.fill(model, with: w.instanceFields("NSManagedObjectModel", ["NSEntities": entities, "NSVersionIdentifiers": versions]))
        return w.bytes(root: model)
    }

    @Test func aModelArchiveReads() throws {
        let model = try ManagedObjectModel(archive: KeyedArchive(bytes: Self.modelArchive()))
        #expect(model.entities.map(\.name) == ["Car", "Ingredient", "Recipe", "SportCar", "Vehicle"])
        #expect(model.versionIdentifiers == ["v1", "v2"])
        #expect(model.descendants(of: "Vehicle").map(\.name) == ["Car", "SportCar"])
        let vehicle = try #require(model.entity(named: "Vehicle"))
        #expect(vehicle.isAbstract && vehicle.parentName == nil)
        #expect(model.entity(named: "SportCar")?.parentName == "Car")
        let recipe = try #require(model.entity(named: "Recipe"))
        #expect(recipe.className == "Recipe")
        #expect(recipe.versionHash == Array("Recipe".utf8))
        let kinds = Dictionary(uniqueKeysWithValues: recipe.attributes.map { ($0.name, $0.kind) })
        #expect(kinds["i16"] == .integer16 && kinds["i32"] == .integer32 && kinds["i64"] == .integer64)
        #expect(kinds["decimal"] == .decimal && kinds["double"] == .double && kinds["float"] == .float)
        #expect(kinds["name"] == .string && kinds["flag"] == .boolean && kinds["created"] == .date)
        #expect(kinds["photo"] == .binary && kinds["uid"] == .uuid && kinds["link"] == .uri)
        #expect(kinds["color"] == .transformable && kinds["ref"] == .objectID && kinds["future"] == .undefined)
        let title = try #require(recipe.attributes.first { $0.name == "title" })
        #expect(!title.isOptional && title.defaultValue == "Untitled")
        #expect(recipe.attributes.first { $0.name == "servings" }?.defaultValue == "4")
        #expect(recipe.attributes.first { $0.name == "tint" }?.valueTransformerName == "NSSecureUnarchiveFromData")
        #expect(recipe.attributes.first { $0.name == "count" }?.isDerived == true)
        #expect(recipe.attributes.first { $0.name == "scratch" }?.isTransient == true)
        #expect(recipe.attributes.first { $0.name == "name" }?.isOptional == true)
        let ingredients = try #require(recipe.relationships.first)
        #expect(ingredients == Relationship(name: "ingredients", destination: "Ingredient", inverseName: "recipe", isToMany: true,
                                            isOrdered: true, isOptional: true, deleteRule: .cascade))
        let ingredient = try #require(model.entity(named: "Ingredient"))
        #expect(ingredient.relationships.map(\.name) == ["owner", "recipe"])
        #expect(ingredient.relationships[1] == Relationship(name: "recipe", destination: "Recipe", inverseName: "ingredients",
                                                            isOptional: false, deleteRule: .nullify, minCount: 1, maxCount: 1))
        #expect(ingredient.relationships[0] == Relationship(name: "owner", destination: "Recipe", isOptional: false,
                                                            isTransient: true, deleteRule: .noAction, maxCount: 1))
    }

    @Test func theSameModelReadsFromAnAlreadyDecodedPropertyList() throws {
        let binary = try PropertyList.read(Self.modelArchive())
        #expect(try ManagedObjectModel(archive: KeyedArchive(propertyList: binary))
            == ManagedObjectModel(archive: KeyedArchive(bytes: Self.modelArchive())))
    }

    @Test func aDeleteRuleOutOfRangeIsAnError() {
        #expect {
            try ManagedObjectModel(archive: KeyedArchive(bytes: Self.modelArchive(deleteRule: 9)))
        } throws: { error in
            (error as? ModelReadError)?.message == "keyed archive: relationship 'Recipe.ingredients': delete rule 9 is not 0 to 3"
        }
    }

    @Test func anEntityNameOfTheWrongTypeIsAnError() {
        #expect {
            try ManagedObjectModel(archive: KeyedArchive(bytes: Self.modelArchive(entityName: .integer(5))))
        } throws: { error in
            (error as? ModelReadError)?.message.contains("key 'NSEntityName' is an integer, not a string") == true
        }
    }

    @Test func aRootThatIsNotAModelIsAnError() {
        var w = KeyedArchiveWriter()
        let root = w.instance("NSEntityDescription", ["NSEntityName": w.string("Recipe")])
        #expect {
            try ManagedObjectModel(archive: KeyedArchive(bytes: w.bytes(root: root)))
        } throws: { error in
            (error as? ModelReadError)?.message == "keyed archive: the root object is of class NSEntityDescription, not an NSManagedObjectModel"
        }
    }

    @Test func aRelationshipWithoutADestinationIsAnError() {
        var w = KeyedArchiveWriter()
        let relationship = w.instance("NSRelationshipDescription", superclasses: Self.descriptionClasses, ["NSPropertyName": w.string("x")])
        let entity = w.instance("NSEntityDescription", ["NSEntityName": w.string("A"), "NSProperties": w.dictionary([("x", relationship)])])
        let model = w.instance("NSManagedObjectModel", ["NSEntities": w.dictionary([("A", entity)])])
        #expect {
            try ManagedObjectModel(archive: KeyedArchive(bytes: w.bytes(root: model)))
        } throws: { error in
            (error as? ModelReadError)?.message == "keyed archive: relationship 'A.x' has no destination entity"
        }
    }

    @Test func aSuperentityCycleReadsAndEndsTheWalk() throws {
        var w = KeyedArchiveWriter()
        let a = w.reserve(), b = w.reserve()
        w.fill(a, with: w.instanceFields("NSEntityDescription", ["NSEntityName": w.string("A"), "NSSuperentity": b]))
        w.fill(b, with: w.instanceFields("NSEntityDescription", ["NSEntityName": w.string("B"), "NSSuperentity": a]))
        let model = w.instance("NSManagedObjectModel", ["NSEntities": w.dictionary([("A", a), ("B", b)])])
        let read = try ManagedObjectModel(archive: KeyedArchive(bytes: w.bytes(root: model)))
        #expect(read.entities.map(\.parentName) == ["B", "A"])
        #expect(read.descendants(of: "A").map(\.name) == ["B"])
    }
}
