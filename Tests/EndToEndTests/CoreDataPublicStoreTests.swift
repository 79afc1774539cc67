import Foundation
import SQLiteKit
import Testing

/// The built `strata` on four more stores Core Data wrote itself, from public repositories (provenance and
/// licences in Tests/CoreDataModelTests/Fixtures/Stores and each folder's README.md). Every test runs on copies
/// in a `Workspace`, never on the committed files, and checks what `strata` says against SQL over the store's own
/// tables, run on a second copy so that the first is left as it was.
@Suite struct CoreDataPublicStoreTests {
    static let stores = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CoreDataModelTests/Fixtures/Stores")

    /// A fixture store copied into a workspace under `name`, and a second copy, `reference`, for the test's SQL.
    struct Copy {
        let workspace: Workspace
        let name: String
        let path: String
        let reference: Workspace
        let referencePath: String

        init(_ folder: String, _ file: String, as name: String) throws {
            let source = CoreDataPublicStoreTests.stores.appendingPathComponent("\(folder)/\(file)").path
            workspace = try Workspace()
            self.name = name
            path = workspace.file(name)
            try FileManager.default.copyItem(atPath: source, toPath: path)
            reference = try Workspace()
            referencePath = reference.file(name)
            try FileManager.default.copyItem(atPath: source, toPath: referencePath)
        }

        /// The first column of `sql`'s rows over the reference copy, as numbers.
        func numbers(_ sql: String) throws -> [Int] {
            try CoreDataPublicStoreTests.numbers(referencePath, sql)
        }

        /// The first column of `sql`'s rows over the reference copy, as text.
        func texts(_ sql: String) throws -> [String] {
            let connection = try Connection(path: referencePath, mode: .readWrite)
            return try connection.rows(sql).compactMap {
                if case .text(let text)? = $0.first { text } else { nil }
            }
        }

        /// How many objects a fetch request for `entity` returns: the rows of its table whose Z_ENT is its own or
        /// a sub-entity's, from Z_PRIMARYKEY.
        func fetchCount(_ entity: String, table: String) throws -> Int {
            try numbers("""
                WITH RECURSIVE tree(ent) AS (
                    SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = '\(entity)'
                    UNION SELECT p.Z_ENT FROM Z_PRIMARYKEY p JOIN tree ON p.Z_SUPER = tree.ent)
                SELECT count(*) FROM \(table) WHERE Z_ENT IN (SELECT ent FROM tree)
                """)[0]
        }
    }

    static func numbers(_ path: String, _ sql: String) throws -> [Int] {
        let connection = try Connection(path: path, mode: .readWrite)
        return try connection.rows(sql).compactMap { $0.first?.int64.map(Int.init) }
    }

