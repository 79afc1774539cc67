import SQLiteKit
import StrataCore

/// The tokens of one line of a `.strata` file and a recursive-descent reading of them.
///
///     operation   → "add" "class" Name "(" declaration ("," declaration)* ")"
///                 | "add" "property" path declaration'      (optional, or with a default)
///                 | "add" ["unique"] "index" index | "delete" "index" index
///                 | "add" "link" path "->" Name "?" | "add" "list" path "->" Name
///                 | "delete" "class" Name | "delete" "property" path
///                 | "rename" "class" Name "to" Name | "rename" "property" path "to" name
///                 | "change" "property" path "to" declaration'
///                 | "update" Name "set" name "=" literal ("," name "=" literal)* ["where" predicate]
///     declaration → name declaration'
///     declaration'→ type ["?"] ["primary" "key"] ["=" literal]
///     path        → Name "." name
///     index       → Name "(" name ("," name)* ")"
///     literal     → number | string | "true" | "false" | "nil" | "null"
///
/// A default must fit its property's type (an integer for `int`, `true` or `false` for `bool`, a date in
/// ISO 8601 for `date`, …), and only an optional property defaults to nil. Every error carries the column
/// (1-based, in characters of the text given) of the token it is about.
///
/// `sql { … }` and `down { … }` blocks span lines: `StrataScript.parse` reads them.
struct StrataLineParser {
    /// A line that does not parse, with the column of the token at fault.
    struct SyntaxError: Error, Equatable {
        var message: String
        var column: Int
    }

    enum Token: Equatable {
        case word(String), number(String), string(String), symbol(String)
    }

    /// `Class.name`.
    struct PropertyPath {
        var className: String
        var name: String
    }

    /// `Class(a, b)`.
    struct IndexTarget {
        var className: String
        var properties: [String]
    }

    /// An `update` line cut at its first `where` outside quotes (other lines are all `text`).
    struct WhereSplit {
        var text: String
        var predicate: String?
        /// The column the predicate starts at.
        var predicateColumn: Int?
    }

    /// A name of the line and its column: where an error about that name points.
    struct Place: Equatable, Sendable {
        var name: String
        var column: Int
    }

    var tokens: [Token] = []
    /// The column each token starts at.
    var columns: [Int] = []
    /// The column just past the last character: where "the line ends too soon" points.
    let endColumn: Int
    var position = 0
    /// What follows `where` on an `update` line: a predicate of the query language, kept as typed.
    let predicate: String?
    let predicateColumn: Int?

    /// The names (words) of the line, each with its column.
    var places: [Place] {
        zip(tokens, columns).compactMap { token, column in if case .word(let name) = token { Place(name: name, column: column) } else { nil } }
    }

    init(_ line: String) throws(SyntaxError) {
        let split = Self.splitWhere(line)
        (predicate, predicateColumn) = (split.predicate, split.predicateColumn)
        var characters = Array(split.text)[...]
        endColumn = characters.count + 1
        func column() -> Int { characters.startIndex + 1 }
        while let character = characters.first {
            let start = column()
            if character.isWhitespace {
                characters.removeFirst()
                continue
            } else if character.isLetter || character == "_" {
                var word = ""
                while let next = characters.first, next.isLetter || next.isNumber || next == "_" { word.append(characters.removeFirst()) }
                tokens.append(.word(word))
            } else if character.isNumber || (character == "-" && characters.dropFirst().first?.isNumber == true) {
                var number = String(characters.removeFirst())
                while let next = characters.first, next.isNumber || next == "." { number.append(characters.removeFirst()) }
                tokens.append(.number(number))
            } else if character == "\"" || character == "'" {
                characters.removeFirst()
                var string = ""
                var closed = false
                while let next = characters.popFirst() {
                    if next == character {
                        if characters.first == character { string.append(characters.removeFirst()); continue }
                        closed = true
                        break
                    }
                    string.append(next)
                }
                guard closed else { throw SyntaxError(message: "a string has no closing \(character)", column: start) }
                tokens.append(.string(string))
            } else if character == "-" && characters.dropFirst().first == ">" {
                characters.removeFirst(2)
                tokens.append(.symbol("->"))
            } else if "(),.=?<>".contains(character) {
                tokens.append(.symbol(String(characters.removeFirst())))
            } else {
                throw SyntaxError(message: "unexpected '\(character)'", column: start)
            }
            columns.append(start)
        }
    }

    /// An error about token `index` (the next one unless said), or about the end of the line past the last.
    func fail(_ message: String, at index: Int? = nil) -> SyntaxError {
        let index = index ?? position
        return SyntaxError(message: message, column: index < columns.count ? columns[index] : endColumn)
    }

    // MARK: - Operations

