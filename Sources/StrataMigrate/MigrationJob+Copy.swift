import SQLiteKit
import StrataCore

/// The private copy a `migrate --dry-run` rehearses on, made without ever opening FILE for writing.
extension MigrationJob {
    /// Copies FILE into a new private file (mode 0600, created exclusively: beside FILE, or in the
    /// temporary folder when FILE's folder is read-only) and returns its path; the caller removes it,
    /// with its `-journal`, `-wal` and `-shm`.
    ///
    /// Usually the copy is SQLite's backup from a read-only connection. Two files cannot be read that way
    /// without changing what is beside them, and are copied byte for byte with their companion instead,
    /// which SQLite then applies to the copy alone: a file with a (possibly hot) rollback journal, which
    /// a read-only connection cannot roll back; and a WAL file whose `-wal` has no `-shm` (no connection
    /// has it open), where reading would leave a `-shm` behind.
    package static func privateCopy(of file: String, timeout: Int32) throws -> String {
        try DatabaseFile.checkReadable(file)
        guard let companion = companionToCopy(file) else {
            let source = try DatabaseFile.openForReading(file, timeout: timeout)
            let copy = try AtomicFile.createPrivateTemporary(for: file)
            do { try source.backup(into: copy) } catch {
                remove(copy)
                throw DatabaseFile.describe(error, path: file, timeout: timeout)
            }
            return copy
        }
        let copy = AtomicFile.privateTemporaryPath(for: file)
        // The file first, then its journal: a page changed meanwhile has its old content in the journal already.
        if let failure = Platform.copyFile(file, toNewFile: copy) ?? Platform.copyFile(file + companion, toNewFile: copy + companion) {
            remove(copy)
            throw StrataError("cannot make a temporary copy of \(file): \(failure)")
        }
        do {
            // Reading the copy for writing rolls its journal back, or moves its -wal in.
            let connection = try Connection(path: copy, mode: .readWrite, busyTimeout: timeout)
            _ = try connection.scalar("SELECT count(*) FROM sqlite_schema")
        } catch {
            remove(copy)
            throw DatabaseFile.describe(error, path: file, timeout: timeout)
        }
        return copy
    }

    /// `-journal` for a rollback journal with a header (hot unless a writer is at work), `-wal` for a WAL
    /// file with a `-wal` and no `-shm`; nil when a read-only connection reads the file as it is.
    /// Headers: https://www.sqlite.org/fileformat.html
    package static func companionToCopy(_ file: String) -> String? {
        if Platform.readPrefix(file + "-journal", count: 8) == [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7] { return "-journal" }
        guard let header = Platform.readPrefix(file, count: 20), header.count == 20, header[18] == 2, header[19] == 2 else { return nil }
        return Platform.entryKind(file + "-wal") == .regular && Platform.entryKind(file + "-shm") == .missing ? "-wal" : nil
    }
}
