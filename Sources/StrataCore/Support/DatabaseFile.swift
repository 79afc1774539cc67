import SQLiteKit

/// Opens database files the way every command must (ARCHITECTURE.md §4) and words SQLite's errors for users.
public enum DatabaseFile {
    /// Opens an existing file read-only, without changing a byte of it or leaving files beside it.
    ///
    /// A WAL-mode database with no `-wal` and `-shm` files has no other connection and nothing to recover;
    /// it is opened `immutable` so that SQLite does not create those files (a read-only connection cannot
    /// delete them again). Any other file is opened `mode=ro` with normal locking.
    ///
    /// A hot journal (a writer crashed mid-transaction) cannot be read without rolling it back, which writes
    /// to the file: refused, saying what to run, unless `recovering` is given (for commands that are about
    /// to write anyway: the edits, the browser with `--write`); then the file is opened for writing once to
    /// roll it back, and `recovering` is told so in one line.
    ///
    /// - Throws: `StrataError` naming the file: missing, a directory, unreadable, not a database, locked.
    public static func openForReading(_ path: String, timeout: Int32 = 5000, recovering: ((String) -> Void)? = nil) throws -> Connection {
        do {
            return try openReadOnly(path, timeout: timeout)
        } catch let error as SQLiteError where error.extendedCode == ResultCode.readOnlyRollback && recovering != nil {
            // Opening for writing and reading rolls the journal back, as any next writer of the file would.
            do {
                let writer = try Connection(path: path, mode: .readWrite, busyTimeout: timeout)
                _ = try writer.scalar("SELECT count(*) FROM sqlite_schema")
            } catch {
                throw describe(error, path: path, timeout: timeout)
            }
            recovering?("rolled back the unfinished transaction of a writer that crashed, from its hot journal \(path)-journal")
            return try openForReading(path, timeout: timeout)
        } catch let error as SQLiteError {
            throw describe(error, path: path, timeout: timeout)
        }
    }

    private static func openReadOnly(_ path: String, timeout: Int32) throws -> Connection {
        try checkReadable(path)
        let absolute = Platform.absolutePath(path)
        var uri = "file:" + percentEncoded(absolute) + "?mode=ro"
        if isWAL(absolute) && Platform.fileKind(absolute + "-wal") == .missing
            && Platform.fileKind(absolute + "-shm") == .missing
        {
            uri += "&immutable=1"
        }
        let connection = try Connection(path: uri, mode: .readOnly, uri: true, busyTimeout: timeout)
        // Opening is lazy: reading the schema is what finds a file that is not a database, or a lock.
        _ = try connection.scalar("SELECT count(*) FROM sqlite_schema")
        return connection
    }

    /// Opens an existing database for writing (never creates one), checked as `openForReading` does.
    public static func openForWriting(_ path: String, timeout: Int32 = 5000) throws -> Connection {
        try checkReadable(path)
        let connection: Connection
        do {
            connection = try Connection(path: path, mode: .readWrite, busyTimeout: timeout)
            _ = try connection.scalar("SELECT count(*) FROM sqlite_schema")
        } catch let error as SQLiteError {
            throw describe(error, path: path, timeout: timeout)
        }
        // SQLite falls back to reading a file it may not write; say so now rather than at the first write.
        if connection.isReadOnly { throw StrataError("cannot write \(path): the file (or its folder) is read-only") }
        return connection
    }

    /// Refuses a path that is missing, a directory, a FIFO or device, or unreadable, before SQLite sees it.
    public static func checkReadable(_ path: String) throws {
        switch Platform.fileKind(path) {
        case .missing: throw StrataError("no such file: \(path)")
        case .directory: throw StrataError("\(path) is a directory, not a database file")
        case .other:
            // Reading a FIFO or a device would block or never end: a database is a regular file.
            throw StrataError("\(path) is not a regular file (a FIFO, device or socket), not a database file")
        case .regular:
            if !Platform.isReadable(path) { throw StrataError("permission denied: \(path)") }
        }
    }

    /// True when the header says the database is in WAL mode (bytes 18 and 19 are 2).
    /// See https://www.sqlite.org/fileformat.html#the_database_header
    static func isWAL(_ path: String) -> Bool {
        guard let header = Platform.readPrefix(path, count: 20), header.count == 20 else { return false }
        return header[18] == 2 && header[19] == 2
    }

    /// Escapes a path for a `file:` URI: everything but unreserved characters and `/` as %HH.
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// One line for a user, naming the file, for an error SQLite reported about it.
    public static func describe(_ error: Error, path: String, timeout: Int32 = 5000) -> StrataError {
        guard let error = error as? SQLiteError else {
            return error as? StrataError ?? StrataError("\(path): \(error)")
        }
        switch error.extendedCode {
        case ResultCode.interrupt:
            return .interrupted
        case ResultCode.notADatabase:
            return StrataError("not a database: \(path)")
        case ResultCode.busy, ResultCode.locked:
            let seconds = Double(timeout) / 1000
            return StrataError("database is locked by another process: \(path) (waited \(formatSeconds(seconds)) s; see --timeout)")
        case ResultCode.corrupt:
            return StrataError("database is corrupt: \(path) (\(error.message))")
        case ResultCode.readOnlyRollback:
            return StrataError("cannot read \(path) without writing to it: a writer crashed mid-transaction and left a hot journal "
                               + "(\(path)-journal) that must be rolled back first; to do that, run: strata --write \(path) < /dev/null "
                               + "(set, insert, update and delete --yes also do it)")
        case ResultCode.readOnly:
            return StrataError("\(path) is read-only: \(error.message)")
        case ResultCode.permission, ResultCode.auth:
            return StrataError("permission denied: \(path)")
        case ResultCode.cantOpen:
            return StrataError("cannot open \(path): \(error.message)")
        default:
            return StrataError("\(path): \(error.message)")
        }
    }

    static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
