import CoreDataStoreFixtures
import Foundation
import SQLiteKit
import Testing

/// The built `strata` on Core Data stores written in Core Data's layout by `CoreDataStoreFixtures` (see its README
/// for the layout and where each fact comes from): `recipes` has every attribute type, Media → Photo → RawPhoto
/// under an abstract root, to-one both sides, an ordered to-many, two many-to-many (one ordered), Deny, Cascade
/// and Nullify; `disagreeing` is a store whose tables and model differ.
@Suite struct CoreDataFixtureStoreTests {
    static func recipes(_ workspace: Workspace) throws -> (store: String, xcodeModel: String) {
        try CoreDataFixtures.recipes.write(into: workspace.path, name: "Recipes")
    }

    static func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func classesAreTheEntitiesWithFetchRequestCounts() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let result = try StrataProcess.run(["classes", store, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let counts = Dictionary(uniqueKeysWithValues: try Self.json(result.stdout).map { ($0["name"] as? String ?? "", $0["count"] as? Int ?? -1) })
        #expect(counts == ["Cookbook": 2, "Ingredient": 9, "Media": 3, "Photo": 3, "RawPhoto": 1, "Recipe": 4, "RecipeType": 3, "Tag": 3])
        // Join tables are lists, not classes.
        let all = try StrataProcess.run(["classes", store, "--all"])
        #expect(all.stdout.contains("Z_6TAGS") && all.stdout.contains("Z_1RECIPES"))
        #expect(!result.stdout.contains("Z_6TAGS"))
    }

    @Test func schemaShowsModelNamesTypesAndRelationships() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let result = try StrataProcess.run(["schema", store, "Recipe", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let properties = try #require(try Self.json(result.stdout).first?["properties"] as? [[String: Any]])
        func property(_ name: String) -> [String: Any]? { properties.first { $0["name"] as? String == name } }
        let expected: [(String, String, String?)] = [
            ("name", "string", nil), ("prepTime", "int", nil), ("servings", "int", nil), ("calories", "int", nil),
            ("rating", "double", nil), ("weight", "float", nil), ("cost", "decimal", nil), ("isFavorite", "bool", nil),
            ("createdAt", "date", nil), ("photo", "data", nil), ("identifier", "uuid", nil), ("source", "string", nil),
            ("color", "data", nil), ("ingredientCount", "int", nil),
            ("type", "object", "RecipeType"), ("cover", "object", "Photo"), ("ingredients", "list", "Ingredient"),
            ("tags", "list", "Tag"), ("media", "list", "Media"), ("cookbooks", "list", "Cookbook"),
        ]
        for (name, type, target) in expected {
            let found = try #require(property(name), "no property \(name)")
            #expect(found["type"] as? String == type, "\(name)")
            #expect(found["target"] as? String == target, "\(name)")
        }
        #expect(property("scratchNote") == nil, "a transient attribute is not stored")
        #expect(property("ZNAME") == nil && property("@links.Ingredient.recipe") == nil)
        #expect(property("ingredientCount")?["readOnly"] as? Bool == true)
        // The model cache keeps the derivation as an archived expression, read back in its function form.
        #expect(property("ingredientCount")?["derived"] as? String == "count:(ingredients)")
        #expect(property("ingredients")?["deleteRule"] as? String == "cascade")
        #expect(property("ingredients")?["inverse"] as? String == "recipe")
        let text = try StrataProcess.run(["schema", store, "RawPhoto"])
        #expect(text.stdout.contains("RawPhoto  Core Data entity, table ZMEDIA, sub-entity of Photo, key Z_PK"))
        let media = try StrataProcess.run(["schema", store, "Media"])
        #expect(media.stdout.contains("Media  abstract Core Data entity, table ZMEDIA, 3 objects (0 of its own, 3 of sub-entities)"))
    }

    @Test(arguments: [
        ("Recipe where type.name == \"Dessert\"", ["Recipe 1", "Recipe 2"]),
        ("Recipe where ingredients.@count > 7", ["Recipe 1"]),
        ("Recipe where ANY ingredients.name CONTAINS[c] \"FLOUR\"", ["Recipe 1"]),
        ("Recipe where ANY tags.name == \"sweet\" SORT(name DESC)", ["Recipe 2", "Recipe 1"]),
        ("Recipe where cover.width > 1000", ["Recipe 1", "Recipe 2"]),
        ("Recipe where ANY media.caption BEGINSWITH \"Cake\"", ["Recipe 1"]),
        ("Recipe where ANY cookbooks.title == \"Baking\"", ["Recipe 1", "Recipe 2"]),
        ("Recipe where identifier == \"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"", ["Recipe 1"]),
        ("Recipe where createdAt > \"2023-03-09T00:00:00Z\"", ["Recipe 2"]),
        ("Recipe where type == nil", ["Recipe 4"]),
        ("Recipe where isFavorite == true AND calories > 3000000000", ["Recipe 1"]),
    ])
    func queriesReadTheModel(_ text: String, _ names: [String]) throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let result = try StrataProcess.run(["query", store, text, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.json(result.stdout).compactMap { $0["name"] as? String } == names)
    }

    @Test func orderedListsComeInTheirOrderAndValuesAsTheirTypes() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let result = try StrataProcess.run(["get", store, "Recipe", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        // Inserted 8, 1, 2, …, 7: the order key gives that order back.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let ingredients = lines.filter { $0.contains("→") && $0.contains("quantity") }.map { $0.split(separator: "(")[1].prefix(20) }
        #expect(ingredients.first?.hasPrefix("name: salt") == true, "\(result.stdout)")
        #expect(result.stdout.contains("<archived NSColor, "))
        #expect(result.stdout.contains("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(result.stdout.contains("<4 bytes, in the store>"))
        let second = try StrataProcess.run(["get", store, "Recipe", "2"])
        #expect(second.stdout.contains("<external file 3C1D5B9E-7A4F-4E2B-9D6C-1F8A2B3C4D5E>"), "\(second.stdout)")
        let json = try StrataProcess.run(["get", store, "Recipe", "1", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["createdAt"] as? String == "2023-03-08T20:26:40.000Z")
        #expect(object["calories"] as? Int == 3_200_000_000)
    }

    @Test func denyRefusesNamingTheObjectsAndChangesNothing() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let before = try workspace.fingerprint("Recipes.sqlite")
        let result = try StrataProcess.run(["delete", store, "RecipeType", "1", "--yes"])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: cannot delete RecipeType 1: RecipeType 1.recipes holds Recipe 1, 2 (delete rule Deny): delete those or unlink them first\n")
        #expect(try workspace.fingerprint("Recipes.sqlite").0 == before.0)
        // A type nothing holds goes.
        let empty = try StrataProcess.run(["delete", store, "RecipeType", "3", "--yes"])
        #expect(empty.status == 0, "\(empty.stderr)")
    }

    @Test func aDeleteAppliesCascadeAndNullifyAndUndoRestoresEveryRow() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let connection = try Connection(path: store, mode: .readOnly)
        func snapshot() throws -> [[SQLiteValue]] {
            var rows: [[SQLiteValue]] = []
            for table in ["ZRECIPE", "ZINGREDIENT", "ZMEDIA", "ZTAG", "ZCOOKBOOK", "Z_6TAGS", "Z_1RECIPES", "Z_PRIMARYKEY"] {
                rows += try connection.rows("SELECT '\(table)', * FROM \(table) ORDER BY 2, 3")
            }
            return rows
        }
        let before = try snapshot()
        let result = try StrataProcess.run([store, "--write"], input: "delete Recipe 1\nundo\n")
        #expect(result.status == 0, "\(result.stderr)")
        // Cascade: its 8 ingredients and 2 photos; Nullify: its tag and cookbook rows; the cover's side forgets it.
        // Photo 1 was Recipe 2's cover: Recipe 2 forgets it (Photo.coverOf is Nullify).
        #expect(result.stdout.hasPrefix("deleted Recipe 1 (which deletes 1 RawPhoto object, changes 1 Recipe object, deletes 1 Photo object, "
                                        + "deletes 8 Ingredient objects, removes 1 entry from Cookbook.recipes lists, removes 2 entries from Tag.recipes lists)\n"),
                "\(result.stdout)")
        #expect(try snapshot() == before)
        let deleted = try StrataProcess.run(["delete", store, "Recipe", "1", "--yes"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try connection.scalar("SELECT count(*) FROM Z_6TAGS WHERE Z_6RECIPES = 1") == .integer(0))
        #expect(try connection.scalar("SELECT count(*) FROM Z_1RECIPES WHERE Z_6RECIPES = 1") == .integer(0))
        #expect(try connection.scalar("SELECT count(*) FROM ZINGREDIENT WHERE ZRECIPE = 1") == .integer(0))
        #expect(try connection.scalar("SELECT count(*) FROM ZMEDIA") == .integer(1))
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
    }

    @Test func toManyRelationshipsAreEditedAsListsAndUndone() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let connection = try Connection(path: store, mode: .readOnly)
        func snapshot() throws -> [[SQLiteValue]] {
            try connection.rows("SELECT 'i', Z_PK, ZRECIPE, Z_FOK_RECIPE, Z_OPT FROM ZINGREDIENT ORDER BY Z_PK")
                + connection.rows("SELECT 't', * FROM Z_6TAGS ORDER BY 2, 3") + connection.rows("SELECT 'c', * FROM Z_1RECIPES ORDER BY 2, 3")
        }
        func ingredients(of recipe: Int64) throws -> [SQLiteValue] {
            try connection.rows("SELECT Z_PK FROM ZINGREDIENT WHERE ZRECIPE = \(recipe) ORDER BY Z_FOK_RECIPE").map { $0[0] }
        }
        let before = try snapshot()
        let recipeOne = try ingredients(of: 1)
        let edits = """
            list add Recipe 3 ingredients Ingredient 1 at 0
            list move Recipe 1 ingredients 0 to 6
            list add Recipe 4 tags Tag 1
            list remove Recipe 1 tags Tag 2
            list move Cookbook 1 recipes 1 to 0

            """
        // Edited and undone in one session: every row as it was, Z_OPT included.
        let undone = try StrataProcess.run([store, "--write"], input: edits + String(repeating: "undo\n", count: 5))
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try snapshot() == before)

        let result = try StrataProcess.run([store, "--write"], input: edits + "list add Recipe 1 tags Tag 1\n")
        #expect(result.status == 1, "the last line is refused")
        #expect(result.stderr == "error: Recipe 1's tags already holds Tag 1: a Core Data to-many holds each object once\n")
        // Ingredient 1 left Recipe 1 for the front of Recipe 3's ordered ingredients; Recipe 1's first went last.
        #expect(try ingredients(of: 3) == [.integer(1), .integer(9)])
        let rest = recipeOne.filter { $0 != .integer(1) }
        #expect(try ingredients(of: 1) == Array(rest.dropFirst()) + [rest[0]])
        #expect(try connection.scalar("SELECT count(*) FROM Z_6TAGS WHERE Z_6RECIPES = 4 AND Z_8TAGS = 1") == .integer(1))
        #expect(try connection.rows("SELECT Z_6RECIPES FROM Z_1RECIPES WHERE Z_1COOKBOOKS = 1 ORDER BY Z_FOK_6RECIPES") == [[.integer(1)], [.integer(2)]])
        let query = try StrataProcess.run(["query", store, "Recipe where ANY tags.name == \"quick\"", "--format", "json"])
        #expect(try Self.json(query.stdout).compactMap { $0["name"] as? String } == ["Recipe 1", "Recipe 4"])
        let unordered = try StrataProcess.run([store, "--write"], input: "list move Recipe 1 tags 0 to 1\n")
        #expect(unordered.stderr == "error: Recipe.tags is an unordered to-many: it has no order to move in\n")
    }

