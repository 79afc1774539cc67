/// Splits SQL text from `sqlite_schema` into tokens, enough to read constraints SQLite's pragmas do not report.
///
/// Comments and white space are skipped; quoted identifiers (`"x"`, `[x]`, `` `x` ``) come back unquoted.
package struct SQLTokenizer {
    package enum Kind: Equatable {
        case word          // a bare identifier or keyword
        case quoted        // a quoted identifier, unquoted
        case string        // a '…' literal, unquoted
        case number
        case symbol        // punctuation and operators, one or two characters
    }

    package struct Token: Equatable {
        package var kind: Kind
        package var text: String
        /// Where the token starts in the original text, in UTF-8 bytes.
        package var offset: Int

        /// True for a word or quoted identifier equal to `name`, ignoring ASCII case as SQLite does.
        package func isName(_ name: String) -> Bool {
            (kind == .word || kind == .quoted) && text.lowercased() == name.lowercased()
        }

        package func isKeyword(_ keyword: String) -> Bool {
            kind == .word && text.uppercased() == keyword
        }

        package func isSymbol(_ symbol: String) -> Bool {
            kind == .symbol && text == symbol
        }
    }

    /// A token as a place in the text, without its text: what `scan(_:_:)` reports.
    package struct Span: Equatable {
        package var kind: Kind
        /// Where the token starts and ends in the text, in UTF-8 bytes (quotes included).
        package var start: Int
        package var end: Int
    }

    package static func tokens(_ sql: String) -> [Token] {
        var sql = sql
        return sql.withUTF8 { bytes in
            var tokens: [Token] = []
            scan(bytes) { span in
                let text = switch span.kind {
                case .string, .quoted: unquoted(bytes, span)
                default: String(decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
                }
                tokens.append(Token(kind: span.kind, text: text, offset: span.start))
            }
            return tokens
        }
    }

    /// The text of a quoted token (`'…'`, `"…"`, `` `…` ``, `[…]`) without its quotes, a doubled quote read as one.
    package static func unquoted(_ bytes: UnsafeBufferPointer<UInt8>, _ span: Span) -> String {
        let open = bytes[span.start]
        let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open
        var result: [UInt8] = []
        var position = span.start + 1
        while position < span.end {
            if bytes[position] == close {
                if close != UInt8(ascii: "]"), position + 1 < span.end, bytes[position + 1] == close {
                    result.append(close)
                    position += 2
                    continue
                }
                break
            }
            result.append(bytes[position])
            position += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Calls `body` with each token of `bytes`, in order: one pass, no strings made, so that a script of a
    /// million statements costs what its bytes cost.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Span) throws -> Void) rethrows {
        var scanner = Scanner(bytes)
        while let span = scanner.next() { try body(span) }
    }

    /// The tokens of some bytes, one at a time (what `scan(_:_:)` reports), for loops that keep their own state.
    package struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The next token, or nil at the end.
        package mutating func next() -> Span? {
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                let start = index
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                    index += 1
                case UInt8(ascii: "-") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "-"):
                    while index < count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    index = min(index + 2, count)
                case UInt8(ascii: "'"):
                    index = quotedEnd(from: index, close: byte)
                    return Span(kind: .string, start: start, end: index)
                case UInt8(ascii: "\""), UInt8(ascii: "`"):
                    index = quotedEnd(from: index, close: byte)
                    return Span(kind: .quoted, start: start, end: index)
                case UInt8(ascii: "["):
                    index = quotedEnd(from: index, close: UInt8(ascii: "]"))
                    return Span(kind: .quoted, start: start, end: index)
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                    index += 1
                    while index < count, SQLTokenizer.isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                    return Span(kind: start + 1 == index && byte == UInt8(ascii: ".") ? .symbol : .number, start: start, end: index)
                default:
                    if SQLTokenizer.isWordByte(byte) {
                        while index < count, SQLTokenizer.isWordByte(bytes[index]) { index += 1 }
                        return Span(kind: .word, start: start, end: index)
                    }
                    index += index + 1 < count && SQLTokenizer.isPair(byte, bytes[index + 1]) ? 2 : 1
                    return Span(kind: .symbol, start: start, end: index)
                }
            }
            return nil
        }

        /// The end of a quoted run closed by `close`, where a doubled `close` stands for itself.
        private func quotedEnd(from start: Int, close: UInt8) -> Int {
            var position = start + 1
            while position < bytes.count {
                if bytes[position] == close {
                    if close != UInt8(ascii: "]"), position + 1 < bytes.count, bytes[position + 1] == close {
                        position += 2
                        continue
                    }
                    return position + 1
                }
                position += 1
            }
            return bytes.count
        }
    }

    /// `<=`, `>=`, `<>`, `!=`, `==`, `||`, `<<`, `>>`: the two-character symbols.
    fileprivate static func isPair(_ first: UInt8, _ second: UInt8) -> Bool {
        switch (first, second) {
        case (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: ">"), UInt8(ascii: "=")), (UInt8(ascii: "<"), UInt8(ascii: ">")),
             (UInt8(ascii: "!"), UInt8(ascii: "=")), (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "|"), UInt8(ascii: "|")),
             (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: ">")):
            true
        default:
            false
        }
    }

    /// True when the word token at `span` is `keyword` (upper-case ASCII), ignoring ASCII case as SQLite does.
    package static func isKeyword(_ bytes: UnsafeBufferPointer<UInt8>, _ span: Span, _ keyword: StaticString) -> Bool {
        guard span.kind == .word, span.end - span.start == keyword.utf8CodeUnitCount else { return false }
        let expected = keyword.utf8Start
        for index in 0..<keyword.utf8CodeUnitCount {
            var byte = bytes[span.start + index]
            if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { byte -= 0x20 }
            if byte != expected[index] { return false }
        }
        return true
    }

    /// Letters, digits, `_`, `$` and every byte of a non-ASCII character: a bit set of the ASCII ones.
    fileprivate static func isWordByte(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return 0x03FF_0010_0000_0000 & bit != 0  // '$' (36), '0'...'9' (48...57)
        case 1: return 0x07FF_FFFE_87FF_FFFE & bit != 0  // 'A'...'Z' (65...90), '_' (95), 'a'...'z' (97...122)
        default: return true
        }
    }
}

