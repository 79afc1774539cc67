import CoreDataModel
import Foundation

/// A model with the objects of one test case, ready to write: `try fixture.writer.write(to: path)`, and
/// `CoreDataStoreWriter.writeXcodeModel(fixture.model, …)` for its `.xcdatamodeld`.
public struct CoreDataFixture: Sendable {
    /// The model the app has: the one in `Z_MODELCACHE` and in the Xcode model.
    public var model: ManagedObjectModel
    public var writer: CoreDataStoreWriter

    /// Writes `<name>.sqlite` (with its external data folder) and `<name>.xcdatamodeld` into `folder`, which must
    /// exist, and returns their paths.
    @discardableResult
    public func write(into folder: String, name: String) throws -> (store: String, xcodeModel: String) {
        let store = (folder as NSString).appendingPathComponent(name + ".sqlite")
        let xcodeModel = (folder as NSString).appendingPathComponent(name + ".xcdatamodeld")
        try writer.write(to: store)
        try CoreDataStoreWriter.writeXcodeModel(model, versions: nil, to: xcodeModel)
        return (store, xcodeModel)
    }
}

/// Ready-made cases for issue 14's "Done when": every attribute type, inheritance three levels deep with an
/// abstract root, to-one both sides, ordered to-many, many-to-many (one of them ordered on one side), UUID,
/// transformable, external binary data; and a store that disagrees with its model.
public enum CoreDataFixtures {
    // MARK: - Recipes

