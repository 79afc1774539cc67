import SQLiteKit
import StrataCore

/// Writes a demo database to a file safely: into a temporary file beside it, renamed into place only
/// when complete, so that a failed or interrupted run leaves nothing behind and an existing file is
/// replaced only with `force`.
public enum DemoFile {
    /// - Throws: `StrataError` for a path that is a directory, an existing file or a symbolic link without `force`, a folder
    ///   that is missing or not writable, and `StrataError.interrupted` when `shouldStop` turned true.
    public static func write(_ generator: DemoGenerator, to path: String, force: Bool,
                             progress: ((DemoGenerator.Progress) -> Void)? = nil,
                             shouldStop: () -> Bool = { false }) throws
    {
        try AtomicFile.checkDestination(path, force: force, what: "the demo database")
        // Created here, exclusively and never through a link; SQLite only opens it.
        let temporary = try AtomicFile.createTemporary(for: path)
        defer {
            // Whatever happened, nothing but the finished database may stay behind.
            for suffix in ["", "-journal", "-wal", "-shm"] { Platform.removeFile(temporary + suffix) }
        }
        do {
            let connection = try Connection(path: temporary, mode: .readWrite)
            // A new private file: no rollback journal on disk, no syncs until it is complete, and no
            // foreign key lookups: every key the generator draws exists by construction (tests check it).
            try connection.execute("""
                PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;
                PRAGMA foreign_keys = OFF;
                """)
            try connection.transaction(.exclusive) {
                try generator.write(into: connection, progress: progress, shouldStop: shouldStop)
                // The commit writes out what the page cache still holds.
                let total = generator.rows * 3
                progress?(DemoGenerator.Progress(className: "", done: total, total: total, step: .saving))
            }
        } catch let error as SQLiteError {
            if shouldStop() || ResultCode.interrupt ~= error.code { throw StrataError.interrupted }
            throw StrataError("cannot write \(path): \(error.message)")
        }
        if shouldStop() { throw StrataError.interrupted }
        try AtomicFile.moveIntoPlace(temporary, to: path, force: force)
    }
}
