/// Which way a migration runs: its up part, or the part that undoes it.
package enum MigrationDirection: String, Sendable {
    case up, down
}
