import SQLiteKit
import StrataCore

extension QueryCompiler {
    private static let mirrored: [ComparisonOperator: ComparisonOperator] = [
        .less: .greater, .lessOrEqual: .greaterOrEqual, .greater: .less, .greaterOrEqual: .lessOrEqual,
        .equal: .equal, .notEqual: .notEqual,
    ]

    /// One comparison as a two-valued SQL condition.
    mutating func compile(_ comparison: Comparison, in scope: Scope) throws -> String {
        var comparison = comparison
        // A value on the left and a path on the right: turn it around.
        if !isPathLike(comparison.left), isPathLike(comparison.right) {
            if comparison.op == .in {
                // "x" IN tasks.name means ANY tasks.name == "x".
                (comparison.left, comparison.right) = (comparison.right, comparison.left)
                comparison.op = .equal
                comparison.quantifier = comparison.quantifier ?? .any
            } else if let mirrored = Self.mirrored[comparison.op] {
                (comparison.left, comparison.right) = (comparison.right, comparison.left)
                comparison.op = mirrored
            } else {
                throw semanticError("\(comparison.op.rawValue) needs a property on its left", at: comparison.offset)
            }
        }
        let left: Value
        switch comparison.left {
        case .keyPath(let path):
            switch try resolve(path, in: scope) {
            case .value(let value):
                guard comparison.quantifier == nil else {
                    throw semanticError("\(comparison.quantifier?.rawValue.uppercased() ?? "ANY") needs a path through a list, and '\(path)' is one value",
                                        at: comparison.offset)
                }
                left = value
            case .many(let many):
                if let aggregated = try aggregate(many, offset: path.offset) {
                    left = aggregated
                } else {
                    return try quantified(comparison, many: many)
                }
            }
        case .subqueryCount(let collection, let variable, let predicate, let offset):
            left = try subqueryCount(collection, variable: variable, predicate: predicate, offset: offset, in: scope)
        default:
            throw semanticError("a comparison needs a property on one side", at: comparison.offset)
        }
        return try compare(left, comparison, in: scope)
    }

    private func isPathLike(_ expression: Expression) -> Bool {
        switch expression {
        case .keyPath, .subqueryCount: true
        default: false
        }
    }

    /// ANY (EXISTS), NONE (NOT EXISTS) and ALL (NOT EXISTS of the negation) over the objects of a list.
    private mutating func quantified(_ comparison: Comparison, many: Many) throws -> String {
        guard !many.rest.components.isEmpty else {
            throw semanticError("compare a property of the objects in '\(many.name)', as in \(many.name).name, or count them with \(many.name).@count",
                                at: comparison.offset)
        }
        var inner = comparison
        inner.left = .keyPath(many.rest)
        inner.quantifier = nil
        let condition = try compile(inner, in: many.inner)
        switch comparison.quantifier ?? .any {
        case .any: return "EXISTS (" + many.subquery(select: "1", condition: condition) + ")"
        case .none: return "NOT EXISTS (" + many.subquery(select: "1", condition: condition) + ")"
        case .all: return "NOT EXISTS (" + many.subquery(select: "1", condition: "NOT (" + condition + ")") + ")"
        }
    }

    /// `SUBQUERY(collection, $x, predicate).@count`
    private mutating func subqueryCount(_ collection: KeyPath, variable: String, predicate: Predicate, offset: Int,
                                        in scope: Scope) throws -> Value
    {
        guard case .many(var many) = try resolve(collection, in: scope), many.rest.components.isEmpty, many.rest.aggregate == nil else {
            throw semanticError("SUBQUERY needs a list or backlinks, and '\(collection)' is not one", at: offset)
        }
        let inner = Scope(info: many.inner.info, alias: many.inner.alias, variable: variable, parent: many.inner.parent)
        many.inner = inner
        let condition = try compile(predicate, in: inner)
        return Value(sql: "(" + many.subquery(select: "count(*)", condition: condition) + ")", type: .int, isOptional: false,
                     target: nil, name: "SUBQUERY(\(collection)).@count")
    }

    // MARK: - Comparing one value

