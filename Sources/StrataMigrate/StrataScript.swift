import SQLiteKit
import StrataCore

/// A `.strata` migration: Realm's vocabulary, one operation a line, `#` comments, `sql { … }` for raw SQL
/// and an optional `down { … }` block of operations that undo the file.
///
///     add class Tag (name string primary key, color string?)
///     add property Task.priority int = 0
///     rename property Task.notes to details
///     add unique index Task(name)
///     add link Task.project -> Project?
///     add list Project.tasks -> Task
///     change property Task.priority to double = 0
///     update Task set priority = 1 where isCompleted == false
struct StrataScript: Equatable {
    var up: [StrataOperation]
    /// The line each operation of `up` starts on.
    var lines: [Int] = []
    /// The `down { … }` block, when the file has one.
    var down: [StrataOperation]?

    /// What undoes `up`: the `down` block, else the inverse of each operation, newest first; nil when an
    /// operation loses data (delete, update, sql) and there is no `down` block.
    var wayDown: [StrataOperation]? {
        if let down { return down }
        var inverse: [StrataOperation] = []
        for operation in up.reversed() {
            guard let undo = operation.inverse else { return nil }
            inverse.append(undo)
        }
        return inverse
    }
}

/// A property as `add class` and `add property` declare it: `name type[?] [primary key] [= value]`.
struct PropertyDeclaration: Equatable {
    var name: String
    var type: PropertyType
    var optional: Bool
    var primaryKey = false
    /// An SQL literal.
    var defaultValue: String?
}

enum StrataOperation: Equatable {
    case addClass(String, [PropertyDeclaration])
    case deleteClass(String)
    case renameClass(String, to: String)
    case addProperty(String, PropertyDeclaration)
    case deleteProperty(String, String)
    case renameProperty(String, String, to: String)
    case addIndex(String, [String], unique: Bool)
    case deleteIndex(String, [String])
    case addLink(String, String, target: String)
    case addList(String, String, target: String)
    /// Class, assignments (property, SQL literal), predicate in the query language.
    case update(String, [(String, String)], predicate: String?)
    case sql(String)
    /// A property's new type, optionality or default: values converted, the table rebuilt.
    case changeProperty(String, PropertyDeclaration)

    /// Every associated value counts (`description` is the short form, for messages).
    static func == (a: StrataOperation, b: StrataOperation) -> Bool { String(reflecting: a) == String(reflecting: b) }

    /// The operation that undoes this one without losing anything; nil for those that lose data.
    var inverse: StrataOperation? {
        switch self {
        case .addClass(let name, _): return .deleteClass(name)
        case .renameClass(let from, let to): return .renameClass(to, to: from)
        case .addProperty(let owner, let property): return .deleteProperty(owner, property.name)
        case .renameProperty(let owner, let from, let to): return .renameProperty(owner, to, to: from)
        case .addIndex(let owner, let properties, _): return .deleteIndex(owner, properties)
        case .addLink(let owner, let name, _): return .deleteProperty(owner, name)
        case .addList(let owner, let name, _): return .sql("DROP TABLE \(quoteIdentifier(ListTable.name(owner: owner, property: name)))")
        case .deleteClass, .deleteProperty, .deleteIndex, .update, .sql, .changeProperty: return nil
        }
    }

    var description: String {
        switch self {
        case .addClass(let name, let properties): return "add class \(name) \(properties.map(\.name))"
        case .deleteClass(let name): return "delete class \(name)"
        case .renameClass(let from, let to): return "rename class \(from) to \(to)"
        case .addProperty(let owner, let property): return "add property \(owner).\(property.name)"
        case .deleteProperty(let owner, let name): return "delete property \(owner).\(name)"
        case .renameProperty(let owner, let from, let to): return "rename property \(owner).\(from) to \(to)"
        case .addIndex(let owner, let properties, let unique): return "add \(unique ? "unique " : "")index \(owner)\(properties)"
        case .deleteIndex(let owner, let properties): return "delete index \(owner)\(properties)"
        case .addLink(let owner, let name, let target): return "add link \(owner).\(name) -> \(target)"
        case .addList(let owner, let name, let target): return "add list \(owner).\(name) -> \(target)"
        case .update(let owner, let assignments, let predicate):
            return "update \(owner) set " + assignments.map { "\($0.0) = \($0.1)" }.joined(separator: ", ") + (predicate.map { " where " + $0 } ?? "")
        case .sql(let text): return "sql \(text)"
        case .changeProperty(let owner, let property): return "change property \(owner).\(property.name)"
        }
    }
}

// MARK: - Parsing

