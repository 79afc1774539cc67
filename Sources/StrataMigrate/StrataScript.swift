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
struct StrataScript: Equatable, Sendable {
    /// An operation with the line of the file it starts on.
    struct Entry: Equatable, Sendable {
        var operation: StrataOperation
        var line: Int
    }

    var up: [Entry]
    /// The `down { … }` block, when the file has one.
    var down: [Entry]?

    /// What undoes `up`: the `down` block, else the inverse of each operation, newest first (each on the
    /// line of the operation it undoes); nil when an operation loses data (delete, update, sql) and there
    /// is no `down` block.
    var wayDown: [Entry]? {
        if let down { return down }
        var inverse: [Entry] = []
        for entry in up.reversed() {
            guard let undo = entry.operation.inverse else { return nil }
            inverse.append(Entry(operation: undo, line: entry.line))
        }
        return inverse
    }
}

// MARK: - Parsing

extension StrataScript {
    /// Reads a `.strata` file's text into its operations, each with its line.
    /// - Throws: `StrataError` "FILE:LINE: message" for the first line that does not parse.
    static func parse(_ text: String, file: String) throws -> StrataScript {
        var up: [Entry] = [], down: [Entry]?
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
                operation = .sql(text: body.trimmingSpaces)
            } else {
                do {
                    var parser = try StrataLineParser(line)
                    operation = try parser.operation()
                } catch let error as StrataError {
                    throw fail(error.message, number)
                }
            }
            if inDown { down?.append(Entry(operation: operation, line: number)) } else {
                guard down == nil else { throw fail("operations after the down block", number) }
                up.append(Entry(operation: operation, line: number))
            }
        }
        if inDown { throw StrataError("\(file): the down { block has no closing }") }
        return StrataScript(up: up, down: down)
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

