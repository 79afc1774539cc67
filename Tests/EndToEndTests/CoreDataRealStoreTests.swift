import Foundation
import SQLiteKit
import Testing

/// The built `strata` on real Core Data stores written by Core Data itself (from alemar11/CoreDataPlus, MIT; see
/// Tests/CoreDataModelTests/Fixtures/Stores): SampleModel_V1 has Car → SportCar → ExpensiveSportCar in one table
/// and Person.cars ↔ Car.owner; SampleModel2_V2 has Book/GraphicNovel, Writer (abstract)/Author, Page (Book.pages
/// cascade ↔ Page.book), derived-attribute triggers and persistent history.
@Suite struct CoreDataRealStoreTests {
    static let stores = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CoreDataModelTests/Fixtures/Stores")

    static func copy(_ store: String, into workspace: Workspace) throws -> String {
        let path = workspace.file(store + ".sqlite")
        try FileManager.default.copyItem(atPath: stores.appendingPathComponent("\(store)/\(store).sqlite").path, toPath: path)
        return path
    }

    @Test func subEntitiesAreClassesAndCountLikeAFetchRequest() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel_V1", into: workspace)
        let before = try workspace.fingerprint("SampleModel_V1.sqlite")
        let classes = try StrataProcess.run(["classes", store, "--format", "json"])
        #expect(classes.status == 0, "\(classes.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(classes.stdout.utf8)) as? [[String: Any]])
        let counts = Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as? String ?? "", $0["count"] as? Int ?? -1) })
        // ZCAR holds 125 rows: 115 plain cars, 10 sport cars of which 5 are expensive; a Car fetch returns all.
        #expect(counts == ["Car": 125, "SportCar": 10, "ExpensiveSportCar": 5, "Person": 20])
        #expect(listed.allSatisfy { $0["kind"] as? String == "entity" })
        let query = try StrataProcess.run(["query", store, "SportCar", "--format", "json"])
        let sportCars = try #require(try JSONSerialization.jsonObject(with: Data(query.stdout.utf8)) as? [[String: Any]])
        #expect(sportCars.count == 10)
        let schema = try StrataProcess.run(["schema", store, "Car"])
        #expect(schema.stdout.hasPrefix("model: the store's model cache (Z_MODELCACHE)\n"))
        #expect(schema.stdout.contains("Car  Core Data entity, table ZCAR, 125 objects (115 of its own, 10 of sub-entities), key Z_PK"))
        #expect(schema.stdout.contains("owner                  object<Person>?  ZOWNER INTEGER"))
        #expect(schema.stdout.contains("inverse cars, delete rule nullify"))
        let sub = try StrataProcess.run(["schema", store, "ExpensiveSportCar"])
        #expect(sub.stdout.contains("sub-entity of SportCar"))
        #expect(sub.stdout.contains("isLimitedEdition"))
        let after = try workspace.fingerprint("SampleModel_V1.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try workspace.listing() == ["SampleModel_V1.sqlite"])
    }

    @Test(arguments: [
        // (query, expected keys)
        ("Person where ANY cars.maker == \"BMW\" AND cars.@count == 2", [9, 13]),
        ("Car where owner.firstName == \"Faron\" SORT(Z_PK)", [11, 87]),
        ("ExpensiveSportCar where owner != nil LIMIT(100)", nil),
    ] as [(String, [Int]?)])
    func queriesGoThroughRelationshipsByTheirModelNames(_ text: String, _ keys: [Int]?) throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel_V1", into: workspace)
        let result = try StrataProcess.run(["query", store, text, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // Each answer is checked against SQL over the store's own columns.
        let expected = try keys ?? sqlite(store, "SELECT Z_PK FROM ZCAR WHERE Z_ENT = 3 AND ZOWNER IS NOT NULL ORDER BY Z_PK")
        #expect(rows.compactMap { $0["Z_PK"] as? Int } == expected)
    }

    @Test func aKeyOfAnotherEntityIsNotASubEntitysObject() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel_V1", into: workspace)
        let plain = try sqlite(store, "SELECT Z_PK FROM ZCAR WHERE Z_ENT = 1 LIMIT 1")[0]
        let result = try StrataProcess.run(["get", store, "SportCar", String(plain)])
        #expect(result.status == 1)
        // The store came without its -wal: said first.
        #expect(result.stderr == Defects29CoreDataTests.missingWAL(store) + "strata: no SportCar with key \(plain) in \(store)\n")
        let asCar = try StrataProcess.run(["get", store, "Car", String(plain), "--format", "json"])
        #expect(asCar.status == 0, "\(asCar.stderr)")
    }

    @Test func aDeleteCascadesAsTheModelSaysAndUndoPutsItBack() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel2_V2", into: workspace)
        let pages = try sqlite(store, "SELECT count(*) FROM ZPAGE WHERE ZBOOK = 2")[0]
        #expect(pages == 99)
        let script = "delete Book 2\nclasses\nundo\nclasses\n"
        let result = try StrataProcess.run([store, "--write"], input: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("deleted Book 2 (which deletes 99 Page objects)"))
        #expect(result.stdout.contains("Page          entity       20"))
        #expect(result.stdout.contains("undid delete Book 2"))
        #expect(result.stdout.hasSuffix("Page          entity      119\nWriter        entity        1\n"))
        #expect(try sqlite(store, "SELECT count(*) FROM ZPAGE WHERE ZBOOK = 2")[0] == 99)
        #expect(try sqlite(store, "SELECT count(*) FROM ZBOOK")[0] == 3)
        // A delete on the command line keeps the derived pagesCount right through Core Data's own triggers.
        let removed = try StrataProcess.run(["delete", store, "Page", "105", "--yes"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try sqlite(store, "SELECT ZPAGESCOUNT FROM ZBOOK WHERE Z_PK = 1")[0] == 0)
    }

    @Test func aToManyIsEditedThroughItsInverseColumn() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel2_V2", into: workspace)
        let first = try sqlite(store, "SELECT Z_PK FROM ZPAGE WHERE ZBOOK = 3 ORDER BY Z_PK LIMIT 1")[0]
        let result = try StrataProcess.run([store, "--write"], input: "list remove Book 3 pages at 0\nlist add Book 1 pages Page \(first)\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "removed Page \(first) from Book 3 pages at 0\nadded Page \(first) to Book 1 pages at 1\n")
        #expect(try sqlite(store, "SELECT ZBOOK FROM ZPAGE WHERE Z_PK = \(first)") == [1])
        // Core Data's own triggers keep the derived page counts.
        #expect(try sqlite(store, "SELECT ZPAGESCOUNT FROM ZBOOK ORDER BY Z_PK") == [2, 99, 18])
    }

    @Test func anAbstractEntityTakesNoNewObjects() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel2_V2", into: workspace)
        let result = try StrataProcess.run(["insert", store, "Writer", "age=3"])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: Writer is an abstract entity: it has no objects of its own; make a Author instead\n")
    }

    /// Core Data apps have entities named like browser commands (`Page`): the exact class name is the class.
    @Test func aClassSpelledExactlyWinsOverACommandSpelledOtherwise() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel2_V2", into: workspace)
        let result = try StrataProcess.run([store], input: "Page where number == 1 AND book.title BEGINSWITH \"title g\"\npage 1\n")
        #expect(result.status == 0, "\(result.stderr)")
        // Both pages' headings on stderr (stdout is a pipe); the link names its book by its title.
        #expect(result.stderr.components(separatedBy: "Page where number == 1").count == 3, "\(result.stderr)")
        #expect(result.stdout.contains("\n  19  <archived Content, 237 bytes>  false              1  3 \"title graphic novel - author 1\"\n"))
    }

    @Test func persistentHistoryStaysHidden() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel2_V2", into: workspace)
        let plain = try StrataProcess.run(["classes", store])
        #expect(!plain.stdout.contains("ACHANGE") && !plain.stdout.contains("ATRANSACTION"))
        let all = try StrataProcess.run(["classes", store, "--all"])
        #expect(all.stdout.contains("ACHANGE") && all.stdout.contains("ATRANSACTION"))
    }

    @Test func theModelVersionThatFitsTheStoreIsChosenAndSaid() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel_V1", into: workspace)
        let model = Self.stores.appendingPathComponent("SampleModel_V1/SampleModel.xcdatamodeld").path
        let chosen = try StrataProcess.run(["classes", store, "--model", model])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        // Core Data's entity version hashes, computed from the Xcode model, name the version the store was made with.
        #expect(chosen.stderr == "strata: note: --model: read version SampleModel, whose entity version hashes match the store's\n"
            + Defects29CoreDataTests.missingWAL(store))
        let compiled = Self.stores.deletingLastPathComponent().appendingPathComponent("CompiledModels/SampleModel.momd").path
        let fromBundle = try StrataProcess.run(["classes", store, "--model", compiled, "--format", "json"])
        #expect(fromBundle.status == 0, "\(fromBundle.stderr)")
        #expect(fromBundle.stderr == "strata: note: --model: read version SampleModel, whose entity version hashes match the store's\n"
            + Defects29CoreDataTests.missingWAL(store))
        #expect(fromBundle.stdout.contains(#""name": "SportCar""#) || fromBundle.stdout.contains(#""name":"SportCar""#))
        let info = try StrataProcess.run(["schema", store, "--store-info", "--model", model, "--format", "json"])
        let value = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let verdict = try #require(value["model"] as? [String: Any])
        #expect(verdict["fitsTables"] as? Bool == true)
        #expect(verdict["hashesMatch"] as? Bool == true)
        let otherInfo = try StrataProcess.run(["schema", store, "--store-info", "--model", model, "--model-version", "SampleModel2"])
        #expect(otherInfo.stdout.contains("model SampleModel2 in SampleModel.xcdatamodeld: does not match the store (its entity version hashes differ)"))
        #expect(otherInfo.stdout.contains("  entities whose version hash differs: Car, Person, SportCar\n"))
        #expect(verdict["name"] as? String == "SampleModel in SampleModel.xcdatamodeld")
        // Another version disagrees: said, and the store still reads.
        let other = try StrataProcess.run(["schema", store, "--model", model, "--model-version", "SampleModel2"])
        #expect(other.status == 0)
        // LuxuryCar is ExpensiveSportCar renamed (its renaming identifier): entity 3, as Core Data numbers it.
        #expect(!other.stderr.contains("LuxuryCar"), "\(other.stderr)")
        #expect(other.stdout.contains("disagrees: ZCAR.ZCOLOR: a column the model does not know (shown as Car.ZCOLOR)"))
        let wrong = try StrataProcess.run(["classes", store, "--model", model, "--model-version", "Nope"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("strata: --model "))
        let notAStore = try workspace.database("plain.sqlite", "CREATE TABLE t (x);")
        let refused = try StrataProcess.run(["classes", notAStore, "--model", model])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the database is not a Core Data store"))
        // Another app's model: refused, not half applied.
        let foreign = Self.stores.appendingPathComponent("CoreDataMigration_Example_3/CoreDataMigration_Example.xcdatamodeld").path
        let alien = try StrataProcess.run(["classes", store, "--model", foreign])
        #expect(alien.status == 1)
        #expect(alien.stderr.contains(": none of its entities (Post) is in the store, whose entities are Car, ExpensiveSportCar, Person, SportCar: it is another app's model\n"), "\(alien.stderr)")
        let versionAlone = try StrataProcess.run(["classes", store, "--model-version", "SampleModel2"])
        #expect(versionAlone.status == 2)
    }

    @Test func withoutAModelCacheTheModelIsInferredAndSaidSo() throws {
        let workspace = try Workspace()
        let store = try Self.copy("SampleModel_V1", into: workspace)
        _ = try sqlite(store, "DELETE FROM Z_MODELCACHE")
        let schema = try StrataProcess.run(["schema", store, "Car"])
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stdout.hasPrefix("model: inferred from the tables (the store has no model cache)\n"))
        #expect(schema.stdout.contains("numberplate"))
        #expect(schema.stdout.contains("owner                  object<Person>?"), "\(schema.stdout)")
        let backlinks = try StrataProcess.run(["query", store, "Person where @links.Car.owner.@count > 5", "--format", "json"])
        #expect(backlinks.status == 0, "\(backlinks.stderr)")
        let deleted = try StrataProcess.run(["delete", store, "Car", "11", "--yes"])
        #expect(deleted.stdout.contains("no delete rules were applied"))
        // A damaged cache: a warning, and the same inference.
        _ = try sqlite(store, "INSERT INTO Z_MODELCACHE VALUES (x'00112233')")
        let damaged = try StrataProcess.run(["classes", store])
        #expect(damaged.status == 0)
        #expect(damaged.stderr.hasPrefix(Defects29CoreDataTests.missingWAL(store) + "strata: warning: the store's model cache cannot be read ("))
    }

    /// The first column of `sql`'s rows as numbers, read (or written) through SQLiteKit.
    private func sqlite(_ path: String, _ sql: String) throws -> [Int] {
        let connection = try Connection(path: path, mode: .readWrite)
        return try connection.rows(sql).compactMap { $0.first?.int64.map(Int.init) }
    }
}
