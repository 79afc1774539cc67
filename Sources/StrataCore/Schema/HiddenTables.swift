/// Tables that belong to SQLite, Strata or an app framework rather than to the app's data.
enum HiddenTables {
    /// Exact names of framework metadata tables.
    static let frameworkTables: Set<String> = [
        // Core Data
        "Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE", "ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING",
        // Android Room and the Android framework
        "room_master_table", "android_metadata",
        // GRDB
        "grdb_migrations",
    ]

    static func isHidden(_ table: String) -> Bool {
        let lower = table.lowercased()
        return lower.hasPrefix("sqlite_") || lower.hasPrefix("strata_") || frameworkTables.contains(table)
    }
}
