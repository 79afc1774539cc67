import SQLiteKit
import StrataCore

/// What a command that writes (an edit, an import) does when a write fails because the disk is full, an I/O error
/// happened or the file reached its size limit: SQLite then rolls the transaction back in memory only, and keeps the
/// grown file and its hot journal until the connection next reads, which a command line that exits now never does.
public enum FailedWrite {
    /// Runs `body` (a write transaction on `connection`) and, when a write in it failed, makes SQLite roll it back
    /// at once (`Connection.settleAfterFailedWrite`).
    ///
    /// - Parameter change: what was written, for the message: `the edit`, `the import`.
    /// - Throws: `body`'s error, said with what became of the file: rolled back and as it was, or, when SQLite could
    ///   not roll it back, exactly what state it is in and how to recover it.
    public static func settling<T>(_ connection: Connection, path: String, change: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.code == .full || error.code == .ioError {
            let what = error.code == .full ? "the disk is full (or the file reached its size limit)" : "a write failed (\(error.message))"
            do {
                try connection.settleAfterFailedWrite()
            } catch let rollback {
                let reason = (rollback as? SQLiteError)?.message ?? "\(rollback)"
                throw StrataError("\(path): \(what), and SQLite could not roll \(change) back (\(reason)): \(path) is left half written, "
                                  + "and its hot journal \(path)-journal holds what it was; keep that file beside it, and once the disk "
                                  + "has room run: strata --write \(path) < /dev/null, which rolls \(change) back")
            }
            throw StrataError("\(path): \(what): \(change) was rolled back, and \(path) is as it was")
        }
    }
}
