import SQLiteKit

/// A query checked against a schema and translated into one SQL statement with bound parameters.
public struct CompiledQuery: Sendable {
    public var sql: String
    public var arguments: [SQLiteValue]
    public var classInfo: ClassInfo
    /// The result's columns, in order: one per property (links as the target's key, lists as a JSON
    /// array of keys).
    public var columns: [ResultColumn]
}

/// One column of a query's result and how to read it.
public struct ResultColumn: Sendable {
    public var property: Property
    /// For date properties: how the column stores its dates.
    public var dateStorage: DateStorage?
    public var name: String { property.name }
}
