import SQLiteKit

/// The app framework that wrote a database, told by its metadata tables, with what identifies the store:
/// Core Data's store UUID, Room's identity hash (the hash of the schema Room generated), GRDB's applied
/// migrations. The browser names it on its first line.
public enum StoreFramework: Sendable, Equatable {
    /// Core Data (and SwiftData, which writes the same format): the store's UUID from `Z_METADATA`, and whether
    /// it keeps persistent history (`ATRANSACTION`, on by default in SwiftData).
    case coreData(storeUUID: String?, persistentHistory: Bool)
    /// Android Room: `room_master_table`'s identity hash.
    case room(identityHash: String?)
    /// GRDB's migrator: the identifiers in `grdb_migrations`, in the order they were applied.
    case grdb(migrations: [String])
    /// A database `strata convert` wrote from a `.realm` file of this format.
    case realm(fileFormat: Int64?)

    /// The framework of the database `schema` was read from, or nil for a plain SQLite database. The metadata
    /// is read defensively: a damaged or unexpected table still names the framework, without its details; but
    /// Strata's own record of a converted `.realm` file that cannot be read is an error (it is Strata's to trust).
    /// - Throws: `SQLiteError` when `strata_realm_file` cannot be read.
    public static func detect(in schema: Schema, connection: Connection) throws -> StoreFramework? {
        let tables = Set(schema.classes.map(\.tableName))
        if schema.isCoreData {
            let uuid = try? connection.scalar("SELECT Z_UUID FROM Z_METADATA LIMIT 1").string
            return .coreData(storeUUID: uuid, persistentHistory: tables.contains("ATRANSACTION"))
        }
        if tables.contains("room_master_table") {
            let hash = try? connection.scalar("SELECT identity_hash FROM room_master_table WHERE id = 42").string
            return .room(identityHash: hash)
        }
        if tables.contains(RealmFacts.fileTable) {
            return .realm(fileFormat: try RealmFacts.fileFormat(connection))
        }
        if tables.contains("grdb_migrations") {
            let rows = (try? connection.rows("SELECT identifier FROM grdb_migrations ORDER BY rowid")) ?? []
            return .grdb(migrations: rows.compactMap { $0.first?.string })
        }
        return nil
    }

    /// One phrase: `Core Data store 6F9619FF-…, with persistent history`, `Room database, identity hash 3f2a…`,
    /// `GRDB database, 2 migrations applied (last: v2)`.
    public var summary: String {
        switch self {
        case .coreData(let uuid, let history):
            return "Core Data store" + (uuid.map { " " + $0 } ?? "") + (history ? ", with persistent history" : "")
        case .room(let hash):
            return "Room database" + (hash.map { ", identity hash " + $0 } ?? "")
        case .grdb(let migrations):
            let count = migrations.count == 1 ? "1 migration" : "\(migrations.count) migrations"
            return "GRDB database, \(count) applied" + (migrations.last.map { " (last: \($0))" } ?? "")
        case .realm(let format):
            return "Realm file" + (format.map { " format \($0)" } ?? "") + ", converted to SQLite"
        }
    }
}
