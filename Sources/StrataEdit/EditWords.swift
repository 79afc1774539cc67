import StrataCore

/// The words of an edit command as typed in the REPL: `Task 42 name = "Buy milk" list = TaskList 3`.
///
/// A word is a quoted string ('…' or "…", a doubled quote inside), a parenthesised group such as a
/// composite key `(1, "a")`, `=`, or a bare run of other characters, which may hold quoted parts (`x'0a1b'`,
/// `B64"…"`). Each word keeps where it was in the line, so that a value of several words is the line's own
/// text between them.
package struct EditWords {
    package struct Word: Equatable {
        package var text: String
        var range: Range<String.Index>
        package var isEquals: Bool { text == "=" }
    }

    let line: String
    package private(set) var words: [Word] = []

    package init(_ line: String) throws {
        self.line = line
        var index = line.startIndex
        func skipQuoted(_ quote: Character) throws {
            index = line.index(after: index)
            while index < line.endIndex {
                let character = line[index]
                if character == "\\" && quote == "\"" {
                    index = line.index(after: index)
                    if index < line.endIndex { index = line.index(after: index) }
                    continue
                }
                index = line.index(after: index)
                if character == quote {
                    // A doubled quote is one quote inside the string.
                    if index < line.endIndex && line[index] == quote { index = line.index(after: index); continue }
                    return
                }
            }
            throw StrataError("a string is not closed: add \(quote) at its end")
        }
        while index < line.endIndex {
            let character = line[index]
            let start = index
            if character == " " || character == "\t" {
                index = line.index(after: index)
                continue
            } else if character == "=" {
                index = line.index(after: index)
            } else if character == "\"" || character == "'" {
                try skipQuoted(character)
            } else if character == "(" {
                var depth = 0
                while index < line.endIndex {
                    let inner = line[index]
                    if inner == "\"" || inner == "'" { try skipQuoted(inner); continue }
                    if inner == "(" { depth += 1 }
                    if inner == ")" { depth -= 1 }
                    index = line.index(after: index)
                    if depth == 0 { break }
                }
                if depth != 0 { throw StrataError("a ( is not closed: add ) at its end") }
            } else {
                while index < line.endIndex, line[index] != " ", line[index] != "\t", line[index] != "=" {
                    if line[index] == "\"" || line[index] == "'" { try skipQuoted(line[index]) } else { index = line.index(after: index) }
                }
            }
            words.append(Word(text: String(line[start..<index]), range: start..<index))
        }
    }

    package mutating func removeWords(where drop: (Word) -> Bool) {
        words.removeAll(where: drop)
    }

    /// The line's text from word `first` through word `last`.
    package func text(_ first: Int, through last: Int) -> String {
        String(line[words[first].range.lowerBound..<words[last].range.upperBound])
    }

    /// Reads `name = value name = value …` from word `start`: a value runs up to the word before the next
    /// `name =`, so `list = TaskList 3` and `name = Buy milk` work unquoted.
    package func assignments(from start: Int) throws -> [TypedAssignment] {
        var result: [TypedAssignment] = []
        var index = start
        while index < words.count {
            guard index + 1 < words.count, words[index + 1].isEquals, !words[index].isEquals else {
                throw StrataError("expected property = value, not '\(words[index].text)'")
            }
            let name = words[index].text
            let valueStart = index + 2
            var end = valueStart
            while end < words.count && !(end + 1 < words.count && words[end + 1].isEquals) { end += 1 }
            guard end > valueStart else { throw StrataError("\(name) = needs a value (nil for none)") }
            result.append(TypedAssignment(name, TypedValue.reading(text(valueStart, through: end - 1))))
            index = end
        }
        return result
    }

    /// `name=value` command-line arguments, one assignment each (the shell has already taken its quotes).
    package static func assignments(_ arguments: [String]) throws -> [TypedAssignment] {
        try arguments.map { argument in
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw StrataError.usage("expected PROPERTY=VALUE, not '\(argument)'")
            }
            return TypedAssignment(String(argument[..<equals]).trimmingSpaces, TypedValue.reading(String(argument[argument.index(after: equals)...])))
        }
    }
}
