import SQLiteKit

/// Writes a demo database to a file safely: into a temporary file beside it, renamed into place only
/// when complete, so that a failed or interrupted run leaves nothing behind and an existing file is
/// replaced only with `force`.
public enum DemoFile {
    /// - Throws: `StrataError` for a path that is a directory, an existing file without `force`, a folder
    ///   that is missing or not writable, and `StrataError.interrupted` when `shouldStop` turned true.
    public static func write(_ generator: DemoGenerator, to path: String, force: Bool,
                             progress: ((DemoGenerator.Progress) -> Void)? = nil,
                             shouldStop: () -> Bool = { false }) throws
    {
        try checkDestination(path, force: force)
        let directory = Platform.directory(of: path)
        let temporary = directory + "/." + Platform.fileName(of: path) + ".strata-\(Platform.processID)-\(Platform.randomSeed() % 1_000_000)"
        defer {
            // Whatever happened, nothing but the finished database may stay behind.
            for suffix in ["", "-journal", "-wal", "-shm"] { Platform.removeFile(temporary + suffix) }
        }
        do {
            let connection = try Connection(path: temporary, mode: .create)
            // A new private file: no rollback journal on disk, no syncs until it is complete, and no
            // foreign key lookups: every key the generator draws exists by construction (tests check it).
            try connection.execute("""
                PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;
                PRAGMA foreign_keys = OFF;
                """)
            try connection.transaction(.exclusive) {
                try generator.write(into: connection, progress: progress, shouldStop: shouldStop)
            }
        } catch let error as SQLiteError {
            if shouldStop() || ResultCode.interrupt ~= error.code { throw StrataError.interrupted }
            throw StrataError("cannot write \(path): \(error.message)")
        }
        if shouldStop() { throw StrataError.interrupted }
        Platform.syncFile(temporary)
        if let failure = Platform.moveFile(temporary, to: path) {
            throw StrataError("cannot write \(path): \(failure)")
        }
    }

    /// Refuses destinations that would lose data or cannot be written, before any work is done.
    static func checkDestination(_ path: String, force: Bool) throws {
        guard !path.isEmpty else { throw StrataError.usage("the demo database needs a file name") }
        switch Platform.fileKind(path) {
        case .directory:
            throw StrataError("\(path) is a directory; give the demo database a file name")
        case .regular, .other:
            guard force else { throw StrataError("\(path) already exists (use --force to replace it)") }
            for suffix in ["-wal", "-journal"] where Platform.fileKind(path + suffix) != .missing {
                throw StrataError("\(path) has a \(suffix) file: another program may be using it; close it first")
            }
        case .missing:
            break
        }
        let directory = Platform.directory(of: path)
        switch Platform.fileKind(directory) {
        case .directory:
            if !Platform.isWritable(directory) { throw StrataError("cannot write in \(directory): permission denied") }
        case .missing:
            throw StrataError("no such directory: \(directory)")
        case .regular, .other:
            throw StrataError("\(directory) is not a directory")
        }
    }
}