    private mutating func compare(_ left: Value, _ comparison: Comparison, in scope: Scope) throws -> String {
        let op = comparison.op
        let mode = (comparison.caseInsensitive ? 1 : 0) | (comparison.diacriticInsensitive ? 2 : 0)
        let folds = mode != 0
        if folds || op.isStringOperator {
            let textual: Set<PropertyType> = [.string, .data, .any, .uuid]
            guard textual.contains(left.type) else {
                let what = op.isStringOperator ? op.rawValue : "[c] and [d]"
                throw semanticError("\(what) needs a string, and '\(left.name)' is \(article(left.type)) \(left.type.rawValue)",
                                    at: comparison.offset)
            }
        }
        if left.type == .list || left.type == .linkingObjects {
            throw semanticError("'\(left.name)' is a list; compare a property of its objects or its @count", at: comparison.offset)
        }

        switch op {
        case .in:
            let items: [Expression]
            switch comparison.right {
            case .list(let list, _): items = list
            case .parameter, .literal: items = [comparison.right]
            case .keyPath(let path):
                return try inCollection(left, path, mode: mode, in: scope)
            default: throw semanticError("IN needs a list of values in braces, as in {1, 2, 3}, or a list property", at: comparison.right.offset)
            }
            var values: [String] = []
            var includesNull = false
            for item in items {
                let value = try operand(item, for: left, in: scope)
                if value == "NULL" { includesNull = true } else { values.append(folds ? "strata_fold(\(value), \(mode))" : value) }
            }
            var parts: [String] = []
            let needle = folds ? "strata_fold(\(left.sql), \(mode))" : left.sql
            if !values.isEmpty { parts.append(twoValued("\(needle) IN (\(values.joined(separator: ", ")))", left.isOptional)) }
            if includesNull { parts.append("\(left.sql) IS NULL") }
            return parts.isEmpty ? "0" : "(" + parts.joined(separator: " OR ") + ")"
        case .between:
            guard case .list(let bounds, let offset) = comparison.right, bounds.count == 2 else {
                throw semanticError("BETWEEN needs two values in braces, as in {1, 10}", at: comparison.right.offset)
            }
            let low = try operand(bounds[0], for: left, in: scope), high = try operand(bounds[1], for: left, in: scope)
            guard low != "NULL", high != "NULL" else { throw semanticError("BETWEEN needs two values that are not nil", at: offset) }
            try checkOrdered(left, comparison)
            return twoValued("\(left.sql) BETWEEN \(low) AND \(high)", left.isOptional)
        default:
            break
        }

        if case .list(_, let offset) = comparison.right {
            throw semanticError("a list of values in braces goes with IN or BETWEEN", at: offset)
        }
        let right = try operand(comparison.right, for: left, in: scope)
        if right == "NULL" {
            switch op {
            case .equal: return "\(left.sql) IS NULL"
            case .notEqual: return "\(left.sql) IS NOT NULL"
            default: throw semanticError("only == and != compare with nil", at: comparison.right.offset)
            }
        }
        if op.isStringOperator {
            let operation: StringMatching.Operation = switch op {
            case .beginsWith: .beginsWith
            case .endsWith: .endsWith
            case .contains: .contains
            default: .like
            }
            return "strata_match(\(operation.rawValue), \(left.sql), \(right), \(mode))"
        }
        var lhs = left.sql, rhs = right
        if folds {
            lhs = "strata_fold(\(lhs), \(mode))"
            rhs = "strata_fold(\(rhs), \(mode))"
        } else if left.type == .string {
            rhs += " COLLATE BINARY"
        }
        switch op {
        case .equal: return "\(lhs) IS \(rhs)"
        case .notEqual: return "\(lhs) IS NOT \(rhs)"
        default:
            try checkOrdered(left, comparison)
            let symbol = op.rawValue
            var condition = twoValued("\(lhs) \(symbol) \(rhs)", left.isOptional || rightIsOptional(comparison.right))
            // SQLite orders every number before every string; Realm compares only like with like.
            if left.type == .any, let family = storageFamily(comparison.right) {
                condition = "(typeof(\(left.sql)) IN (\(family)) AND \(condition))"
            }
            return condition
        }
    }

