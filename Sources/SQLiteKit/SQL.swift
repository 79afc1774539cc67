/// A piece of SQL as a tree: the words Strata's code writes, names, columns of table aliases, constants, bound
/// values and nested fragments (subqueries, conditions, function arguments), rendered to text in one place.
///
/// Names are quoted and parameters numbered (`?1`, `?2`, …) only when the whole statement is rendered, so each
/// piece can be built alone and nested anywhere without renumbering:
///
///     let task = TableAlias("t0")
///     let condition: SQL = "\(task["name"]) = \("O'Brien")"
///     let update: SQL = "UPDATE \(identifier: "Task") AS \(task) SET \(identifier: "done") = \(1) WHERE \(condition)"
///     update.text       // UPDATE "Task" AS t0 SET "done" = ?1 WHERE t0."name" = ?2
///     update.arguments  // [.integer(1), .text("O'Brien")]
///
/// Modeled on GRDB's `SQL` literal, `SQLExpression`, `TableAlias` and `SQLGenerationContext`. Text that comes
/// from outside Strata (a migration file, `strata sql`) enters as `SQL(verbatim:)`; everything else is written
/// as string literals in the code, with names, values and fragments interpolated.
public struct SQL: Sendable, Hashable, CustomStringConvertible {
    /// One node of the tree.
    public indirect enum Element: Sendable, Hashable {
        /// SQL text as written: a keyword, an operator, a function's name, or a whole statement from outside.
        case text(String)
        /// A value bound as the next numbered parameter.
        case value(SQLiteValue)
        /// The parameter `?N` of a statement prepared once and bound anew for each row (an insert the converter runs
        /// a million times): its values are the caller's to bind, so a statement holds these or `value`s, not both.
        case parameter(Int)
        /// A constant written into the text (a type name, a code the compiler chose): never a user's value.
        case literal(SQLiteValue)
        /// A table, column or index name, quoted.
        case identifier(String)
        /// A column, on a table alias when one is given: `t0."name"`, or `"name"`.
        case column(TableAlias?, String)
        /// The rowid by the name SQLite knows it under (`rowid`, `oid`, `_rowid_`), written bare: quoted, it
        /// could name a column.
        case rowID(TableAlias?, String)
        /// A table alias, or the name of a result column, written bare.
        case alias(TableAlias)
        /// A fragment inside this one, in parentheses: a subquery, a row value, a grouped condition.
        case parenthesized(SQL)
        /// A fragment inside this one, as it is.
        case fragment(SQL)
        /// A fragment whose values are constants bound once (a query's condition), so that equal ones may share one
        /// parameter: unlike a statement bound anew for each row, nothing binds them again.
        case sharingValues(SQL)
    }

    public internal(set) var elements: [Element]

    /// SQL text from outside Strata, as it was written (a statement from a migration file or `strata sql`).
    public init(verbatim text: String) {
        elements = text.isEmpty ? [] : [.text(text)]
    }

    public init(elements: [Element]) {
        self.elements = elements
    }

    /// The statement's text, its parameters numbered `?1`, `?2`, … in the order of `arguments`.
    public var text: String { rendered().text }
    /// The values of `?1`, `?2`, …
    public var arguments: [SQLiteValue] { rendered().arguments }

    public var description: String { text }

    /// The text and the values it binds, from one walk of the tree.
    public func rendered() -> (text: String, arguments: [SQLiteValue]) {
        var context = SQLGenerationContext()
        context.render(self)
        return (context.text, context.arguments)
    }

    /// Appends `other` after this fragment.
    public mutating func append(_ other: SQL) {
        // A fragment of one element is that element: the tree stays shallow where nothing nests.
        switch other.elements.count {
        case 0: break
        case 1: elements.append(other.elements[0])
        default: elements.append(.fragment(other))
        }
    }

    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.append(rhs)
        return result
    }

    public static func += (lhs: inout SQL, rhs: SQL) { lhs.append(rhs) }
}

// MARK: - Building

