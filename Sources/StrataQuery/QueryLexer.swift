import StrataCore

/// A token of the query language, with where it starts in the text (in characters).
struct QueryToken: Equatable {
    enum Kind: Equatable {
        case name(String)            // a bare word: class, property or keyword
        case quotedName(String)      // `a name in backticks` (`` for a backtick), never a keyword
        case variable(String)        // $x in SUBQUERY
        case parameter(Int)          // $0, $1
        case attribute(String)       // @count, @links, …
        case string(String)
        case integer(Int64)
        case decimal(Double, text: String)
        case date(Moment)            // to the nanosecond, UTC
        case data([UInt8])           // x'…', bin("…"), binary(B64"…")
        case base64([UInt8])         // B64"…": a string in base 64, or data
        case objectKey(Int64)        // O5: realm-core's link literal
        case objectId(String)        // oid(…): 24 hex digits, lower-cased
        case uuid(String)            // uuid(…): as written
        case symbol(Symbol)          // == != <= ( ) { } , . …
        /// `[c]`, `[d]`, `[cd]` or `[dc]` after a comparison's operator: its letters, lower-cased.
        case options(String)
        case end
    }

    var kind: Kind
    var offset: Int
    /// For a string: the quote it was written in (`"` or `'`).
    var quote: Character?
    /// For a number: it was written with a sign (`-5`, `+2.5`), which after a value is subtraction or addition
    /// (`age -5`, as `age - 5`).
    var hasSign = false

    /// The keyword a bare word is, in any case; nil for any other token (a word in backticks is never one).
    var keyword: Keyword? {
        if case .name(let word) = kind { return Keyword(rawValue: word.uppercased()) }
        return nil
    }
}

/// The words the query language reads as its own, in any case.
enum Keyword: String, CaseIterable {
    case and = "AND", or = "OR", not = "NOT", `where` = "WHERE", `in` = "IN", between = "BETWEEN"
    case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE"
    case any = "ANY", some = "SOME", all = "ALL", none = "NONE"
    case sort = "SORT", distinct = "DISTINCT", limit = "LIMIT", show = "SHOW", `as` = "AS"
    case `true` = "TRUE", `false` = "FALSE", `nil` = "NIL", null = "NULL"
    case truePredicate = "TRUEPREDICATE", falsePredicate = "FALSEPREDICATE", subquery = "SUBQUERY"
    case asc = "ASC", desc = "DESC", ascending = "ASCENDING", descending = "DESCENDING"

    /// A keyword a property cannot be named by without backticks: all but `AS`, which only SHOW's aliases read.
    var isReserved: Bool { self != .as }

    /// A keyword that is never a property's name, even where one could stand: the logic, quantifiers and constants.
    /// The others (`in`, `between`, `desc`, `sort`, `contains`, …) name a property where a path stands, as in Realm
    /// (`in > 100`, `desc CONTAINS[c] 'empty'`).
    var isStructural: Bool {
        switch self {
        case .and, .or, .not, .any, .some, .all, .none, .true, .false, .nil, .null, .truePredicate, .falsePredicate, .subquery: true
        default: false
        }
    }
}

/// The operators and punctuation of the query language, as written (`=<` and `=>` read as `<=` and `>=`).
enum Symbol: String, CaseIterable {
    case equal = "==", assign = "=", notEqual = "!=", lessOrGreater = "<>", less = "<", lessOrEqual = "<="
    case greater = ">", greaterOrEqual = ">=", and = "&&", or = "||", not = "!"
    case openParenthesis = "(", closeParenthesis = ")", openBrace = "{", closeBrace = "}", comma = ",", dot = "."
    case openBracket = "[", closeBracket = "]"
    case plus = "+", minus = "-", star = "*", slash = "/"
}

