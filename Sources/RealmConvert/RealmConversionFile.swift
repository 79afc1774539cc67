import RealmFile
import SQLiteKit
import StrataCore

/// `.realm` files as commands meet them: recognized by their header, converted to a SQLite file safely, or to a
/// private temporary copy that every read command and the browser then read as they read any database.
public enum RealmConversionFile {
    /// True when `path` is a `.realm` file (`T-DB` in its header) or has the shape of an encrypted one (and is not
    /// a SQLite database): the files the read commands hand to this module, which reads or refuses them.
    public static func isRealm(_ path: String) -> Bool {
        // The first 32 bytes and the size tell an encrypted realm; nothing more of the file is read.
        DatabaseFile.isRealmFile(path) || DatabaseFile.isEncryptedRealmFile(path)
    }

    /// Opens the realm at `path` for reading.
    /// - Throws: `StrataError` with the reader's one-line message (exit 1): missing, not a regular file, encrypted,
    ///   an unsupported format, damage at an offset.
    ///   A file another process truncates while it is read is an error too (`RealmBytes.cutShortError`).
    /// - Parameter oldDateTimes: the unit of old DateTime columns (`RealmFileReader.oldDateTimeUnit`).
    /// - Parameter key: the 64-byte key of an encrypted file (`RealmEncryption.key`); its pages are decrypted into
    ///   memory only.
    public static func open(_ path: String, oldDateTimes: RealmDateUnit = .seconds, key: [UInt8]? = nil) throws -> RealmConverter {
        do {
            var reader = try RealmFileReader(contentsOf: path, key: key)
            reader.oldDateTimeUnit = oldDateTimes
            do {
                let converter = try RealmConverter(reader: reader)
                try reader.bytes.checkWhole()
                return converter
            } catch {
                throw reader.bytes.wholeOrCutShort(error)
            }
        } catch let error as RealmReadError {
            throw StrataError(error.message)
        }
    }

