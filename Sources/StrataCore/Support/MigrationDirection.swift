/// Which way a migration runs: its up part, or the part that undoes it.
public enum MigrationDirection: String, Sendable {
    case up, down
}