/// A name Strata gives a table (`t0`, `tm`) or a result column (`e0`, `c1`) inside one statement.
///
/// Aliases are values the compiler creates and hands around, never text it splices: `alias["name"]` is the
/// column `name` of the aliased table.
public struct TableAlias: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    /// The column `name` of this table: `t0."name"`.
    public subscript(_ column: String) -> SQL { SQL(elements: [.column(self, column)]) }
}

extension SQL {
    /// A column, on a table alias when one is given.
    public static func column(_ name: String, of alias: TableAlias? = nil) -> SQL { SQL(elements: [.column(alias, name)]) }

    /// The rowid by one of SQLite's names for it, written bare.
    public static func rowID(_ name: String, of alias: TableAlias? = nil) -> SQL { SQL(elements: [.rowID(alias, name)]) }

    /// A quoted name.
    public static func identifier(_ name: String) -> SQL { SQL(elements: [.identifier(name)]) }

    /// A constant written into the text.
    public static func literal(_ value: SQLiteValue) -> SQL { SQL(elements: [.literal(value)]) }

    /// `?1, ?2, …, ?count`: the parameters of a statement bound anew for each row.
    public static func parameters(_ count: Int) -> SQL {
        parameters((1...max(count, 1)).prefix(count))
    }

    /// `?2, ?4`: the parameters of these numbers, for a statement whose rows are bound as another's are.
    public static func parameters<Numbers: Sequence<Int>>(_ numbers: Numbers) -> SQL {
        numbers.map { SQL(elements: [.parameter($0)]) }.joined(separator: ", ")
    }

    /// `fragment`, its values constants bound once, equal ones sharing a parameter (`Element.sharingValues`).
    public static func sharingValues(_ fragment: SQL) -> SQL { SQL(elements: [.sharingValues(fragment)]) }

    /// `(fragment)`: a subquery, a row value's parts, a grouped condition.
    public static func parenthesized(_ fragment: SQL) -> SQL { SQL(elements: [.parenthesized(fragment)]) }

    /// `name(a, b, …)`.
    public static func function(_ name: String, _ arguments: [SQL]) -> SQL {
        SQL(elements: [.text(name), .parenthesized(arguments.joined(separator: ", "))])
    }

    /// One value, or a row value `(a, b)` for more.
    public static func row(_ parts: [SQL]) -> SQL {
        parts.count == 1 ? parts[0] : .parenthesized(parts.joined(separator: ", "))
    }

    /// `SELECT count(*) FROM (query)`: the number of rows a query returns.
    public static func count(of query: SQL) -> SQL {
        "SELECT count(*) FROM \(parenthesized: query)"
    }

    /// `SELECT count(*) FROM "table"`: the rows of a table, which SQLite counts from its b-tree's pages.
    public static func count(table: String) -> SQL {
        "SELECT count(*) FROM \(identifier: table)"
    }

    /// `SELECT * FROM (query) LIMIT size OFFSET start`: a window of a query's rows.
    public static func window(of query: SQL, limit: Int, offset: Int = 0) -> SQL {
        var window: SQL = "SELECT * FROM \(parenthesized: query) LIMIT \(Int64(limit))"
        if offset > 0 { window += " OFFSET \(Int64(offset))" }
        return window
    }
}

/// A term of ORDER BY: an expression and its direction.
public struct SQLOrdering: Sendable, Hashable {
    public var expression: SQL
    public var ascending: Bool

    public init(_ expression: SQL, ascending: Bool = true) {
        self.expression = expression
        self.ascending = ascending
    }

    public var sql: SQL { "\(expression) \(ascending ? "ASC" : "DESC" as SQL)" }
}

extension Array where Element == SQLOrdering {
    /// ` ORDER BY a ASC, b DESC`, or nothing for no terms.
    public var orderByClause: SQL {
        isEmpty ? "" : " ORDER BY \(map(\.sql).joined(separator: ", "))"
    }
}