    /// The operation the whole line spells.
    /// - Throws: `SyntaxError`, its message and column; `StrataScript.parse` adds the file and the line.
    mutating func operation() throws(SyntaxError) -> StrataOperation {
        let verb = try word()
        switch verb {
        case "add":
            switch try word() {
            case "class":
                let name = try word()
                try expect("(")
                var properties = [try declaration()]
                while accept(",") { properties.append(try declaration()) }
                try expect(")")
                try end()
                return .addClass(name: name, properties: properties)
            case "property":
                let path = try path()
                let (owner, name) = (path.className, path.name)
                // `list<string>`, `set<int?>`, `dictionary<any>`, `set<Dog>`: a collection, a table of its own.
                if case .word(let word)? = peek, let kind = ValueCollection.Kind(rawValue: word),
                   position + 1 < tokens.count, tokens[position + 1] == .symbol("<")
                {
                    position += 2
                    let at = position
                    let element = try self.word()
                    let optional = accept("?")
                    try expect(">")
                    try end()
                    if let type = PropertyType(rawValue: element) {
                        guard type.isValue || type == .any else {
                            throw fail("a \(kind.rawValue) holds values (bool, int, float, double, decimal, string, date, data, uuid, any) "
                                       + "or objects of a class, not '\(element)'", at: at)
                        }
                        return .addCollection(className: owner, name: name, kind: kind, element: .value(type), optionalElements: optional || type == .any)
                    }
                    guard kind != .list else { throw fail("a list of objects is added with add list \(owner).\(name) -> \(element)", at: at) }
                    return .addCollection(className: owner, name: name, kind: kind, element: .objects(element), optionalElements: kind == .dictionary)
                }
                let declaration = try declaration(named: name)
                try end()
                guard declaration.optional || declaration.defaultValue != nil else {
                    throw fail("a required property needs a default for the objects there are: add property \(owner).\(name) \(declaration.type) = …",
                               at: 2)
                }
                guard !declaration.primaryKey else { throw fail("a primary key cannot be added to a class that exists", at: 2) }
                return .addProperty(className: owner, property: declaration)
            case "unique":
                try expectWord("index")
                let target = try indexTarget()
                return .addIndex(className: target.className, properties: target.properties, unique: true)
            case "index":
                let target = try indexTarget()
                return .addIndex(className: target.className, properties: target.properties, unique: false)
            case "link":
                let path = try path()
                try expect("->")
                let target = try word()
                // As in Realm, a link is always optional: deleting its target leaves it nil.
                guard accept("?") else { throw fail("a link is always optional, as in Realm (deleting its target leaves it nil): write -> \(target)?", at: position - 1) }
                try end()
                return .addLink(className: path.className, name: path.name, target: target)
            case "list":
                let path = try path()
                try expect("->")
                let target = try word()
                try end()
                return .addList(className: path.className, name: path.name, target: target)
            case let other:
                throw fail("add what? class, property, index, unique index, link or list, not '\(other)'", at: 1)
            }
        case "delete":
            switch try word() {
            case "class":
                let name = try word()
                try end()
                return .deleteClass(name: name)
            case "property":
                let path = try path()
                try end()
                return .deleteProperty(className: path.className, name: path.name)
            case "index":
                let target = try indexTarget()
                return .deleteIndex(className: target.className, properties: target.properties)
            case let other:
                throw fail("delete what? class, property or index, not '\(other)'", at: 1)
            }
        case "rename":
            switch try word() {
            case "class":
                let from = try word()
                try expectWord("to")
                let to = try word()
                try end()
                return .renameClass(from: from, to: to)
            case "property":
                let path = try path()
                try expectWord("to")
                let to = try word()
                try end()
                return .renameProperty(className: path.className, from: path.name, to: to)
            case let other:
                throw fail("rename what? class or property, not '\(other)'", at: 1)
            }
        case "change":
            try expectWord("property")
            let path = try path()
            try expectWord("to")
            let declaration = try declaration(named: path.name)
            try end()
            guard !declaration.primaryKey else { throw fail("change property cannot make a primary key", at: 2) }
            return .changeProperty(className: path.className, property: declaration)
        case "update":
            let owner = try word()
            try expectWord("set")
            var assignments: [UpdateAssignment] = []
            repeat {
                let name = try word()
                try expect("=")
                assignments.append(UpdateAssignment(property: name, value: try literal()))
            } while accept(",")
            try end()
            if let predicate, predicate.isEmpty { throw SyntaxError(message: "where needs a predicate", column: (predicateColumn ?? endColumn) - 5) }
            return .update(className: owner, assignments: assignments, predicate: predicate)
        default:
            throw fail("unknown operation '\(verb)' (add, delete, rename, update, sql { … }, down { … })", at: 0)
        }
    }

    // MARK: - Pieces

