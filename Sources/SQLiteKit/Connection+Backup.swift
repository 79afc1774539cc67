import CSQLite

extension Connection {
    /// Copies this connection's main database, whole and consistent, into the file at `path`
    /// (created or replaced) with SQLite's online backup API.
    public func backup(to path: String) throws {
        let destination = try Connection(path: path, mode: .create)
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(destination.handle), connection: destination.handle)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        if stepped != SQLITE_DONE { try destination.check(stepped) }
        try destination.check(finished)
    }
}
