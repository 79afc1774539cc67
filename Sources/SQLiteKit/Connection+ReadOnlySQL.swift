import CSQLite

/// Why `Connection.withReadOnlyStatement` refused a statement: one lower-case phrase, such as
/// `pragma foreign_keys can only be read here (no '= value')`.
public struct ReadOnlySQLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// The vetting of SQL that a user types to read a database (`sql` in the browser): a statement runs only
/// when it can change neither the file nor the connection.
///
/// Three checks, all needed:
/// - `sqlite3_stmt_readonly` must accept it: no INSERT, CREATE, ANALYZE, …
/// - an authorizer (`sqlite3_set_authorizer`, https://www.sqlite.org/c3ref/set_authorizer.html) refuses,
///   while the statement is compiled and while it runs, every action that changes the connection: ATTACH,
///   DETACH, transaction control and savepoints (which `sqlite3_stmt_readonly` calls read-only), the
///   functions of `refusedFunctions`, and every PRAGMA but the allow-listed ones in their query form. It must act while compiling: SQLite applies many
///   pragmas (`writable_schema = ON`, `trusted_schema = 1`) in `sqlite3_prepare` itself.
/// - the text: one statement (nothing but comments after it), and not VACUUM (`VACUUM INTO` writes a file).
public enum ReadOnlySQL {
    /// Pragmas that report a setting: allowed only without an argument (`PRAGMA foreign_keys`, not
    /// `PRAGMA foreign_keys = OFF` nor `PRAGMA foreign_keys(OFF)`).
    public static let settingPragmas: Set<String> = [
        "application_id", "auto_vacuum", "automatic_index", "busy_timeout", "cache_size", "cache_spill",
        "cell_size_check", "checkpoint_fullfsync", "collation_list", "compile_options", "data_version",
        "database_list", "defer_foreign_keys", "encoding", "foreign_keys", "freelist_count", "fullfsync",
        "function_list", "hard_heap_limit", "ignore_check_constraints", "journal_mode", "journal_size_limit",
        "legacy_alter_table", "locking_mode", "max_page_count", "mmap_size", "module_list", "page_count",
        "page_size", "pragma_list", "query_only", "read_uncommitted", "recursive_triggers",
        "reverse_unordered_selects", "schema_version", "secure_delete", "soft_heap_limit", "synchronous",
        "temp_store", "threads", "trusted_schema", "user_version", "wal_autocheckpoint", "writable_schema",
    ]

    /// Pragmas that only read, whatever their argument (`PRAGMA table_info(Task)`, `pragma_index_list('Task')`).
    public static let readingPragmas: Set<String> = [
        "foreign_key_check", "foreign_key_list", "index_info", "index_list", "index_xinfo", "integrity_check",
        "quick_check", "table_info", "table_list", "table_xinfo",
    ]

    /// Functions refused whatever their arguments: `fts3_tokenizer` reads out a code address with one argument
    /// and, with two, registers a tokenizer at any address given (a bound argument passes even with
    /// `SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER` off); `load_extension` would run a library's code.
    public static let refusedFunctions: Set<String> = ["fts3_tokenizer", "load_extension"]

    /// The reason a PRAGMA the authorizer reports would be refused, or nil when it only reads.
    ///
    /// - Parameters:
    ///   - name: the pragma's name as written.
    ///   - argument: its argument (`OFF` in `foreign_keys = OFF` and in `foreign_keys(OFF)`), or nil.
    public static func refusal(pragma name: String, argument: String?) -> String? {
        let name = name.lowercased()
        if readingPragmas.contains(name) { return nil }
        if settingPragmas.contains(name) {
            return argument == nil ? nil : "pragma \(name) can only be read here (no '= value')"
        }
        return "pragma \(name) is not on the list of pragmas that only read"
    }

