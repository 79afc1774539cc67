import CInterrupt
import CSQLite

/// How a connection opens its file.
public enum OpenMode: Sendable, Equatable {
    /// `SQLITE_OPEN_READONLY`: the file must exist; nothing can be written.
    case readOnly
    /// `SQLITE_OPEN_READWRITE`: the file must exist.
    case readWrite
    /// `SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE`: the file is created when missing.
    case create
    /// A private in-memory database; the path is ignored.
    case memory

    var flags: Int32 {
        switch self {
        case .readOnly: SQLITE_OPEN_READONLY
        case .readWrite: SQLITE_OPEN_READWRITE
        case .create, .memory: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
    }
}

/// An on/off option of `sqlite3_db_config` (https://www.sqlite.org/c3ref/c_dbconfig_defensive.html).
public enum DatabaseOption: String, Sendable, CaseIterable, CustomStringConvertible {
    case defensive = "SQLITE_DBCONFIG_DEFENSIVE"
    case trustedSchema = "SQLITE_DBCONFIG_TRUSTED_SCHEMA"
    case loadExtension = "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION"
    case fts3Tokenizer = "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER"
    case writableSchema = "SQLITE_DBCONFIG_WRITABLE_SCHEMA"
    case trigger = "SQLITE_DBCONFIG_ENABLE_TRIGGER"
    case view = "SQLITE_DBCONFIG_ENABLE_VIEW"

    var code: Int32 {
        switch self {
        case .defensive: SQLITE_DBCONFIG_DEFENSIVE
        case .trustedSchema: SQLITE_DBCONFIG_TRUSTED_SCHEMA
        case .loadExtension: SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION
        case .fts3Tokenizer: SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER
        case .writableSchema: SQLITE_DBCONFIG_WRITABLE_SCHEMA
        case .trigger: SQLITE_DBCONFIG_ENABLE_TRIGGER
        case .view: SQLITE_DBCONFIG_ENABLE_VIEW
        }
    }

    public var description: String { rawValue }
}

/// One SQLite database connection.
///
/// Every connection is hardened for untrusted files (defensive mode, untrusted schema, cell size checks,
/// no extension loading, no `fts3_tokenizer`, no memory mapping; see `defences`) and waits up to `busyTimeout` milliseconds for locks held by other processes.
/// A connection is not thread-safe; only ``interruptHandle`` may be used from another thread.
public final class Connection {
    /// The `sqlite3*` handle.
    public typealias Handle = OpaquePointer

    let handle: Handle
    /// The path or URI the connection was opened with.
    public let path: String
    public let mode: OpenMode
    private var statementCache: [String: Statement] = [:]
    /// Told the tables each statement reads (`watchTableReads`).
    var tableReadHook: TableReadHook?
    /// Vets the statements `withReadOnlyStatement` compiles while it runs.
    var vetting: ReadOnlySQL.Vetting?

    /// Opens a database.
    ///
    /// - Parameters:
    ///   - path: a file path, `:memory:`, or a `file:` URI when `uri` is true.
    ///   - busyTimeout: milliseconds to wait for another process's lock before failing with `SQLITE_BUSY`.
    /// - Throws: `SQLiteError` when the file cannot be opened.
    public init(path: String, mode: OpenMode = .readOnly, uri: Bool = false, busyTimeout: Int32 = 5000) throws {
        var db: OpaquePointer?
        // One thread uses a connection at a time (only sqlite3_interrupt crosses threads, and it is
        // always safe), so SQLite's per-call mutex is pure cost.
        var flags = mode.flags | SQLITE_OPEN_NOMUTEX
        if uri { flags |= SQLITE_OPEN_URI }
        if mode == .memory { flags |= SQLITE_OPEN_MEMORY }
        let target = mode == .memory ? ":memory:" : path
        let code = sqlite3_open_v2(target, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let error = SQLiteError(code: code, connection: db, sql: nil)
            sqlite3_close_v2(db)
            throw error
        }
        self.handle = db
        self.path = path
        self.mode = mode
        sqlite3_extended_result_codes(db, 1)
        do {
            try harden()
            sqlite3_busy_timeout(db, busyTimeout)
            strata_interrupts_install(UnsafeMutableRawPointer(db))
        } catch {
            sqlite3_close_v2(db)
            throw error
        }
    }

