import SQLiteKit
import StrataCore

extension QueryCompiler {
    /// The object of `info` whose key is `key`, with the same columns a query returns.
    public mutating func compileLookup(_ info: ClassInfo, key: [SQLiteValue]) throws -> CompiledQuery {
        try compile(Query(className: info.name, predicate: .truePredicate), key: key)
    }

    /// Reads a key as a user typed it: `42`, `home`, or `(1, "a,b")` for a composite key, each part by the
    /// type of its key column (see `ObjectKeyText`).
    public static func parseKey(_ text: String, for info: ClassInfo) throws -> [SQLiteValue] {
        try ObjectKeyText.parse(text, for: info)
    }
}

extension QueryCompiler {
    /// A query's predicate as a WHERE condition on its class's table under the alias `t0`, for statements
    /// that change the objects it finds in place (`UPDATE "Task" AS t0 SET … WHERE …`).
    ///
    /// - Returns: the class and the condition with its bound values, the condition nil when the query finds
    ///   every object (no WHERE clause); nil instead of both when the query needs more than that table (SORT,
    ///   DISTINCT, LIMIT, or a join for a key path), which a caller then picks by key (`compileKeySelection`).
    public mutating func compileCondition(_ query: Query) throws -> (info: ClassInfo, condition: SQL?)? {
        guard query.stages.isEmpty, members == nil else { return nil }
        let info = try findClass(query.className, at: query.classOffset)
        let scope = objectScope(info)
        var condition = try compile(query.predicate, in: scope)
        if let filter = info.entityCondition(alias: scope.alias) { condition = condition.and(filter) }
        return scope.joins.isEmpty ? (info, condition.restriction) : nil
    }
}

extension QueryCompiler {
    /// `key IN (SELECT key …)`: picks the objects a query finds by their keys, for a statement that changes
    /// them (`UPDATE "Task" SET … WHERE <selection>`) when the query needs more than their table (SORT,
    /// LIMIT, a key path). Shared by `strata update` and the `.strata` language's `update`.
    ///
    /// - Throws: `StrataError` when the class has no key, and the compiler's errors.
    public mutating func compileKeySelection(_ query: Query) throws -> SQL {
        let info = try findClass(query.className, at: query.classOffset)
        guard let key = info.objectKey.tuple() else { throw StrataError("\(info.name) has no key to pick objects by") }
        let compiled = try compile(query, page: Page.allKeys)
        return "\(key) IN \(parenthesized: compiled.statement)"
    }
}
