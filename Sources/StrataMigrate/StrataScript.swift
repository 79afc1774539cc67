import SQLiteKit
import StrataCore
import StrataQuery

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
    /// An operation with the line of the file it starts on, and where on that line its parts are.
    struct Entry: Equatable, Sendable {
        var operation: StrataOperation
        var line: Int
        /// The column the operation starts at (1-based, in characters, like every column here).
        var column = 1
        /// The names the line spells, each with its column: where an error about one of them points.
        var places: [StrataLineParser.Place] = []
        /// The column an `update`'s `where` predicate starts at.
        var predicateColumn: Int?
    }

    var up: [Entry]
    /// The `down { … }` block, when the file has one.
    var down: [Entry]?
    /// The line `down {` is on, when the file has one.
    var downLine: Int? = nil

    /// What undoes `up`: the `down` block, else the inverse of each operation, newest first (each on the
    /// line of the operation it undoes); nil when an operation loses data (delete, update, sql) and there
    /// is no `down` block, or an empty one (as `migrate new --down` writes it).
    var wayDown: [Entry]? {
        if let down, !down.isEmpty { return down }
        var inverse: [Entry] = []
        for entry in up.reversed() {
            guard let undo = entry.operation.inverse else { return nil }
            inverse.append(Entry(operation: undo, line: entry.line, column: entry.column, places: entry.places))
        }
        return inverse
    }
}

// MARK: - Parsing

extension StrataScript {
    /// Reads a `.strata` file's text into its operations, each with its line and columns.
    /// - Throws: `StrataError` "FILE:LINE:COLUMN: message" for the first line that does not parse.
    static func parse(_ text: String, file: String) throws -> StrataScript {
        var up: [Entry] = [], down: [Entry]?, downLine: Int?
        // By byte: a CRLF file's "\r\n" is one Character, which is not "\n".
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var index = 0
        var inDown = false
        func fail(_ message: String, _ line: Int, _ column: Int) -> StrataError {
            StrataError("\(file):\(line):\(column): \(message)", code: .invalidMigration, site: ErrorSite(file: file, line: line))
        }
        while index < lines.count {
            let number = index + 1
            let stripped = Self.stripComment(lines[index])
            let line = stripped.trimmingSpaces
            // Columns of the trimmed line + indent are columns of the file's line.
            let indent = stripped.prefix { $0.isWhitespace }.count
            index += 1
            if line.isEmpty { continue }
            if line == "}" && inDown { inDown = false; continue }
            if line.hasPrefix("down") && String(line.dropFirst(4)).trimmingSpaces == "{" {
                guard !inDown, down == nil else { throw fail("one down { … } block, not nested", number, indent + 1) }
                inDown = true
                down = []
                downLine = number
                continue
            }
            var entry = Entry(operation: .sql(text: ""), line: number, column: indent + 1)
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
                    guard closed else { throw fail("sql { has no closing } on a line of its own", number, indent + 1) }
                }
                entry.operation = .sql(text: body.trimmingSpaces)
            } else {
                do {
                    var parser = try StrataLineParser(line)
                    entry.operation = try parser.operation()
                    entry.places = parser.places.map { StrataLineParser.Place(name: $0.name, column: $0.column + indent) }
                    entry.predicateColumn = parser.predicateColumn.map { $0 + indent }
                } catch {
                    throw fail(error.message, number, error.column + indent)
                }
            }
            if inDown { down?.append(entry) } else {
                guard down == nil else { throw fail("operations after the down block", number, indent + 1) }
                up.append(entry)
            }
        }
        if inDown {
            throw StrataError("\(file): the down { block has no closing }", code: .invalidMigration, site: ErrorSite(file: file, line: downLine))
        }
        return StrataScript(up: up, down: down, downLine: downLine)
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

// MARK: - Errors at their place

extension StrataScript.Entry {
    /// `error`, raised translating or running this entry's operation, as "FILE:LINE:COLUMN" and a reason:
    /// the column of the name it is about, of the spot in a `where` predicate, else of the operation.
    func located(_ error: any Error, file: String) -> StrataScript.Failure {
        var column = self.column
        var reason = Migrator.reason(error)
        switch error {
        case let error as StrataOperation.NameError:
            // Past the operation's keywords ("add unique index"); a property past its class's name.
            var names = places.dropFirst(operation.keywordCount)
            if error.isProperty, let owner = names.firstIndex(where: { $0.name == operation.className }) {
                names = names[(owner + 1)...]
            }
            let matching = names.filter { $0.name == error.name }
            column = (error.isTarget ? matching.last : matching.first)?.column ?? column
        case let error as QueryError:
            reason = error.message
            // The compiler read "Class where PREDICATE": the columns past that prefix are the predicate's.
            if case .update(let owner, _, _) = operation, let predicateColumn, error.line == 1 {
                let prefix = StrataOperation.predicatePrefix(owner).count
                if error.column - 1 >= prefix { column = predicateColumn + error.column - 1 - prefix }
            }
        default:
            break
        }
        return StrataScript.Failure(place: "\(file):\(line):\(column)", line: line, reason: reason, cause: error)
    }
}

extension StrataScript {
    /// An operation that could not be translated or run, at its place in its file.
    struct Failure: Error, CustomStringConvertible {
        /// `FILE:LINE:COLUMN`.
        var place: String
        /// The line of the operation.
        var line: Int
        var reason: String
        /// The error as the translation or SQLite raised it.
        var cause: any Error

        var description: String { "\(place): \(reason)" }
    }
}