    deinit {
        statementCache.removeAll()
        // close_v2 defers the close until statements still held elsewhere are finalized.
        sqlite3_close_v2(handle)
    }

    /// The `sqlite3_db_config` switches every connection sets (https://www.sqlite.org/security.html, "Defense
    /// Against The Dark Arts"), each read back after it is set: a library that ignores one fails the open.
    ///
    /// Views stay on (they are classes); triggers are off where nothing can be written, so that no trigger
    /// of the file ever runs on a connection that only reads. `fts3_tokenizer` is off: its two-argument form
    /// registers a tokenizer at any address the caller gives, which the next FTS3 use would call (Debian's
    /// SQLite is built with it on).
    static func defences(_ mode: OpenMode) -> [(option: DatabaseOption, on: Bool)] {
        var defences: [(option: DatabaseOption, on: Bool)] = [
            (.defensive, true), (.trustedSchema, false), (.loadExtension, false), (.fts3Tokenizer, false),
            (.writableSchema, false), (.view, true),
        ]
        if mode == .readOnly { defences.append((.trigger, false)) }
        return defences
    }

    /// Applies the hardening of https://www.sqlite.org/security.html for files of unknown origin.
    private func harden() throws {
        for (option, on) in Self.defences(mode) {
            try check(strata_db_config_flag(handle, option.code, on ? 1 : 0))
            guard try isOn(option) == on else {
                throw SQLiteError(code: .misuse, message: "cannot turn \(option) \(on ? "on" : "off") on this SQLite library", sql: nil)
            }
        }
        try execute("PRAGMA cell_size_check = ON")
        // A file mapped into memory is read without the checks that reading through the page cache makes.
        try execute("PRAGMA mmap_size = 0")
        if mode == .readOnly {
            try execute("PRAGMA query_only = ON")
            // Nothing that only reads needs another database file.
            sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
        }
    }

    /// Whether an on/off option of `sqlite3_db_config` is on for this connection.
    public func isOn(_ option: DatabaseOption) throws -> Bool {
        var value: Int32 = -1
        try check(strata_db_config_read(handle, option.code, &value))
        return value != 0
    }

    // MARK: - Running SQL

    /// Compiles one statement. Text after the first statement is an error.
    public func prepare(_ sql: String) throws -> Statement {
        let (statement, tail) = try prepareFirst(sql)
        guard let statement else { throw SQLiteError(code: .misuse, message: "no SQL statement", sql: sql) }
        if !tail.allSatisfy({ $0.isWhitespace || $0 == ";" }) {
            throw SQLiteError(code: .misuse, message: "more than one statement", sql: sql)
        }
        return statement
    }

