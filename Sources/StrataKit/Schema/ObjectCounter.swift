import SQLiteKit

/// Counts the objects of classes: exact `count(*)`, which SQLite answers from the smallest index.
public struct ObjectCounter {
    let connection: Connection

    public init(connection: Connection) { self.connection = connection }

    /// The number of objects in a class. Throws `SQLiteError` (`SQLITE_INTERRUPT` on Ctrl-C).
    public func count(_ info: ClassInfo) throws -> Int64 {
        try connection.scalar("SELECT count(*) FROM \(quoteIdentifier(info.tableName))").int64 ?? 0
    }
}
