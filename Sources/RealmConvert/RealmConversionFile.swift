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

    /// The SQLite copy of the realm at `path` that every read goes through (`RealmLazyCopy`): made once per process,
    /// with the file's schema at once and each class's objects when a read first needs them, in a private folder
    /// removed when the process ends (Ctrl-C and SIGTERM included), or in memory for an encrypted file.
    /// - Parameter converter: the file, when the caller has opened it already (the browser, for its overview).
    /// - Throws: `StrataError` with the reader's message for a file that cannot be read, or naming what SQLite could
    ///   not do.
    public static func readableCopy(of path: String, converter opened: RealmConverter? = nil, oldDateTimes: RealmDateUnit = .seconds,
                                    key: [UInt8]? = nil) throws -> RealmLazyCopy {
        let absolute = Platform.absolutePath(path) + "\u{0}" + "\(oldDateTimes)"
        return try copiesLock.withLock {
            if let copy = copies[absolute] { return copy }
            let converter = try opened ?? open(path, oldDateTimes: oldDateTimes, key: key)
            let copy: RealmLazyCopy
            if converter.reader.isDecrypted {
                // Decrypted values stay in memory: a database shared by this process's connections, kept while the
                // process runs by the copy's own.
                copy = try RealmLazyCopy(converter: converter, uri: "file:strata-realm-\(copies.count + 1)?mode=memory&cache=shared",
                                         isInMemory: true, source: path, failure: "cannot make the in-memory copy of \(path)")
            } else {
                let folder: String
                switch Platform.makePrivateDirectory() {
                case .success(let made): folder = made
                case .failure(let error): throw StrataError("cannot read \(path) through a SQLite copy: \(error.message)")
                }
                let file = folder + "/converted.sqlite"
                let made = [file + "-journal", file + "-wal", file + "-shm", file, folder]
                Platform.removeWhenExiting(made)
                do {
                    copy = try RealmLazyCopy(converter: converter, uri: "file:" + DatabaseFile.percentEncoded(file) + "?cache=shared",
                                             isInMemory: false, source: path,
                                             failure: "cannot write the SQLite copy of \(path) (in a private temporary folder)")
                } catch {
                    Platform.removeNow(made)
                    throw error
                }
            }
            copies[absolute] = copy
            return copy
        }
    }

    nonisolated(unsafe) private static var copies: [String: RealmLazyCopy] = [:]
    private static let copiesLock = Lock()

    /// - Parameter failure: the start of the message for an error of SQLite's (`cannot write OUT`).
    private static func write(_ converter: RealmConverter, to file: String, destination failure: String,
                              progress: (Int, Int) -> Void = { _, _ in },
                              shouldStop: () -> Bool = { false }) throws -> RealmConverter.Summary
    {
        do {
            let connection = try Connection(path: file, mode: .readWrite)
            // The empty file `AtomicFile.createTemporary` made, renamed into place when complete: no journal, no syncs
            // until then, no foreign key checks (every key written is one the file holds; a link to a missing object
            // is written as NULL), no cell checks on pages this connection writes itself, and the indexes made at the end
            // sorted on every core.
            try connection.execute("""
                PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;
                PRAGMA foreign_keys = OFF; PRAGMA cache_size = -16384; PRAGMA cell_size_check = OFF;
                PRAGMA threads = \(min(Platform.processorCount, 4) - 1);
                """)
            let total = converter.objectCount
            var summary: RealmConverter.Summary?
            try connection.transaction(.exclusive) {
                do {
                    summary = try converter.write(into: connection, progress: { progress($0, total) }, shouldStop: shouldStop)
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
