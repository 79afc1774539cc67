import SQLiteKit

extension SQL.Interpolation {
    /// SQL text written as it is, with no value: a table alias (`t1`), a column expression from the schema,
    /// a keyword chosen by the compiler. Never text from a query: values are always bound.
    mutating func appendInterpolation(verbatim text: String) {
        appendInterpolation(SQL(verbatim: text))
    }
}

extension SQL {
    /// This fragment followed by `separator` and `shared` written a second time, both occurrences naming the
    /// same parameters: SQLite lets `?1` stand twice, so a value a condition names twice is bound once.
    ///
    /// The caller must have built this fragment with `shared` as the first thing in it that binds a value,
    /// so that `shared`'s parameters are `?1` … `?N` here as they are in `shared` itself.
    func appending(_ separator: String, again shared: SQL) -> SQL {
        SQL(numbered: text + separator + shared.text, arguments: arguments)
    }
}
