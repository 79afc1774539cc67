import CSQLite

/// A primary or extended SQLite result code.
///
/// Pattern matching compares primary codes, so `case ResultCode.busy` also catches `SQLITE_BUSY_SNAPSHOT`.
/// See https://www.sqlite.org/rescode.html
public struct ResultCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low byte of an extended code.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    public var description: String { "\(rawValue)" }

    public static let ok = ResultCode(rawValue: SQLITE_OK)
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let auth = ResultCode(rawValue: SQLITE_AUTH)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    public static let row = ResultCode(rawValue: SQLITE_ROW)
    public static let done = ResultCode(rawValue: SQLITE_DONE)

    // Extended codes: a primary code in the low byte, the detail above it. SQLite defines them as macros
    // Swift cannot import, so their values are written here, once.

    /// `SQLITE_CONSTRAINT_CHECK`: a CHECK constraint failed.
    public static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key constraint failed.
    public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    /// `SQLITE_CONSTRAINT_NOTNULL`: NULL in a NOT NULL column.
    public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a duplicate primary key.
    public static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    /// `SQLITE_CONSTRAINT_TRIGGER`: a trigger's RAISE(ABORT | FAIL | ROLLBACK).
    public static let constraintTrigger = ResultCode(rawValue: SQLITE_CONSTRAINT | (7 << 8))
    /// `SQLITE_CONSTRAINT_UNIQUE`: a duplicate in a UNIQUE column.
    public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
    /// `SQLITE_CONSTRAINT_DATATYPE`: a value of the wrong type in a STRICT table.
    public static let constraintDataType = ResultCode(rawValue: SQLITE_CONSTRAINT | (12 << 8))
    /// `SQLITE_READONLY_ROLLBACK`: a hot journal that a read-only connection cannot roll back.
    public static let readOnlyRollback = ResultCode(rawValue: SQLITE_READONLY | (3 << 8))

    /// `case ResultCode.constraint` matches any code whose primary code is `constraint`.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern == code || pattern == code.primary
    }

    /// `case ResultCode.busy` in a `catch` matches an `SQLiteError` with that code.
    public static func ~= (pattern: ResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return pattern ~= error.extendedCode
    }
}

/// An error SQLite reported: its result codes, its message and the SQL that failed.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The primary result code.
    public var code: ResultCode { extendedCode.primary }
    /// The extended result code (`sqlite3_extended_errcode`).
    public let extendedCode: ResultCode
    /// SQLite's own message (`sqlite3_errmsg`), or the generic text of the code.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?
    /// Where in the script given to `Connection.execute` the failing statement's text starts (it may start
    /// with white space or comments), in UTF-8 bytes; nil for errors raised elsewhere.
    public internal(set) var scriptOffset: Int?

    public init(code: ResultCode, message: String? = nil, sql: String? = nil) {
        self.extendedCode = code
        self.message = message ?? String(cString: sqlite3_errstr(code.rawValue))
        self.sql = sql
    }

    /// True when a foreign key refused the change: `SQLITE_CONSTRAINT_FOREIGNKEY`, or an ON DELETE / ON UPDATE
    /// RESTRICT action, which SQLite runs as a trigger and reports as `SQLITE_CONSTRAINT_TRIGGER` with the foreign
    /// key's own message (sqlite3.c, `sqlite3FkActions`): the one place Strata tells them apart by SQLite's text.
    public var isForeignKeyViolation: Bool {
        extendedCode == .constraintForeignKey || (code == .constraint && message == Self.foreignKeyMessage)
    }

    /// What SQLite says of every foreign key it refuses.
    static let foreignKeyMessage = "FOREIGN KEY constraint failed"

    /// Reads the error state of a connection after a call returned `code`.
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's error state is only trustworthy when it agrees with the code we got.
        let message: String? = connection.flatMap { db in
            (extended & 0xFF) == (code & 0xFF) ? String(cString: sqlite3_errmsg(db)) : nil
        }
        self.init(code: ResultCode(rawValue: (extended & 0xFF) == (code & 0xFF) ? extended : code),
                  message: message, sql: sql)
    }

    public var description: String {
        var text = "SQLite error \(extendedCode.rawValue): \(message)"
        if let sql { text += " - while executing '\(sql)'" }
        return text
    }
}