extension SQL: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self.init(verbatim: value) }

    public init(stringInterpolation: Interpolation) { self = stringInterpolation.sql }

    public struct Interpolation: StringInterpolationProtocol {
        var sql = SQL(elements: [])

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.elements.reserveCapacity(2 * interpolationCount + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { sql.elements.append(.text(literal)) }
        }

        /// A value, bound as the next parameter.
        public mutating func appendInterpolation(_ value: SQLiteValue) { sql.elements.append(.value(value)) }

        /// An integer, bound as the next parameter.
        public mutating func appendInterpolation(_ value: Int64) { appendInterpolation(SQLiteValue.integer(value)) }

        /// A constant written into the text: an integer code or a type name the compiler chose.
        public mutating func appendInterpolation(literal value: SQLiteValue) { sql.elements.append(.literal(value)) }

        /// A table, column or index name, quoted.
        public mutating func appendInterpolation(identifier name: String) { sql.elements.append(.identifier(name)) }

        /// A table alias or a result column's name, bare.
        public mutating func appendInterpolation(_ alias: TableAlias) { sql.elements.append(.alias(alias)) }

        /// Another fragment.
        public mutating func appendInterpolation(_ fragment: SQL) { sql.append(fragment) }

        /// Another fragment, in parentheses.
        public mutating func appendInterpolation(parenthesized fragment: SQL) { sql.elements.append(.parenthesized(fragment)) }
    }
}

extension Sequence where Element == SQL {
    /// The fragments one after another with `separator` between them.
    public func joined(separator: String) -> SQL {
        var result = SQL(elements: [])
        for (index, fragment) in enumerated() {
            if index > 0, !separator.isEmpty { result.elements.append(.text(separator)) }
            result.append(fragment)
        }
        return result
    }
}

// MARK: - Rendering

/// Walks a tree of SQL into text and the values it binds: the one place where names are quoted and
/// parameters numbered.
struct SQLGenerationContext {
    private(set) var text = ""
    private(set) var arguments: [SQLiteValue] = []
    /// Inside a `sharingValues` fragment, the parameter each value already bound there has: the value bound again
    /// takes the same one. SQLite compares each constant of a statement with those before it as it compiles
    /// (`sqlite3ExprCodeRunJustOnce`), so a query of 53,000 comparisons of a thousand values would otherwise take
    /// minutes to prepare.
    private var numbers: [ValueKey: Int] = [:]
    private var sharing = 0

    /// A value's identity, byte for byte: text by its UTF-8 (Swift's `==` holds "é" and "e\u{301}" equal, SQLite does
    /// not), a double by its bits (-0.0 is not 0.0 here, nor NaN NaN's equal).
    private enum ValueKey: Hashable {
        case null, integer(Int64), real(UInt64), text([UInt8]), blob([UInt8])

        init(_ value: SQLiteValue) {
            switch value {
            case .null: self = .null
            case .integer(let number): self = .integer(number)
            case .real(let number): self = .real(number.bitPattern)
            case .text(let string): self = .text(Array(string.utf8))
            case .blob(let bytes): self = .blob(bytes)
            }
        }
    }

    mutating func render(_ sql: SQL) {
        for element in sql.elements { render(element) }
    }

    private mutating func render(_ element: SQL.Element) {
        switch element {
        case .text(let words):
            text += words
        case .value(let value):
            guard sharing > 0 else {
                arguments.append(value)
                text += "?" + String(arguments.count)
                return
            }
            let key = ValueKey(value)
            if let bound = numbers[key] {
                text += "?" + String(bound)
            } else {
                arguments.append(value)
                numbers[key] = arguments.count
                text += "?" + String(arguments.count)
            }
        case .parameter(let number):
            text += "?"
            text += String(number)
        case .literal(let value):
            text += value.sqlLiteral
        case .identifier(let name):
            text += quoteIdentifier(name)
        case .column(let alias, let name):
            if let alias { text += alias.name + "." }
            text += quoteIdentifier(name)
        case .rowID(let alias, let name):
            if let alias { text += alias.name + "." }
            text += name
        case .alias(let alias):
            text += alias.name
        case .parenthesized(let inner):
            text += "("
            render(inner)
            text += ")"
        case .fragment(let inner):
            render(inner)
        case .sharingValues(let inner):
            sharing += 1
            render(inner)
            sharing -= 1
        }
    }
}
