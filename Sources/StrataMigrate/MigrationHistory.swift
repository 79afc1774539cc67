import SQLiteKit
import StrataCore

/// The history table `strata_migrations`: one row for each migration applied, with its file's checksum.
///
/// The one place that knows the table: its name, its columns and the SQL that reads and writes it. It
/// writes inside the caller's transaction, so that a row goes in or out together with the migration it
/// records.
struct MigrationHistory {
    static let tableName = "strata_migrations"

    let connection: Connection

    /// Whether the database has the table (a database never migrated by Strata has not).
    func exists() throws -> Bool {
        try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(Self.tableName)]).int64 == 1
    }

    /// Every row, oldest version first; none when there is no table.
    func entries() throws -> [AppliedMigration] {
        guard try exists() else { return [] }
        let outOfOrder = try hasOutOfOrderColumn() ? Self.outOfOrderColumn : "0"
        return try connection.rows("""
            SELECT version, name, checksum, applied_at, duration_ms, strata_version, \(outOfOrder) FROM \(Self.tableName) ORDER BY version
            """).map { row in
            AppliedMigration(version: Int(row[0].int64 ?? 0), name: row[1].string ?? "", checksum: row[2].string ?? "",
                             appliedAt: row[3].string ?? "", durationMilliseconds: Int(row[4].int64 ?? 0),
                             strataVersion: row[5].string ?? "", outOfOrder: row[6].int64 == 1)
        }
    }

    /// 1 for a migration applied below the database's version (`--out-of-order`), 0 otherwise. Added to the
    /// table by the first such run: histories written before it have no such column, and read as 0.
    static let outOfOrderColumn = "out_of_order"

    private func hasOutOfOrderColumn() throws -> Bool {
        try connection.scalar("SELECT count(*) FROM pragma_table_info(?) WHERE name = ?",
                              [.text(Self.tableName), .text(Self.outOfOrderColumn)]).int64 == 1
    }

    /// Makes the table when it is not there.
    func create() throws {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS \(Self.tableName) (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                checksum TEXT NOT NULL,
                applied_at TEXT NOT NULL,
                duration_ms INTEGER NOT NULL,
                strata_version TEXT NOT NULL
            )
            """)
    }

    /// Records `file` as applied now, by this version of Strata; `outOfOrder` when it lies below the version
    /// the database was at.
    func record(_ file: MigrationFile, milliseconds: Int, outOfOrder: Bool = false) throws {
        if outOfOrder, !(try hasOutOfOrderColumn()) {
            try connection.execute("ALTER TABLE \(Self.tableName) ADD COLUMN \(Self.outOfOrderColumn) INTEGER NOT NULL DEFAULT 0")
        }
        // The column is named only when it is set: a history without it stays as it was written.
        let (column, value) = outOfOrder ? (", \(Self.outOfOrderColumn)", ", 1") : ("", "")
        try connection.execute("""
            INSERT INTO \(Self.tableName) (version, name, checksum, applied_at, duration_ms, strata_version\(column))
            VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?, ?\(value))
            """, [.integer(Int64(file.version)), .text(file.name), .text(try file.verifiedChecksum()), .integer(Int64(milliseconds)),
                  .text(Version.number)])
    }

    /// Forgets the migration of `version`: it was undone.
    func remove(version: Int) throws {
        try connection.execute("DELETE FROM \(Self.tableName) WHERE version = ?", [.integer(Int64(version))])
    }

    /// Forgets every row: a baseline starts the history over.
    func removeAll() throws {
        try connection.execute("DELETE FROM \(Self.tableName)")
    }
}
