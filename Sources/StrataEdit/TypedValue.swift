import StrataCore

/// A value as a user typed it after `name =`: the exact text, and whether it was one quoted string.
public struct TypedValue: Sendable, Equatable {
    /// The text between the quotes, escapes undone, when `quoted`; else the text as typed.
    public var text: String
    public var quoted: Bool

    public init(_ text: String, quoted: Bool = false) {
        self.text = text
        self.quoted = quoted
    }

    /// Reads `"Buy milk"`, `'O''Brien'` or a bare word: a text that is one whole quoted string becomes its
    /// contents (`\"` and `\\` in double quotes, a doubled quote in either); anything else stays as typed.
    public static func reading(_ raw: String) -> TypedValue {
        let text = raw.trimmingSpaces
        guard let quote = text.first, quote == "\"" || quote == "'", text.count >= 2, text.last == quote else {
            return TypedValue(text)
        }
        var contents = ""
        var characters = Array(text.dropFirst())
        characters.removeLast()
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == quote {
                // Inside, a quote must be doubled; a lone one means this was not a single string.
                guard index + 1 < characters.count, characters[index + 1] == quote else { return TypedValue(text) }
                contents.append(quote)
                index += 2
            } else if character == "\\" && quote == "\"" && index + 1 < characters.count {
                let next = characters[index + 1]
                switch next {
                case "n": contents.append("\n")
                case "t": contents.append("\t")
                case "r": contents.append("\r")
                default: contents.append(next)
                }
                index += 2
            } else {
                contents.append(character)
                index += 1
            }
        }
        return TypedValue(contents, quoted: true)
    }

    /// Bare `nil` or `null`, in any case.
    var isNil: Bool { !quoted && (text.lowercased() == "nil" || text.lowercased() == "null") }
}

/// `name = value` as typed: a property's name and its value, before either is checked against the class.
public struct TypedAssignment: Sendable, Equatable {
    public var property: String
    public var value: TypedValue

    public init(_ property: String, _ value: TypedValue) {
        self.property = property
        self.value = value
    }
}
