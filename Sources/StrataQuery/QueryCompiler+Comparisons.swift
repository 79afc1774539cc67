import SQLiteKit
import StrataCore

extension QueryCompiler {
    private static let mirrored: [ComparisonOperator: ComparisonOperator] = [
        .less: .greater, .lessOrEqual: .greaterOrEqual, .greater: .less, .greaterOrEqual: .lessOrEqual,
        .equal: .equal, .notEqual: .notEqual,
    ]

    /// One comparison as a two-valued SQL condition.
    ///
    /// - Parameter rightScope: where the right side's paths start, when not where the left's do: the scope a path
    ///   through a list was entered from (`ANY items.name == fav_item.name`: `fav_item` is the object's).
    mutating func compile(_ comparison: Comparison, in scope: Scope, rightScope: Scope? = nil) throws -> SQL {
        var scope = scope
        var comparison = comparison
        comparison.left = try folded(try withArguments(comparison.left))
        comparison.right = try folded(try withArguments(comparison.right))
        comparison = try solvedForIndex(comparison, in: scope)
        if let general = try compileSides(comparison, in: scope, rightScope: rightScope) { return general }
        var rightScope = rightScope ?? scope
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
            (scope, rightScope) = (rightScope, scope)
        }
        let left: Value
        switch comparison.left {
        case .arithmetic:
            left = try arithmeticValue(comparison.left, in: scope)
        case .keyPath(let path):
            switch try resolve(path, in: scope) {
            case .value(let value):
                guard comparison.quantifier == nil || comparison.isUnderAll else {
                    throw semanticError("\(comparison.quantifier?.rawValue.uppercased() ?? "ANY") needs a path through a list, and '\(path)' is one value",
                                        at: comparison.offset)
                }
                left = value
            case .many(let many):
                if let aggregated = try aggregate(many, offset: path.offset) {
                    left = aggregated
                } else {
                    return try quantified(comparison, many: many, rightScope: rightScope)
                }
            }
        case .subqueryCount(let collection, let variable, let predicate, let offset):
            left = try subqueryCount(collection, variable: variable, predicate: predicate, offset: offset, in: scope)
        default:
            throw semanticError("a comparison needs a property on one side", at: comparison.offset)
        }
        return try compare(left, comparison, in: rightScope)
    }

    /// A path, a SUBQUERY count, or arithmetic with one: what is not a constant.
    func isPathLike(_ expression: Expression) -> Bool {
        switch expression {
        case .keyPath, .subqueryCount: true
        case .arithmetic(_, let left, let right, _): isPathLike(left) || isPathLike(right)
        default: false
        }
    }

    /// ANY (EXISTS), NONE (NOT EXISTS) and ALL (NOT EXISTS of the negation) over the objects of a list.
    private mutating func quantified(_ comparison: Comparison, many: Many, rightScope: Scope) throws -> SQL {
        var inner = comparison
        if many.elementPath.components.isEmpty, many.collection == nil, let key = keySQL(many.inner.info, alias: many.inner.alias).first,
           case .literal(.object, _) = comparison.right {
            // `items == obj("Items", "milk")`: an object of the list is that one.
            inner.left = pin(Value(sql: key, type: .object, isOptional: false, target: many.inner.info, name: many.name))
        } else {
            guard !many.elementPath.components.isEmpty else {
                throw semanticError("compare a property of the objects in '\(many.name)', as in \(many.name).name, or count them with \(many.name).@count",
                                    at: comparison.offset)
            }
            inner.left = .keyPath(many.elementPath)
        }
        if let quantifier = comparison.quantifier, quantifier != .any, many.collection == nil,
           case .property(let name)? = many.elementPath.components.first, many.inner.info.property(named: name)?.type == .collection {
            // Objects' lists of values (`ALL list.integers == 1`): realm-core counts ALL and NONE in each object's list,
            // and the path holds when one object's list does, or when there are no objects.
            inner.quantifier = quantifier
            let condition = try nested(Self.listDepth, at: comparison.offset) { try $0.compile(inner, in: many.inner, rightScope: rightScope) }
            return "(NOT EXISTS (\(many.subquery(select: "1", condition: .always))) OR EXISTS (\(many.subquery(select: "1", condition: .expression(condition)))))"
        }
        // ALL holds of every element at the path's end, through every list of objects on the way (realm-core's ALL):
        // what ANY and NONE say of the elements of the first list, they say of any element of the next.
        inner.quantifier = comparison.quantifier == .all ? .all : nil
        inner.isUnderAll = comparison.quantifier == .all
        let condition = try nested(Self.listDepth, at: comparison.offset) { try $0.compile(inner, in: many.inner, rightScope: rightScope) }
        switch comparison.quantifier ?? .any {
        case .any: return "EXISTS (\(many.subquery(select: "1", condition: .expression(condition))))"
        case .none: return "NOT EXISTS (\(many.subquery(select: "1", condition: .expression(condition))))"
        case .all: return "NOT EXISTS (\(many.subquery(select: "1", condition: .expression("NOT (\(condition))"))))"
        }
    }

    /// `SUBQUERY(collection, $x, predicate).@count`
    mutating func subqueryCount(_ collection: KeyPath, variable: String, predicate: Predicate, offset: Int,
                                        in scope: Scope) throws -> Value
    {
        guard case .many(var many) = try resolve(collection, in: scope), many.rest.components.isEmpty, many.rest.aggregate == nil else {
            throw semanticError("SUBQUERY needs a list or backlinks, and '\(collection)' is not one", at: offset)
        }
        if scope.scope(for: variable) != nil {
            throw semanticError("SUBQUERY's variable '$\(variable)' is already one of an outer SUBQUERY: name this one otherwise", at: offset)
        }
        let inner = Scope(info: many.inner.info, alias: many.inner.alias, variable: variable, parent: many.inner.parent)
        many.inner = inner
        let condition = try nested(Self.listDepth, at: offset) { try $0.compile(predicate, in: inner) }
        return Value(sql: "(\(many.subquery(select: "count(*)", condition: condition)))", type: .int, isOptional: false,
                     target: nil, name: "SUBQUERY(\(collection)).@count")
    }

    // MARK: - Comparing one value

    private mutating func compare(_ left: Value, _ comparison: Comparison, in scope: Scope) throws -> SQL {
        if left.isTypeOf { return try typeComparison(left, comparison, in: scope) }
        let op = comparison.op
        let folding = StringMatching.Folding(caseInsensitive: comparison.caseInsensitive,
                                             diacriticInsensitive: comparison.diacriticInsensitive)
        var left = left
        if left.type == .any, folding.isEmpty, !op.isStringOperator, Self.isDateLiterals(comparison.right) {
            left = Self.moment(of: left)
        }
        // A Mixed value IN a list: each literal compared as its own kind (`IN {100, "a"}` finds the int and the string).
        if left.typeSQL != nil, op == .in, case .list(let items, _) = comparison.right, items.count > 1 {
            let parts = try items.map { item -> SQL in
                var single = comparison
                single.op = .equal
                single.right = item
                return try compare(left, single, in: scope)
            }
            return Self.chained(parts, "OR")
        }
        if let typeSQL = left.typeSQL, var kind = mixedKind(of: comparison.right) {
            // A string operator (or [c], [d]) matches a Mixed string, and binary data only against binary data:
            // never a number by its text, as realm-core's string operators take strings.
            if op.isStringOperator || !folding.isEmpty { kind = kind == .data ? .data : .string }
            left = Self.restricted(left, to: kind, typeSQL: typeSQL)
        }
        if !folding.isEmpty || op.isStringOperator {
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

        if let condition = try floatComparison(left, comparison, in: scope) { return condition }
        // NaN is neither less nor more than anything, as in Realm (nor between).
        if op != .equal, op != .notEqual, op != .in, Self.holdsNaN(comparison.right) { return "0" }
        switch op {
        case .in:
            let items: [Expression]
            switch comparison.right {
            case .list(let list, _): items = list
            case .parameter: items = [comparison.right]
            case .literal:
                throw semanticError("IN needs a list after it: values in braces, a list, or a parameter, and '\(Self.text(comparison.right))' is one value",
                                    at: comparison.right.offset)
            case .keyPath(let path):
                return try inCollection(left, path, folding: folding, in: scope)
            default: throw semanticError("IN needs a list of values in braces, as in {1, 2, 3}, or a list property", at: comparison.right.offset)
            }
            var values: [SQL] = []
            var includesNull = false
            for item in items {
                switch try operand(item, for: left, in: scope) {
                case .null: includesNull = true
                case .value(let value): values.append(fold(value, folding))
                }
            }
            guard !values.isEmpty else { return includesNull ? "(\(left.nullSQL ?? left.sql) IS NULL)" : "0" }
            listValues += values.count
            let inValues = twoValued("\(fold(left.sql, folding)) IN (\(values.joined(separator: ", ")))", left.isOptional)
            return includesNull ? "(\(inValues) OR \(left.nullSQL ?? left.sql) IS NULL)" : "(\(inValues))"
        case .between:
            guard case .list(let bounds, let offset) = comparison.right, bounds.count == 2 else {
                throw semanticError("BETWEEN needs two values in braces, as in {1, 10}", at: comparison.right.offset)
            }
            guard case .value(let low) = try operand(bounds[0], for: left, in: scope),
                  case .value(let high) = try operand(bounds[1], for: left, in: scope)
            else { throw semanticError("BETWEEN needs two values that are not nil", at: offset) }
            try checkOrdered(left, comparison)
            return twoValued("\(left.sql) BETWEEN \(low) AND \(high)", left.isOptional)
        default:
            break
        }

        if case .list(_, let offset) = comparison.right {
            throw semanticError("a list of values in braces goes with IN or BETWEEN", at: offset)
        }
        let right: SQL
        switch try operand(comparison.right, for: left, in: scope) {
        case .null:
            switch op {
            case .equal: return "\(left.nullSQL ?? left.sql) IS NULL"
            case .notEqual: return "\(left.nullSQL ?? left.sql) IS NOT NULL"
            // As realm-core answers: every value (nil too) begins with, ends with and contains nil, as it does the
            // empty string, and nil is LIKE nil alone; its CONTAINS[c] of binary data finds every value that is not nil.
            case .like: return "\(left.nullSQL ?? left.sql) IS NULL"
            case .contains where !folding.isEmpty && left.type == .data: return "\(left.nullSQL ?? left.sql) IS NOT NULL"
            case .beginsWith, .endsWith, .contains: return "1"
            // As realm-core orders nil: equal to nil, so <= and >= nil are == nil, and < and > nil hold of nothing.
            case .lessOrEqual, .greaterOrEqual: return "\(left.nullSQL ?? left.sql) IS NULL"
            case .less, .greater: return "0"
            default: throw semanticError("only == and != compare with nil", at: comparison.right.offset)
            }
        case .value(let value):
            right = value
        }
        if op.isStringOperator {
            let operation: StringMatching.Operation = switch op {
            case .beginsWith: .beginsWith
            case .endsWith: .endsWith
            case .contains: .contains
            default: .like
            }
            return "strata_match(\(literal: .integer(operation.rawValue)), \(left.sql), \(right), \(literal: .integer(folding.rawValue)))"
        }
        if op == .equal, !folding.isEmpty, left.type == .string || left.type == .data || left.type == .any {
            // A string property's ==[c]: decided in place as the string operators are, not by folding both sides
            // into new strings per row (SQLite narrowing first, with LIKE or ranges, measured slower than this).
            // Data and Mixed values the same way, ASCII case folded in bytes as realm-core folds them.
            return "strata_match(\(literal: .integer(StringMatching.Operation.equal.rawValue)), \(left.sql), \(right), \(literal: .integer(folding.rawValue)))"
        }
        if op == .notEqual, !folding.isEmpty, left.type == .data || left.type == .any {
            return "NOT strata_match(\(literal: .integer(StringMatching.Operation.equal.rawValue)), \(left.sql), \(right), \(literal: .integer(folding.rawValue)))"
        }
        let lhs = fold(left.sql, folding)
        // Text compares byte by byte, whatever collation the column declares.
        let rhs: SQL = folding.isEmpty && left.type == .string ? "\(right) COLLATE BINARY" : fold(right, folding)
        switch op {
        case .equal: return "\(lhs) IS \(rhs)"
        case .notEqual: return "\(lhs) IS NOT \(rhs)"
        default:
            try checkOrdered(left, comparison)
            var condition = twoValued("\(lhs) \(Self.symbol(of: op)) \(rhs)", left.isOptional || rightIsOptional(comparison.right))
            // SQLite orders every number before every string; Realm compares only like with like.
            if left.type == .any, let family = storageFamily(comparison.right) {
                condition = "(typeof(\(left.sql)) IN \(parenthesized: family) AND \(condition))"
            }
            return condition
        }
    }

    /// A float property compared with numbers written in the query: at float precision, as Realm compares floats,
    /// each number standing for every double that rounds to its float. So `floatValue == 1.23` finds the 1.23 that
    /// `convert` stores (the double of the float's shortest text) and the 1.2300000190734863 an app stores (the
    /// float's own double) alike, and the column's index still serves the ranges. Nil for anything else (another
    /// path, nil, an infinity), which compares as stored.
    private mutating func floatComparison(_ left: Value, _ comparison: Comparison, in scope: Scope) throws -> SQL? {
        guard left.type == .float, !left.isDecimalKey, left.typeSQL == nil, !comparison.caseInsensitive, !comparison.diacriticInsensitive
        else { return nil }
        func range(_ expression: Expression) throws -> ClosedRange<Double>? {
            let number: Double?
            switch expression {
            case .literal(.integer(let value), _): number = Double(value)
            case .literal(.decimal(let value, _), _): number = value
            case .parameter(let index, let offset):
                guard index < parameters.count else { return nil }
                guard case .real(let value) = try convert(parameter: parameters[index], for: left, at: offset) else { return nil }
                number = value
            default: number = nil
            }
            return number.flatMap { Self.doubles(roundingTo: Float($0)) }
        }
        let column = left.sql
        func bound(_ value: Double) -> SQL { "\(SQLiteValue.real(value))" }
        // Two-valued (false, never NULL, for a NULL column) by `AND column IS NOT NULL`, which leaves the range to the
        // column's index, as coalesce would not.
        func known(_ condition: SQL) -> SQL { "(\(condition) AND \(column) IS NOT NULL)" }
        func within(_ range: ClosedRange<Double>) -> SQL { known("\(column) BETWEEN \(bound(range.lowerBound)) AND \(bound(range.upperBound))") }
        switch comparison.op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let range = try range(comparison.right) else { return nil }
            switch comparison.op {
            case .equal: return within(range)
            case .notEqual: return "NOT \(within(range))"
            case .less: return known("\(column) < \(bound(range.lowerBound))")
            case .lessOrEqual: return known("\(column) <= \(bound(range.upperBound))")
            case .greater: return known("\(column) > \(bound(range.upperBound))")
            default: return known("\(column) >= \(bound(range.lowerBound))")
            }
        case .between:
            guard case .list(let bounds, _) = comparison.right, bounds.count == 2, let low = try range(bounds[0]),
                  let high = try range(bounds[1]) else { return nil }
            return within(low.lowerBound...max(low.lowerBound, high.upperBound))
        case .in:
            guard case .list(let items, _) = comparison.right, !items.isEmpty else { return nil }
            var terms: [SQL] = []
            for item in items {
                if case .literal(.null, _) = item { terms.append("\(column) IS NULL"); continue }
                guard let range = try range(item) else { return nil }
                terms.append(within(range))
            }
            return "(\(terms.joined(separator: " OR ")))"
        default:
            return nil
        }
    }

    /// A NaN literal, or a list in braces holding one.
    private static func holdsNaN(_ expression: Expression) -> Bool {
        switch expression {
        case .literal(.decimal(let value, _), _): value.isNaN
        case .list(let items, _): items.contains(where: holdsNaN)
        default: false
        }
    }

    /// Every double that rounds to `float` (round to nearest, ties to even), nil for an infinity or NaN.
    static func doubles(roundingTo float: Float) -> ClosedRange<Double>? {
        guard float.isFinite else { return nil }
        let value = Double(float)
        // Half-way to each neighbour is exact in a double; whether it rounds to `float` is the tie's even digit.
        // Past the greatest float, its neighbour would be 2^128 (the greatest plus its ulp, exact in a double).
        let below = float.nextDown.isFinite ? Double(float.nextDown) : value - Double(float.ulp)
        let above = float.nextUp.isFinite ? Double(float.nextUp) : value + Double(float.ulp)
        var low = (below + value) / 2
        if Float(low) != float { low = low.nextUp }
        var high = (value + above) / 2
        if Float(high) != float { high = high.nextDown }
        return low...high
    }

    /// Realm's names of the types of a value (`query_value.cpp`'s `attribute_map`, in any case), each as the names
    /// `convert` stores beside a Mixed value; nil stands for nil.
    static let typeNames: [String: [String?]] = {
        let numbers: [String?] = ["int", "float", "double", "decimal128"]
        var names: [String: [String?]] = ["null": [nil], "string": ["string"], "float": ["float"], "double": ["double"],
                                          "objectid": ["objectId"], "numeric": numbers, "object": ["dictionary"],
                                          "dictionary": ["dictionary"], "array": ["list"], "list": ["list"],
                                          "collection": ["list", "set", "dictionary"]]
        for name in ["int", "integer", "int16", "int32", "int64", "short", "long", "byte", "char"] { names[name] = ["int"] }
        for name in ["bool", "boolean"] { names[name] = ["bool"] }
        for name in ["binary", "data", "bytearray", "byte[]", "bindata"] { names[name] = ["binary"] }
        for name in ["date", "datetimeoffset", "timestamp"] { names[name] = ["timestamp"] }
        for name in ["decimal128", "decimal"] { names[name] = ["decimal128"] }
        for name in ["objectlink", "link"] { names[name] = ["link"] }
        for name in ["uuid", "guid"] { names[name] = ["uuid"] }
        return names
    }()

    /// Realm's type names as SQLite's storage classes, for an untyped column that keeps no Realm type.
    private static let storageClasses: [String: String] = ["int": "integer", "double": "real", "string": "text", "binary": "blob"]

    /// `mixed.@type == 'string'`, `!=`, `IN {'int', 'double'}`: the value's type among those the names stand for.
    private mutating func typeComparison(_ left: Value, _ comparison: Comparison, in scope: Scope) throws -> SQL {
        guard !comparison.caseInsensitive, !comparison.diacriticInsensitive else {
            throw semanticError("[c] and [d] do not apply to @type: its names are read in any case", at: comparison.offset)
        }
        let items: [Expression]
        switch comparison.right {
        case .keyPath(let path):
            // `mixed.@type == int.@type`: the same type.
            let right = try resolveValue(path, in: scope, purpose: "a comparison")
            guard right.isTypeOf, [.equal, .notEqual].contains(comparison.op) else {
                throw semanticError("@type compares with type names or another @type, as in \(left.name) == 'string'", at: path.offset)
            }
            guard !(left.isConstantType && right.isConstantType) else {
                throw semanticError("'\(left.name)' and '\(right.name)' are each always one type: compare a Mixed value's @type", at: comparison.offset)
            }
            let same: SQL = "coalesce(\(left.sql) IS \(right.sql), 0)"
            return comparison.op == .notEqual ? "NOT \(same)" : same
        case .list(let list, _) where comparison.op == .in: items = list
        case .literal, .parameter:
            if left.isConstantType {
                throw semanticError("'\(left.name)' is always one type: compare a Mixed value's @type with type names", at: comparison.offset)
            }
            items = [comparison.right]
        default:
            throw semanticError("@type compares with type names, as in \(left.name) == 'string' or \(left.name) IN {'int', 'double'}",
                                at: comparison.right.offset)
        }
        guard [.equal, .notEqual, .in].contains(comparison.op) else {
            throw semanticError("@type takes ==, != and IN", at: comparison.offset)
        }
        var stored: Set<String> = []
        var includesNull = false
        for item in items {
            let name: String
            switch item {
            case .literal(.string(let text), _): name = text
            case .parameter(let index, let offset):
                guard index < parameters.count else {
                    throw semanticError("$\(index) has no value: give it with --arg (\(parameters.count) given)", at: offset)
                }
                name = parameters[index]
            default:
                throw semanticError("@type compares with type names in quotes, as in \(left.name) == 'string'", at: item.offset)
            }
            guard let names = Self.typeNames[name.lowercased()] else {
                throw semanticError("unknown type name '\(name)' for @type; it takes \(Self.typeNames.keys.sorted().joined(separator: ", "))",
                                    at: item.offset)
            }
            for type in names {
                if let type { stored.insert(left.isStorageClass ? Self.storageClasses[type] ?? "" : type) } else { includesNull = true }
            }
        }
        stored.remove("")
        var terms: [SQL] = []
        if !stored.isEmpty { terms.append("coalesce(\(left.sql) IN \(parenthesized: stored.sorted().map { SQL.literal(.text($0)) }.joined(separator: ", ")), 0)") }
        // `convert` writes a Mixed link's type with its class: `link:Dog`.
        if stored.contains("link"), !left.isStorageClass { terms.append("coalesce(substr(\(left.sql), 1, 5) = 'link:', 0)") }
        if includesNull { terms.append("\(left.nullSQL ?? left.sql) IS NULL") }
        let matched: SQL = terms.isEmpty ? "0" : "(\(terms.joined(separator: " OR ")))"
        return comparison.op == .notEqual ? "NOT \(matched)" : matched
    }

    /// An untyped value as the moment its text reads as (NULL for anything else), so that it compares with
    /// date literals as a date property does, as SQLite's `julianday` compares: `2005-05-25 10:00:00` is
    /// after 2005-05-25, whether written with a space or a `T`, with or without a zone or milliseconds.
    private static func moment(of value: Value) -> Value {
        Value(sql: DateStorage.textMomentSQL(value.sql), type: .date, isOptional: true, target: nil, name: value.name,
              nullSQL: value.nullSQL ?? value.sql, typeSQL: value.typeSQL)
    }

    /// The Realm types of a Mixed value that a literal of some kind compares with.
    enum MixedKind: Equatable {
        case number, string, bool, date, data, objectId, uuid
        /// A link to an object of one of these classes (`link:Class`, as `convert` writes a Mixed link's type).
        case link([String])

        var typeNames: [String] {
            switch self {
            case .number: ["int", "float", "double", "decimal128"]
            case .string: ["string"]
            case .bool: ["bool"]
            case .date: ["timestamp"]
            case .data: ["binary"]
            case .objectId: ["objectId"]
            case .uuid: ["uuid"]
            case .link(let classes): classes.map { "link:" + $0 }
            }
        }
    }

    /// What the right side of a comparison with a Mixed value is: nil for nil (which any value may be compared
    /// with) and for another path.
    private func mixedKind(of expression: Expression) -> MixedKind? {
        switch expression {
        case .literal(.integer, _), .literal(.decimal, _): .number
        case .literal(.string, _): .string
        case .literal(.bool, _): .bool
        case .literal(.date, _): .date
        case .literal(.data, _): .data
        case .literal(.base64, _): .string
        case .literal(.objectId, _): .objectId
        case .literal(.uuid, _): .uuid
        case .literal(.object(let className, _), _):
            .link(className.map { [objectClass(named: $0)?.name ?? $0] } ?? schema.classes.map(\.name))
        case .parameter(let index, _) where index < parameters.count:
            Int64(parameters[index]) != nil || Double(parameters[index]) != nil ? .number : .string
        case .list(let items, _): items.lazy.compactMap { mixedKind(of: $0) }.first
        default: nil
        }
    }

    /// A Mixed value as a value of one kind: NULL (no match, but not nil: `nullSQL` keeps the stored value) when
    /// its Realm type is another (a Decimal128 kept as text is no string, an ObjectId's 24 hex digits neither), and
    /// a Decimal128 as the number it is.
    private static func restricted(_ value: Value, to kind: MixedKind, typeSQL: SQL) -> Value {
        var value = value
        let names = kind.typeNames.map { SQL.literal(.text($0)) }.joined(separator: ", ")
        let number: SQL = kind == .number ? "CASE WHEN \(typeSQL) = 'decimal128' THEN strata_decimal_real(strata_decimal_key(\(value.sql))) ELSE \(value.sql) END" : value.sql
        value.nullSQL = value.nullSQL ?? value.sql
        value.sql = "(CASE WHEN \(typeSQL) IN \(parenthesized: names) THEN \(number) END)"
        value.isOptional = true
        return value
    }

    /// A date literal, or a list in braces of date literals and nils with at least one date.
    private static func isDateLiterals(_ expression: Expression) -> Bool {
        switch expression {
        case .literal(.date, _):
            return true
        case .list(let items, _):
            var sawDate = false
            for item in items {
                switch item {
                case .literal(.date, _): sawDate = true
                case .literal(.null, _): continue
                default: return false
                }
            }
            return sawDate
        default:
            return false
        }
    }

    /// `strata_fold(value, mode)` when the comparison folds case or diacritics, else the value itself.
    private func fold(_ value: SQL, _ folding: StringMatching.Folding) -> SQL {
        folding.isEmpty ? value : "strata_fold(\(value), \(literal: .integer(folding.rawValue)))"
    }

    /// The storage classes a literal compares with in an untyped column, as an SQL list.
    private func storageFamily(_ expression: Expression) -> SQL? {
        let names: [String] = switch expression {
        case .literal(.integer, _), .literal(.decimal, _), .literal(.bool, _): ["integer", "real"]
        case .literal(.string, _), .literal(.date, _), .literal(.objectId, _), .literal(.uuid, _): ["text"]
        case .literal(.data, _), .literal(.base64, _): ["blob"]
        default: []
        }
        return names.isEmpty ? nil : names.map { SQL.literal(.text($0)) }.joined(separator: ", ")
    }

    /// An ordering comparison's operator in SQL.
    private static func symbol(of op: ComparisonOperator) -> SQL {
        switch op {
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        case .notEqual: "!="
        default: "="
        }
    }

    /// `name IN list.items.name`: some object of the collection has that value.
    private mutating func inCollection(_ left: Value, _ path: KeyPath, folding: StringMatching.Folding, in scope: Scope) throws -> SQL {
        switch try resolve(path, in: scope) {
        case .value:
            throw semanticError("IN needs a list after it: values in braces, a list, or a parameter, and '\(path)' is one value", at: path.offset)
        case .many(let many):
            guard !many.elementPath.components.isEmpty, many.rest.aggregate == nil else {
                throw semanticError("IN needs a property of the objects in '\(many.name)', as in \(many.name).name", at: path.offset)
            }
            let element = try resolveValue(many.elementPath, in: many.inner, purpose: "IN")
            try checkComparable(left, element, at: path.offset)
            let condition: SQL = "\(fold(element.sql, folding)) IS \(fold(left.sql, folding))"
            return "EXISTS (\(many.subquery(select: "1", condition: .expression(condition))))"
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
    private func twoValued(_ sql: SQL, _ optional: Bool) -> SQL {
        optional ? "coalesce(\(sql), 0)" : sql
    }

    /// The right side of a comparison: nil, or a value in SQL (a bound parameter, another path, a count).
    ///
    /// Nil is a case of its own, never recognised by the text of the SQL: whatever a path compiles to, it is
    /// compared as a value.
    private enum Operand {
        case null
        case value(SQL)
    }

    /// The right-hand side: a bound parameter typed by the left side, another path, or nil.
    private mutating func operand(_ expression: Expression, for left: Value, in scope: Scope) throws -> Operand {
        switch expression {
        case .literal(.null, _):
            return .null
        case .literal(let literal, let offset):
            return .value("\(try convert(literal, for: left, at: offset))")
        case .parameter(let index, let offset):
            guard index < parameters.count else {
                throw semanticError("$\(index) has no value: give it with --arg (\(parameters.count) given)", at: offset)
            }
            return .value("\(try convert(parameter: parameters[index], for: left, at: offset))")
        case .keyPath(let path):
            let right = try resolveValue(path, in: scope, purpose: "a comparison")
            try checkComparable(left, right, at: path.offset)
            // A decimal kept as text against another number: both as keys when the left is one, else both numbers.
            if left.isDecimalKey, !right.isDecimalKey { return .value("strata_decimal_key(\(right.sql))") }
            if right.isDecimalKey, !left.isDecimalKey { return .value("strata_decimal_real(\(right.sql))") }
            return .value(right.sql)
        case .subqueryCount(let collection, let variable, let predicate, let offset):
            return .value(try subqueryCount(collection, variable: variable, predicate: predicate, offset: offset, in: scope).sql)
        case .arithmetic:
            let right = try arithmeticValue(expression, in: scope, typedAs: left)
            try checkComparable(left, right, at: expression.offset)
            return .value(right.sql)
        case .list(_, let offset):
            throw semanticError("a list of values in braces goes with IN or BETWEEN", at: offset)
        }
    }

    /// Two values of types that compare, or an error naming both.
    private func checkComparable(_ left: Value, _ right: Value, at offset: Int) throws {
        guard compatible(left.type, right.type) else {
            throw semanticError("cannot compare '\(left.name)' (\(left.type.rawValue)) with '\(right.name)' (\(right.type.rawValue))", at: offset)
        }
    }

    private func compatible(_ a: PropertyType, _ b: PropertyType) -> Bool {
        let numbers: Set<PropertyType> = [.int, .float, .double, .decimal]
        if a == b || a == .any || b == .any { return true }
        if numbers.contains(a) && numbers.contains(b) { return true }
        if (a == .string && b == .uuid) || (a == .uuid && b == .string) { return true }
        return false
    }

    // MARK: - Literals as stored values

    /// A literal as the stored value it is compared with, or a type error naming both.
    func convert(_ literal: Literal, for left: Value, at offset: Int) throws -> SQLiteValue {
        func mismatch(_ what: String) -> QueryError {
            semanticError("cannot compare '\(left.name)', \(article(left.type)) \(left.type.rawValue), with \(what)", at: offset)
        }
        if left.isDecimalKey {
            // Every digit as written: the literal's key, as the column's values have theirs.
            switch literal {
            case .null: return .null
            case .integer(let value): return .text(DecimalText(String(value))?.key ?? "2")
            case .decimal(_, let text):
                guard let decimal = DecimalText(text) else { throw mismatch("'\(text)', which is not a decimal number") }
                return .text(decimal.key)
            case .string: throw mismatch("a string")
            case .bool: throw mismatch("a bool")
            case .date: throw mismatch("a date")
            case .data, .base64: throw mismatch("data")
            case .object, .objectByParameter: throw mismatch("an object")
            case .objectId: throw mismatch("an ObjectId")
            case .uuid: throw mismatch("a UUID")
            }
        }
        if case .object(let className, let key) = literal {
            // A Mixed value that holds a link: its key (its type, `link:Class`, is compared beside it).
            if left.type == .any, left.typeSQL != nil {
                if let className, objectClass(named: className) == nil {
                    throw semanticError("obj(…) names '\(className)', which is no class of this file", at: offset)
                }
                return key
            }
            guard left.type == .object, let target = left.target else { throw mismatch("an object") }
            if let className, objectClass(named: className)?.name != target.name {
                throw semanticError("'\(left.name)' links to \(target.name), and obj(…) names \(className)", at: offset)
            }
            return key
        }
        switch literal {
        case .objectId(let text):
            // An ObjectId: a string to a string property (as `convert` keeps one), its text to a Mixed value.
            guard [.string, .any].contains(left.type) else { throw mismatch("an ObjectId") }
            return .text(text)
        case .uuid(let text):
            switch left.type {
            case .uuid: return .text(text.uppercased())
            case .any: return .text(text.lowercased())
            case .string: return .text(text)
            default: throw mismatch("a UUID")
            }
        default:
            break
        }
        if case .base64(let bytes) = literal {
            // A string in base 64: the bytes against data and in an untyped SQLite column, else the string.
            let isData = left.type == .data || (left.type == .any && left.typeSQL == nil)
            return try convert(isData ? .data(bytes) : .string(String(decoding: bytes, as: UTF8.self)), for: left, at: offset)
        }
        if case .decimal(let value, _) = literal, !value.isFinite, left.type == .int || left.type == .bool || left.type == .object {
            // realm-core: "Infinity not supported for int".
            throw mismatch(value.isNaN ? "NaN, which no whole number is" : "an infinity, which no whole number is")
        }
        if case .decimal(let value, _) = literal, value.isNaN, left.type == .float || left.type == .double {
            // SQLite keeps no NaN: `convert` stores a Realm NaN as the text NaN, which this finds.
            return .text("NaN")
        }
        switch (left.type, literal) {
        case (_, .null): return .null
        case (.int, .integer(let value)), (.decimal, .integer(let value)), (.any, .integer(let value)):
            return .integer(value)
        case (.float, .integer(let value)):
            return .real(Double(Float(value)))
        case (.float, .decimal(let value, _)):
            // A float property stores Float values: 883.5181 is the Float nearest to it.
            return .real(Double(Float(value)))
        case (.double, .integer(let value)):
            return .real(Double(value))
        case (.int, .decimal(let value, _)), (.double, .decimal(let value, _)),
             (.decimal, .decimal(let value, _)), (.any, .decimal(let value, _)):
            return .real(value)
        case (.bool, .bool(let value)), (.any, .bool(let value)):
            return .integer(value ? 1 : 0)
        case (.bool, .integer(let value)) where value == 0 || value == 1:
            return .integer(value)
        case (.uuid, .string(let value)):
            return .text(value.uppercased())
        case (.string, .string(let value)), (.any, .string(let value)):
            return .text(value)
        case (.date, .date(let moment)):
            return .blob(moment.key)
        case (.date, .string(let text)):
            guard let moment = ISODate.moment(text) else { throw mismatch("'\(text)', which is not an ISO 8601 date") }
            return .blob(moment.key)
        case (.data, .data(let bytes)), (.any, .data(let bytes)), (.string, .data(let bytes)):
            return .blob(bytes)
        case (.data, .string(let text)):
            return .blob(Array(text.utf8))
        case (.any, .date(let moment)):
            return .text(moment.isoText)
        case (.object, .integer(let value)):
            return .integer(value)
        case (.object, .string(let value)):
            return .text(value)
        case (_, .integer), (_, .decimal): throw mismatch("a number")
        case (_, .string): throw mismatch("a string")
        case (_, .bool): throw mismatch("a bool")
        case (_, .date): throw mismatch("a date")
        case (_, .data), (_, .base64): throw mismatch("data")
        case (_, .object), (_, .objectByParameter): throw mismatch("an object")
        case (_, .objectId): throw mismatch("an ObjectId")
        case (_, .uuid): throw mismatch("a UUID")
        }
    }

    /// A `--arg` value, written as text on the command line, read by the type of what it is compared with.
    func convert(parameter text: String, for left: Value, at offset: Int) throws -> SQLiteValue {
        let literal: Literal
        switch left.type {
        case .int, .object:
            if let value = Int64(text) { literal = .integer(value) } else if left.type == .object { literal = .string(text) } else if let value = Double(text) { literal = .decimal(value, text: text) } else {
                throw semanticError("$ parameter '\(text)' is not a number, and '\(left.name)' is an int", at: offset)
            }
        case .float where Int64(text) != nil, .double where Int64(text) != nil, .decimal where Int64(text) != nil:
            // A whole number as one: 9223372036854775807 is no double.
            literal = .integer(Int64(text) ?? 0)
        case .float, .double, .decimal:
            guard let value = Double(text) else {
                throw semanticError("$ parameter '\(text)' is not a number, and '\(left.name)' is \(article(left.type)) \(left.type.rawValue)", at: offset)
            }
            literal = .decimal(value, text: text)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1": literal = .bool(true)
            case "false", "no", "0": literal = .bool(false)
            default: throw semanticError("$ parameter '\(text)' is not a bool (true or false)", at: offset)
            }
        case .date:
            guard let moment = ISODate.moment(text) else {
                throw semanticError("$ parameter '\(text)' is not an ISO 8601 date", at: offset)
            }
            literal = .date(moment)
        case .data:
            literal = .data(Array(text.utf8))
        case .any:
            literal = Int64(text).map(Literal.integer) ?? Double(text).map { .decimal($0, text: text) } ?? .string(text)
        default:
            literal = .string(text)
        }
        return try convert(literal, for: left, at: offset)
    }
}
