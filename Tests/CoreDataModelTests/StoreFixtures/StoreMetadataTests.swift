import Digests
import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import SQLiteKit
import Testing

/// A written store's bookkeeping tables have the shape the real stores' have: the same CREATE statements, the
/// same metadata keys with values of the same types.
@Suite struct StoreMetadataTests {
    static func writtenStore(_ folder: URL) throws -> Connection {
        let path = folder.appendingPathComponent("Recipes.sqlite").path
        try CoreDataFixtures.recipes.writer.write(to: path)
        return try openStore(path)
    }

    static func plist(_ db: Connection) throws -> [String: PropertyListValue] {
        guard case .blob(let bytes) = try db.scalar("SELECT Z_PLIST FROM Z_METADATA"),
              case .dictionary(let entries) = try PropertyList.read(bytes) else { return [:] }
        return entries
    }

    @Test(arguments: RealStoreLayoutTests.stores)
    func bookkeepingTablesAreCreatedAsInTheRealStores(_ store: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try Self.writtenStore(folder)
        let real = try RealStoreLayoutTests.open(store)
        for table in ["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"] {
            let sql = "SELECT sql FROM sqlite_master WHERE name = ?"
            #expect(try written.scalar(sql, [.text(table)]) == real.scalar(sql, [.text(table)]), "\(table)")
        }
        #expect(try written.scalar("SELECT Z_VERSION FROM Z_METADATA") == real.scalar("SELECT Z_VERSION FROM Z_METADATA"))
        let uuid = try written.scalar("SELECT Z_UUID FROM Z_METADATA").string ?? ""
        #expect(UUID(uuidString: uuid) != nil)
    }

    /// Every key the real stores all have, with a value of the same kind; no key none of them has.
    @Test func metadataHasTheKeysAndKindsOfTheRealStores() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = try Self.plist(Self.writtenStore(folder))
        var common: Set<String>?
        var union: Set<String> = []
        for store in RealStoreLayoutTests.stores {
            let real = try Self.plist(RealStoreLayoutTests.open(store))
            common = common.map { $0.intersection(real.keys) } ?? Set(real.keys)
            union.formUnion(real.keys)
            for (key, value) in real where ours[key] != nil {
                #expect(ours[key]?.kindDescription == value.kindDescription, "\(key) in \(store)")
            }
        }
        #expect((common ?? []).subtracting(ours.keys).isEmpty, "missing: \((common ?? []).subtracting(ours.keys).sorted())")
        #expect(Set(ours.keys).subtracting(union).isEmpty, "extra: \(Set(ours.keys).subtracting(union).sorted())")
        #expect(ours["NSStoreType"] == .string("SQLite"))
        #expect(ours["NSStoreModelVersionHashesVersion"] == .integer(3))
        #expect(ours["NSStoreModelVersionIdentifiers"] == .array([.string("1")]))
    }

    @Test func versionHashesAreThirtyTwoBytesPerEntity() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .dictionary(let hashes)? = try Self.plist(Self.writtenStore(folder))["NSStoreModelVersionHashes"] else {
            Issue.record("no NSStoreModelVersionHashes")
            return
        }
        #expect(Set(hashes.keys) == Set(CoreDataFixtures.recipesModel.entities.map(\.name)))
        // The stand-in hash: SHA-256 of the entity name.
        #expect(hashes["Recipe"] == .data(SHA256.hash(Array("Recipe".utf8))))
        for (entity, hash) in hashes {
            guard case .data(let bytes) = hash else {
                Issue.record("\(entity): not data")
                continue
            }
            #expect(bytes.count == 32, "\(entity)")
        }
        // The real stores' hashes are 32 bytes too.
        for store in RealStoreLayoutTests.stores {
            guard case .dictionary(let real)? = try Self.plist(RealStoreLayoutTests.open(store))["NSStoreModelVersionHashes"] else { continue }
            for (entity, hash) in real {
                if case .data(let bytes) = hash { #expect(bytes.count == 32, "\(store) \(entity)") }
            }
        }
    }

    @Test func aModelsOwnVersionHashesAreWritten() throws {
        let hash = Array(repeating: UInt8(9), count: 32)
        var writer = CoreDataStoreWriter(model: ManagedObjectModel(entities: [Entity(name: "A", versionHash: hash)]))
        writer.insert("A", id: "a", [:])
        guard case .dictionary(let hashes)? = writer.metadataPropertyList().dictionaryValue?["NSStoreModelVersionHashes"] else {
            Issue.record("no hashes")
            return
        }
        #expect(hashes["A"] == .data(hash))
    }
}

extension PropertyListValue {
    var dictionaryValue: [String: PropertyListValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }
}
