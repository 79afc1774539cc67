import Digests
import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import Testing

/// Compiled models (`.mom`, `.momd` with `VersionInfo.plist`) as the fixtures write them, read back with the model
/// readers and Foundation.
@Suite struct CompiledModelWriterTests {
    @Test func aMomIsTheArchiveAndReadsAsTheModel() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Recipes.mom").path
        try ModelArchiveWriter.writeCompiledModel(CoreDataFixtures.recipesModel, to: path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let read = try ManagedObjectModel(archive: KeyedArchive(bytes: bytes))
        #expect(normalized(read, keepArchiveOnlyFields: false) == normalized(CoreDataFixtures.recipesModel, keepArchiveOnlyFields: false))
    }

    @Test func aMomdHasItsVersionsAndVersionInfo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Notes.momd").path
        var current = CoreDataFixtures.disagreeingModel
        current.versionName = "Notes 2"
        try ModelArchiveWriter.writeCompiledModel(current, versions: [("Notes", CoreDataFixtures.disagreeingStoreModel)], to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).sorted() == ["Notes 2.mom", "Notes.mom", "VersionInfo.plist"])
        let info = try Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent("VersionInfo.plist"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: info, format: nil) as? [String: Any])
        #expect(plist["NSManagedObjectModel_CurrentVersionName"] as? String == "Notes 2")
        let hashes = try #require(plist["NSManagedObjectModel_VersionHashes"] as? [String: [String: Data]])
        #expect(Set(hashes.keys) == ["Notes", "Notes 2"])
        #expect(hashes["Notes"]?["Note"] == Data(SHA256.hash(Array("Note".utf8))))
        let old = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent("Notes.mom")))
        #expect(try ManagedObjectModel(archive: KeyedArchive(bytes: old)).entity(named: "Note")?.attributes.map(\.name)
            == ["body", "legacyFlag", "title"])
    }

    @Test func anOtherExtensionIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Model.xcdatamodel").path
        #expect(throws: CoreDataFixtureError("fixture: \(path): a compiled model is a .mom file or a .momd folder")) {
            try ModelArchiveWriter.writeCompiledModel(CoreDataFixtures.recipesModel, to: path)
        }
    }
}