    static func splitWhere(_ line: String) -> WhereSplit {
        guard line.hasPrefix("update ") else { return WhereSplit(text: line) }
        let characters = Array(line)
        var quote: Character?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "w", index > 0, characters[index - 1].isWhitespace,
                      String(characters[index..<min(index + 5, characters.count)]) == "where",
                      index + 5 == characters.count || characters[index + 5].isWhitespace
            {
                let rest = characters[(index + 5)...]
                let leading = rest.prefix { $0.isWhitespace }.count
                return WhereSplit(text: String(characters[..<index]), predicate: String(rest).trimmingSpaces,
                                  predicateColumn: index + 5 + leading + 1)
            }
            index += 1
        }
        return WhereSplit(text: line)
    }

    mutating func declaration(named name: String? = nil) throws(SyntaxError) -> PropertyDeclaration {
        let propertyName: String
        if let name { propertyName = name } else { propertyName = try word() }
        let typeName = try word()
        guard let type = PropertyType(rawValue: typeName), type.isValue else {
            throw fail("unknown type '\(typeName)' (bool, int, float, double, decimal, string, date, data, uuid)", at: position - 1)
        }
        var declaration = PropertyDeclaration(name: propertyName, type: type, optional: accept("?"))
        if case .word("primary") = peek {
            position += 1
            try expectWord("key")
            declaration.primaryKey = true
        }
        if accept("=") {
            let at = position
            declaration.defaultValue = try literal()
            if let problem = Self.defaultProblem(tokens[at], for: declaration) { throw fail(problem, at: at) }
        }
        return declaration
    }

    /// Why `token`, a literal, cannot be the default of `declaration`, if it cannot.
    static func defaultProblem(_ token: Token, for declaration: PropertyDeclaration) -> String? {
        let type = declaration.type
        let expected: String
        switch (type, token) {
        case (_, .word("nil")), (_, .word("null")):
            return declaration.optional ? nil : "\(declaration.name) is required and cannot default to nil (make it \(type)? or give a value)"
        case (.bool, .word("true")), (.bool, .word("false")), (.bool, .number("0")), (.bool, .number("1")):
            return nil
        case (.bool, _):
            expected = "true or false"
        case (.int, .number(let text)) where Int64(text) != nil:
            return nil
        case (.int, _):
            expected = "an integer"
        case (.float, .number(let text)), (.double, .number(let text)), (.decimal, .number(let text)):
            if Double(text) != nil { return nil }
            expected = "a number"
        case (.float, _), (.double, _), (.decimal, _):
            expected = "a number"
        case (.string, .string), (.data, .string):
            return nil
        case (.string, _), (.data, _):
            expected = "a string in quotes"
        case (.date, .string(let text)) where ISODate.parse(text) != nil:
            return nil
        case (.date, _):
            expected = "a date in ISO 8601, in quotes (\"2026-01-31T12:00:00Z\")"
        case (.uuid, .string(let text)) where Self.isUUID(text):
            return nil
        case (.uuid, _):
            expected = "a UUID in quotes (\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\")"
        default:
            expected = "a value of type \(type)"
        }
        return "the default of \(declaration.name) (\(type)) must be \(expected), not \(token.shown)"
    }

    /// `8-4-4-4-12` hex digits, in either case.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            [8, 13, 18, 23].contains(index) ? byte == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
    }

    mutating func indexTarget() throws(SyntaxError) -> IndexTarget {
        let owner = try word()
        try expect("(")
        var properties = [try word()]
        while accept(",") { properties.append(try word()) }
        try expect(")")
        try end()
        return IndexTarget(className: owner, properties: properties)
    }

    mutating func path() throws(SyntaxError) -> PropertyPath {
        let owner = try word()
        try expect(".")
        return PropertyPath(className: owner, name: try word())
    }

    /// A value as an SQL literal: numbers, 'strings', true, false, nil.
    mutating func literal() throws(SyntaxError) -> String {
        guard position < tokens.count else { throw fail("a value is missing") }
        let token = tokens[position]
        position += 1
        switch token {
        case .number(let text): return text
        case .string(let text): return quoteLiteral(text)
        case .word("true"): return "1"
        case .word("false"): return "0"
        case .word("nil"), .word("null"): return "NULL"
        default: throw fail("expected a value (a number, a string, true, false or nil)", at: position - 1)
        }
    }

    var peek: Token? { position < tokens.count ? tokens[position] : nil }

    mutating func word() throws(SyntaxError) -> String {
        guard case .word(let word) = peek else { throw fail(peek == nil ? "the line ends too soon" : "expected a name") }
        position += 1
        return word
    }

    mutating func expectWord(_ expected: String) throws(SyntaxError) {
        guard try word() == expected else { throw fail("expected '\(expected)'", at: position - 1) }
    }

    mutating func accept(_ symbol: String) -> Bool {
        guard peek == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    mutating func expect(_ symbol: String) throws(SyntaxError) {
        guard accept(symbol) else { throw fail("expected '\(symbol)'") }
    }

    func end() throws(SyntaxError) {
        guard position == tokens.count else { throw fail("unexpected text at the end of the line") }
    }
}

extension StrataLineParser.Token {
    /// The token as an error message quotes it.
    var shown: String {
        switch self {
        case .word(let text), .number(let text), .symbol(let text): "'\(text)'"
        case .string(let text): "the string '\(text)'"
        }
    }
}
