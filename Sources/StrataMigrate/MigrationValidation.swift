/// What `migrate validate` checks: the history against the files, the schema against the migrations, and
/// the file's integrity and links (see `Migrator.validate()`).
package struct MigrationValidation: Sendable {
    package var status: MigrationStatus
    package var schemaDrift: SchemaDrift
    /// `PRAGMA integrity_check`'s lines: `["ok"]` for a sound file.
    package var integrity: [String]
    /// `PRAGMA foreign_key_check`: one line for each row whose link points at nothing.
    package var brokenLinks: [String]

    package var isIntact: Bool { integrity == ["ok"] }
}
