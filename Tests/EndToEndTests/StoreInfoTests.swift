import Foundation
import Testing

/// `strata schema STORE --store-info` on a real Core Data store (from alemar11/CoreDataPlus, MIT; see
/// Tests/CoreDataModelTests/Fixtures/Stores), on a damaged one and on a plain SQLite file.
@Suite struct StoreInfoTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CoreDataModelTests/Fixtures/Stores/SampleModel_V1/SampleModel_V1.sqlite").path

    @Test func aRealStoreSaysWhatCoreDataChecksBeforeMigrating() throws {
        let workspace = try Workspace()
        let store = workspace.file("SampleModel.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: store)
        let before = try workspace.fingerprint("SampleModel.sqlite")
        let text = try StrataProcess.run(["schema", store, "--store-info"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == """
            store 753753D3-A961-4901-AB05-8CC48B1D3853, type SQLite
            written by Core Data framework version 1044
            model version identifiers: 1
            ENTITY             VERSION HASH
            Car                9e555529072158220d1bacd2f80a3dad4919f74a32aa8be9ee22a6a7b4126c8f
            ExpensiveSportCar  3dc7e32b1be45b5a4c795ac9af3e1d10aa7222d3c69ae805bbeb4408bdeba480
            Person             164268551b45108ae763aa2ba61ff32d32d32323850987c3e21607c8da44b72b
            SportCar           514ec1907a568299f9fb6851106516136f0755f45fa53a823a0e4d44013d5313

            """)
        let json = try StrataProcess.run(["schema", store, "--store-info", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let value = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(value["storeUUID"] as? String == "753753D3-A961-4901-AB05-8CC48B1D3853")
        #expect(value["modelVersionIdentifiers"] as? [String] == ["1"])
        let hashes = try #require(value["entityVersionHashes"] as? [String: String])
        #expect(hashes.keys.sorted() == ["Car", "ExpensiveSportCar", "Person", "SportCar"])
        #expect(hashes["Car"].flatMap { Data(base64Encoded: $0) }?.count == 32)
        // Reading it changed nothing and left nothing beside it.
        let after = try workspace.fingerprint("SampleModel.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try workspace.listing() == ["SampleModel.sqlite"])
    }

    @Test func aDamagedOrMissingStoreInfoIsAOneLineError() throws {
        let workspace = try Workspace()
        let damaged = try workspace.database("damaged.sqlite", """
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            INSERT INTO Z_METADATA VALUES (1, 'ABC', x'62706c6973743030ffff');
            """)
        let result = try StrataProcess.run(["schema", damaged, "--store-info"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("strata: \(damaged): the store's metadata (Z_METADATA.Z_PLIST) cannot be read: binary property list: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        let plain = try workspace.database("plain.sqlite", "CREATE TABLE Task (id INTEGER PRIMARY KEY);")
        let refused = try StrataProcess.run(["schema", plain, "--store-info"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: \(plain) is not a Core Data store (it has no Z_METADATA and Z_PRIMARYKEY tables)\n")
    }

    /// A transformable attribute holds a keyed archive: text output names its class, JSON keeps every byte.
    @Test func aTransformableIsShownByTheClassItArchives() throws {
        let workspace = try Workspace()
        let store = workspace.file("SampleModel2.sqlite")
        try FileManager.default.copyItem(
            atPath: Self.fixture.replacingOccurrences(of: "SampleModel_V1/SampleModel_V1", with: "SampleModel2_V2/SampleModel2_V2"),
            toPath: store)
        let text = try StrataProcess.run(["query", store, "Page where Z_PK == 1", "--format", "vertical"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("content  <archived Content, 238 bytes>\n"), "\(text.stdout)")
        let json = try StrataProcess.run(["query", store, "Page where Z_PK == 1", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let content = try #require((rows.first?["content"] as? String).flatMap { Data(base64Encoded: $0) })
        #expect(content.count == 238 && content.starts(with: Array("bplist00".utf8)))
    }
}