extension StrataScript {
    /// - Throws: `StrataError` "FILE:LINE: message".
    static func parse(_ text: String, file: String) throws -> StrataScript {
        var up: [StrataOperation] = [], down: [StrataOperation]?, upLines: [Int] = []
        // By byte: a CRLF file's "\r\n" is one Character, which is not "\n".
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var index = 0
        var inDown = false
        func fail(_ message: String, _ line: Int) -> StrataError { StrataError("\(file):\(line): \(message)") }
        while index < lines.count {
            let number = index + 1
            let line = Self.stripComment(lines[index]).trimmingSpaces
            index += 1
            if line.isEmpty { continue }
            if line == "}" && inDown { inDown = false; continue }
            if line.hasPrefix("down") && String(line.dropFirst(4)).trimmingSpaces == "{" {
                guard !inDown, down == nil else { throw fail("one down { … } block, not nested", number) }
                inDown = true
                down = []
                continue
            }
            var operation: StrataOperation
            if line.hasPrefix("sql") && String(line.dropFirst(3)).trimmingSpaces.hasPrefix("{") {
                // sql { … } on one line, or up to a line that is only }.
                var body = String(String(line.dropFirst(3)).trimmingSpaces.dropFirst())
                if body.trimmingSpaces.hasSuffix("}") {
                    body = String(body.trimmingSpaces.dropLast())
                } else {
                    var closed = false
                    while index < lines.count {
                        let raw = lines[index]
                        index += 1
                        if raw.trimmingSpaces == "}" { closed = true; break }
                        body += "\n" + raw
                    }
                    guard closed else { throw fail("sql { has no closing } on a line of its own", number) }
                }
                operation = .sql(body.trimmingSpaces)
            } else {
                do {
                    var parser = try StrataLineParser(line)
                    operation = try parser.operation()
                } catch let error as StrataError {
                    throw fail(error.message, number)
                }
            }
            if inDown { down?.append(operation) } else {
                guard down == nil else { throw fail("operations after the down block", number) }
                up.append(operation)
                upLines.append(number)
            }
        }
        if inDown { throw StrataError("\(file): the down { block has no closing }") }
        return StrataScript(up: up, lines: upLines, down: down)
    }

    /// A line without its `#` comment (a # inside quotes stays).
    static func stripComment(_ line: String) -> String {
        var quote: Character?
        var result = ""
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                break
            }
            result.append(character)
        }
        return result
    }
}

/// The tokens of one line and a recursive-descent reading of them.
struct StrataLineParser {
    enum Token: Equatable {
        case word(String), number(String), string(String), symbol(String)
    }

    var tokens: [Token] = []
    var position = 0
    /// What follows `where` on an `update` line: a predicate of the query language, kept as typed.
    let predicate: String?

    init(_ line: String) throws {
        let (text, predicate) = Self.splitWhere(line)
        self.predicate = predicate
        var characters = Array(text)[...]
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
                return .addClass(name, properties)
            case "property":
                let (owner, name) = try path()
                var declaration = try declaration(named: name)
                declaration.name = name
                try end()
                guard declaration.optional || declaration.defaultValue != nil else {
                    throw StrataError("a required property needs a default for the objects there are: add property \(owner).\(name) \(declaration.type) = …")
                }
                guard !declaration.primaryKey else { throw StrataError("a primary key cannot be added to a class that exists") }
                return .addProperty(owner, declaration)
            case "unique":
                try expectWord("index")
                let (owner, properties) = try indexTarget()
                return .addIndex(owner, properties, unique: true)
            case "index":
                let (owner, properties) = try indexTarget()
                return .addIndex(owner, properties, unique: false)
            case "link":
                let (owner, name) = try path()
                try expect("->")
                let target = try word()
                guard accept("?") else { throw StrataError("a link added to objects that exist must be optional: -> \(target)?") }
                try end()
                return .addLink(owner, name, target: target)
            case "list":
                let (owner, name) = try path()
                try expect("->")
                let target = try word()
                try end()
                return .addList(owner, name, target: target)
            case let other:
                throw StrataError("add what? class, property, index, unique index, link or list, not '\(other)'")
            }
        case "delete":
            switch try word() {
            case "class":
                let name = try word()
                try end()
                return .deleteClass(name)
            case "property":
                let (owner, name) = try path()
                try end()
                return .deleteProperty(owner, name)
            case "index":
                let (owner, properties) = try indexTarget()
                return .deleteIndex(owner, properties)
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
                return .renameClass(from, to: to)
            case "property":
                let (owner, from) = try path()
                try expectWord("to")
                let to = try word()
                try end()
                return .renameProperty(owner, from, to: to)
            case let other:
                throw StrataError("rename what? class or property, not '\(other)'")
            }
        case "change":
            try expectWord("property")
            let (owner, name) = try path()
            try expectWord("to")
            let declaration = try declaration(named: name)
            try end()
            guard !declaration.primaryKey else { throw StrataError("change property cannot make a primary key") }
            return .changeProperty(owner, declaration)
        case "update":
            let owner = try word()
            try expectWord("set")
            var assignments: [(String, String)] = []
            repeat {
                let name = try word()
                try expect("=")
                assignments.append((name, try literal()))
            } while accept(",")
            try end()
            if let predicate, predicate.isEmpty { throw StrataError("where needs a predicate") }
            return .update(owner, assignments, predicate: predicate)
        default:
            throw StrataError("unknown operation '\(verb)' (add, delete, rename, update, sql { … }, down { … })")
        }
    }

    // MARK: Pieces

    /// An `update` line cut at its first `where` outside quotes; other lines whole.
    static func splitWhere(_ line: String) -> (String, String?) {
        guard line.hasPrefix("update ") else { return (line, nil) }
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
                return (String(characters[..<index]), String(characters[(index + 5)...]).trimmingSpaces)
            }
            index += 1
        }
        return (line, nil)
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

    mutating func indexTarget() throws -> (String, [String]) {
        let owner = try word()
        try expect("(")
        var properties = [try word()]
        while accept(",") { properties.append(try word()) }
        try expect(")")
        try end()
        return (owner, properties)
    }

    mutating func path() throws -> (String, String) {
        let owner = try word()
        try expect(".")
        return (owner, try word())
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
