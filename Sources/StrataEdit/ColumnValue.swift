import SQLiteKit

/// A column and a value for it: what `SET column = value` writes, and what `WHERE column = value` finds.
struct ColumnValue {
    /// The column: a name, or the bare rowid (`"id"`, `rowid`).
    var column: SQL
    var value: SQLiteValue
}

extension SQL.Interpolation {
    /// `"a" = ?1, "b" = ?2` (`separator` ", "), or `"a" = ?1 AND "b" = ?2`: each column equated with its
    /// value, the value bound as the next parameter.
    ///
    /// Written straight into the statement, with no fragment to nest: undo and redo write a statement for
    /// each row of a change, half a million after a bulk update.
    mutating func appendInterpolation(_ pairs: [ColumnValue], separator: String) {
        for (index, pair) in pairs.enumerated() {
            if index > 0 { appendLiteral(separator) }
            appendInterpolation(pair.column)
            appendLiteral(" = ")
            appendInterpolation(pair.value)
        }
    }

    /// `?1, ?2, ?3`: the values, each bound as the next parameter.
    mutating func appendInterpolation(list values: [SQLiteValue]) {
        for (index, value) in values.enumerated() {
            if index > 0 { appendLiteral(", ") }
            appendInterpolation(value)
        }
    }
}
