import SQLiteKit
import StrataCore

/// An object's key as a user types it (ARCHITECTURE.md §2): `42`, `home`, `'a,b'`, or `(4, 'a,b')` for a
/// composite key, wherever keys are typed (`get`, `set`, `delete`, the browser's `open`, `set`, `delete`,
/// list edits and links).
///
/// A composite key's parts are split at the commas outside quotes, so a quoted part keeps its commas and
/// parentheses. A part (or a whole single key) that is one quoted string is its contents: `'O''Brien'`
/// and `"say ""hi"""` double their quote; double quotes also take `\"` and `\\`. Anything else is the
/// text as typed, spaces around it trimmed.
public enum ObjectKeyText {
    /// An object as messages name it: `Task 42`, `Tag 'home'`, `Pair (1, 2)`, each part of the key as `shown` writes it
    /// (its SQL literal, unless the caller cuts long ones short).
    public static func describe(_ className: String, _ key: [SQLiteValue], shown: (SQLiteValue) -> String = \.sqlLiteral) -> String {
        let parts = key.map(shown)
        return className + " " + (parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")")
    }

    /// One part of a key as typed: its text, quotes undone, and whether it was quoted.
    struct Part: Equatable {
        var text: String
        var quoted: Bool
    }

    /// Reads a key for `info`, each part by the type of its key column.
    static func parse(_ text: String, for info: ClassInfo) throws -> [SQLiteValue] {
        guard info.objectKey != .none else {
            throw StrataError("\(info.name) has no key to find one object by" + (info.kind == .view
                ? ": it is a view (browse it, or query it with a predicate)"
                : " (no primary key, and its columns take the names rowid, oid and _rowid_)"))
        }
        // A single key is the text as typed (spaces kept), or the contents of one quoted string.
        var parts = [unquoted(text, trimming: false)]
        if info.objectKey.count > 1 {
            let trimmed = text.trimmingSpaces
            guard trimmed.hasPrefix("("), trimmed.hasSuffix(")"), trimmed.count >= 2 else {
                throw StrataError("\(info.name) has the composite key (\(info.objectKey.names.joined(separator: ", "))): write it as (a, b)")
            }
            parts = try split(String(trimmed.dropFirst().dropLast())).map { unquoted($0) }
            guard parts.count == info.objectKey.count else {
                throw StrataError("\(info.name)'s key has \(info.objectKey.count) parts, not \(parts.count)")
            }
        }
        let isRowID = if case .rowid = info.objectKey { true } else { false }
        return try zip(info.objectKey.names, parts).map { column, part in
            let property = info.property(named: column)
            var type = isRowID ? PropertyType.int : property?.type ?? .any
            // A link part holds its target's key: a whole number in a column of integer affinity (its declared
            // type names INT), else text (a Realm object's string or ObjectId key).
            if type == .object { type = property.map { ColumnAffinity(declaredType: $0.declaredType) } == .integer ? .int : .string }
            switch type {
            case .int:
                guard let number = Int64(part.text) else {
                    throw StrataError("'\(part.text)' is not a key of \(info.name): \(column) is a whole number")
                }
                return .integer(number)
            case .float, .double, .decimal:
                guard let number = Double(part.text) else { throw StrataError("'\(part.text)' is not a key of \(info.name): \(column) is a number") }
                return .real(number)
            case .any:
                return part.quoted ? .text(part.text) : Int64(part.text).map(SQLiteValue.integer) ?? .text(part.text)
            default:
                return .text(part.text)
            }
        }
    }

    /// The parts between a composite key's parentheses, split at the commas outside quotes, as typed.
    ///
    /// - Throws: when a quote is not closed.
    static func split(_ inner: String) throws -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        for character in inner {
            if let open = quote {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else if character == open {
                    // A doubled quote closes and opens again: the same state as staying inside.
                    quote = nil
                }
            } else if character == "," {
                parts.append(current)
                current = ""
            } else {
                if character == "'" || character == "\"" { quote = character }
                current.append(character)
            }
        }
        if let quote { throw StrataError("a quoted part of the key is not closed: add \(quote) at its end") }
        parts.append(current)
        return parts
    }

    /// A part as typed (its spaces trimmed unless `trimming` is false): the contents of one whole quoted
    /// string, else the text itself.
    static func unquoted(_ raw: String, trimming: Bool = true) -> Part {
        let text = trimming ? raw.trimmingSpaces : raw
        guard let quote = text.first, quote == "\"" || quote == "'", text.count >= 2, text.last == quote else {
            return Part(text: text, quoted: false)
        }
        var contents = ""
        let characters = Array(text.dropFirst().dropLast())
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == quote {
                // Inside, a quote must be doubled; a lone one means this was not one quoted string.
                guard index + 1 < characters.count, characters[index + 1] == quote else { return Part(text: text, quoted: false) }
                contents.append(quote)
                index += 2
            } else if character == "\\" && quote == "\"" && index + 1 < characters.count {
                contents.append(characters[index + 1])
                index += 2
            } else {
                contents.append(character)
                index += 1
            }
        }
        return Part(text: contents, quoted: true)
    }
}
