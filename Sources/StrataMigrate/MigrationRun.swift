import StrataCore
/// What `Migrator.apply(to:allowDrift:stepwise:)` did: the versions before and after, and each step.
package struct MigrationRun: Sendable {
    /// The database's version before the run (read inside its write transaction).
    package var from: Int
    /// The version the run left the database at.
    package var to: Int
    /// The steps carried out, in order; empty when there was nothing to do.
    package var applied: [CompletedStep]

    /// Down when the run left the database at a lower version; up otherwise, nothing done included.
    package var direction: MigrationDirection { to < from ? .down : .up }
}