extension SQLTokenizer {
    /// Columns constrained by `CHECK (column IN (0, 1))`, lowercased: Strata reads them as bool.
    static func booleanCheckColumns(in sql: String) -> Set<String> {
        let tokens = tokens(sql)
        var columns: Set<String> = []
        var index = 0
        while index + 9 < tokens.count {
            defer { index += 1 }
            guard tokens[index].isKeyword("CHECK"), tokens[index + 1].isSymbol("("),
                  tokens[index + 2].kind == .word || tokens[index + 2].kind == .quoted,
                  tokens[index + 3].isKeyword("IN"), tokens[index + 4].isSymbol("("),
                  tokens[index + 6].isSymbol(","), tokens[index + 8].isSymbol(")"), tokens[index + 9].isSymbol(")")
            else { continue }
            let values = Set([tokens[index + 5].text, tokens[index + 7].text])
            if values == ["0", "1"] { columns.insert(tokens[index + 2].text.lowercased()) }
        }
        return columns
    }

    /// The text after the top-level `WHERE` of a CREATE INDEX statement, for partial indexes.
    package static func whereClause(of sql: String) -> String? {
        guard let token = tokens(sql).first(where: { $0.isKeyword("WHERE") }) else { return nil }
        let bytes = Array(sql.utf8)
        return String(decoding: bytes[(token.offset + 5)...], as: UTF8.self).trimmedSQL
    }

    /// True when a CREATE TABLE statement declares its rowid alias `AUTOINCREMENT`.
    static func hasAutoincrement(_ sql: String) -> Bool {
        tokens(sql).contains { $0.isKeyword("AUTOINCREMENT") }
    }
}

extension String {
    /// Without surrounding white space and trailing semicolons.
    package var trimmedSQL: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace || last == ";" { view.removeLast() }
        return String(view)
    }
}