    /// The first word of `sql` after white space and comments, upper-cased; nil when there is none.
    public static func leadingKeyword(of sql: String) -> String? {
        let bytes = Array(sql.utf8)
        let start = skipTrivia(bytes, from: 0)
        var end = start
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self).uppercased()
    }

    /// True when `text` holds nothing but white space, semicolons and comments.
    public static func isTrivia(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while true {
            offset = skipTrivia(bytes, from: offset)
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else { break }
            offset += 1
        }
        return offset == bytes.count
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "_")
    }

    /// The offset of the first byte after white space and `--` or `/* */` comments.
    private static func skipTrivia(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                offset += 1
            } else if byte == UInt8(ascii: "-"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "-") {
                while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                offset += 2
                while offset < bytes.count,
                      !(bytes[offset] == UInt8(ascii: "*") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/")) {
                    offset += 1
                }
                offset = min(offset + 2, bytes.count)
            } else {
                break
            }
        }
        return offset
    }

    /// What the authorizer saw: the first refusal, which the error then names.
    final class Vetting {
        var refusal: String?

        func decide(_ action: Int32, _ first: String?, _ second: String?) -> Int32 {
            let reason: String?
            switch action {
            case SQLITE_PRAGMA:
                reason = ReadOnlySQL.refusal(pragma: first ?? "", argument: second)
            case SQLITE_ATTACH:
                reason = "ATTACH is not allowed"
            case SQLITE_DETACH:
                reason = "DETACH is not allowed"
            case SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
                reason = "transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not allowed"
            case SQLITE_FUNCTION:
                let name = (second ?? "").lowercased()
                reason = ReadOnlySQL.refusedFunctions.contains(name) ? "function \(name)() is not allowed" : nil
            default:
                reason = nil
            }
            guard let reason else { return SQLITE_OK }
            if refusal == nil { refusal = reason }
            return SQLITE_DENY
        }
    }
}

extension Connection {
    /// Compiles `sql` and hands it to `body` only when it changes neither the database nor the connection
    /// (see ``ReadOnlySQL``); the authorizer that vets it stays on until `body` returns, so everything this
    /// connection compiles meanwhile is vetted too.
    ///
    /// - Throws: `ReadOnlySQLError` naming why a statement was refused; `SQLiteError` when it does not
    ///   compile; whatever `body` throws.
    public func withReadOnlyStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        if let keyword = ReadOnlySQL.leadingKeyword(of: sql), keyword == "VACUUM" {
            throw ReadOnlySQLError("VACUUM is not allowed")
        }
        let vetting = ReadOnlySQL.Vetting()
        self.vetting = vetting
        installAuthorizer()
        defer {
            self.vetting = nil
            installAuthorizer()
        }
        return try withExtendedLifetime(vetting) {
            let statement: Statement
            do {
                statement = try prepareVetted(sql)
            } catch {
                if let refusal = vetting.refusal { throw ReadOnlySQLError(refusal) }
                throw error
            }
            guard statement.isReadOnly else { throw ReadOnlySQLError("that statement would change the database") }
            do {
                return try body(statement)
            } catch {
                if let refusal = vetting.refusal { throw ReadOnlySQLError(refusal) }
                throw error
            }
        }
    }

    /// Compiles the first statement of `sql`; anything but comments after it is refused.
    private func prepareVetted(_ sql: String) throws -> Statement {
        var utf8 = Array(sql.utf8)
        utf8.append(0)
        let (compiled, consumed): (OpaquePointer?, Int) = try utf8.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let start = chars.baseAddress else { return (nil, 0) }
                var statementHandle: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, start, Int32(chars.count - 1), &statementHandle, &tail)
                guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: sql.trimmedSQL) }
                try fillTablesRead(finalizing: statementHandle)
                return (statementHandle, tail.map { start.distance(to: $0) } ?? chars.count - 1)
            }
        }
        guard let compiled else { throw ReadOnlySQLError("no SQL statement") }
        let text = String(decoding: utf8[..<consumed], as: UTF8.self)
        let statement = Statement(handle: compiled, connection: handle, sql: text.trimmedSQL)
        let rest = String(decoding: utf8[consumed..<(utf8.count - 1)], as: UTF8.self)
        guard ReadOnlySQL.isTrivia(Substring(rest)) else {
            throw ReadOnlySQLError("one statement at a time (there is more after the first)")
        }
        return statement
    }
}
