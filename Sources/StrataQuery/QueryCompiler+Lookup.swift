import SQLiteKit
import StrataCore

extension QueryCompiler {
    /// The object of `info` whose key is `key`, with the same columns a query returns.
    public mutating func compileLookup(_ info: ClassInfo, key: [SQLiteValue]) throws -> CompiledQuery {
        try compile(Query(className: info.name, predicate: .truePredicate), key: key)
    }

    /// Reads a key as a user typed it: `42`, `home`, or `(1, "a")` for a composite key, each part by the
    /// type of its key column.
    public static func parseKey(_ text: String, for info: ClassInfo) throws -> [SQLiteValue] {
        var parts = [text]
        if info.objectKey.count > 1 {
            var inner = text.trimmingSpaces
            guard inner.hasPrefix("("), inner.hasSuffix(")") else {
                throw StrataError("\(info.name) has the composite key (\(info.objectKey.names.joined(separator: ", "))): write it as (a, b)")
            }
            inner = String(inner.dropFirst().dropLast())
            parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard parts.count == info.objectKey.count else {
                throw StrataError("\(info.name)'s key has \(info.objectKey.count) parts, not \(parts.count)")
            }
        }
        guard info.objectKey != .none else {
            throw StrataError("\(info.name) has no key to find one object by" + (info.kind == .view
                ? ": it is a view (browse it, or query it with a predicate)"
                : " (no primary key, and its columns take the names rowid, oid and _rowid_)"))
        }
        let isRowID = if case .rowid = info.objectKey { true } else { false }
        return try zip(info.objectKey.names, parts).map { column, part in
            var part = part
            if part.count >= 2, let first = part.first, first == part.last, first == "\"" || first == "'" {
                part = String(part.dropFirst().dropLast())
            }
            let type = isRowID ? PropertyType.int : info.property(named: column)?.type ?? .any
            switch type {
            case .int, .object:
                guard let number = Int64(part) else {
                    throw StrataError("'\(part)' is not a key of \(info.name): \(column) is a whole number")
                }
                return .integer(number)
            case .float, .double, .decimal:
                guard let number = Double(part) else { throw StrataError("'\(part)' is not a key of \(info.name): \(column) is a number") }
                return .real(number)
            case .any:
                return Int64(part).map(SQLiteValue.integer) ?? .text(part)
            default:
                return .text(part)
            }
        }
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
        let condition = try compile(query.predicate, in: scope)
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
        guard let key = info.objectKey.tupleSQL() else { throw StrataError("\(info.name) has no key to pick objects by") }
        let compiled = try compile(query, page: Page.allKeys)
        return "\(verbatim: key) IN (\(compiled.statement))"
    }
}
