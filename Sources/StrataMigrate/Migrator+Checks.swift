import SQLiteKit
import StrataCore

/// What `migrate validate` and `migrate --dry-run` check: schema drift, integrity, links.
extension Migrator {
    /// The history against the files, the schema against the migrations, the file's integrity and links.
    /// Reads only.
    package func validate() throws -> MigrationValidation {
        MigrationValidation(status: try status(), schemaDrift: try schemaDrift(), integrity: try integrityCheck(),
                            brokenLinks: try foreignKeyViolations())
    }

    /// `PRAGMA integrity_check` (https://www.sqlite.org/pragma.html#pragma_integrity_check): `["ok"]`, or
    /// one line for each problem. Reads the whole file.
    package func integrityCheck() throws -> [String] {
        try connection.rows("PRAGMA integrity_check").map { $0[0].string ?? "" }
    }

    /// `PRAGMA foreign_key_check` (https://www.sqlite.org/pragma.html#pragma_foreign_key_check): one line
    /// for each row whose link points at nothing, as `Table row 3 → Target`.
    func foreignKeyViolations() throws -> [String] {
        try connection.rows("PRAGMA foreign_key_check").map { row in
            "\(row[0].string ?? "?") row \(row[1].int64.map(String.init) ?? "?") → \(row[2].string ?? "?")"
        }
    }

    /// Schema drift: how the database's schema differs from the one its applied migrations make, replayed
    /// on an empty in-memory database.
    ///
    /// The comparison assumes the migrations build the schema from nothing. When the file had tables
    /// before its first migration, those the migrations do not make are left out and named in
    /// `predating` (not drift: no replay can have them); when the migrations cannot run on an empty
    /// database at all, the result says why instead, and there is no drift to report.
    func schemaDrift() throws -> SchemaDrift {
        let applied = Set(try history().map(\.version))
        let predating = try namesBeforeFirstMigration()
        let replay = try Connection(path: ":memory:", mode: .memory)
        do {
            var migrator = Migrator(connection: replay, files: files.filter { applied.contains($0.version) })
            migrator.refusesEmptyMigrations = false
            try migrator.apply(to: nil, allowDrift: true)
        } catch let error as StrataError {
            return SchemaDrift(lines: [], unchecked: error.message, predating: predating.sorted())
        }
        let expected = try Self.schemaEntries(replay)
        let actual = try Self.schemaEntries(connection)
        // A table or view made before the first migration, of which the replay has no trace.
        let made = Set(expected.map(\.owner))
        let unexplained = predating.subtracting(made)
        let added = actual.subtracting(expected).filter { !unexplained.contains($0.owner) }.map(\.line)
        let removed = expected.subtracting(actual).map(\.line)
        return SchemaDrift(lines: added.sorted().map { "+ " + $0 } + removed.sorted().map { "- " + $0 }, unchecked: nil,
                           predating: unexplained.sorted())
    }

    /// The tables and views whose schema rows are older than the history table's: the history table is
    /// made in the transaction of the first migration, before it runs (or by a baseline), and rows of
    /// `sqlite_schema` are numbered in the order they were made (VACUUM keeps that order among tables).
    /// All of them when there is no history. https://www.sqlite.org/schematab.html
    func namesBeforeFirstMigration() throws -> Set<String> {
        Set(try connection.rows("""
            SELECT name FROM sqlite_schema
            WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name <> ?1
              AND rowid < coalesce((SELECT rowid FROM sqlite_schema WHERE type = 'table' AND name = ?1), 9223372036854775807)
            """, [.text(MigrationHistory.tableName)]).compactMap { $0[0].string })
    }

    /// A line of the schema summary, with the table or view it belongs to.
    struct SchemaEntry: Hashable {
        var owner: String
        var line: String
    }

    /// A line for each table column (declared type, NOT NULL, key) and each index, view and trigger;
    /// the history table is left out.
    static func schemaEntries(_ connection: Connection) throws -> Set<SchemaEntry> {
        let columns = try connection.rows("""
            SELECT m.name, p.name, p.type, p."notnull", p.pk FROM sqlite_schema AS m, pragma_table_info(m.name) AS p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> ?
            """, [.text(MigrationHistory.tableName)]).map { row in
            SchemaEntry(owner: row[0].string ?? "",
                        line: "\(row[0].string ?? "").\(row[1].string ?? "") \(row[2].string ?? "")" + (row[3].int64 == 1 ? " not null" : "")
                            + (row[4].int64 ?? 0 > 0 ? " key" : ""))
        }
        let others = try connection.rows("""
            SELECT type, name, tbl_name FROM sqlite_schema
            WHERE type IN ('index', 'view', 'trigger') AND name NOT LIKE 'sqlite_%'
            """).map { SchemaEntry(owner: $0[2].string ?? "", line: "\($0[0].string ?? "") \($0[1].string ?? "") on \($0[2].string ?? "")") }
        return Set(columns + others)
    }
}
