import SQLiteKit

/// How the objects of a class are told apart: what a user types as an object's key, and how SQL reaches it.
public enum ObjectKey: Sendable, Equatable {
    /// The rowid, which SQL reaches by `name`: `rowid`, `oid` or `_rowid_`, the first that no column is named.
    case rowid(name: String)
    /// The primary key's columns, in key order (one for a single-column key).
    case columns([String])
    /// No key: a view, or a rowid table without a primary key whose columns take all three rowid names.
    case none

    /// The names SQLite gives the rowid, in the order Strata tries them.
    public static let rowIDNames = ["rowid", "oid", "_rowid_"]

    /// The key's parts as a user names them (`id`; `rowid`; `owner, position`); empty for no key.
    public var names: [String] {
        switch self {
        case .rowid(let name): [name]
        case .columns(let columns): columns
        case .none: []
        }
    }

    /// How many values one key has: 1, more for a composite key, 0 for no key.
    public var count: Int { names.count }

    /// The key's parts as SQL expressions, on a table alias when one is given (`t0."id"`, `t0.rowid`).
    ///
    /// The rowid is written bare: quoted, `"rowid"` could name a column.
    public func columns(of alias: TableAlias? = nil) -> [SQL] {
        switch self {
        case .rowid(let name): [.rowID(name, of: alias)]
        case .columns(let columns): columns.map { .column($0, of: alias) }
        case .none: []
        }
    }

    /// The key as one SQL expression: a column, or a row value `(a, b)` for a composite key; nil for no key.
    public func tuple(of alias: TableAlias? = nil) -> SQL? {
        let parts = columns(of: alias)
        return parts.isEmpty ? nil : .row(parts)
    }
}
