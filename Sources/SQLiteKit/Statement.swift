import CSQLite

/// A compiled SQL statement (`sqlite3_stmt`).
///
/// Bind values, then `step()` until it returns false; read the current row with `column(_:)`.
public final class Statement {
    let handle: OpaquePointer
    private let connection: OpaquePointer
    /// The SQL text of the statement.
    public let sql: String

    init(handle: OpaquePointer, connection: OpaquePointer, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: - Binding

    /// Binds values to the parameters `?1`, `?2`, … in order.
    public func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    /// Binds a value to the parameter with a 1-based index.
    public func bind(_ value: SQLiteValue, at index: Int) throws {
        let position = Int32(index)
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, position)
        case .integer(let number):
            code = sqlite3_bind_int64(handle, position, number)
        case .real(let number):
            code = sqlite3_bind_double(handle, position, number)
        case .text(var text):
            code = text.withUTF8 { bytes in
                // An empty buffer may have no address, and a null pointer would bind NULL, not "".
                guard let base = bytes.baseAddress, bytes.count > 0 else {
                    return strata_bind_text(handle, position, "", 0)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    strata_bind_text(handle, position, $0, Int32(clamping: bytes.count))
                }
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, buffer.count > 0 else {
                    return sqlite3_bind_zeroblob(handle, position, 0)
                }
                return strata_bind_blob(handle, position, base, Int32(clamping: buffer.count))
            }
        }
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection, sql: sql) }
    }

    /// Binds UTF-8 text straight from a buffer, without building a `String`; SQLite copies the bytes.
    public func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int) throws {
        try bind(bytes, at: index, text: true, copying: true)
    }

    /// Binds UTF-8 text from a buffer that stays unchanged until the statement next runs, resets or binds this
    /// parameter again: SQLite reads the bytes where they are, without a copy.
    public func bindTextInPlace(_ bytes: UnsafeRawBufferPointer, at index: Int) throws {
        try bind(bytes, at: index, text: true, copying: false)
    }

    /// Binds a blob straight from a buffer; SQLite copies the bytes.
    public func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int) throws {
        try bind(bytes, at: index, text: false, copying: true)
    }

    /// Binds a blob from a buffer that stays unchanged until the statement next runs, resets or binds this parameter
    /// again: SQLite reads the bytes where they are, without a copy.
    public func bindBlobInPlace(_ bytes: UnsafeRawBufferPointer, at index: Int) throws {
        try bind(bytes, at: index, text: false, copying: false)
    }

    /// Text or a blob from `bytes`, copied by SQLite or read where it is; empty ones as `''` and a zero-length blob
    /// (an empty buffer may have no address, and a null pointer would bind NULL).
    private func bind(_ bytes: UnsafeRawBufferPointer, at index: Int, text: Bool, copying: Bool) throws {
        let position = Int32(index)
        let count = Int32(clamping: bytes.count)
        let code: Int32
        switch (bytes.baseAddress, text) {
        case (let base?, true) where count > 0:
            let chars = base.assumingMemoryBound(to: CChar.self)
            code = copying ? strata_bind_text(handle, position, chars, count) : strata_bind_text_static(handle, position, chars, count)
        case (let base?, false) where count > 0:
            code = copying ? strata_bind_blob(handle, position, base, count) : strata_bind_blob_static(handle, position, base, count)
        case (_, true):
            code = strata_bind_text(handle, position, "", 0)
        case (_, false):
            code = sqlite3_bind_zeroblob(handle, position, 0)
        }
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection, sql: sql) }
    }

    /// Binds a value to a named parameter such as `:name`, `@name` or `$name`.
    public func bind(_ value: SQLiteValue, named name: String) throws {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw SQLiteError(code: .range, message: "no parameter named \(name)", sql: sql)
        }
        try bind(value, at: Int(index))
    }

    /// The number of parameters the statement takes.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Sets every parameter back to NULL.
    public func clearBindings() { sqlite3_clear_bindings(handle) }

    /// Rewinds the statement so it can run again; bindings stay.
    public func reset() { sqlite3_reset(handle) }

    // MARK: - Stepping

    /// Advances to the next row.
    ///
    /// - Returns: true when a row is ready to read, false when the statement has finished.
    /// - Throws: `SQLiteError`; the statement is reset so it can run again.
    @discardableResult
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = SQLiteError(code: code, connection: connection, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows (an INSERT, say) and resets it for the next run.
    public func run() throws {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Runs the statement to the end and collects every row.
    public func allRows() throws -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        let count = columnCount
        while try step() {
            rows.append((0..<count).map(column))
        }
        return rows
    }

    // MARK: - Reading the current row

    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// True when the statement cannot change the database (`sqlite3_stmt_readonly`): queries, and
    /// statements such as BEGIN or a PRAGMA that only reads.
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    public func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// The names of the result columns.
    public var columnNames: [String] { (0..<columnCount).map(columnName) }

    /// The value of a column of the current row, in its own storage class.
    public func column(_ index: Int) -> SQLiteValue {
        let position = Int32(index)
        switch sqlite3_column_type(handle, position) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, position))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, position))
        case SQLITE_TEXT:
            return .text(columnText(position))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, position))
            guard count > 0, let base = sqlite3_column_blob(handle, position) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: base, count: count)))
        default:
            return .null
        }
    }

    /// The storage class of a column of the current row (`sqlite3_column_type`).
    public func storageClass(_ index: Int) -> StorageClass {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// The bytes of a text or blob column, without copying them; valid only inside `body`.
    public func withBytes<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let position = Int32(index)
        let base: UnsafeRawPointer? = sqlite3_column_type(handle, position) == SQLITE_BLOB
            ? sqlite3_column_blob(handle, position) : sqlite3_column_text(handle, position).map(UnsafeRawPointer.init)
        let count = Int(sqlite3_column_bytes(handle, position))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? base : nil, count: count))
    }

    /// A column as a Double, converted by SQLite's rules.
    public func double(_ index: Int) -> Double { sqlite3_column_double(handle, Int32(index)) }

    /// A column as text without building a `SQLiteValue`; NULL reads as nil.
    public func string(_ index: Int) -> String? {
        let position = Int32(index)
        return sqlite3_column_type(handle, position) == SQLITE_NULL ? nil : columnText(position)
    }

    /// A column as an integer, converted by SQLite's rules; NULL reads as nil.
    public func int64(_ index: Int) -> Int64? {
        let position = Int32(index)
        return sqlite3_column_type(handle, position) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, position)
    }

    private func columnText(_ position: Int32) -> String {
        guard let text = sqlite3_column_text(handle, position) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, position))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}