    /// A compiled statement kept for reuse, reset and with its bindings cleared.
    ///
    /// Use for statements run often; the cache lives as long as the connection.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more statements separated by semicolons; `arguments` bind to the last one only
    /// when there is a single statement.
    public func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        // The string's own NUL-terminated UTF-8, not a copy of it (a native string's storage): a script can be
        // as large as the file it came from.
        let length = sql.utf8.count
        try sql.withCString { start in
            try start.withMemoryRebound(to: UInt8.self, capacity: length + 1) { base in
                var offset = 0
                var first = true
                while offset < length {
                    var statementHandle: OpaquePointer?
                    var tail: UnsafePointer<CChar>?
                    // -1: up to the terminating NUL. A length short of it makes SQLite copy the rest of the
                    // script for every statement, which is quadratic in the number of statements.
                    let code = sqlite3_prepare_v2(handle, start + offset, -1, &statementHandle, &tail)
                    let end = tail.map { start.distance(to: $0) } ?? length
                    guard code == SQLITE_OK else {
                        let rest = String(decoding: UnsafeBufferPointer(start: base + offset, count: length - offset), as: UTF8.self)
                        var error = SQLiteError(code: code, connection: handle, sql: Self.firstStatement(of: rest))
                        error.scriptOffset = offset
                        throw error
                    }
                    if let statementHandle {
                        try fillTablesRead(finalizing: statementHandle)
                        // The statement's text for messages, without the white space and `;` around it: trimmed
                        // by byte, one string a statement (a script can have a million).
                        var textStart = offset, textEnd = end
                        while textStart < textEnd, Self.isSpace(base[textStart]) { textStart += 1 }
                        while textEnd > textStart, Self.isSpace(base[textEnd - 1]) || base[textEnd - 1] == UInt8(ascii: ";") { textEnd -= 1 }
                        let text = String(decoding: UnsafeBufferPointer(start: base + textStart, count: textEnd - textStart), as: UTF8.self)
                        let statement = Statement(handle: statementHandle, connection: handle, sql: text)
                        do {
                            if first && !arguments.isEmpty { try statement.bind(arguments) }
                            first = false
                            while try statement.step() {}
                        } catch var error as SQLiteError {
                            error.scriptOffset = offset
                            throw error
                        }
                    } else if end == offset {
                        break
                    }
                    offset = end
                }
            }
        }
    }

    /// SQL's white space: space, tab, newline, form feed, carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Runs one statement with the values it carries.
    public func execute(_ sql: SQL) throws {
        let (text, arguments) = sql.rendered()
        try execute(text, arguments)
    }

    /// Runs a query with the values it carries and returns every row.
    public func rows(_ sql: SQL) throws -> [[SQLiteValue]] {
        let (text, arguments) = sql.rendered()
        return try rows(text, arguments)
    }

    /// Runs a query with the values it carries and returns the first column of its first row, or `.null`.
    public func scalar(_ sql: SQL) throws -> SQLiteValue {
        let (text, arguments) = sql.rendered()
        return try scalar(text, arguments)
    }

    /// Compiles a statement and binds the values it carries.
    public func prepare(_ sql: SQL) throws -> Statement {
        let (text, arguments) = sql.rendered()
        let statement = try prepare(text)
        try statement.bind(arguments)
        return statement
    }

