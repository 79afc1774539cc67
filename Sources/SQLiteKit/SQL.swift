/// SQL text together with the values it binds, so that placeholders are never counted by hand.
///
/// Interpolated values become numbered parameters (`?1`, `?2`, …) and identifiers are quoted; fragments
/// joined or interpolated into one another renumber their parameters, so each piece can be built alone:
///
///     let condition: SQL = "\(identifier: "name") = \("O'Brien")"
///     let update: SQL = "UPDATE \(identifier: "Task") SET \(identifier: "done") = \(1) WHERE \(condition)"
///     update.text       // UPDATE "Task" SET "done" = ?1 WHERE "name" = ?2
///     update.arguments  // [.integer(1), .text("O'Brien")]
///
/// Modeled on GRDB's `SQL` and its string interpolation.
public struct SQL: Sendable, Hashable, CustomStringConvertible {
    /// The statement text, with parameters numbered from `?1` in the order of `arguments`.
    public private(set) var text: String
    /// The values of `?1`, `?2`, …
    public private(set) var arguments: [SQLiteValue]

    /// SQL text with no parameters, as written (a keyword, a whole statement from a migration file).
    public init(verbatim text: String) {
        self.text = text
        arguments = []
    }

    /// SQL whose parameters are already numbered `?1` … `?N` for `arguments` (what the query compiler writes).
    public init(numbered text: String, arguments: [SQLiteValue]) {
        self.text = text
        self.arguments = arguments
    }

    public var description: String { text }

    /// Appends `other`, renumbering its parameters to follow this fragment's.
    public mutating func append(_ other: SQL) {
        text += other.text.shiftingParameters(by: arguments.count)
        arguments += other.arguments
    }

    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.append(rhs)
        return result
    }

    public static func += (lhs: inout SQL, rhs: SQL) { lhs.append(rhs) }
}

extension SQL: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self.init(verbatim: value) }

    public init(stringInterpolation: Interpolation) { self = stringInterpolation.sql }

    public struct Interpolation: StringInterpolationProtocol {
        var sql = SQL(verbatim: "")

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.text.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { sql.text += literal }

        /// A value, bound as the next parameter.
        public mutating func appendInterpolation(_ value: SQLiteValue) {
            sql.arguments.append(value)
            sql.text += "?\(sql.arguments.count)"
        }

        /// An integer, bound as the next parameter.
        public mutating func appendInterpolation(_ value: Int64) { appendInterpolation(SQLiteValue.integer(value)) }

        /// A table, column or index name, quoted.
        public mutating func appendInterpolation(identifier name: String) { sql.text += quoteIdentifier(name) }

        /// Another fragment, its parameters renumbered.
        public mutating func appendInterpolation(_ fragment: SQL) { sql.append(fragment) }
    }
}

extension Sequence where Element == SQL {
    /// The fragments one after another with `separator` between them, parameters renumbered.
    public func joined(separator: String) -> SQL {
        var result = SQL(verbatim: "")
        for (index, fragment) in enumerated() {
            if index > 0 { result.append(SQL(verbatim: separator)) }
            result.append(fragment)
        }
        return result
    }
}

extension String {
    /// The text with each numbered parameter `?N` outside quotes and comments made `?(N + offset)`.
    func shiftingParameters(by offset: Int) -> String {
        guard offset != 0, contains("?") else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        let scalars = Array(unicodeScalars)
        var index = 0
        func copy(until end: Int) {
            result.unicodeScalars.append(contentsOf: scalars[index..<min(end, scalars.count)])
            index = min(end, scalars.count)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "'", "\"", "`", "[":
                // A quoted string or identifier: copied whole (a doubled quote stays inside).
                let close: Unicode.Scalar = scalar == "[" ? "]" : scalar
                var end = index + 1
                while end < scalars.count {
                    if scalars[end] == close {
                        if close != "]", end + 1 < scalars.count, scalars[end + 1] == close { end += 2; continue }
                        break
                    }
                    end += 1
                }
                copy(until: end + 1)
            case "-" where index + 1 < scalars.count && scalars[index + 1] == "-":
                var end = index
                while end < scalars.count, scalars[end] != "\n" { end += 1 }
                copy(until: end)
            case "/" where index + 1 < scalars.count && scalars[index + 1] == "*":
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == "*" && scalars[end + 1] == "/") { end += 1 }
                copy(until: end + 2)
            case "?":
                var end = index + 1
                var number = 0
                while end < scalars.count, let digit = Int(String(scalars[end])), scalars[end].isASCII {
                    number = number * 10 + digit
                    end += 1
                }
                if end > index + 1 {
                    result += "?\(number + offset)"
                    index = end
                } else {
                    copy(until: index + 1)
                }
            default:
                copy(until: index + 1)
            }
        }
        return result
    }
}
