/// One result row whose values are read by column name, for pragmas and catalog queries whose column
/// order is SQLite's business.
public struct Row: Sendable {
    /// The result's column names, shared by every row of one query.
    private let names: ColumnNames
    public let values: [SQLiteValue]

    init(names: ColumnNames, values: [SQLiteValue]) {
        self.names = names
        self.values = values
    }

    /// The value of the column `name` (as the query names it: `AS` wins), or `.null` when there is none.
    public subscript(_ name: String) -> SQLiteValue {
        names.index[name].map { values[$0] } ?? .null
    }

    /// The column's text, or nil for NULL and other storage classes.
    public func string(_ name: String) -> String? { self[name].string }

    /// The column's integer, or nil for NULL and other storage classes.
    public func int64(_ name: String) -> Int64? { self[name].int64 }

    /// True when the column holds the integer 1 (a pragma's yes).
    public func flag(_ name: String) -> Bool { self[name].int64 == 1 }
}

/// Column positions by name, built once per query.
final class ColumnNames: Sendable {
    let index: [String: Int]

    init(_ names: [String]) {
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
        self.index = index
    }
}

extension Connection {
    /// Runs a query and returns every row, read by column name.
    public func namedRows(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        let names = ColumnNames(statement.columnNames)
        return try statement.allRows().map { Row(names: names, values: $0) }
    }
}
