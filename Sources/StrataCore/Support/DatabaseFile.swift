import RealmFile
import SQLiteKit

/// Opens database files the way every command must (ARCHITECTURE.md §4) and words SQLite's errors for users.
public enum DatabaseFile {
    /// Opens an existing file read-only, without changing a byte of it or leaving files beside it.
    ///
    /// A WAL-mode database with no `-wal` and `-shm` files (or an empty `-wal`: nothing in it to read) has
    /// no other connection and nothing to recover; it is opened `immutable` so that SQLite does not create
    /// those files (a read-only connection cannot delete them again). One whose `-wal` holds transactions
    /// but whose `-shm` is missing (a store copied with its `-wal`) cannot be read without creating the
    /// `-shm` beside it (nor at all in a read-only folder), and `immutable` would ignore the `-wal`: it is
    /// read from a private copy of the file and its `-wal` (see `privateCopy`), and `note` is told so in
    /// one line. Any other file is opened `mode=ro` with normal locking.
    ///
    /// A hot journal (a writer crashed mid-transaction) cannot be read without rolling it back, which writes
    /// to the file: refused, saying what to run, unless `recoverHotJournal` (for commands that are about
    /// to write anyway: the edits, the browser with `--write`); then the file is opened for writing once to
    /// roll it back, and `note` is told so.
    ///
    /// - Parameter note: one line for the user, without `strata: note: `; stderr by default.
    /// - Throws: `StrataError` naming the file: missing, a directory, unreadable, not a database, locked.
    public static func openForReading(_ path: String, timeout: Int32 = 5000, recoverHotJournal: Bool = false,
                                      note: (String) -> Void = noteOnStandardError) throws -> Connection
    {
        do {
            return try openReadOnly(path, timeout: timeout, note: note)
        } catch let error as SQLiteError where error.extendedCode == ResultCode.readOnlyRollback && recoverHotJournal {
            // Opening for writing and reading rolls the journal back, as any next writer of the file would.
            do {
                let writer = try Connection(path: path, mode: .readWrite, busyTimeout: timeout)
                _ = try writer.scalar("SELECT count(*) FROM sqlite_schema")
            } catch {
                throw describe(error, path: path, timeout: timeout)
            }
            note("rolled back the unfinished transaction of a writer that crashed, from its hot journal \(path)-journal")
            return try openForReading(path, timeout: timeout, note: note)
        } catch let error as SQLiteError {
            throw describe(error, path: path, timeout: timeout)
        }
    }

    /// Writes `strata: note: …` on stderr.
    public static func noteOnStandardError(_ line: String) {
        Platform.write(2, "strata: note: \(line)\n")
    }

    private static func openReadOnly(_ path: String, timeout: Int32, note: (String) -> Void) throws -> Connection {
        try checkReadable(path)
        let absolute = Platform.absolutePath(path)
        var target = absolute
        var options = "?mode=ro"
        if isWAL(absolute) && Platform.fileKind(absolute + "-shm") == .missing {
            switch Platform.fileKind(absolute + "-wal") {
            case .missing:
                options += "&immutable=1"
            case .regular where Platform.fileSize(absolute + "-wal") == 0:
                options += "&immutable=1"
            case .regular:
                let (copy, isNew) = try privateCopy(of: absolute, path: path)
                if isNew {
                    note("\(path)-shm is missing: reading a private copy of \(path) and its -wal, so that nothing is written beside it")
                }
                target = copy
            default:
                break
            }
        }
        let connection = try Connection(path: "file:" + percentEncoded(target) + options, mode: .readOnly, uri: true, busyTimeout: timeout)
        // Opening is lazy: reading the schema is what finds a file that is not a database, or a lock.
        _ = try connection.scalar("SELECT count(*) FROM sqlite_schema")
        return connection
    }

    /// The private copies made so far, by the absolute path of their original: every connection to a file
    /// (the browser's background counts) reads the same copy.
    nonisolated(unsafe) private static var privateCopies: [String: String] = [:]
    private static let privateCopiesLock = Lock()

