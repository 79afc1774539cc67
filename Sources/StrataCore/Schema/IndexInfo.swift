/// An index on a table (`pragma_index_list`, `pragma_index_xinfo`).
public struct IndexInfo: Sendable, Equatable {
    public var name: String
    /// Key columns in order; an expression column reads `<expression>`.
    public var columns: [String]
    public var isUnique: Bool
    public var origin: Origin
    public var isPartial: Bool
    /// True when a key column is an expression rather than a column.
    public var hasExpressions: Bool
    /// The CREATE INDEX statement; nil for indexes made by constraints.
    public var sql: String?

    /// How an index came to be, as `pragma_index_list` says it.
    public enum Origin: String, Sendable {
        /// `c`: CREATE INDEX.
        case createIndex = "c"
        /// `u`: a UNIQUE constraint.
        case unique = "u"
        /// `pk`: the PRIMARY KEY of a table that is not its rowid.
        case primaryKey = "pk"
    }

    public init(name: String, columns: [String], isUnique: Bool, origin: Origin, isPartial: Bool,
                hasExpressions: Bool, sql: String?)
    {
        self.name = name
        self.columns = columns
        self.isUnique = isUnique
        self.origin = origin
        self.isPartial = isPartial
        self.hasExpressions = hasExpressions
        self.sql = sql
    }
}
