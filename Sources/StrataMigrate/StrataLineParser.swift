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
/// `sql { … }` and `down { … }` blocks span lines: `StrataScript.parse` reads them.
struct StrataLineParser {
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
    }

    var tokens: [Token] = []
    var position = 0
    /// What follows `where` on an `update` line: a predicate of the query language, kept as typed.
    let predicate: String?

    init(_ line: String) throws {
        let split = Self.splitWhere(line)
        predicate = split.predicate
        var characters = Array(split.text)[...]
        while let character = characters.first {
            if character.isWhitespace {
                characters.removeFirst()
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
                guard closed else { throw StrataError("a string has no closing \(character)") }
                tokens.append(.string(string))
            } else if character == "-" && characters.dropFirst().first == ">" {
                characters.removeFirst(2)
                tokens.append(.symbol("->"))
            } else if "(),.=?".contains(character) {
                tokens.append(.symbol(String(characters.removeFirst())))
            } else {
                throw StrataError("unexpected '\(character)'")
            }
        }
    }

    // MARK: - Operations

    /// The operation the whole line spells.
    /// - Throws: `StrataError` with the message alone; `StrataScript.parse` adds the file and the line.
    mutating func operation() throws -> StrataOperation {
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
                let declaration = try declaration(named: name)
                try end()
                guard declaration.optional || declaration.defaultValue != nil else {
                    throw StrataError("a required property needs a default for the objects there are: add property \(owner).\(name) \(declaration.type) = …")
                }
                guard !declaration.primaryKey else { throw StrataError("a primary key cannot be added to a class that exists") }
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
                guard accept("?") else { throw StrataError("a link added to objects that exist must be optional: -> \(target)?") }
                try end()
                return .addLink(className: path.className, name: path.name, target: target)
            case "list":
                let path = try path()
                try expect("->")
                let target = try word()
                try end()
                return .addList(className: path.className, name: path.name, target: target)
            case let other:
                throw StrataError("add what? class, property, index, unique index, link or list, not '\(other)'")
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
                throw StrataError("delete what? class, property or index, not '\(other)'")
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
                throw StrataError("rename what? class or property, not '\(other)'")
            }
        case "change":
            try expectWord("property")
            let path = try path()
            try expectWord("to")
            let declaration = try declaration(named: path.name)
            try end()
            guard !declaration.primaryKey else { throw StrataError("change property cannot make a primary key") }
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
            if let predicate, predicate.isEmpty { throw StrataError("where needs a predicate") }
            return .update(className: owner, assignments: assignments, predicate: predicate)
        default:
            throw StrataError("unknown operation '\(verb)' (add, delete, rename, update, sql { … }, down { … })")
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
                return WhereSplit(text: String(characters[..<index]), predicate: String(characters[(index + 5)...]).trimmingSpaces)
            }
            index += 1
        }
        return WhereSplit(text: line)
    }

    mutating func declaration(named name: String? = nil) throws -> PropertyDeclaration {
        let propertyName: String
        if let name { propertyName = name } else { propertyName = try word() }
        let typeName = try word()
        guard let type = PropertyType(rawValue: typeName), !type.isRelationship, type != .any else {
            throw StrataError("unknown type '\(typeName)' (bool, int, float, double, decimal, string, date, data, uuid)")
        }
        var declaration = PropertyDeclaration(name: propertyName, type: type, optional: accept("?"))
        if case .word("primary") = peek {
            position += 1
            try expectWord("key")
            declaration.primaryKey = true
        }
        if accept("=") { declaration.defaultValue = try literal() }
        return declaration
    }

    mutating func indexTarget() throws -> IndexTarget {
        let owner = try word()
        try expect("(")
        var properties = [try word()]
        while accept(",") { properties.append(try word()) }
        try expect(")")
        try end()
        return IndexTarget(className: owner, properties: properties)
    }

    mutating func path() throws -> PropertyPath {
        let owner = try word()
        try expect(".")
        return PropertyPath(className: owner, name: try word())
    }

    /// A value as an SQL literal: numbers, 'strings', true, false, nil.
    mutating func literal() throws -> String {
        guard position < tokens.count else { throw StrataError("a value is missing") }
        let token = tokens[position]
        position += 1
        switch token {
        case .number(let text): return text
        case .string(let text): return quoteLiteral(text)
        case .word("true"): return "1"
        case .word("false"): return "0"
        case .word("nil"), .word("null"): return "NULL"
        default: throw StrataError("expected a value (a number, a string, true, false or nil)")
        }
    }

    var peek: Token? { position < tokens.count ? tokens[position] : nil }

    mutating func word() throws -> String {
        guard case .word(let word) = peek else { throw StrataError(peek == nil ? "the line ends too soon" : "expected a name") }
        position += 1
        return word
    }

    mutating func expectWord(_ expected: String) throws {
        guard try word() == expected else { throw StrataError("expected '\(expected)'") }
    }

    mutating func accept(_ symbol: String) -> Bool {
        guard peek == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    mutating func expect(_ symbol: String) throws {
        guard accept(symbol) else { throw StrataError("expected '\(symbol)'") }
    }

    func end() throws {
        guard position == tokens.count else { throw StrataError("unexpected text at the end of the line") }
    }
}
