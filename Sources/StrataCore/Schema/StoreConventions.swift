import SQLiteKit

/// What a kind of store keeps beside an app's values, in one place: what Strata must know of a file, beyond SQLite's
/// schema, to read it as its app does and to edit it as its framework would. `SchemaReader` chooses the conventions
/// of each file from its tables (`Schema.conventions`); the reader, the query compiler and the editor ask them.
public enum StoreConventions: String, Sendable, Equatable {
    /// Plain SQLite, with Strata's own list tables (`Owner_property`).
    case sqlite
    /// A Core Data (or SwiftData) store: `Z_PRIMARYKEY` and `Z_METADATA`, entity numbers in `Z_ENT`, Core Data's
    /// optimistic locking in `Z_OPT`, dates as seconds since 2001.
    case coreData
    /// A database `strata convert` wrote from a `.realm` file (`strata_realm_classes`): dates as ISO 8601 text.
    case realmConversion

    /// The conventions of a file with these tables.
    static func of(tables names: Set<String>) -> StoreConventions {
        if names.contains("Z_PRIMARYKEY") && names.contains("Z_METADATA") { return .coreData }
        return names.contains(RealmFacts.classesTable) ? .realmConversion : .sqlite
    }

    // MARK: - Reading

    /// Whether a table belongs to SQLite, Strata or an app framework rather than to the app's data.
    public static func isHidden(table: String) -> Bool { HiddenTables.isHidden(table) }

    /// Whether a column of a class is the framework's bookkeeping, not a property: a Core Data entity's `Z_ENT` and
    /// `Z_OPT`.
    func isBookkeeping(column: String, of info: ClassInfo) -> Bool {
        self == .coreData && info.kind == .entity && (column == "Z_ENT" || column == "Z_OPT")
    }

    /// How dates stored as numbers count, read from a column's values (`DateStorage.detect`): Core Data counts
    /// seconds from 2001; text is ISO 8601 in any store.
    var countsDatesFrom2001: Bool { self == .coreData }

    // MARK: - Writing

    /// Whether deleting an object of `info` follows its model's delete rules (cascade, nullify, deny), as Core Data
    /// would: a Core Data entity whose model was given or cached (an inferred model has no rules).
    public func appliesDeleteRules(to info: ClassInfo, in schema: Schema) -> Bool {
        self == .coreData && info.entity != nil && schema.coreDataModel.map { $0.source != .inferred } == true
    }

    /// What an update of one of the class's objects also sets: Core Data counts `Z_OPT` up, so that a running app
    /// sees the object changed under it; nil for other stores.
    public func updateBookkeeping(of info: ClassInfo) -> SQL? {
        guard self == .coreData, info.kind == .entity else { return nil }
        return "\(identifier: "Z_OPT") = coalesce(\(identifier: "Z_OPT"), 0) + 1"
    }

    /// The columns Core Data fills itself for a new object of `info`: `Z_PK` one past the entity's `Z_MAX` (which
    /// moves along in `Z_PRIMARYKEY`, so the app's next object does not take the same key) unless the key is
    /// given, `Z_ENT` and `Z_OPT`; none for other stores, or a store without its entity's row.
    /// - Throws: SQLite's error when `Z_PRIMARYKEY` cannot be read or written.
    public func insertBookkeeping(for info: ClassInfo, in schema: Schema, keyGiven: Bool, connection: Connection) throws
        -> [(column: String, value: SQLiteValue)]
    {
        guard self == .coreData, info.kind == .entity else { return [] }
        // Z_MAX is kept on the root entity's row: sub-entities share its keys.
        var root = info
        // Bounded: a damaged model may make its entities each other's parents.
        for _ in 0..<schema.classes.count {
            guard let parent = root.entity?.parent, let next = schema.class(named: parent) else { break }
            root = next
        }
        // By number, as Core Data reads it: a renamed entity's row keeps its old name.
        let row: SQL = if let number = root.entity?.number, number != 0 {
            "SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(number)"
        } else {
            "SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = \(SQLiteValue.text(root.name))"
        }
        guard let entity = try connection.rows(row).first, let rootNumber = entity[0].int64 else { return [] }
        var columns: [(column: String, value: SQLiteValue)] = []
        if !keyGiven {
            let largest = try connection.scalar("SELECT max(Z_PK) FROM \(identifier: info.tableName)" as SQL).int64 ?? 0
            let key = max(entity[1].int64 ?? 0, largest) + 1
            try connection.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = \(key) WHERE Z_ENT = \(rootNumber)" as SQL)
            columns.append(("Z_PK", .integer(key)))
        }
        columns.append(("Z_ENT", .integer(info.entity?.number ?? rootNumber)))
        columns.append(("Z_OPT", .integer(1)))
        return columns
    }
}