    /// The storage classes a literal compares with in an untyped column, as an SQL list.
    private func storageFamily(_ expression: Expression) -> String? {
        switch expression {
        case .literal(.integer, _), .literal(.decimal, _), .literal(.bool, _): "'integer', 'real'"
        case .literal(.string, _), .literal(.date, _): "'text'"
        case .literal(.data, _): "'blob'"
        default: nil
        }
    }

    /// `name IN list.items.name`: some object of the collection has that value.
    private mutating func inCollection(_ left: Value, _ path: KeyPath, mode: Int, in scope: Scope) throws -> String {
        switch try resolve(path, in: scope) {
        case .value(let right):
            guard compatible(left.type, right.type) else {
                throw semanticError("cannot compare '\(left.name)' (\(left.type.rawValue)) with '\(right.name)' (\(right.type.rawValue))", at: path.offset)
            }
            return mode == 0 ? "\(left.sql) IS \(right.sql)" : "strata_fold(\(left.sql), \(mode)) IS strata_fold(\(right.sql), \(mode))"
        case .many(let many):
            guard !many.rest.components.isEmpty, many.rest.aggregate == nil else {
                throw semanticError("IN needs a property of the objects in '\(many.name)', as in \(many.name).name", at: path.offset)
            }
            let element = try resolveValue(many.rest, in: many.inner, purpose: "IN")
            guard compatible(left.type, element.type) else {
                throw semanticError("cannot compare '\(left.name)' (\(left.type.rawValue)) with '\(element.name)' (\(element.type.rawValue))", at: path.offset)
            }
            let condition = mode == 0 ? "\(element.sql) IS \(left.sql)"
                : "strata_fold(\(element.sql), \(mode)) IS strata_fold(\(left.sql), \(mode))"
            return "EXISTS (" + many.subquery(select: "1", condition: condition) + ")"
        }
    }

    private func rightIsOptional(_ expression: Expression) -> Bool {
        if case .keyPath = expression { return true }
        return false
    }

    private func checkOrdered(_ left: Value, _ comparison: Comparison) throws {
        let unordered: Set<PropertyType> = [.bool, .object, .data]
        if unordered.contains(left.type) {
            throw semanticError("\(comparison.op.rawValue) does not apply to '\(left.name)', \(article(left.type)) \(left.type.rawValue)",
                                at: comparison.offset)
        }
    }

    /// NULL makes a comparison NULL, which NOT would keep NULL: Realm says false, so say 0.
    private func twoValued(_ sql: String, _ optional: Bool) -> String {
        optional ? "coalesce(\(sql), 0)" : sql
    }

    /// The right-hand side as SQL: a bound parameter typed by the left side, another path, or NULL.
    private mutating func operand(_ expression: Expression, for left: Value, in scope: Scope) throws -> String {
        switch expression {
        case .literal(.null, _):
            return "NULL"
        case .literal(let literal, let offset):
            return bind(try convert(literal, for: left, at: offset))
        case .parameter(let index, let offset):
            guard index < parameters.count else {
                throw semanticError("$\(index) has no value: give it with --arg (\(parameters.count) given)", at: offset)
            }
            return bind(try convert(parameter: parameters[index], for: left, at: offset))
        case .keyPath(let path):
            let right = try resolveValue(path, in: scope, purpose: "a comparison")
            guard compatible(left.type, right.type) else {
                throw semanticError("cannot compare '\(left.name)' (\(left.type.rawValue)) with '\(right.name)' (\(right.type.rawValue))",
                                    at: path.offset)
            }
            return right.sql
        case .subqueryCount(let collection, let variable, let predicate, let offset):
            return try subqueryCount(collection, variable: variable, predicate: predicate, offset: offset, in: scope).sql
        case .list(_, let offset):
            throw semanticError("a list of values in braces goes with IN or BETWEEN", at: offset)
        }
    }