/// Splits query text into tokens; errors carry the offset of the bad character.
package struct QueryLexer {
    let text: String
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    static func tokens(_ text: String) throws -> [QueryToken] {
        var lexer = QueryLexer(text)
        var tokens: [QueryToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func error(_ message: String, at offset: Int) -> QueryError {
        QueryError(.syntax, message, at: offset, in: text)
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        index + ahead < characters.count ? characters[index + ahead] : nil
    }

    mutating func next() throws -> QueryToken {
        while let character = peek(), character.isWhitespace { index += 1 }
        let start = index
        guard let character = peek() else { return QueryToken(kind: .end, offset: start) }

        func token(_ kind: QueryToken.Kind) -> QueryToken { QueryToken(kind: kind, offset: start) }

        // Data literals before names: B64"…" and x'…'.
        if (character == "B" && peek(1) == "6" && peek(2) == "4" && (peek(3) == "\"" || peek(3) == "'")) {
            index += 3
            let body = try quoted()
            guard let bytes = Base64.decode(body) else { throw error("invalid base64 in data literal", at: start) }
            return token(.base64(bytes))
        }
        if (character == "x" || character == "X") && peek(1) == "'" {
            index += 1
            let body = try quoted()
            guard let bytes = Self.hexBytes(body) else { throw error("invalid hex in data literal", at: start) }
            return token(.data(bytes))
        }
        if character == "T", let moment = try realmTimestamp(start: start) {
            return token(.date(moment))
        }
        // realm-core's link literal, O<key>: the object whose key that is.
        if character == "O", peek(1)?.isNumber == true {
            var at = index + 1
            while at < characters.count, characters[at].isASCII, characters[at].isNumber { at += 1 }
            if at == characters.count || !(characters[at].isLetter || characters[at] == "_" || characters[at].isNumber) {
                let digits = String(characters[(index + 1)..<at])
                guard let key = Int64(digits) else { throw error("invalid object key 'O\(digits)'", at: start) }
                index = at
                return token(.objectKey(key))
            }
        }
        // realm-core's typed links, L<table>:<key>: a Realm's internal table numbers, which a converted file has not.
        if character == "L", peek(1)?.isNumber == true {
            var at = index + 1
            while at < characters.count, characters[at].isNumber { at += 1 }
            if at + 1 < characters.count, characters[at] == ":", characters[at + 1].isNumber {
                throw error("typed links (L<table>:<key>) are not supported: compare the link's properties, or the link with nil", at: start)
            }
        }
        if character.isLetter || character == "_" {
            let word = try nameWord()
            // Realm's ObjectId and UUID literals: oid(507f1f77bcf86cd799439011), uuid(3b241101-e2bb-4255-8caf-4136c566a962).
            if ["oid", "uuid"].contains(word.lowercased()), peek() == "(" {
                let text = try idLiteral(word.lowercased(), start: start)
                return token(word.lowercased() == "oid" ? .objectId(text) : .uuid(text))
            }
            // realm-core's geospatial words, named before their points' brackets read as anything else.
            if ["geowithin", "geobox", "geopolygon", "geocircle"].contains(word.lowercased()) {
                throw error("geospatial queries (\(word)) are not supported: Strata reads no geospatial index", at: start)
            }
            // realm-core's binary literals: bin("text") and binary(B64"…") are the bytes they hold.
            if ["bin", "binary"].contains(word.lowercased()), peek() == "(" {
                // One string or B64"…" inside, read here (never a token of any kind, which could nest without end).
                let refusal = error("\(word)(…) takes one string, as in \(word)(\"abc\") or \(word)(B64\"YWJj\")", at: start)
                index += 1
                while let space = peek(), space.isWhitespace { index += 1 }
                var bytes: [UInt8]
                if peek() == "\"" || peek() == "'" {
                    bytes = Array(try quoted().utf8)
                } else if peek() == "B", peek(1) == "6", peek(2) == "4", peek(3) == "\"" || peek(3) == "'" {
                    index += 3
                    guard let decoded = Base64.decode(try quoted()) else { throw error("invalid base64 in data literal", at: start) }
                    bytes = decoded
                } else {
                    throw refusal
                }
                while let space = peek(), space.isWhitespace { index += 1 }
                guard peek() == ")" else { throw refusal }
                index += 1
                return token(.data(bytes))
            }
            return token(.name(word))
        }
        if character.isNumber || ((character == "-" || character == "+") && (peek(1)?.isNumber == true || (peek(1) == "." && peek(2)?.isNumber == true)))
            || (character == "." && peek(1)?.isNumber == true) {
            return try number(start: start)
        }
        // realm-core's infinities and NaN, signed or not: -inf, +infinity, nan.
        if character == "-" || character == "+", let word = specialNumber(at: index + 1) {
            index += 1 + word.count
            var special = QueryToken(kind: .decimal(Self.specialValue(word, negative: character == "-"), text: String(character) + word), offset: start)
            special.hasSign = true
            return special
        }
        switch character {
        case "\"", "'":
            var string = token(.string(try quoted()))
            string.quote = character
            return string
        case "`":
            // Anything up to the closing backtick, where a doubled one (``) stands for a backtick itself.
            index += 1
            var name = ""
            while true {
                guard let next = peek() else { throw error("unterminated name: missing closing `", at: start) }
                index += 1
                if next == "`" {
                    guard peek() == "`" else { break }
                    index += 1
                }
                name.append(next)
            }
            guard !name.isEmpty else { throw error("empty name in backticks", at: start) }
            return token(.quotedName(name))
        case "$":
            index += 1
            if let digit = peek(), digit.isNumber {
                let digits = readWhile { $0.isNumber }
                guard let number = Int(digits) else { throw error("parameter number too large", at: start) }
                return token(.parameter(number))
            }
            // A variable's name, as realm-core reads one: letters, digits, `_` and `-` (`$anyNAME_-0123456789`).
            var name = ""
            while let next = peek(), next.isLetter || next.isNumber || next == "_" || (next == "-" && !name.isEmpty
                    && peek(1).map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } == true) {
                name.append(next)
                index += 1
            }
            guard !name.isEmpty else { throw error("expected a parameter number or a variable name after '$'", at: start) }
            if name.count > 1, name.first == "K", name.dropFirst().allSatisfy(\.isNumber) {
                throw error("key path arguments ($\(name)) are not supported: write the path itself", at: start)
            }
            return token(.variable(name))
        case "@":
            index += 1
            let name = readWhile { $0.isLetter }
            guard !name.isEmpty else { throw error("expected a name after '@'", at: start) }
            return token(.attribute(name.lowercased()))
        case "[":
            // [c], [d], [cd] option brackets; else a dictionary's subscript, `scores["easy"]`.
            if let close = (index + 1..<min(characters.count, index + 5)).first(where: { characters[$0] == "]" }) {
                let inside = String(characters[index + 1..<close]).lowercased()
                if ["c", "d", "cd", "dc"].contains(inside) {
                    index = close + 1
                    return token(.options(inside))
                }
            }
            // A subscript follows its dictionary's name at once; after an operator, only options may.
            let before = start > 0 ? characters[start - 1] : " "
            guard before.isLetter || before.isNumber || before == "_" || before == "`" || before == "]" else {
                throw error("expected [c], [d] or [cd]", at: start)
            }
            index += 1
            return token(.symbol(.openBracket))
        default:
            break
        }
        if let second = peek(1) {
            let pair = String([character, second])
            if let symbol = pair == "=<" ? .lessOrEqual : pair == "=>" ? .greaterOrEqual : Symbol(rawValue: pair) {
                index += 2
                return token(.symbol(symbol))
            }
        }
        if let symbol = Symbol(rawValue: String(character)) {
            index += 1
            return token(.symbol(symbol))
        }
        throw error("unexpected character '\(character)'" + backtickHint(at: start), at: start)
    }

    /// A bare word: letters, digits and `_`; as in Realm, also a `-` between two of them (`T2017-12-04`,
    /// `Calories-Table`: subtraction is written with spaces, `a - 1`) and a backslash before a space, `n`, `r` or
    /// `t` for that character (`float\ fees`, `nullable\tdata`).
    private mutating func nameWord() throws -> String {
        func isWord(_ character: Character?) -> Bool { character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
        var word = ""
        while let character = peek() {
            if isWord(character) || (character == "$" && !word.isEmpty) {
                // As in realm-core, a `$` after a name's first character is part of it (`a$a`).
                word.append(character)
                index += 1
            } else if character == "-", !word.isEmpty, isWord(peek(1)) {
                word.append("-")
                index += 1
            } else if character == "\\", let escaped = peek(1), " nrt".contains(escaped) {
                word.append(escaped == "n" ? "\n" : escaped == "r" ? "\r" : escaped == "t" ? "\t" : " ")
                index += 2
            } else {
                break
            }
        }
        return word
    }

    /// Realm's `T<seconds>:<nanoseconds>` (`T1512130073:505`, `T-1:-1`), when the text at `start` is one; the
    /// nanoseconds take the seconds' sign, and may not have the other.
    private mutating func realmTimestamp(start: Int) throws -> Moment? {
        var at = start + 1
        func signedDigits() -> String? {
            var text = ""
            if at < characters.count, characters[at] == "-" || characters[at] == "+" { text.append(characters[at]); at += 1 }
            let first = at
            while at < characters.count, characters[at].isASCII, characters[at].isNumber { text.append(characters[at]); at += 1 }
            return at > first ? text : nil
        }
        guard let secondsText = signedDigits(), at < characters.count, characters[at] == ":" else { return nil }
        at += 1
        guard let nanosecondsText = signedDigits() else { return nil }
        if at < characters.count, characters[at].isLetter || characters[at].isNumber || characters[at] == "_" { return nil }
        let text = String(characters[start..<at])
        guard let seconds = Int64(secondsText), let nanoseconds = Int64(nanosecondsText), abs(nanoseconds) < 1_000_000_000 else {
            throw error("invalid timestamp '\(text)' (T<seconds>:<nanoseconds>, the nanoseconds below 1000000000)", at: start)
        }
        guard (seconds >= 0 && nanoseconds >= 0) || (seconds <= 0 && nanoseconds <= 0) else {
            throw error("invalid timestamp '\(text)': its seconds and nanoseconds have different signs", at: start)
        }
        index = at
        return Moment(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// Realm's readable timestamps with one-digit parts (`2017-12-4@0:0:0`, `1970-1-1T0:0:0:0`) as ISO 8601
    /// (`2017-12-04@00:00:00`, Realm's `:nanoseconds` kept); nil for any other text.
    static func paddedRealmDate(_ text: String) -> String? {
        var separator: Character = "@"
        guard let mark = text.firstIndex(where: { $0 == "@" || $0 == "T" }) else { return nil }
        separator = text[mark]
        let date = text[..<mark].split(separator: "-", omittingEmptySubsequences: false)
        let time = text[text.index(after: mark)...].split(separator: ":", omittingEmptySubsequences: false)
        let parts = date + time
        guard date.count == 3, time.count == 3 || time.count == 4,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              date[0].count <= 4, parts.dropFirst().prefix(5).allSatisfy({ $0.count <= 2 })
        else { return nil }
        func padded(_ part: Substring, _ width: Int) -> String { String(repeating: "0", count: max(0, width - part.count)) + part }
        var result = padded(date[0], 4) + "-" + padded(date[1], 2) + "-" + padded(date[2], 2) + String(separator)
        result += padded(time[0], 2) + ":" + padded(time[1], 2) + ":" + padded(time[2], 2)
        if time.count == 4 { result += ":" + time[3] }
        return result
    }

    /// A date literal's moment: ISO 8601 (`ISODate`) or Realm's readable form with one-digit parts. As realm-core
    /// reads it, Realm's `:nanoseconds` count backwards before 1970 (`1969-12-31@23:59:59:1` is one nanosecond before
    /// `23:59:59`).
    static func dateLiteral(_ text: String) -> Moment? {
        let written = ISODate.reading(text) != nil ? text : paddedRealmDate(text)
        guard let written, let reading = ISODate.reading(written) else { return nil }
        let isRealmNanoseconds = reading.parts.fraction.count > 1 && written.utf8[written.utf8.index(written.utf8.startIndex, offsetBy: reading.parts.fraction.lowerBound)] == UInt8(ascii: ":")
        let seconds = reading.wholeSecond / 1000
        if isRealmNanoseconds && seconds < 0 { return Moment(seconds: seconds, nanoseconds: -reading.nanoseconds) }
        return reading.moment
    }

    /// For a character that is glued to a word (`Calories-Table`, `my-col`): how to write that name, as
    /// " (a name that holds it is written in backticks: `Calories-Table`)"; else "".
    private func backtickHint(at offset: Int) -> String {
        func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        let stops: Set<Character> = ["(", ")", "{", "}", "[", "]", ",", ".", "=", "<", ">", "!", "\"", "'", "`"]
        var first = offset
        while first > 0, !characters[first - 1].isWhitespace, !stops.contains(characters[first - 1]) { first -= 1 }
        var end = offset + 1
        while end < characters.count, !characters[end].isWhitespace, !stops.contains(characters[end]) { end += 1 }
        let glued = (first < offset && isWord(characters[offset - 1])) || (end > offset + 1 && isWord(characters[offset + 1]))
        guard glued else { return "" }
        let name = String(characters[first..<end])
        return " (a name that holds it is written in backticks: `\(name.split(separator: "`", omittingEmptySubsequences: false).joined(separator: "``"))`)"
    }

    /// The hex digits of `oid(…)` (24, lower-cased, as Realm writes an ObjectId's text) or `uuid(…)` (8-4-4-4-12), after
    /// the word; `index` moves past the `)`.
    private mutating func idLiteral(_ kind: String, start: Int) throws -> String {
        index += 1
        let body = readWhile { $0 != ")" && !$0.isNewline }
        guard peek() == ")" else { throw error("\(kind)( has no closing )", at: start) }
        index += 1
        let text = body.trimmingCharacters(in: .whitespaces)
        let hex = text.filter { $0 != "-" }
        let isHex = hex.allSatisfy(\.isHexDigit)
        if kind == "oid" {
            guard hex.count == 24, isHex, !text.contains("-") else { throw error("oid(…) takes an ObjectId's 24 hex digits", at: start) }
            return text.lowercased()
        }
        let groups = text.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        guard isHex, groups == [8, 4, 4, 4, 12] else { throw error("uuid(…) takes a UUID, 8-4-4-4-12 hex digits", at: start) }
        return text
    }

    private mutating func readWhile(_ accept: (Character) -> Bool) -> String {
        var result = ""
        while let character = peek(), accept(character) {
            result.append(character)
            index += 1
        }
        return result
    }

    /// A string in the quote at the current index, with backslash escapes; as in SQL, a doubled quote stands
    /// for the quote itself (`"a""b"` is a"b, the way SQLite quotes a name that holds a quote).
    private mutating func quoted() throws -> String {
        let start = index
        guard let quote = peek() else { throw error("expected a string", at: start) }
        index += 1
        var result = ""
        while let character = peek() {
            index += 1
            if character == quote {
                guard peek() == quote else { return result }
                index += 1
                result.append(quote)
                continue
            }
            if character == "\\" {
                guard let escaped = peek() else { break }
                index += 1
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "\"", "'", "/", "\\": result.append(escaped)
                case "u":
                    // \uXXXX
                    let hex = String(characters[index..<min(characters.count, index + 4)])
                    guard hex.count == 4, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw error("invalid \\u escape", at: index - 2)
                    }
                    result.unicodeScalars.append(scalar)
                    index += 4
                default:
                    // realm-core's escapes only: \" \' \/ \\ \b \f \n \r \t \0 and \uXXXX.
                    throw error("invalid escape '\\\(escaped)' in a string (a backslash is written \\\\)", at: index - 2)
                }
            } else {
                result.append(character)
            }
        }
        throw error("unterminated string: missing closing \(quote)", at: start)
    }

    /// `inf`, `infinity` or `nan` (in any case) at `offset`, as a whole word; nil for anything else.
    private func specialNumber(at offset: Int) -> String? {
        var end = offset
        while end < characters.count, characters[end].isLetter { end += 1 }
        guard end > offset, end == characters.count || !(characters[end].isNumber || characters[end] == "_") else { return nil }
        let word = String(characters[offset..<end])
        return ["inf", "infinity", "nan"].contains(word.lowercased()) ? word : nil
    }

    static func specialValue(_ word: String, negative: Bool) -> Double {
        let value: Double = word.lowercased() == "nan" ? .nan : .infinity
        return negative ? -value : value
    }

    /// An integer, a decimal, or a date (`2015-01-01`, `2015-01-01T10:00:00Z`, `2015-01-01@10:00:00`).
    private mutating func number(start: Int) throws -> QueryToken {
        // Digits, a dash and a digit start a date (the language has no subtraction): try it before reading
        // a number, so that a year out of range is named as a bad date, not read as 99999 and then -1.
        var digitsEnd = index
        while digitsEnd < characters.count, characters[digitsEnd].isNumber { digitsEnd += 1 }
        var secondEnd = digitsEnd + 1
        while secondEnd < characters.count, characters[secondEnd].isNumber { secondEnd += 1 }
        // Two dashes make a date (`2015-1-1`); one is subtraction (`10-3`, as `10 - 3`).
        if digitsEnd > index, digitsEnd + 1 < characters.count, characters[digitsEnd] == "-",
           characters[digitsEnd + 1].isNumber, secondEnd < characters.count, characters[secondEnd] == "-" {
            let text = readWhile { $0.isNumber || $0.isLetter || "-:.+@".contains($0) }
            guard let moment = Self.dateLiteral(text) else {
                throw error("invalid date '\(text)' (expected YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD@HH:MM:SS)", at: start)
            }
            return QueryToken(kind: .date(moment), offset: start)
        }
        var text = ""
        let hasSign = peek() == "-" || peek() == "+"
        if peek() == "-" { text.append("-"); index += 1 } else if peek() == "+" { index += 1 }
        // realm-core's hexadecimal integers: 0x1F.
        if peek() == "0", peek(1) == "x" || peek(1) == "X", peek(2)?.isHexDigit == true {
            index += 2
            let digits = readWhile { $0.isHexDigit }
            if let letter = peek(), letter.isLetter || letter == "_" { throw error("unexpected '\(letter)' after number", at: index) }
            guard let magnitude = UInt64(digits, radix: 16), magnitude <= UInt64(Int64.max) + (text == "-" ? 1 : 0) else {
                throw error("invalid number '\(text)0x\(digits)' (beyond 64 bits)", at: start)
            }
            let value = text == "-" ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
            var token = QueryToken(kind: .integer(value), offset: start)
            token.hasSign = hasSign
            return token
        }
        text += readWhile { $0.isNumber }
        var isDecimal = false
        if peek() == ".", peek(1)?.isNumber == true {
            isDecimal = true
            index += 1
            text += "." + readWhile { $0.isNumber }
        } else if peek() == ".", text.last?.isNumber == true, !(peek(1).map { $0.isLetter || $0 == "_" || $0 == "@" || $0 == "`" || $0 == "\"" || $0 == "'" } ?? false) {
            // `0.`, as realm-core writes a whole decimal (not `1.name`, which no path is).
            isDecimal = true
            index += 1
        }
        if let e = peek(), e == "e" || e == "E", let after = peek(1), after.isNumber || ((after == "-" || after == "+") && peek(2)?.isNumber == true) {
            isDecimal = true
            index += 2
            text += "e" + String(after) + readWhile { $0.isNumber }
        }
        // realm-core's float suffix: 1.5f.
        if peek() == "f" || peek() == "F", !(peek(1).map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) {
            isDecimal = true
            index += 1
        }
        if let letter = peek(), letter.isLetter || letter == "_" {
            // `a=1AND b=2`: AND or OR right after a number is the next token, as realm-core reads it.
            var end = index
            while end < characters.count, characters[end].isLetter { end += 1 }
            let word = String(characters[index..<end]).uppercased()
            let followsWord = end < characters.count && (characters[end].isNumber || characters[end] == "_")
            guard ["AND", "OR"].contains(word), !followsWord else { throw error("unexpected '\(letter)' after number", at: index) }
        }
        var token: QueryToken
        if !isDecimal, let integer = Int64(text) {
            token = QueryToken(kind: .integer(integer), offset: start)
        } else {
            guard let value = Double(text), value.isFinite else { throw error("invalid number '\(text)'", at: start) }
            token = QueryToken(kind: .decimal(value, text: text), offset: start)
        }
        token.hasSign = hasSign
        return token
    }

    package static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[pair]), let low = hexValue(digits[pair + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
