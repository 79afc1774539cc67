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

    package static func tokens(_ sql: String) -> [Token] {
        let bytes = Array(sql.utf8)
        var tokens: [Token] = []
        var index = 0

        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        /// Reads a quoted run closed by `close`, where a doubled `close` stands for itself.
        func quoted(from start: Int, close: UInt8) -> (String, Int) {
            var result: [UInt8] = []
            var position = start + 1
            while position < bytes.count {
                if bytes[position] == close {
                    if close != UInt8(ascii: "]"), position + 1 < bytes.count, bytes[position + 1] == close {
                        result.append(close)
                        position += 2
                        continue
                    }
                    return (String(decoding: result, as: UTF8.self), position + 1)
                }
                result.append(bytes[position])
                position += 1
            }
            return (String(decoding: result, as: UTF8.self), position)
        }

        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                index += 1
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, bytes.count)
            case UInt8(ascii: "'"):
                let (value, end) = quoted(from: index, close: byte)
                tokens.append(Token(kind: .string, text: value, offset: index))
                index = end
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                let (value, end) = quoted(from: index, close: byte)
                tokens.append(Token(kind: .quoted, text: value, offset: index))
                index = end
            case UInt8(ascii: "["):
                let (value, end) = quoted(from: index, close: UInt8(ascii: "]"))
                tokens.append(Token(kind: .quoted, text: value, offset: index))
                index = end
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                let start = index
                index += 1
                while index < bytes.count, isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                tokens.append(Token(kind: start + 1 == index && byte == UInt8(ascii: ".") ? .symbol : .number,
                                    text: text(start..<index), offset: start))
            default:
                let start = index
                if isWordByte(byte) {
                    while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                    tokens.append(Token(kind: .word, text: text(start..<index), offset: start))
                } else {
                    let pairs: Set<String> = ["<=", ">=", "<>", "!=", "==", "||", "<<", ">>"]
                    let two = index + 1 < bytes.count ? text(index..<index + 2) : ""
                    index += pairs.contains(two) ? 2 : 1
                    tokens.append(Token(kind: .symbol, text: text(start..<index), offset: start))
                }
            }
        }
        return tokens
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
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