    static func counts(_ path: String, _ extra: [String] = []) throws -> [String: Int] {
        let result = try StrataProcess.run(["classes", path, "--format", "json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(listed.allSatisfy { $0["kind"] as? String == "entity" })
        return Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as? String ?? "", $0["count"] as? Int ?? -1) })
    }

    static func keys(_ path: String, _ query: String) throws -> [Int] {
        let result = try StrataProcess.run(["query", path, query, "--format", "json"])
        #expect(result.status == 0, "\(query): \(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return rows.compactMap { $0["Z_PK"] as? Int }
    }

    static func object(_ path: String, _ entity: String, _ key: Int) throws -> [String: Any] {
        let result = try StrataProcess.run(["get", path, entity, String(key), "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// `--store-info --format json`'s verdict on the model; the exit status is 1 when the model does not match.
    static func storeInfo(_ path: String, _ arguments: [String], status: Int32 = 0) throws -> [String: Any] {
        let result = try StrataProcess.run(["schema", path, "--store-info", "--format", "json"] + arguments)
        #expect(result.status == status, "\(result.stderr)")
        let value = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(value["model"] as? [String: Any])
    }

    // MARK: Moody (objcio/core-data, MIT): Migrations/MigrationsTests/Moody.moody

    /// objc.io's Moody store, made with the first of its six model versions: an abstract GeographicRegion with
    /// Continent and Country in one table, Mood, and a uniqueness constraint. Opened under the app's own
    /// extension, `.moody`.
    @Test func moodyClassesCountLikeFetchRequestsAndShowTheModelsNames() throws {
        let store = try Copy("Moody", "Moody.sqlite", as: "Moody.moody")
        let before = try store.workspace.fingerprint(store.name)
        let counts = try Self.counts(store.path)
        let expected = [
            "GeographicRegion": try store.fetchCount("GeographicRegion", table: "ZGEOGRAPHICREGION"),
            "Continent": try store.fetchCount("Continent", table: "ZGEOGRAPHICREGION"),
            "Country": try store.fetchCount("Country", table: "ZGEOGRAPHICREGION"),
            "Mood": try store.numbers("SELECT count(*) FROM ZMOOD")[0],
        ]
        #expect(counts == expected)
        #expect(expected["GeographicRegion"] == expected["Continent"]! + expected["Country"]!)
        #expect(expected.values.allSatisfy { $0 > 0 })

        let schema = try StrataProcess.run(["schema", store.path])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stdout.hasPrefix("model: the store's model cache (Z_MODELCACHE)\n"))
        let regions = expected["GeographicRegion"]!
        #expect(schema.stdout.contains(
            "GeographicRegion  abstract Core Data entity, table ZGEOGRAPHICREGION, \(regions) objects (0 of its own, \(regions) of sub-entities), key Z_PK"))
        #expect(schema.stdout.contains("Continent  Core Data entity, table ZGEOGRAPHICREGION, sub-entity of GeographicRegion"))
        #expect(schema.stdout.contains("Country  Core Data entity, table ZGEOGRAPHICREGION, sub-entity of GeographicRegion"))
        #expect(schema.stdout.contains("  continent              object<Continent>?  ZCONTINENT INTEGER"))
        #expect(schema.stdout.contains("  countries              list<Country>  ZGEOGRAPHICREGION.ZCONTINENT"))
        #expect(schema.stdout.contains("inverse continent, delete rule nullify"))
        #expect(schema.stdout.contains("  numericISO3166Code     int "), "required by the model")
        #expect(schema.stdout.contains("  country                  object<Country>?  ZCOUNTRY INTEGER"))
        #expect(schema.stdout.contains("  colors                   data?             ZCOLORS BLOB                      Transformable"))
        #expect(schema.stdout.contains("sqlite_autoindex_ZGEOGRAPHICREGION_1 unique (ZNUMERICISO3166CODE, ZUNIQUENESSDUMMY)"))
        // The Z columns are not properties.
        #expect(!schema.stdout.contains("Z_ENT  ") && !schema.stdout.contains("Z_OPT"))

        let after = try store.workspace.fingerprint(store.name)
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try store.workspace.listing() == ["Moody.moody"])
    }

    @Test(arguments: [
        // (query, the same question in SQL over the store's tables)
        ("Mood where country.continent.numericISO3166Code == 10004 SORT(Z_PK)",
         """
         SELECT m.Z_PK FROM ZMOOD m JOIN ZGEOGRAPHICREGION c ON c.Z_PK = m.ZCOUNTRY
         JOIN ZGEOGRAPHICREGION k ON k.Z_PK = c.ZCONTINENT WHERE k.ZNUMERICISO3166CODE = 10004 ORDER BY m.Z_PK
         """),
        ("Country where moods.@count > 1 SORT(Z_PK)",
         """
         SELECT Z_PK FROM ZGEOGRAPHICREGION c WHERE Z_ENT = (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Country')
         AND (SELECT count(*) FROM ZMOOD WHERE ZCOUNTRY = c.Z_PK) > 1 ORDER BY Z_PK
         """),
        ("Continent where ANY countries.numericISO3166Code == 231 SORT(Z_PK)",
         "SELECT ZCONTINENT FROM ZGEOGRAPHICREGION WHERE ZNUMERICISO3166CODE = 231 AND ZCONTINENT IS NOT NULL"),
        ("GeographicRegion where numberOfMoods > 1 SORT(Z_PK)",
         "SELECT Z_PK FROM ZGEOGRAPHICREGION WHERE ZNUMBEROFMOODS > 1 ORDER BY Z_PK"),
    ])
    func moodyQueriesGoThroughRelationshipsAndSubEntities(_ query: String, _ sql: String) throws {
        let store = try Copy("Moody", "Moody.sqlite", as: "Moody.moody")
        let expected = try store.numbers(sql)
        #expect(!expected.isEmpty, "the SQL finds nothing, so the test would prove little")
        #expect(try Self.keys(store.path, query) == expected)
    }

    @Test func moodyGetResolvesAMoodsCountry() throws {
        let store = try Copy("Moody", "Moody.sqlite", as: "Moody.moody")
        let key = try store.numbers("SELECT Z_PK FROM ZMOOD WHERE ZCOUNTRY IS NOT NULL ORDER BY Z_PK LIMIT 1")[0]
        let country = try store.numbers("SELECT ZCOUNTRY FROM ZMOOD WHERE Z_PK = \(key)")[0]
        let mood = try Self.object(store.path, "Mood", key)
        #expect(mood["Z_PK"] as? Int == key)
        #expect(mood["remoteIdentifier"] as? String == (try store.texts("SELECT ZREMOTEIDENTIFIER FROM ZMOOD WHERE Z_PK = \(key)")[0]))
        let resolved = try #require(mood["country"] as? [String: Any])
        #expect(resolved["Z_PK"] as? Int == country)
        #expect(resolved["numericISO3166Code"] as? Int
            == (try store.numbers("SELECT ZNUMERICISO3166CODE FROM ZGEOGRAPHICREGION WHERE Z_PK = \(country)")[0]))
        #expect(resolved["moods"] as? [Int] == (try store.numbers("SELECT Z_PK FROM ZMOOD WHERE ZCOUNTRY = \(country) ORDER BY Z_PK")))
        // A Country is not a Continent, though both live in ZGEOGRAPHICREGION.
        let wrong = try StrataProcess.run(["get", store.path, "Continent", String(country)])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == Defects29CoreDataTests.missingWAL(store.path) + "strata: no Continent with key \(country) in \(store.path)\n")
    }

    @Test func moodyModelChoosesTheFirstOfSixVersions() throws {
        let store = try Copy("Moody", "Moody.sqlite", as: "Moody.moody")
        let model = Self.stores.appendingPathComponent("Moody/Moody.xcdatamodeld").path
        // The current version is Moody 6; the hashes name the one the store was made with.
        let current = try String(contentsOfFile: model + "/.xccurrentversion", encoding: .utf8)
        #expect(current.contains("<string>Moody 6.xcdatamodel</string>"))
        let chosen = try StrataProcess.run(["classes", store.path, "--model", model, "--format", "json"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        // The store came without its -wal (the repository's was empty): said after the note.
        #expect(chosen.stderr == "strata: note: --model: read version Moody, whose entity version hashes match the store's\n"
            + Defects29CoreDataTests.missingWAL(store.path))
        // --store-info judges the store by the app's current version, Moody 6, and names the one that matches.
        let verdict = try Self.storeInfo(store.path, ["--model", model], status: 1)
        #expect(verdict["name"] as? String == "Moody 6 in Moody.xcdatamodeld")
        #expect(verdict["hashesMatch"] as? Bool == false)
        #expect(verdict["matchingVersion"] as? String == "Moody")
        let first = try Self.storeInfo(store.path, ["--model", model, "--model-version", "Moody"])
        #expect(first["hashesMatch"] as? Bool == true)
        #expect(first["fitsTables"] as? Bool == true)
        // Moody 4 split GeographicRegion into two tables: said, entity by entity, and the store still reads.
        let other = try StrataProcess.run(["schema", store.path, "--store-info", "--model", model, "--model-version", "Moody 4"])
        #expect(other.status == 1)
        #expect(other.stdout.contains("model Moody 4 in Moody.xcdatamodeld: does not match the store (its entity version hashes differ)"))
        #expect(other.stdout.contains("  entities only in the store: GeographicRegion\n"))
        #expect(other.stdout.contains("  differs: entity Country: the store has no table ZCOUNTRY\n"))
        #expect(other.stderr.contains("strata: warning: model and store disagree: entity Continent: the store has no table ZCONTINENT\n"))
        let withModel = try Self.counts(store.path, ["--model", model])
        #expect(withModel == (try Self.counts(store.path)))
        #expect(try store.workspace.listing() == ["Moody.moody"])
    }

    // MARK: RKSeedDatabase (RestKit/RestKit, Apache-2.0): Examples/RKTwitterCoreData/RKSeedDatabase.sqlite

    /// RestKit's Twitter example seed store of 2012 (Core Data 419): older than the model cache, so the model is
    /// inferred from the tables.
    @Test func restKitSeedStoreIsReadThroughAnInferredModel() throws {
        let store = try Copy("RKSeedDatabase", "RKSeedDatabase.sqlite", as: "RKSeedDatabase.sqlite")
        let before = try store.workspace.fingerprint(store.name)
        #expect(try store.numbers("SELECT count(*) FROM sqlite_master WHERE name = 'Z_MODELCACHE'") == [0])
        let counts = try Self.counts(store.path)
        #expect(counts == [
            "Tweet": try store.numbers("SELECT count(*) FROM ZTWEET")[0],
            "User": try store.numbers("SELECT count(*) FROM ZUSER")[0],
        ])
        let schema = try StrataProcess.run(["schema", store.path])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stdout.hasPrefix("model: inferred from the tables (the store has no model cache)\n"))
        #expect(schema.stdout.contains("  user                 object<User>?  ZUSER INTEGER"))
        #expect(schema.stdout.contains("  screenname         string?"))
        #expect(schema.stdout.contains("  @links.Tweet.user  linkingObjects<Tweet.user>"))

        let query = "Tweet where user.screenname == \"RestKit\" SORT(Z_PK)"
        let expected = try store.numbers(
            "SELECT t.Z_PK FROM ZTWEET t JOIN ZUSER u ON u.Z_PK = t.ZUSER WHERE u.ZSCREENNAME = 'RestKit' ORDER BY t.Z_PK")
        #expect(!expected.isEmpty)
        #expect(try Self.keys(store.path, query) == expected)
        let busy = try store.numbers("SELECT ZUSER FROM ZTWEET GROUP BY ZUSER HAVING count(*) > 5 ORDER BY ZUSER")
        #expect(try Self.keys(store.path, "User where @links.Tweet.user.@count > 5 SORT(Z_PK)") == busy)

        let tweet = try Self.object(store.path, "Tweet", expected[0])
        #expect(tweet["text"] as? String == (try store.texts("SELECT ZTEXT FROM ZTWEET WHERE Z_PK = \(expected[0])")[0]))
        let user = try #require(tweet["user"] as? [String: Any])
        #expect(user["Z_PK"] as? Int == (try store.numbers("SELECT ZUSER FROM ZTWEET WHERE Z_PK = \(expected[0])")[0]))
        #expect(user["screenname"] as? String == "RestKit")

        let info = try StrataProcess.run(["schema", store.path, "--store-info"])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("store 97542328-D0AC-4654-B712-8D800DFAD127, type SQLite\n"))
        #expect(info.stdout.contains("written by Core Data framework version 419\n"))
        #expect(info.stdout.contains("\nTweet   ") && info.stdout.contains("\nUser    "))

        let after = try store.workspace.fingerprint(store.name)
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try store.workspace.listing() == ["RKSeedDatabase.sqlite"])
    }

    // MARK: CoreDataMigration_Example_3 (wibosco/CoreDataMigrationRevised-Example, MIT):
    // CoreDataMigration-ExampleTests/Resources/SQLite/CoreDataMigration_Example_3.sqlite

    /// William Boles's migration example, the store of model version 3 of 4: Post.sections (Cascade) ↔
    /// Section.post.
    @Test func migrationExampleShowsPostsAndSectionsByTheirModelNames() throws {
        let store = try Copy("CoreDataMigration_Example_3", "CoreDataMigration_Example_3.sqlite", as: "Example.sqlite")
        let before = try store.workspace.fingerprint(store.name)
        #expect(try Self.counts(store.path) == [
            "Post": try store.numbers("SELECT count(*) FROM ZPOST")[0],
            "Section": try store.numbers("SELECT count(*) FROM ZSECTION")[0],
        ])
        let schema = try StrataProcess.run(["schema", store.path])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stdout.hasPrefix("model: the store's model cache (Z_MODELCACHE)\n"))
        #expect(schema.stdout.contains("  hexColor  string?        ZHEXCOLOR VARCHAR"))
        #expect(schema.stdout.contains("  sections  list<Section>  ZSECTION.ZPOST     inverse post, delete rule cascade"))
        #expect(schema.stdout.contains("  post      object<Post>?  ZPOST INTEGER   indexed, inverse sections, delete rule nullify"))

        let color = try store.texts("SELECT ZHEXCOLOR FROM ZPOST WHERE Z_PK = (SELECT max(ZPOST) FROM ZSECTION)")[0]
        let sections = try store.numbers(
            "SELECT s.Z_PK FROM ZSECTION s JOIN ZPOST p ON p.Z_PK = s.ZPOST WHERE p.ZHEXCOLOR = '\(color)' ORDER BY s.Z_PK")
        #expect(!sections.isEmpty)
        #expect(try Self.keys(store.path, "Section where post.hexColor == \"\(color)\" SORT(Z_PK)") == sections)
        let posts = try store.numbers("SELECT ZPOST FROM ZSECTION GROUP BY ZPOST HAVING count(*) > 1 ORDER BY ZPOST")
        #expect(!posts.isEmpty)
        #expect(try Self.keys(store.path, "Post where sections.@count > 1 SORT(Z_PK)") == posts)

        let post = try Self.object(store.path, "Post", posts[0])
        #expect(post["postID"] as? String == (try store.texts("SELECT ZPOSTID FROM ZPOST WHERE Z_PK = \(posts[0])")[0]))
        let held = try #require(post["sections"] as? [[String: Any]])
        #expect(held.compactMap { $0["Z_PK"] as? Int }.sorted()
            == (try store.numbers("SELECT Z_PK FROM ZSECTION WHERE ZPOST = \(posts[0]) ORDER BY Z_PK")))
        #expect(held.allSatisfy { $0["post"] as? Int == posts[0] })

        let after = try store.workspace.fingerprint(store.name)
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try store.workspace.listing() == ["Example.sqlite"])
    }

    @Test func migrationExampleModelChoosesVersionThreeNotTheCurrentFour() throws {
        let store = try Copy("CoreDataMigration_Example_3", "CoreDataMigration_Example_3.sqlite", as: "Example.sqlite")
        let model = Self.stores.appendingPathComponent("CoreDataMigration_Example_3/CoreDataMigration_Example.xcdatamodeld").path
        let current = try String(contentsOfFile: model + "/.xccurrentversion", encoding: .utf8)
        #expect(current.contains("<string>CoreDataMigration_Example 4.xcdatamodel</string>"))
        let chosen = try StrataProcess.run(["schema", store.path, "Post", "--model", model])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stderr
            == "strata: note: --model: read version CoreDataMigration_Example 3, whose entity version hashes match the store's\n")
        #expect(chosen.stdout.hasPrefix("model: CoreDataMigration_Example 3 in CoreDataMigration_Example.xcdatamodeld\n"))
        // --store-info judges the store by the current version (4), which would migrate it, and names 3.
        let verdict = try Self.storeInfo(store.path, ["--model", model], status: 1)
        #expect(verdict["hashesMatch"] as? Bool == false)
        #expect(verdict["matchingVersion"] as? String == "CoreDataMigration_Example 3")
        let third = try Self.storeInfo(store.path, ["--model", model, "--model-version", "CoreDataMigration_Example 3"])
        #expect(third["hashesMatch"] as? Bool == true)
        #expect(third["fitsTables"] as? Bool == true)
        let newer = try StrataProcess.run(["schema", store.path, "--store-info", "--model", model,
                                           "--model-version", "CoreDataMigration_Example 4"])
        #expect(newer.status == 1)
        #expect(newer.stdout.contains("  entities whose version hash differs: Post\n"))
        #expect(newer.stdout.contains("  differs: Post.softDeleted: the store has no column ZSOFTDELETED in ZPOST\n"))
    }

    @Test func migrationExampleDeleteCascadesToThePostsSections() throws {
        let workspace = try Workspace()
        let path = workspace.file("Example.sqlite")
        try FileManager.default.copyItem(
            atPath: Self.stores.appendingPathComponent("CoreDataMigration_Example_3/CoreDataMigration_Example_3.sqlite").path,
            toPath: path)
        let post = try Self.numbers(path, "SELECT ZPOST FROM ZSECTION GROUP BY ZPOST HAVING count(*) > 1 ORDER BY ZPOST LIMIT 1")[0]
        let held = try Self.numbers(path, "SELECT count(*) FROM ZSECTION WHERE ZPOST = \(post)")[0]
        let sections = try Self.numbers(path, "SELECT count(*) FROM ZSECTION")[0]
        let result = try StrataProcess.run(["delete", path, "Post", String(post), "--yes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("deleted Post \(post) (which deletes \(held) Section objects)"))
        #expect(try Self.numbers(path, "SELECT count(*) FROM ZPOST WHERE Z_PK = \(post)") == [0])
        #expect(try Self.numbers(path, "SELECT count(*) FROM ZSECTION") == [sections - held])
        #expect(try Self.numbers(path, "SELECT count(*) FROM ZSECTION WHERE ZPOST = \(post)") == [0])
    }

    // MARK: TestModel (bignerdranch/CoreDataStack, MIT): Sample Model/Deprecated/TestModel.sqlite

    /// Big Nerd Ranch's empty TestModel store: the many-to-many Author.books ↔ Book.authors in the join table
    /// Z_1BOOKS. The test adds objects with strata and join rows with SQL (strata has no way to link a
    /// many-to-many), then reads them back through the relationship.
    @Test func manyToManyGoesThroughTheJoinTable() throws {
        let workspace = try Workspace()
        let path = workspace.file("TestModel.sqlite")
        try FileManager.default.copyItem(
            atPath: Self.stores.appendingPathComponent("TestModel/TestModel.sqlite").path, toPath: path)
        #expect(try Self.counts(path) == ["Author": 0, "Book": 0])
        let schema = try StrataProcess.run(["schema", path])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stdout.contains("  books      list<Book>  join table Z_1BOOKS  inverse authors, delete rule nullify"))
        #expect(schema.stdout.contains("  authors   list<Author>  join table Z_1BOOKS  inverse books, delete rule nullify"))

        var authors: [Int] = []
        for (first, last) in [("Ada", "Lovelace"), ("Charles", "Babbage")] {
            let inserted = try StrataProcess.run(["insert", path, "Author", "firstName=\(first)", "lastName=\(last)"])
            #expect(inserted.status == 0, "\(inserted.stderr)")
            authors.append(try #require(Int(inserted.stdout.trimmingCharacters(in: .whitespacesAndNewlines))))
        }
        var books: [Int] = []
        for title in ["Sketch of the Analytical Engine", "Passages from the Life of a Philosopher"] {
            let inserted = try StrataProcess.run(["insert", path, "Book", "title=\(title)"])
            #expect(inserted.status == 0, "\(inserted.stderr)")
            books.append(try #require(Int(inserted.stdout.trimmingCharacters(in: .whitespacesAndNewlines))))
        }
        #expect(try Self.numbers(path, "SELECT Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT") == [authors.max()!, books.max()!])
        // Both wrote the first book; Babbage alone the second.
        try Connection(path: path, mode: .readWrite).execute("""
            INSERT INTO Z_1BOOKS (Z_1AUTHORS, Z_2BOOKS)
            VALUES (\(authors[0]), \(books[0])), (\(authors[1]), \(books[0])), (\(authors[1]), \(books[1]))
            """)

        let byBabbage = try Self.numbers(path, """
            SELECT DISTINCT j.Z_2BOOKS FROM Z_1BOOKS j JOIN ZAUTHOR a ON a.Z_PK = j.Z_1AUTHORS
            WHERE a.ZLASTNAME = 'Babbage' ORDER BY j.Z_2BOOKS
            """)
        #expect(try Self.keys(path, "Book where ANY authors.lastName == \"Babbage\" SORT(Z_PK)") == byBabbage)
        let prolific = try Self.numbers(path, "SELECT Z_1AUTHORS FROM Z_1BOOKS GROUP BY Z_1AUTHORS HAVING count(*) == 2")
        #expect(try Self.keys(path, "Author where books.@count == 2") == prolific)
        let book = try Self.object(path, "Book", books[0])
        let written = try #require(book["authors"] as? [[String: Any]])
        #expect(written.compactMap { $0["Z_PK"] as? Int }.sorted()
            == (try Self.numbers(path, "SELECT Z_1AUTHORS FROM Z_1BOOKS WHERE Z_2BOOKS = \(books[0]) ORDER BY Z_1AUTHORS")))
        #expect(try Self.counts(path) == ["Author": 2, "Book": 2])

        // A deleted author's rows in the join table go with it; the books stay (Nullify).
        let deleted = try StrataProcess.run(["delete", path, "Author", String(authors[1]), "--yes"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try Self.numbers(path, "SELECT count(*) FROM Z_1BOOKS WHERE Z_1AUTHORS = \(authors[1])") == [0])
        #expect(try Self.numbers(path, "SELECT count(*) FROM Z_1BOOKS") == [1])
        #expect(try Self.numbers(path, "SELECT count(*) FROM ZBOOK") == [2])
    }

    @Test func testModelChoosesTheFirstVersionNotTheCurrentOne() throws {
        let store = try Copy("TestModel", "TestModel.sqlite", as: "TestModel.sqlite")
        let model = Self.stores.appendingPathComponent("TestModel/Sample.xcdatamodeld").path
        let current = try String(contentsOfFile: model + "/.xccurrentversion", encoding: .utf8)
        #expect(current.contains("<string>TestModel 2.xcdatamodel</string>"))
        let chosen = try StrataProcess.run(["classes", store.path, "--model", model])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stderr == "strata: note: --model: read version TestModel, whose entity version hashes match the store's\n"
            + Defects29CoreDataTests.missingWAL(store.path))
        // --store-info judges the store by the current version, TestModel 2, and names TestModel.
        let verdict = try Self.storeInfo(store.path, ["--model", model], status: 1)
        #expect(verdict["name"] as? String == "TestModel 2 in Sample.xcdatamodeld")
        #expect(verdict["hashesMatch"] as? Bool == false)
        #expect(verdict["matchingVersion"] as? String == "TestModel")
        // TestModel 2 adds Publisher, which has no table here.
        let newer = try StrataProcess.run(["classes", store.path, "--model", model, "--model-version", "TestModel 2"])
        #expect(newer.status == 0)
        #expect(newer.stderr.contains("strata: warning: model and store disagree: entity Publisher"))
        #expect(try store.workspace.listing() == ["TestModel.sqlite"])
    }
}
