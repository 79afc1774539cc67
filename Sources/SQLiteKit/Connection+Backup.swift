import CSQLite

extension Connection {
    /// Copies this connection's main database, whole and consistent, over the existing file at `path`
    /// with SQLite's online backup API (https://www.sqlite.org/backup.html).
    ///
    /// The caller creates the file (empty is an empty database) exactly as it wants it created: it is
    /// opened without `SQLITE_OPEN_CREATE` and never through a symbolic link (`SQLITE_OPEN_NOFOLLOW`).
    /// The copy runs in steps inside one read transaction of this connection, so it is one snapshot even
    /// when other processes write meanwhile; Ctrl-C (`InterruptSignal`) between steps stops it.
    /// - Throws: `SQLiteError` (`SQLITE_INTERRUPT` when stopped); the file is then partly written.
    public func backup(into path: String) throws {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX, nil)
        defer { sqlite3_close_v2(opened) }
        guard code == SQLITE_OK, let destination = opened else { throw SQLiteError(code: code, connection: opened) }
        let began = isAutocommit
        if began {
            try execute("BEGIN DEFERRED TRANSACTION")
            // A deferred transaction reads nothing until asked: this takes the snapshot now.
            _ = try scalar("SELECT count(*) FROM sqlite_schema")
        }
        defer { if began && !isAutocommit { try? execute("COMMIT TRANSACTION") } }
        guard let backup = sqlite3_backup_init(destination, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(destination), connection: destination)
        }
        var stepped = SQLITE_OK
        while stepped == SQLITE_OK {
            if InterruptSignal.fired {
                sqlite3_backup_finish(backup)
                throw SQLiteError(code: .interrupt)
            }
            stepped = sqlite3_backup_step(backup, 4096)
        }
        let finished = sqlite3_backup_finish(backup)
        if stepped != SQLITE_DONE { throw SQLiteError(code: stepped, connection: destination) }
        if finished != SQLITE_OK { throw SQLiteError(code: finished, connection: destination) }
    }
}