    /// Runs a query and returns every row.
    public func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.allRows()
    }

    /// Runs a query and returns the first column of its first row, or `.null` when there is no row.
    public func scalar(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> SQLiteValue {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        defer { statement.reset() }
        return try statement.step() ? statement.column(0) : .null
    }

    private func prepareFirst(_ sql: String) throws -> (Statement?, Substring) {
        var utf8 = Array(sql.utf8)
        utf8.append(0)
        return try utf8.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                var statementHandle: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, start, Int32(buffer.count - 1), &statementHandle, &tail)
                let consumed = tail.map { start.distance(to: $0) } ?? buffer.count - 1
                let text = String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: consumed),
                                  as: UTF8.self)
                let rest = String(decoding: UnsafeBufferPointer(start: buffer.baseAddress! + consumed,
                                                                count: buffer.count - 1 - consumed), as: UTF8.self)
                guard code == SQLITE_OK else {
                    throw SQLiteError(code: code, connection: handle, sql: Self.firstStatement(of: sql))
                }
                guard let statementHandle else { return (nil, Substring(rest)) }
                try fillTablesRead(finalizing: statementHandle)
                return (Statement(handle: statementHandle, connection: handle, sql: text.trimmedSQL), Substring(rest))
            }
        }
    }

    /// The text of the first complete statement (up to a `;` that `sqlite3_complete` accepts), for errors
    /// raised before SQLite could say where the statement ends.
    static func firstStatement(of sql: String) -> String {
        var prefix = ""
        for character in sql {
            prefix.append(character)
            if character == ";" && sqlite3_complete(prefix) == 1 { break }
        }
        return prefix.trimmedSQL
    }

    func check(_ code: Int32, sql: String? = nil) throws {
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: sql) }
    }

    /// Copies this connection's main database, whole and consistent, into `destination`'s main database
    /// (an in-memory one, say) with SQLite's online backup API; this connection only reads.
    public func backup(into destination: Connection) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(destination.handle), connection: destination.handle)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        if stepped != SQLITE_DONE { try destination.check(stepped) }
        try destination.check(finished)
    }

    /// After a write failed midway (the disk full, an I/O error, the file size limit): SQLite may leave
    /// the file grown and its journal hot, playing the journal back only when the connection next reads.
    /// Reading once puts the file back now, before the process can exit with it half written.
    ///
    /// - Throws: SQLite's error when it could not roll back: the file is then still mid-transaction, its
    ///   journal hot.
    public func settleAfterFailedWrite() throws {
        if !isAutocommit { try execute("ROLLBACK TRANSACTION") }
        _ = try scalar("SELECT count(*) FROM sqlite_schema")
    }

    // MARK: - State

    /// Rows changed by the last INSERT, UPDATE or DELETE (`sqlite3_changes64`).
    public var changes: Int64 { sqlite3_changes64(handle) }

    /// The rowid of the last successful INSERT (`sqlite3_last_insert_rowid`).
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True outside an explicit transaction (`sqlite3_get_autocommit`).
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// True when the main database cannot be written (`sqlite3_db_readonly`).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Turns every trigger of the connection on or off (`SQLITE_DBCONFIG_ENABLE_TRIGGER`): replaying
    /// recorded changes must not set off the schema's triggers a second time.
    public func setTriggersEnabled(_ enabled: Bool) throws {
        try check(strata_db_config_flag(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled ? 1 : 0))
    }

    /// The version of the SQLite library in use, such as `3.40.1`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    // MARK: - Interrupting

    /// Makes the running statement fail with `SQLITE_INTERRUPT` as soon as it can.
    public func interrupt() { sqlite3_interrupt(handle) }

    /// Lets Ctrl-C pass this connection by: for background work that must outlive a cancelled command
    /// and is stopped with `interrupt()` instead.
    public func ignoreInterruptSignal() { sqlite3_progress_handler(handle, 0, nil, nil) }

    /// A handle that interrupts this connection from any thread, for signal handlers.
    ///
    /// It must not be used after the connection is gone.
    public var interruptHandle: InterruptHandle { InterruptHandle(handle: handle) }
}

/// Interrupts a connection from another thread (`sqlite3_interrupt` is thread-safe).
public struct InterruptHandle: @unchecked Sendable, Equatable {
    let handle: OpaquePointer
    public func interrupt() { sqlite3_interrupt(handle) }
}

extension String {
    var trimmedSQL: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace || last == ";" { view.removeLast() }
        return String(view)
    }
}

/// Ctrl-C (SIGINT) turned into `sqlite3_interrupt` on chosen connections, by a C signal handler that
/// does nothing else (as the sqlite3 shell does). One watch at a time per process.
public enum InterruptSignal {
    /// Starts routing SIGINT to the watched connections instead of ending the process.
    public static func begin() { strata_interrupts_begin() }
    /// Treats SIGTERM and SIGHUP (a closed terminal) as Ctrl-C too, until `end()`.
    public static func catchTermination() { strata_interrupts_catch_terminate() }
    /// Gives SIGINT back to the handler it had before the outermost `begin()`, and SIGTERM and SIGHUP to theirs.
    public static func end() { strata_interrupts_end() }
    public static func watch(_ handle: InterruptHandle) { _ = strata_interrupts_add(UnsafeMutableRawPointer(handle.handle)) }
    public static func stopWatching(_ handle: InterruptHandle) { strata_interrupts_remove(UnsafeMutableRawPointer(handle.handle)) }
    /// True once Ctrl-C was pressed since `begin()`.
    public static var fired: Bool { strata_interrupts_fired() != 0 }
}

extension ResultCode {
    /// `SQLITE_FULL`: the disk is full (or a write would pass the file size limit).
    public static let full = ResultCode(rawValue: SQLITE_FULL)
}