    /// A copy of a database and its `-wal`, made exclusively in a private temporary folder (mkdtemp) and
    /// removed with the folder when the process ends, Ctrl-C and SIGTERM included; reading it creates its
    /// `-shm` there, never beside the original. Made once per file and process.
    ///
    /// - Returns: the copy's path, and whether it was made by this call.
    private static func privateCopy(of absolute: String, path: String) throws -> (String, Bool) {
        try privateCopiesLock.withLock {
            if let copy = privateCopies[absolute] { return (copy, false) }
            let folder: String
            switch Platform.makePrivateDirectory() {
            case .success(let made): folder = made
            case .failure(let error): throw StrataError("cannot read \(path) from a private copy: \(error.message)")
            }
            let copy = folder + "/" + Platform.fileName(of: absolute)
            let made = [copy + "-wal", copy + "-shm", copy, folder]
            // Registered before anything is copied: a signal midway leaves nothing either.
            Platform.removeWhenExiting(made)
            for suffix in ["", "-wal"] {
                if let reason = Platform.copyFileExclusively(absolute + suffix, to: copy + suffix) {
                    Platform.removeNow(made)
                    throw StrataError("cannot read \(path) from a private copy in \(folder): \(reason)")
                }
            }
            privateCopies[absolute] = copy
            return (copy, true)
        }
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
        if connection.isReadOnly { throw StrataError("cannot write \(path): the file (or its folder) is read-only", code: .readOnly, site: ErrorSite(file: path)) }
        return connection
    }

    /// Refuses a path that is missing, a directory, a FIFO or device, or unreadable, before SQLite sees it; and a
    /// `.realm` file unless `allowingRealm`: the read commands read one through a converted copy, everything that
    /// writes (edits, migrate) refuses it, saying to convert it first.
    public static func checkReadable(_ path: String, allowingRealm: Bool = false) throws {
        switch Platform.fileKind(path) {
        case .missing:
            if let target = Platform.danglingLinkTarget(path) {
                throw StrataError("no such file: \(path) is a symbolic link to \(target), which does not exist", code: .noSuchFile, site: ErrorSite(file: path))
            }
            throw StrataError("no such file: \(path)", code: .noSuchFile, site: ErrorSite(file: path))
        case .directory: throw StrataError("\(path) is a directory, not a database file", code: .notARegularFile, site: ErrorSite(file: path))
        case .other:
            // Reading a FIFO or a device would block or never end: a database is a regular file.
            throw StrataError("\(path) is not a regular file (a FIFO, device or socket), not a database file", code: .notARegularFile,
                              site: ErrorSite(file: path))
        case .regular:
            if !Platform.isReadable(path) { throw StrataError("permission denied: \(path)", code: .permissionDenied, site: ErrorSite(file: path)) }
            if !allowingRealm && (isRealmFile(path) || isEncryptedRealmFile(path)) {
                throw StrataError("\(path) is a Realm file, which strata reads but does not change: "
                                  + "convert it to SQLite first (strata convert \(path) OUT.sqlite)", code: .realmFile, site: ErrorSite(file: path))
            }
        }
    }

    /// True when `path` starts as a `.realm` file does: `T-DB` at offset 16 (Realm's file header), whatever its name.
    public static func isRealmFile(_ path: String) -> Bool {
        // Only a regular file is read: opening a FIFO would wait for a writer.
        guard Platform.fileKind(path) == .regular, let prefix = Platform.readPrefix(path, count: 24), prefix.count == 24 else { return false }
        return prefix[16] == UInt8(ascii: "T") && prefix[17] == UInt8(ascii: "-") && prefix[18] == UInt8(ascii: "D")
            && prefix[19] == UInt8(ascii: "B")
    }

    /// True when `path` has the shape of an encrypted `.realm` file (`RealmFileHeader.looksEncrypted`) and is no
    /// SQLite database.
    public static func isEncryptedRealmFile(_ path: String) -> Bool {
        guard Platform.fileKind(path) == .regular, let prefix = Platform.readPrefix(path, count: 32), prefix.count == 32,
              Array(prefix[0..<16]) != Array("SQLite format 3\0".utf8), let size = Platform.fileSize(path) else { return false }
        return RealmFileHeader.looksEncrypted(prefix: prefix, size: Int(size))
    }