    /// Entities, numbered as Core Data numbers them (roots by name, each followed by its sub-entities):
    ///
    /// | n | entity | table | what it shows |
    /// |---|---|---|---|
    /// | 1 | Cookbook | ZCOOKBOOK | `recipes`: ordered many-to-many ↔ Recipe.cookbooks (join table `Z_1RECIPES` with `Z_FOK_6RECIPES`) |
    /// | 2 | Ingredient | ZINGREDIENT | `recipe`: to-one ↔ Recipe.ingredients, ordered (`Z_FOK_RECIPE`) |
    /// | 3 | Media (abstract) | ZMEDIA | `caption`; `recipe`: to-one ↔ Recipe.media |
    /// | 4 | Photo : Media | ZMEDIA | `width`; `coverOf`: to-many ↔ Recipe.cover |
    /// | 5 | RawPhoto : Photo | ZMEDIA | `sensor` |
    /// | 6 | Recipe | ZRECIPE | every attribute type, derived `ingredientCount`, transient `scratchNote`; `cover` → Photo (`ZCOVER`, `Z4_COVER`) |
    /// | 7 | RecipeType | ZRECIPETYPE | `recipes`: to-many ↔ Recipe.type, Deny |
    /// | 8 | Tag | ZTAG | `recipes`: many-to-many ↔ Recipe.tags (join table `Z_6TAGS`) |
    ///
    /// Objects: RecipeTypes Dessert, Main, Starter (no recipes); Recipe 1 (Dessert, 8 ingredients, photo inline),
    /// Recipe 2 (Dessert, photo in an external file), Recipe 3 (Main), Recipe 4 (no type, nothing optional set);
    /// tags quick, sweet, vegetarian; a Photo, a RawPhoto and a second Photo; cookbooks Baking [Recipe 2, Recipe 1]
    /// and Weeknight [Recipe 3].
    public static var recipes: CoreDataFixture {
        var writer = CoreDataStoreWriter(model: recipesModel)
        writer.insert("RecipeType", id: "dessert", ["name": .string("Dessert")])
        writer.insert("RecipeType", id: "main", ["name": .string("Main")])
        writer.insert("RecipeType", id: "starter", ["name": .string("Starter")])
        writer.insert("Tag", id: "quick", ["name": .string("quick")])
        writer.insert("Tag", id: "sweet", ["name": .string("sweet")])
        writer.insert("Tag", id: "vegetarian", ["name": .string("vegetarian")])
        writer.insert("Photo", id: "photo1", ["caption": .string("Cake, top"), "width": .int(1024)])
        writer.insert("RawPhoto", id: "raw1", ["caption": .string("Cake, raw"), "width": .int(6000), "sensor": .string("APS-C")])
        writer.insert("Photo", id: "photo2", ["caption": .string("Soup"), "width": .int(800)])
        writer.insert("Recipe", id: "recipe1", [
            "name": .string("Recipe 1"), "prepTime": .int(45), "servings": .int(8), "calories": .int(3_200_000_000),
            "rating": .double(4.5), "weight": .double(1.25), "cost": .decimal("12.5"), "isFavorite": .bool(true),
            "createdAt": .date(700_000_000), "photo": .data([0x89, 0x50, 0x4E, 0x47]),
            "identifier": .uuid("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), "source": .uri("https://example.com/recipes/1"),
            "color": .color(red: 0.5, green: 0.25, blue: 0.125),
        ], links: ["type": ["dessert"], "tags": ["sweet", "quick"], "media": ["photo1", "raw1"], "cover": ["raw1"],
                    // Not in insertion order, so that only the order key gives it back.
                    "ingredients": [8, 1, 2, 3, 4, 5, 6, 7].map { "ingredient\($0)" }])
        writer.insert("Recipe", id: "recipe2", [
            "name": .string("Recipe 2"), "prepTime": .int(20), "servings": .int(4), "calories": .int(450),
            "rating": .double(3), "weight": .double(0.5), "cost": .decimal("3"), "isFavorite": .bool(false),
            "createdAt": .date(700_086_400.5),
            "photo": .externalData(Array(repeating: 0xAB, count: 2048), fileName: "3C1D5B9E-7A4F-4E2B-9D6C-1F8A2B3C4D5E"),
            "identifier": .uuid("0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0"), "source": .uri("file:///recipes/2.txt"),
            "color": .color(red: 1, green: 1, blue: 1, alpha: 0.5),
        ], links: ["type": ["dessert"], "tags": ["sweet"], "cover": ["photo1"]])
        writer.insert("Recipe", id: "recipe3", [
            "name": .string("Recipe 3"), "prepTime": .int(90), "servings": .int(6), "calories": .int(0),
            "rating": .double(-1), "cost": .decimal("0.99"), "isFavorite": .bool(true), "createdAt": .date(-86_400),
            "identifier": .uuid("11111111-2222-4333-8444-555555555555"),
        ], links: ["type": ["main"], "tags": ["vegetarian"], "media": ["photo2"]])
        writer.insert("Recipe", id: "recipe4", ["name": .string("Recipe 4")])
        let flour = ["flour", "sugar", "butter", "eggs", "milk", "baking powder", "vanilla", "salt"]
        for (position, name) in flour.enumerated() {
            writer.insert("Ingredient", id: "ingredient\(position + 1)", ["name": .string(name), "quantity": .double(Double(position + 1) * 0.5)])
        }
        writer.insert("Ingredient", id: "ingredient9", ["name": .string("stock"), "quantity": .double(1)], links: ["recipe": ["recipe3"]])
        writer.insert("Cookbook", id: "baking", ["title": .string("Baking")], links: ["recipes": ["recipe2", "recipe1"]])
        writer.insert("Cookbook", id: "weeknight", ["title": .string("Weeknight")], links: ["recipes": ["recipe3"]])
        return CoreDataFixture(model: recipesModel, writer: writer)
    }

    /// The model of `recipes`, entities by name, properties by name.
    public static var recipesModel: ManagedObjectModel {
        func attribute(_ name: String, _ kind: Attribute.Kind, optional: Bool = true) -> Attribute {
            Attribute(name: name, kind: kind, isOptional: optional)
        }
        func toOne(_ name: String, _ destination: String, inverse: String, rule: Relationship.DeleteRule = .nullify)
            -> Relationship
        {
            Relationship(name: name, destination: destination, inverseName: inverse, isOptional: true, deleteRule: rule,
                         maxCount: 1)
        }
        func toMany(_ name: String, _ destination: String, inverse: String, ordered: Bool = false,
                    rule: Relationship.DeleteRule = .nullify) -> Relationship
        {
            Relationship(name: name, destination: destination, inverseName: inverse, isToMany: true, isOrdered: ordered,
                         isOptional: true, deleteRule: rule)
        }
        var recipe = Entity(name: "Recipe", className: "Recipe")
        recipe.attributes = [
            attribute("calories", .integer64),
            Attribute(name: "color", kind: .transformable, valueTransformerName: "NSSecureUnarchiveFromData",
                      customClassName: "NSColor"),
            attribute("cost", .decimal),
            attribute("createdAt", .date),
            attribute("identifier", .uuid),
            Attribute(name: "ingredientCount", kind: .integer64, isDerived: true, derivationExpression: "ingredients.@count",
                      usesScalarValueType: true),
            Attribute(name: "isFavorite", kind: .boolean, defaultValue: "NO", usesScalarValueType: true),
            attribute("name", .string, optional: false),
            Attribute(name: "photo", kind: .binary, allowsExternalStorage: true),
            Attribute(name: "prepTime", kind: .integer16, defaultValue: "0", usesScalarValueType: true),
            attribute("rating", .double),
            Attribute(name: "scratchNote", kind: .string, isTransient: true),
            Attribute(name: "servings", kind: .integer32, defaultValue: "4", usesScalarValueType: true),
            attribute("source", .uri),
            attribute("weight", .float),
        ]
        recipe.relationships = [
            toMany("cookbooks", "Cookbook", inverse: "recipes"),
            toOne("cover", "Photo", inverse: "coverOf"),
            toMany("ingredients", "Ingredient", inverse: "recipe", ordered: true, rule: .cascade),
            toMany("media", "Media", inverse: "recipe", rule: .cascade),
            toMany("tags", "Tag", inverse: "recipes"),
            toOne("type", "RecipeType", inverse: "recipes"),
        ]
        let entities = [
            Entity(name: "Cookbook", className: "Cookbook", attributes: [attribute("title", .string)],
                   relationships: [toMany("recipes", "Recipe", inverse: "cookbooks", ordered: true)]),
            Entity(name: "Ingredient", className: "Ingredient",
                   attributes: [attribute("name", .string), attribute("quantity", .double)],
                   relationships: [toOne("recipe", "Recipe", inverse: "ingredients")]),
            Entity(name: "Media", className: "Media", isAbstract: true, attributes: [attribute("caption", .string)],
                   relationships: [toOne("recipe", "Recipe", inverse: "media")]),
            Entity(name: "Photo", className: "Photo", parentName: "Media", attributes: [attribute("width", .integer32)],
                   relationships: [toMany("coverOf", "Recipe", inverse: "cover")]),
            Entity(name: "RawPhoto", className: "RawPhoto", parentName: "Photo", attributes: [attribute("sensor", .string)]),
            recipe,
            Entity(name: "RecipeType", className: "RecipeType", attributes: [attribute("name", .string)],
                   relationships: [toMany("recipes", "Recipe", inverse: "type", rule: .deny)]),
            Entity(name: "Tag", className: "Tag", attributes: [attribute("name", .string)],
                   relationships: [toMany("recipes", "Recipe", inverse: "tags")]),
        ]
        return ManagedObjectModel(entities: entities, versionIdentifiers: ["1"])
    }

    // MARK: - Disagreeing

    /// A store and a model that disagree, as after an app update without a migration: the store's `ZNOTE` has a
    /// column `ZLEGACYFLAG` the model does not know, and the model's `archivedAt` has no column. `Z_MODELCACHE` and
    /// `Z_METADATA` hold the model (`model`); the tables follow `storeModel`.
    public static var disagreeing: CoreDataFixture {
        var writer = CoreDataStoreWriter(model: disagreeingStoreModel)
        writer.cachedModel = disagreeingModel
        writer.insert("Note", id: "note1", ["title": .string("First"), "body": .string("hello"), "legacyFlag": .int(1)])
        writer.insert("Note", id: "note2", ["title": .string("Second"), "legacyFlag": .int(0)])
        writer.insert("Note", id: "note3", ["title": .string("Third"), "body": .string("bye")])
        return CoreDataFixture(model: disagreeingModel, writer: writer)
    }

    /// The app's model: Note (archivedAt Date, body String, title String).
    public static var disagreeingModel: ManagedObjectModel {
        ManagedObjectModel(entities: [
            Entity(name: "Note", className: "Note", attributes: [
                Attribute(name: "archivedAt", kind: .date), Attribute(name: "body", kind: .string),
                Attribute(name: "title", kind: .string),
            ]),
        ], versionIdentifiers: ["2"])
    }

    /// The model the store's tables were made from: Note (body String, legacyFlag Boolean, title String).
    public static var disagreeingStoreModel: ManagedObjectModel {
        ManagedObjectModel(entities: [
            Entity(name: "Note", className: "Note", attributes: [
                Attribute(name: "body", kind: .string), Attribute(name: "legacyFlag", kind: .boolean),
                Attribute(name: "title", kind: .string),
            ]),
        ], versionIdentifiers: ["1"])
    }
}
