import StrataCore

/// SQL text read statement by statement, split at `;` (a trigger's body kept whole, as `sqlite3_complete`
/// keeps it), each statement's tokens as places in the text.
///
/// One pass over the bytes, no string made for a token unless asked for, and one statement's tokens held
/// at a time: what lint, the checks of a step and the plan's rehearsal read, in time linear in the text and
/// memory that does not grow with the number of statements.
enum SQLScript {
    /// One statement: its tokens, as places in the text (the `;` that ends it left out). Valid only inside
    /// the call of `forEachStatement` that passes it.
    struct Statement {
        let bytes: UnsafeBufferPointer<UInt8>
        let tokens: [SQLTokenizer.Span]

        var count: Int { tokens.count }
        /// Where the statement starts in the text, in UTF-8 bytes.
        var offset: Int { tokens[0].start }

        /// True when token `index` is there and is the word `keyword` (upper case), in any ASCII case.
        func isKeyword(_ index: Int, _ keyword: StaticString) -> Bool {
            index >= 0 && index < tokens.count && SQLTokenizer.isKeyword(bytes, tokens[index], keyword)
        }

        /// True when any token is the word `keyword` (upper case), in any ASCII case.
        func contains(keyword: StaticString) -> Bool {
            tokens.contains { SQLTokenizer.isKeyword(bytes, $0, keyword) }
        }

        func isSymbol(_ index: Int, _ symbol: Unicode.Scalar) -> Bool {
            index >= 0 && index < tokens.count && tokens[index].kind == .symbol && tokens[index].end - tokens[index].start == 1
                && bytes[tokens[index].start] == UInt8(ascii: symbol)
        }

        /// Token `index`'s text; a quoted identifier or a string without its quotes.
        func text(_ index: Int) -> String {
            let span = tokens[index]
            return switch span.kind {
            case .quoted, .string: SQLTokenizer.unquoted(bytes, span)
            default: String(decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
            }
        }
    }

    /// Calls `body` with each statement of `sql` that has a token, in order.
    static func forEachStatement(_ sql: String, _ body: (Statement) throws -> Void) rethrows {
        var sql = sql
        try sql.withUTF8 { try forEachStatement($0, body) }
    }

    /// Calls `body` with each statement of the SQL text `bytes` that has a token, in order.
    static func forEachStatement(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Statement) throws -> Void) rethrows {
        var scanner = SQLTokenizer.Scanner(bytes)
        var current: [SQLTokenizer.Span] = []
        while let span = scanner.next() {
            let isSemicolon = span.kind == .symbol && span.end - span.start == 1 && bytes[span.start] == UInt8(ascii: ";")
            if !isSemicolon {
                current.append(span)
            } else if let last = current.last {
                let isTrigger = SQLTokenizer.isKeyword(bytes, current[0], "CREATE")
                    && current.prefix(4).contains { SQLTokenizer.isKeyword(bytes, $0, "TRIGGER") }
                if isTrigger && !SQLTokenizer.isKeyword(bytes, last, "END") {
                    current.append(span)
                } else {
                    try body(Statement(bytes: bytes, tokens: current))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { try body(Statement(bytes: bytes, tokens: current)) }
    }

    /// True when `sql` has a statement: not only white space, comments and `;`.
    static func hasStatement(_ sql: String) -> Bool {
        var sql = sql
        return sql.withUTF8 { bytes in
            var scanner = SQLTokenizer.Scanner(bytes)
            while let span = scanner.next() {
                if !(span.kind == .symbol && span.end - span.start == 1 && bytes[span.start] == UInt8(ascii: ";")) { return true }
            }
            return false
        }
    }

    /// The line of the file that the statement starting at UTF-8 offset `offset` of `sql` is on: the line of
    /// its first token (past the white space and comments before it), `sql` starting on line `firstLine`.
    /// An offset is taken between 0 and the text's end; with no token after it, its own line.
    static func line(ofStatementAt offset: Int, in sql: String, firstLine: Int) -> Int {
        var sql = sql
        return sql.withUTF8 { bytes in
            var start = min(max(offset, 0), bytes.count)
            var scanner = SQLTokenizer.Scanner(UnsafeBufferPointer(rebasing: bytes[start...]))
            if let first = scanner.next() { start += first.start }
            var line = firstLine
            for index in 0..<min(start, bytes.count) where bytes[index] == UInt8(ascii: "\n") { line += 1 }
            return line
        }
    }

    /// Why a statement of `sql` cannot run inside the run's transaction, if one cannot.
    static func notInTransaction(_ sql: String) -> String? {
        var reason: String?
        forEachStatement(sql) { statement in
            if reason == nil { reason = notInTransaction(statement) }
        }
        return reason
    }

    /// Why a statement that starts with the token `first` cannot run inside the run's transaction, when that token
    /// says (a `PRAGMA` needs its name as well).
    static func notInTransaction(first: SQLTokenizer.Span, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if SQLTokenizer.isKeyword(bytes, first, "VACUUM") {
            return "VACUUM cannot run inside a transaction, and every migration runs in one"
        }
        for keyword: StaticString in ["BEGIN", "COMMIT", "END", "ROLLBACK"] where SQLTokenizer.isKeyword(bytes, first, keyword) {
            return "\(keyword) would break the transaction Strata runs every migration in; leave it out"
        }
        return nil
    }

    /// Why `statement` cannot run inside the run's transaction, if it cannot.
    static func notInTransaction(_ statement: Statement) -> String? {
        if let reason = notInTransaction(first: statement.tokens[0], in: statement.bytes) { return reason }
        guard statement.isKeyword(0, "PRAGMA") else { return nil }
        // The name, schema-qualified or not: every token up to `=` or `(`.
        var index = 1
        var name = ""
        while index < statement.count, !statement.isSymbol(index, "="), !statement.isSymbol(index, "(") {
            name += statement.text(index)
            index += 1
        }
        let bare = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard ["foreign_keys", "journal_mode", "synchronous", "locking_mode", "temp_store", "auto_vacuum", "page_size",
               "legacy_alter_table"].contains(bare)
        else { return nil }
        return "PRAGMA \(bare) has no effect inside a transaction (SQLite ignores it there), and every migration runs in one"
    }
}
