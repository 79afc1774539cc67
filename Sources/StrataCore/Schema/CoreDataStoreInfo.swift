import CoreDataModel
import SQLiteKit

/// What a Core Data (or SwiftData) store says about itself in `Z_METADATA`: its UUID and, in the binary property
/// list beside it, the store type, the framework version that wrote it, the model's version identifiers and a
/// version hash for each entity — what Core Data compares with a model before deciding a migration is needed.
public struct CoreDataStoreInfo: Sendable, Equatable {
    public var storeUUID: String?
    public var storeType: String?
    public var frameworkVersion: String?
    public var modelVersionIdentifiers: [String]
    /// Entity name → its version hash (usually 32 bytes), sorted by name.
    public var entityVersionHashes: [(entity: String, hash: [UInt8])]
    /// Keys of the metadata this reader does not interpret, for completeness.
    public var otherKeys: [String]

    public static func == (a: CoreDataStoreInfo, b: CoreDataStoreInfo) -> Bool {
        a.storeUUID == b.storeUUID && a.storeType == b.storeType && a.frameworkVersion == b.frameworkVersion
            && a.modelVersionIdentifiers == b.modelVersionIdentifiers && a.otherKeys == b.otherKeys
            && a.entityVersionHashes.map(\.entity) == b.entityVersionHashes.map(\.entity)
            && a.entityVersionHashes.map(\.hash) == b.entityVersionHashes.map(\.hash)
    }

    /// The metadata of the store on `connection`.
    /// - Throws: `StrataError` when the store has no `Z_METADATA` row, or its property list cannot be read (what
    ///   and where).
    public static func read(_ connection: Connection) throws -> CoreDataStoreInfo {
        let rows = try connection.rows("SELECT Z_UUID, Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION LIMIT 1")
        guard let row = rows.first else { throw StrataError("the store has no metadata (Z_METADATA is empty)") }
        var info = CoreDataStoreInfo(storeUUID: row[0].string, modelVersionIdentifiers: [], entityVersionHashes: [], otherKeys: [])
        guard case .blob(let bytes) = row[1] else { return info }
        let plist: PropertyListValue
        do { plist = try PropertyList.read(bytes) } catch { throw StrataError("the store's metadata (Z_METADATA.Z_PLIST) cannot be read: \(error)") }
        guard case .dictionary(let entries) = plist else {
            throw StrataError("the store's metadata (Z_METADATA.Z_PLIST) is \(plist.kindDescription), not a dictionary")
        }
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("NSStoreType", .string(let text)): info.storeType = text
            case ("NSStoreUUID", .string(let text)): info.storeUUID = info.storeUUID ?? text
            case ("NSPersistenceFrameworkVersion", .integer(let number)): info.frameworkVersion = String(number)
            case ("NSPersistenceFrameworkVersion", .string(let text)): info.frameworkVersion = text
            case ("NSStoreModelVersionIdentifiers", .array(let items)):
                info.modelVersionIdentifiers = items.compactMap { if case .string(let text) = $0 { text } else { nil } }
            case ("NSStoreModelVersionHashes", .dictionary(let hashes)):
                info.entityVersionHashes = hashes.sorted { $0.key < $1.key }.compactMap { name, hash in
                    if case .data(let bytes) = hash { (name, bytes) } else { nil }
                }
            default:
                info.otherKeys.append(key)
            }
        }
        return info
    }
}