    /// True for a database in WAL mode (header bytes 18 and 19 are 2) with no `-wal` file beside it
    /// (`SchemaWarning.missingWAL` says so). A store copied without its `-wal` (an app's, from a device) reads as the
    /// main file alone, and what was committed but not yet checkpointed (often every object) is in the missing file.
    public static func lacksWAL(_ path: String) -> Bool {
        isWAL(path) && Platform.fileKind(path + "-wal") == .missing
    }

    /// True when the header says the database is in WAL mode (bytes 18 and 19 are 2).
    /// See https://www.sqlite.org/fileformat.html#the_database_header
    static func isWAL(_ path: String) -> Bool {
        guard let header = Platform.readPrefix(path, count: 20), header.count == 20 else { return false }
        return header[18] == 2 && header[19] == 2
    }

    /// Escapes a path for a `file:` URI: everything but unreserved characters and `/` as %HH.
    package static func percentEncoded(_ path: String) -> String {
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

    /// One line for a user, naming the file, for an error SQLite reported about it, with its code.
    public static func describe(_ error: Error, path: String, timeout: Int32 = 5000) -> StrataError {
        guard let error = error as? SQLiteError else {
            return error as? StrataError ?? StrataError("\(path): \(error)", site: ErrorSite(file: path))
        }
        let (message, code) = wording(error, path: path, timeout: timeout)
        guard code != .interrupted else { return .interrupted }
        return StrataError(message, code: code, site: ErrorSite(file: path))
    }

    private static func wording(_ error: SQLiteError, path: String, timeout: Int32) -> (String, ErrorCode) {
        switch error.extendedCode {
        case ResultCode.interrupt:
            return ("interrupted", .interrupted)
        case ResultCode.notADatabase:
            return ("not a database: \(path)" + (hasSQLiteHeader(path) ? "" : encryptedHint), .notADatabase)
        case ResultCode.busy, ResultCode.locked:
            let seconds = Double(timeout) / 1000
            return ("database is locked by another process: \(path) (waited \(formatSeconds(seconds)) s; see --timeout)", .locked)
        case ResultCode.corrupt:
            return ("database is corrupt: \(path) (\(error.message))", .corrupt)
        case ResultCode.readOnlyRollback:
            return ("cannot read \(path) without writing to it: a writer crashed mid-transaction and left a hot journal "
                    + "(\(path)-journal) that must be rolled back first; to do that, run: strata --write \(path) < /dev/null "
                    + "(set, insert, update and delete --yes also do it)", .hotJournal)
        case ResultCode.readOnly:
            return ("\(path) is read-only: \(error.message)", .readOnly)
        case ResultCode.permission, ResultCode.auth:
            return ("permission denied: \(path)", .permissionDenied)
        case ResultCode.cantOpen:
            return ("cannot open \(path): \(error.message)", .failed)
        default:
            return ("\(path): \(error.message)", code(of: error))
        }
    }

    /// What a file that does not begin with SQLite's header may be: an encrypted database, as SQLCipher writes
    /// one (its header is encrypted too), or another kind of file.
    static let encryptedHint = " (it does not begin with SQLite's header: it may be encrypted, as a SQLCipher database is, "
        + "or be another kind of file)"

    /// True when the file begins with the 16 bytes `SQLite format 3\0` (https://www.sqlite.org/fileformat.html).
    static func hasSQLiteHeader(_ path: String) -> Bool {
        Platform.readPrefix(path, count: 16) == Array("SQLite format 3\u{0}".utf8)
    }

    /// The code of an SQLite error that says nothing about which file: a full disk, an I/O error, a lock.
    public static func code(of error: SQLiteError) -> ErrorCode {
        switch error.extendedCode {
        case ResultCode.full: .diskFull
        case ResultCode.ioError: .ioError
        case ResultCode.busy, ResultCode.locked: .locked
        case ResultCode.corrupt: .corrupt
        case ResultCode.readOnly: .readOnly
        case ResultCode.interrupt: .interrupted
        default: .failed
        }
    }

    static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
