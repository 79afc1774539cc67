/// Where a database stands against a migrations directory (see `Migrator.status()`).
package struct MigrationStatus: Sendable {
    /// An applied migration whose file changed since.
    package struct Drift: Sendable {
        /// The file as it is now.
        package var file: MigrationFile
        /// Its history row, with the checksum it was applied with.
        package var applied: AppliedMigration
    }

    /// Where one migration stands.
    package enum State: Sendable, Equatable {
        /// Applied, at this time (ISO 8601), and its file is as it was.
        case applied(at: String)
        /// Applied, and its file changed since.
        case drifted
        /// Applied, and its file is gone.
        case missing
        /// Not applied: above the database's version.
        case pending
    }

    /// One migration: its version, its file's name (the recorded name when the file is gone), its state.
    package struct Entry: Sendable, Equatable {
        package var version: Int
        package var fileName: String
        package var state: State
    }

    /// `PRAGMA user_version`.
    package var version: Int
    package var applied: [AppliedMigration]
    /// Files above the database's version, in order.
    package var pending: [MigrationFile]
    /// Applied files whose checksum changed since.
    package var drifted: [Drift]
    /// Applied migrations whose file is gone.
    package var missing: [AppliedMigration]
    /// Every applied migration, oldest first, then every pending one.
    package var entries: [Entry]
}