    private func compatible(_ a: PropertyType, _ b: PropertyType) -> Bool {
        let numbers: Set<PropertyType> = [.int, .float, .double, .decimal]
        if a == b || a == .any || b == .any { return true }
        if numbers.contains(a) && numbers.contains(b) { return true }
        if (a == .string && b == .uuid) || (a == .uuid && b == .string) { return true }
        return false
    }

    /// A literal as the stored value it is compared with, or a type error naming both.
    func convert(_ literal: Literal, for left: Value, at offset: Int) throws -> SQLiteValue {
        func mismatch(_ what: String) -> QueryError {
            semanticError("cannot compare '\(left.name)', \(article(left.type)) \(left.type.rawValue), with \(what)", at: offset)
        }
        switch (left.type, literal) {
        case (_, .null): return .null
        case (.int, .integer(let value)), (.decimal, .integer(let value)), (.any, .integer(let value)):
            return .integer(value)
        case (.float, .integer(let value)):
            return .real(Double(Float(value)))
        case (.float, .decimal(let value)):
            // A float property stores Float values: 883.5181 is the Float nearest to it.
            return .real(Double(Float(value)))
        case (.double, .integer(let value)):
            return .real(Double(value))
        case (.int, .decimal(let value)), (.double, .decimal(let value)),
             (.decimal, .decimal(let value)), (.any, .decimal(let value)):
            return .real(value)
        case (.bool, .bool(let value)), (.any, .bool(let value)):
            return .integer(value ? 1 : 0)
        case (.bool, .integer(let value)) where value == 0 || value == 1:
            return .integer(value)
        case (.uuid, .string(let value)):
            return .text(value.uppercased())
        case (.string, .string(let value)), (.any, .string(let value)):
            return .text(value)
        case (.date, .date(let milliseconds)):
            return .integer(milliseconds)
        case (.date, .string(let text)):
            guard let milliseconds = ISODate.parse(text) else { throw mismatch("'\(text)', which is not an ISO 8601 date") }
            return .integer(milliseconds)
        case (.data, .data(let bytes)), (.any, .data(let bytes)), (.string, .data(let bytes)):
            return .blob(bytes)
        case (.data, .string(let text)):
            return .blob(Array(text.utf8))
        case (.any, .date(let milliseconds)):
            return .text(ISODate.format(unixMilliseconds: milliseconds))
        case (.object, .integer(let value)):
            return .integer(value)
        case (.object, .string(let value)):
            return .text(value)
        case (_, .integer), (_, .decimal): throw mismatch("a number")
        case (_, .string): throw mismatch("a string")
        case (_, .bool): throw mismatch("a bool")
        case (_, .date): throw mismatch("a date")
        case (_, .data): throw mismatch("data")
        }
    }

    /// A `--arg` value, written as text on the command line, read by the type of what it is compared with.
    func convert(parameter text: String, for left: Value, at offset: Int) throws -> SQLiteValue {
        let literal: Literal
        switch left.type {
        case .int, .object:
            if let value = Int64(text) { literal = .integer(value) } else if left.type == .object { literal = .string(text) } else if let value = Double(text) { literal = .decimal(value) } else {
                throw semanticError("$ parameter '\(text)' is not a number, and '\(left.name)' is an int", at: offset)
            }
        case .float, .double, .decimal:
            guard let value = Double(text) else {
                throw semanticError("$ parameter '\(text)' is not a number, and '\(left.name)' is \(article(left.type)) \(left.type.rawValue)", at: offset)
            }
            literal = .decimal(value)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1": literal = .bool(true)
            case "false", "no", "0": literal = .bool(false)
            default: throw semanticError("$ parameter '\(text)' is not a bool (true or false)", at: offset)
            }
        case .date:
            guard let milliseconds = ISODate.parse(text) else {
                throw semanticError("$ parameter '\(text)' is not an ISO 8601 date", at: offset)
            }
            literal = .date(milliseconds)
        case .data:
            literal = .data(Array(text.utf8))
        case .any:
            literal = Int64(text).map(Literal.integer) ?? Double(text).map(Literal.decimal) ?? .string(text)
        default:
            literal = .string(text)
        }
        return try convert(literal, for: left, at: offset)
    }
}
