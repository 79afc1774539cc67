/// One row of the history table (`MigrationHistory`): a migration applied, and with which file.
package struct AppliedMigration: Sendable, Equatable {
    package var version: Int
    package var name: String
    /// The SHA-256 of the file when it was applied, in hex.
    package var checksum: String
    /// ISO 8601 UTC, with milliseconds.
    package var appliedAt: String
    package var durationMilliseconds: Int
    package var strataVersion: String
    /// Applied below the version the database was at (`migrate --out-of-order`).
    package var outOfOrder: Bool = false
}
