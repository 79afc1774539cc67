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
        /// Not applied, and at or below the database's version: a migration added after later ones ran
        /// (a branch merged late), which a run skips unless asked to apply it out of order; or, in a
        /// database with no history at all, one that may be in it already (see `predatesHistory`).
        case skipped
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
    /// Files at or below the database's version that the history does not record, in order.
    package var skipped: [MigrationFile] = []
    /// Every migration the history records or the directory holds, in version order.
    package var entries: [Entry]

    /// True when the database is past version 0 but has no migration history, so that the files at or below
    /// its version (`skipped`) may be in it already: it was made by an app or another tool (a Room database),
    /// and `migrate baseline` adopts it.
    package var predatesHistory: Bool { applied.isEmpty && !skipped.isEmpty }

    /// Why the run stops at `skipped`, as one line for `FILE` (nil when nothing is skipped): out of order,
    /// or predating the history.
    package func skippedReason(file: String) -> String? {
        guard let first = skipped.first else { return nil }
        let names = skipped.count == 1 ? "\(first.fileName) (version \(first.version))"
            : skipped.dropLast().map(\.fileName).joined(separator: ", ") + " and \(skipped[skipped.count - 1].fileName) (versions "
                + skipped.map { String($0.version) }.joined(separator: ", ") + ")"
        if predatesHistory {
            return "\(file) is at version \(version) but has no migration history, so \(names) may be in it already: "
                + "the file's version predates its history; adopt it with 'strata migrate baseline \(file) --version \(version)'"
        }
        return "\(names) \(skipped.count == 1 ? "was" : "were") never applied and \(skipped.count == 1 ? "lies" : "lie") below "
            + "\(file)'s version \(version): apply \(skipped.count == 1 ? "it" : "them") with --out-of-order, or renumber \(skipped.count == 1 ? "it" : "them") above \(version)"
    }
}
