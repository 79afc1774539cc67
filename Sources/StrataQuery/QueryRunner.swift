import SQLiteKit

/// Runs compiled queries on a connection, row by row.
public struct QueryRunner {
    public let connection: Connection

    /// Registers the SQL functions compiled queries call (`strata_match`, `strata_fold`, `strata_moment`,
    /// `strata_uuid`, `strata_sum`, `strata_avg`, `strata_mixed_…`).
    public init(connection: Connection) throws {
        self.connection = connection
        try StringMatching.register(on: connection)
        try ExactSum.register(on: connection)
        try DecimalText.register(on: connection)
        try MixedOrder.register(on: connection)
        try CollectionJSON.register(on: connection)
        try Quotient.register(on: connection)
    }

    /// Calls `row` with each result row until it returns false or the rows run out.
    public func run(_ query: CompiledQuery, _ row: ([SQLiteValue]) throws -> Bool) throws {
        let statement = try prepare(query.statement)
        let count = statement.columnCount
        var values = [SQLiteValue](repeating: .null, count: count)
        while try statement.step() {
            for index in 0..<count { values[index] = statement.column(index) }
            if try !row(values) { break }
        }
    }

    /// Calls `row` with the statement positioned on each result row, until it returns false: for
    /// writers that read columns without building values.
    public func step(_ query: CompiledQuery, _ row: (Statement) throws -> Bool) throws {
        try step(try prepare(query.statement), row)
    }

    /// Calls `row` with `statement` (from `prepare(_:text:)`) positioned on each result row, until it
    /// returns false.
    public func step(_ statement: Statement, _ row: (Statement) throws -> Bool) throws {
        while try statement.step() {
            if try !row(statement) { break }
        }
    }

    /// The query compiled by SQLite and its values bound, so that a caller can be sure it runs before
    /// writing anything (a header, a `[`).
    ///
    /// - Parameter text: the query as the user typed it, for the error's place.
    /// - Throws: `QueryError` when SQLite rejects the statement (too deep: "parser stack overflow",
    ///   "Expression tree is too large"), placed at the start of `text`, since SQLite's own offset points
    ///   into the SQL the query was compiled to; `SQLiteError` for anything else (a locked or damaged file).
    public func prepare(_ query: CompiledQuery, text: String) throws -> Statement {
        try prepare(query.statement, text: text)
    }

    private static func lowercasingFirst(_ message: String) -> String {
        guard let first = message.first, first.isUppercase, message.dropFirst().first?.isUppercase != true else { return message }
        return first.lowercased() + message.dropFirst()
    }

    /// Every row, for small results and tests.
    public func rows(_ query: CompiledQuery) throws -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        try run(query) { rows.append($0); return true }
        return rows
    }

    /// Every row read to be shown: texts and blobs longer than `limit` bytes shortened (`ShownRow`), except
    /// the values a page or an object needs whole: the object keys and cursors after the properties, links
    /// (their targets' keys), lists (the JSON of their keys) and collections (the JSON of their values).
    public func shownRows(_ query: CompiledQuery, limit: Int = ShownRow.limit) throws -> [ShownRow] {
        let shortenable = Set(query.columns.indices.filter { query.columns[$0].property.type != .object && !query.columns[$0].property.type.isCollection }
                              + query.columns.compactMap(\.labelIndex))
        var rows: [ShownRow] = []
        try step(query) { statement in
            rows.append(statement.shownRow(limit: limit) { !shortenable.contains($0) })
            return true
        }
        return rows
    }

    /// SQLite's plan for the query, one step a line (`EXPLAIN QUERY PLAN`).
    public func plan(_ query: CompiledQuery) throws -> [String] {
        let statement = try prepare("EXPLAIN QUERY PLAN \(query.statement)")
        var lines: [(id: Int64, parent: Int64, text: String)] = []
        while try statement.step() {
            lines.append((statement.int64(0) ?? 0, statement.int64(1) ?? 0, statement.string(3) ?? ""))
        }
        var depth: [Int64: Int] = [0: 0]
        return lines.map { line in
            let level = (depth[line.parent] ?? 0) + 1
            depth[line.id] = level
            return String(repeating: "  ", count: level) + line.text
        }
    }

    /// The statement prepared, its values bound; SQLite's refusal to compile it is a `QueryError` at the
    /// start of `text` (1:1 when the text is not known, as for a query the browser runs).
    private func prepare(_ sql: SQL, text: String = "") throws -> Statement {
        let statement: Statement
        let (sqlText, arguments) = sql.rendered()
        do {
            statement = try connection.prepare(sqlText)
        } catch let error as SQLiteError where error.extendedCode == .error {
            throw QueryError(.semantic, "SQLite cannot run this query: \(Self.lowercasingFirst(error.message))",
                             at: text.prefix { $0.isWhitespace }.count, in: text)
        }
        try statement.bind(arguments)
        return statement
    }
}
