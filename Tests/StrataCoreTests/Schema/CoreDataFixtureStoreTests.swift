import Digests
import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import SQLiteKit
import StrataCore
import Testing

/// A store written by CoreDataStoreFixtures, read through StrataCore's own path: opened read-only as every command
/// opens a file (no byte changed, no journal left), its metadata read as `schema --store-info` reads it.
@Suite struct CoreDataFixtureStoreTests {
    @Test func theMetadataReadsAsTheWriterWroteIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cdfixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = CoreDataFixtures.recipes
        let path = try fixture.write(into: folder.path, name: "Recipes").store
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let connection = try DatabaseFile.openForReading(path)
        let info = try CoreDataStoreInfo.read(connection)
        #expect(info.storeUUID == fixture.writer.storeUUID)
        #expect(info.storeType == "SQLite")
        #expect(info.frameworkVersion == String(fixture.writer.frameworkVersion))
        #expect(info.modelVersionIdentifiers == fixture.model.versionIdentifiers)
        #expect(info.entityVersionHashes.map(\.entity) == fixture.model.entities.map(\.name).sorted())
        #expect(info.entityVersionHashes.allSatisfy { $0.hash == SHA256.hash(Array($0.entity.utf8)) })
        #expect(info.otherKeys == ["NSStoreModelVersionHashesDigest", "NSStoreModelVersionHashesVersion", "_NSAutoVacuumLevel"])

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("Recipes.sqlite-") }
        #expect(leftovers.isEmpty)
    }
}