    /// Converts the realm at `path` into a new SQLite database at `destination`: written under a temporary name
    /// beside it and renamed into place when complete, so a failed or interrupted run leaves nothing behind; an
    /// existing `destination` is replaced only with `force`.
    public static func convert(_ path: String, to destination: String, force: Bool, oldDateTimes: RealmDateUnit = .seconds,
                               key: [UInt8]? = nil, progress: (Int, Int) -> Void = { _, _ in },
                               shouldStop: () -> Bool = { false }) throws -> RealmConverter.Summary
    {
        let converter = try open(path, oldDateTimes: oldDateTimes, key: key)
        try AtomicFile.checkDestination(destination, force: force, what: "the converted database", input: path)
        let temporary = try AtomicFile.createTemporary(for: destination)
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { Platform.removeFile(temporary + suffix) } }
        let summary = try write(converter, to: temporary, destination: "cannot write \(destination)", progress: progress, shouldStop: shouldStop)
        if shouldStop() { throw StrataError.interrupted }
        try AtomicFile.moveIntoPlace(temporary, to: destination, force: force)
        return summary
    }

    /// A SQLite copy of a `.realm` file made for reading.
    public struct ReadableCopy: Sendable {
        /// The copy's path, in a private folder; for an encrypted file, the URI of a database in memory
        /// (`isInMemory`), which no file holds.
        public let path: String
        /// True for an encrypted file's copy: its plaintext never reaches a disk.
        public let isInMemory: Bool
        /// What the conversion wrote, the first time the copy is asked for in this process; nil afterwards, so that
        /// what it found (dangling links) is said once.
        public let summary: RealmConverter.Summary?
    }

    /// The path of a SQLite copy of the realm at `path`, converted once per process into a private folder that is
    /// removed when the process ends (Ctrl-C and SIGTERM included).
    /// - Parameters:
    ///   - converter: the file, when the caller has opened it already (the browser, for its first page).
    ///   - progress: told the objects written so far and the total, as `convert` is.
    /// - Throws: `StrataError` with the reader's message: what in the file is wrong (a duplicate primary key, a
    ///   required property holding null), never as if the `.realm` file were being written.
    public static func readableCopy(of path: String, converter opened: RealmConverter? = nil, oldDateTimes: RealmDateUnit = .seconds,
                                    key: [UInt8]? = nil, progress: (Int, Int) -> Void = { _, _ in }) throws -> ReadableCopy {
        let absolute = Platform.absolutePath(path)
        return try copiesLock.withLock {
            if let copy = copies[absolute] { return ReadableCopy(path: copy, isInMemory: copy.hasPrefix("file:"), summary: nil) }
            let converter = try opened ?? open(path, oldDateTimes: oldDateTimes, key: key)
            if converter.reader.isDecrypted {
                // Decrypted values stay in memory: a database shared by this process's connections, kept while
                // the process runs by the connection that wrote it.
                let uri = "file:strata-realm-\(memoryCopies.count + 1)?mode=memory&cache=shared"
                let summary = try write(converter, to: uri, destination: "cannot make the in-memory copy of \(path)", inMemory: true,
                                        progress: progress)
                copies[absolute] = uri
                return ReadableCopy(path: uri, isInMemory: true, summary: summary)
            }
            let folder: String
            switch Platform.makePrivateDirectory() {
            case .success(let made): folder = made
            case .failure(let error): throw StrataError("cannot read \(path) through a SQLite copy: \(error.message)")
            }
            let copy = folder + "/converted.sqlite"
            let made = [copy + "-journal", copy + "-wal", copy + "-shm", copy, folder]
            Platform.removeWhenExiting(made)
            let summary: RealmConverter.Summary
            do {
                summary = try write(converter, to: copy, destination: "cannot write the SQLite copy of \(path) (in a private temporary folder)",
                                    creating: true, progress: progress)
            } catch {
                Platform.removeNow(made)
                throw error
            }
            copies[absolute] = copy
            return ReadableCopy(path: copy, isInMemory: false, summary: summary)
        }
    }

    /// The realm at `path` as a database in memory that holds its tables and indexes but no row (`RealmConverter
    /// .writeSchema`): its schema, read at once however large the file, with each class's object count as the file's
    /// own tables keep it (`RealmConverter.plannedTables`), by table name.
    public static func schemaCopy(of path: String, oldDateTimes: RealmDateUnit = .seconds,
                                  key: [UInt8]? = nil) throws -> (connection: Connection, counts: [String: Int]) {
        let converter = try open(path, oldDateTimes: oldDateTimes, key: key)
        do {
            let connection = try Connection(path: ":memory:", mode: .memory)
            try connection.transaction { try converter.writeSchema(into: connection) }
            var counts: [String: Int] = [:]
            for table in converter.plannedTables { if let objects = table.objects { counts[table.name] = objects } }
            return (connection, counts)
        } catch let error as SQLiteError {
            throw StrataError("cannot read the schema of \(path): \(error.message)")
        }
    }

    nonisolated(unsafe) private static var copies: [String: String] = [:]
    /// The connections that keep the in-memory copies of encrypted files alive.
    nonisolated(unsafe) private static var memoryCopies: [Connection] = []
    private static let copiesLock = Lock()

    /// - Parameter creating: `file` does not exist yet (in a private folder); else it is the empty file
    ///   `AtomicFile.createTemporary` made. A copy made for reading (`creating`) marks values that cannot be read as
    ///   `<unreadable: …>`.
    /// - Parameter failure: the start of the message for an error of SQLite's (`cannot write OUT`).
    /// - Parameter inMemory: `file` is the URI of a shared in-memory database, whose connection is kept open.
    private static func write(_ converter: RealmConverter, to file: String, destination failure: String, creating: Bool = false,
                              inMemory: Bool = false, progress: (Int, Int) -> Void = { _, _ in },
                              shouldStop: () -> Bool = { false }) throws -> RealmConverter.Summary
    {
        do {
            let connection = try Connection(path: file, mode: creating || inMemory ? .create : .readWrite, uri: inMemory)
            if inMemory { memoryCopies.append(connection) }
            // A new private file: no journal on disk, no syncs until complete, no foreign key checks (every key
            // written is one the file holds; a link to a missing object is written as NULL), and no cell checks on
            // pages this connection writes itself. An in-memory copy is read by other connections: not locked to this one.
            try connection.execute("""
                PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; \(inMemory ? "" : "PRAGMA locking_mode = EXCLUSIVE;")
                PRAGMA foreign_keys = OFF; PRAGMA cache_size = -16384; PRAGMA cell_size_check = OFF;
                """)
            let total = converter.objectCount
            var summary: RealmConverter.Summary?
            try connection.transaction(.exclusive) {
                do {
                    summary = try converter.write(into: connection, progress: { progress($0, total) }, shouldStop: shouldStop,
                                                  markingUnreadable: creating || inMemory)
                    // Bytes that read as zeros because the file was truncated meanwhile are not the file's values.
                    try converter.reader.bytes.checkWhole()
                } catch {
                    throw converter.reader.bytes.wholeOrCutShort(error)
                }
            }
            return summary!
        } catch let error as SQLiteError {
            if shouldStop() || ResultCode.interrupt ~= error.code { throw StrataError.interrupted }
            throw StrataError("\(failure): \(error.message)")
        } catch let error as RealmReadError {
            throw StrataError(error.message)
        }
    }
}