    /// Deleted through its abstract root's class, a Photo still applies Photo's own rules: Photo.coverOf (Nullify)
    /// clears the cover of the recipe that showed it.
    @Test func aDeleteThroughAParentClassAppliesTheObjectsOwnRules() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let connection = try Connection(path: store, mode: .readOnly)
        let photo = try #require(try connection.scalar("SELECT ZCOVER FROM ZRECIPE WHERE ZNAME = 'Recipe 2'").int64)
        let result = try StrataProcess.run(["delete", store, "Media", String(photo), "--yes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("changes 1 Recipe object"), "\(result.stdout)")
        #expect(try connection.rows("SELECT ZCOVER, Z4_COVER FROM ZRECIPE WHERE ZNAME = 'Recipe 2'") == [[.null, .null]])
    }

    @Test func newObjectsOfASubEntityTakeTheRootsKeys() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let result = try StrataProcess.run(["insert", store, "RawPhoto", "caption=Bread", "width=10", "sensor=FF"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "4\n")
        let connection = try Connection(path: store, mode: .readOnly)
        #expect(try connection.rows("SELECT Z_ENT, ZSENSOR FROM ZMEDIA WHERE Z_PK = 4") == [[.integer(5), .text("FF")]])
        #expect(try connection.scalar("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'Media'") == .integer(4))
        // A link to a sub-entity sets the column holding its entity number beside it.
        let linked = try StrataProcess.run(["set", store, "Recipe", "3", "cover=4"])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(try connection.rows("SELECT ZCOVER, Z4_COVER FROM ZRECIPE WHERE Z_PK = 3") == [[.integer(4), .integer(5)]])
        let unlinked = try StrataProcess.run(["set", store, "Recipe", "3", "cover=nil"])
        #expect(unlinked.status == 0, "\(unlinked.stderr)")
        #expect(try connection.rows("SELECT ZCOVER, Z4_COVER FROM ZRECIPE WHERE Z_PK = 3") == [[.null, .null]])
        let derived = try StrataProcess.run(["set", store, "Recipe", "3", "ingredientCount=9"])
        #expect(derived.status == 1)
    }

    @Test func theModelSaysWhatIsRequiredAndWhatANewObjectStartsWith() throws {
        let workspace = try Workspace()
        let (store, _) = try Self.recipes(workspace)
        let before = try workspace.fingerprint("Recipes.sqlite")
        let missing = try StrataProcess.run(["insert", store, "Recipe", "calories=1"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "strata: a new Recipe needs name (required, with no default): add name=…\n")
        let cleared = try StrataProcess.run(["set", store, "Recipe", "1", "name=nil"])
        #expect(cleared.status == 1)
        #expect(cleared.stderr == "strata: Recipe.name is a required string: it cannot be nil\n")
        #expect(try workspace.fingerprint("Recipes.sqlite").0 == before.0)
        let made = try StrataProcess.run(["insert", store, "Recipe", "name=Soup"])
        #expect(made.status == 0, "\(made.stderr)")
        let connection = try Connection(path: store, mode: .readOnly)
        // The model's defaults: prepTime 0, servings 4, isFavorite NO.
        #expect(try connection.rows("SELECT ZPREPTIME, ZSERVINGS, ZISFAVORITE FROM ZRECIPE WHERE ZNAME = 'Soup'")
                    == [[.integer(0), .integer(4), .integer(0)]])
        let schema = try StrataProcess.run(["schema", store, "Recipe"])
        #expect(schema.stdout.contains("  name             string "), "\(schema.stdout)")
    }

    @Test func theXcodeModelNamesTheSameClassesAsTheCache() throws {
        let workspace = try Workspace()
        let (store, model) = try Self.recipes(workspace)
        let cached = try StrataProcess.run(["schema", store, "--format", "json"])
        let given = try StrataProcess.run(["schema", store, "--format", "json", "--model", model])
        #expect(given.status == 0, "\(given.stderr)")
        // The same classes and properties, except what only the Xcode model writes as the developer did: the
        // derivation's text, a transformable's class.
        func comparable(_ text: String) throws -> [String] {
            try Self.json(text).flatMap { info in
                ((info["properties"] as? [[String: Any]]) ?? []).map { property in
                    "\(info["name"] ?? "").\(property["name"] ?? "") \(property["type"] ?? "") \(property["target"] ?? "-") "
                        + "\(property["column"] ?? "-") \(property["deleteRule"] ?? "-") \(property["inverse"] ?? "-")"
                }
            }
        }
        #expect(try comparable(given.stdout) == comparable(cached.stdout))
        let recipe = try #require(try Self.json(given.stdout).first { $0["name"] as? String == "Recipe" })
        let properties = try #require(recipe["properties"] as? [[String: Any]])
        #expect(properties.first { $0["name"] as? String == "ingredientCount" }?["derived"] as? String == "ingredients.@count")
        #expect(properties.first { $0["name"] as? String == "color" }?["customClass"] as? String == "NSColor")
    }

    @Test func aStoreThatDisagreesWithItsModelIsShownAndFlagged() throws {
        let workspace = try Workspace()
        let (store, _) = try CoreDataFixtures.disagreeing.write(into: workspace.path, name: "Notes")
        let before = try workspace.fingerprint("Notes.sqlite")
        let schema = try StrataProcess.run(["schema", store])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stderr.contains("strata: warning: model and store disagree: Note.archivedAt: the store has no column ZARCHIVEDAT in ZNOTE"))
        #expect(schema.stdout.contains("disagrees: ZNOTE.ZLEGACYFLAG: a column the model does not know (shown as Note.ZLEGACYFLAG)"))
        #expect(schema.stdout.contains("not in the model"))
        let query = try StrataProcess.run(["query", store, "Note where ZLEGACYFLAG != nil", "--format", "json"])
        #expect(query.status == 0, "\(query.stderr)")
        let missing = try StrataProcess.run(["query", store, "Note where archivedAt != nil"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("unknown property 'archivedAt' in class Note"))
        #expect(try workspace.fingerprint("Notes.sqlite").0 == before.0)
    }
}
