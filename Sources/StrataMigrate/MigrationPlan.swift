/// What a run to a version would do, checked before anything runs (see `Migrator.plan(to:translated:)`).
package struct MigrationPlan: Sendable {
    /// The database's version (`PRAGMA user_version`) when the plan was made.
    package var from: Int
    /// The version the database is at once every step has run.
    package var to: Int
    /// The steps in the order they run: pending migrations oldest first, or going down newest first.
    package var steps: [MigrationStep]
    /// What the rehearsal of a `translated` plan could not check, for the command to show as warnings.
    package var warnings: [String] = []
}
