import SQLiteKit
import StrataCore

/// Comparisons as realm-core evaluates them when either side holds many values (`query_expression.hpp`,
/// `Value::compare`): each side is one value, a list of constants in braces, or a path through a list, each under its
/// own ANY, ALL or NONE (ANY when none is written), the left side's outermost. With neither written and a list on both
/// sides, the lists are compared element by element, in order.
extension QueryCompiler {
    /// One side of a comparison.
    enum Side {
        /// One value: a path through links, an aggregate, arithmetic of them, or a constant.
        case one(Expression)
        /// `{…}`: constants (each possibly arithmetic of constants).
        case constants([Expression], offset: Int)
        /// A path through a list (or arithmetic on its values): each `element` in `many.inner`.
        case many(Many, element: Expression)

        var isList: Bool {
            if case .one = self { return false }
            return true
        }
    }

    /// An element of a side, where its paths start.
    struct Element {
        var expression: Expression
        var scope: Scope
    }

    /// What a side is, without resolving it (no alias or join is made): a list in braces, a path through a list (or
    /// arithmetic on one), or one value.
    enum Shape { case one, constants, many }

    func shape(_ expression: Expression, in scope: Scope) -> Shape {
        switch expression {
        case .list(let items, _):
            // A list naming a property (`IN {`NULL`, nil}`) is the one-value path's IN.
            return items.contains(where: isPathLike) ? .one : .constants
        case .keyPath(let path):
            return goesThroughList(path, in: scope) ? .many : .one
        case .arithmetic(_, let left, let right, _):
            let shapes = [shape(left, in: scope), shape(right, in: scope)]
            return shapes.contains(.many) ? .many : shapes.contains(.constants) ? .constants : .one
        default:
            return .one
        }
    }

    /// Whether a path goes through a list, a set, a dictionary's values or backlinks and ends without an aggregate:
    /// what `resolve` makes a `Many` of. An unknown name is left for `resolve` to name.
    func goesThroughList(_ path: KeyPath, in scope: Scope) -> Bool {
        guard path.aggregate == nil else { return false }
        if let variable = path.variable, pinned[variable] != nil { return false }
        var info = (path.variable.flatMap { scope.scope(for: $0) } ?? scope).info
        var components = path.components[...]
        if components.isEmpty, path.variable != nil { return false }
        while let component = components.popFirst() {
            switch component {
            case .backlinks: return true
            case .allBacklinks, .size, .parameterKey: return false
            case .index: return false
            case .all: continue
            case .key: return false
            case .property(let name):
                guard let property = info.property(named: name) else { return false }
                // `[n]`, `[FIRST]`, `[LAST]` pick one element, which the path goes on from; `[SIZE]` is a count.
                var picksOne = false
                switch components.first {
                case .index?: picksOne = true; components.removeFirst()
                case .size?: return false
                default: break
                }
                switch property.type {
                case .list, .linkingObjects:
                    guard picksOne, let target = property.target.flatMap(schema.class(named:)) else { return !picksOne }
                    info = target
                case .collection:
                    if picksOne { return false }
                    // A dictionary's value by its key is one value.
                    guard info.collections[name]?.kind == .dictionary, let next = components.first else { return true }
                    switch next {
                    case .key, .index, .size, .allBacklinks, .parameterKey: return false
                    case .property(let key): return key == ValueCollection.keysName || key == ValueCollection.valuesName
                    case .backlinks, .all: return true
                    }
                case .object:
                    guard let target = property.target.flatMap(schema.class(named:)) else { return false }
                    info = target
                default:
                    return false
                }
            }
        }
        return false
    }

    mutating func side(_ expression: Expression, in scope: Scope) throws -> Side {
        switch expression {
        case .list(let items, let offset):
            return .constants(items, offset: offset)
        case .keyPath(let path):
            guard case .many(let many) = try resolve(path, in: scope), try aggregate(many, offset: path.offset) == nil else { return .one(expression) }
            return .many(many, element: .keyPath(many.elementPath))
        case .arithmetic(let op, let left, let right, let offset):
            let (a, b) = (try side(left, in: scope), try side(right, in: scope))
            switch (a, b) {
            case (.one, .one):
                return .one(expression)
            case (.many(let many, let element), .one(let other)), (.one(let other), .many(let many, let element)):
                guard !isPathLike(other) else {
                    throw semanticError("arithmetic on the values of a list takes numbers, not another property", at: other.offset)
                }
                let isLeft = if case .many = a { true } else { false }
                return .many(many, element: .arithmetic(op, isLeft ? element : other, isLeft ? other : element, offset: offset))
            case (.constants(let items, let listOffset), .one(let other)), (.one(let other), .constants(let items, let listOffset)):
                let isLeft = if case .constants = a { true } else { false }
                return .constants(try items.map { try folded(.arithmetic(op, isLeft ? $0 : other, isLeft ? other : $0, offset: offset)) },
                                  offset: listOffset)
            default:
                throw semanticError("arithmetic on two lists is not supported (nor in Realm): one side of \(op.rawValue) must be one value", at: offset)
            }
        default:
            return .one(expression)
        }
    }

    /// The error for a quantifier before something that holds one value.
    private func notAList(_ quantifier: Quantifier, _ expression: Expression, at offset: Int) -> QueryError {
        semanticError("\(quantifier.rawValue.uppercased()) needs a list after it, and '\(Self.text(expression))' is one value", at: offset)
    }

    /// The comparison when a side holds many values in a way the one-value path does not take (a list on the right, a
    /// list in braces with an operator other than IN, quantifiers on the right, a constant before a string operator);
    /// nil when that path takes it.
    mutating func compileSides(_ comparison: Comparison, in scope: Scope, rightScope: Scope?) throws -> SQL? {
        guard comparison.op != .between else { return nil }
        let rightScope = rightScope ?? scope
        let leftShape = shape(comparison.left, in: scope), rightShape = shape(comparison.right, in: rightScope)
        let constantLeft = !isPathLike(comparison.left) && leftShape == .one
        if constantLeft, let quantifier = comparison.quantifier, !comparison.isUnderAll {
            throw notAList(quantifier, comparison.left, at: comparison.offset)
        }
        // What the one-value path takes, decided before anything is resolved (which would make aliases and joins).
        switch (leftShape, rightShape) {
        case (.one, .one) where comparison.rightQuantifier == nil && !(constantLeft && comparison.op.isStringOperator):
            return nil
        case (.many, .one) where comparison.rightQuantifier == nil && !comparison.left.hasArithmetic:
            return nil
        case (.one, .constants) where !constantLeft && comparison.op == .in && comparison.rightQuantifier ?? .any == .any && !comparison.right.hasArithmetic:
            return nil
        case (.one, .many) where comparison.op == .in && comparison.rightQuantifier == nil && !comparison.right.hasArithmetic:
            return nil
        case (.one, .many) where constantLeft && !comparison.op.isStringOperator && comparison.rightQuantifier == nil && !comparison.right.hasArithmetic:
            return nil
        default:
            break
        }
        let left = try side(comparison.left, in: scope)
        let right = try side(comparison.right, in: rightScope)
        switch (left, right) {
        case (.one, .one):
            if let quantifier = comparison.rightQuantifier {
                throw notAList(quantifier, comparison.right, at: comparison.right.offset)
            }
            guard constantLeft, comparison.op.isStringOperator else { return nil }
        case (.many, .one) where comparison.rightQuantifier == nil:
            return nil
        case (.one, .constants) where !constantLeft && comparison.op == .in && comparison.rightQuantifier ?? .any == .any:
            return nil
        case (.one, .many) where comparison.op == .in && comparison.rightQuantifier == nil:
            return nil
        case (.one, .many) where constantLeft && !comparison.op.isStringOperator && comparison.rightQuantifier == nil:
            return nil
        default:
            break
        }
        var leftQuantifier = comparison.quantifier
        if comparison.isUnderAll, !left.isList { leftQuantifier = nil }
        if case .one(let expression) = left, let quantifier = leftQuantifier {
            throw notAList(quantifier, expression, at: comparison.offset)
        }
        if case .one(let expression) = right, let quantifier = comparison.rightQuantifier {
            throw notAList(quantifier, expression, at: expression.offset)
        }
        if case .constants = left, case .constants = right {
            throw semanticError("a comparison needs a property on one side", at: comparison.offset)
        }
        if left.isList, right.isList, leftQuantifier == nil, comparison.rightQuantifier == nil {
            return try ordered(comparison, left, right, scope: scope, rightScope: rightScope)
        }
        // The left side outermost: realm-core's `Value::compare` iterates its left argument outermost, and for string
        // operators, whose arguments it takes the other way round, the right one, which is the query's left.
        return try quantify(left, leftQuantifier ?? .any, in: scope, at: comparison.offset) { compiler, outerElement in
            try compiler.quantify(right, comparison.rightQuantifier ?? .any, in: rightScope, at: comparison.offset) { compiler, innerElement in
                try compiler.compareElements(outerElement, innerElement, comparison)
            }
        }
    }

    /// `body` of each element of `side`, under `quantifier`: an EXISTS over a list, the terms of a list in braces, or the
    /// one value.
    private mutating func quantify(_ side: Side, _ quantifier: Quantifier, in scope: Scope, at offset: Int,
                                   _ body: (inout QueryCompiler, Element) throws -> SQL) throws -> SQL {
        switch side {
        case .one(let expression):
            return try body(&self, Element(expression: expression, scope: scope))
        case .constants(let items, _):
            let terms = try items.map { try body(&self, Element(expression: $0, scope: scope)) }
            guard !terms.isEmpty else { return quantifier == .any ? "0" : "1" }
            switch quantifier {
            case .any: return Self.chained(terms, "OR")
            case .all: return Self.chained(terms, "AND")
            case .none: return "NOT \(Self.chained(terms, "OR"))"
            }
        case .many(let many, let element):
            let condition = try nested(Self.listDepth, at: offset) { try body(&$0, Element(expression: element, scope: many.inner)) }
            switch quantifier {
            case .any: return "EXISTS (\(many.subquery(select: "1", condition: .expression(condition))))"
            case .none: return "NOT EXISTS (\(many.subquery(select: "1", condition: .expression(condition))))"
            case .all: return "NOT EXISTS (\(many.subquery(select: "1", condition: .expression("NOT (\(condition))"))))"
            }
        }
    }

    /// One element compared with another, each where its paths start.
    private mutating func compareElements(_ left: Element, _ right: Element, _ comparison: Comparison) throws -> SQL {
        var single = comparison
        single.left = left.expression
        single.right = right.expression
        // Element against element: IN is equality.
        if single.op == .in { single.op = .equal }
        single.quantifier = nil
        single.rightQuantifier = nil
        single.isUnderAll = false
        guard isPathLike(left.expression) || isPathLike(right.expression) else {
            throw semanticError("a comparison needs a property on one side", at: comparison.offset)
        }
        if !isPathLike(left.expression), comparison.op.isStringOperator {
            return try constantBeforeStringOperator(single, in: right.scope)
        }
        return try compile(single, in: left.scope, rightScope: right.scope)
    }

    /// `"milk shake" CONTAINS name`, `NULL BEGINSWITH name`: the constant is the text searched, the property the text
    /// looked for. As in realm-core, nothing is found in nil, and nil LIKE nil.
    private mutating func constantBeforeStringOperator(_ comparison: Comparison, in scope: Scope) throws -> SQL {
        guard case .keyPath(let path) = comparison.right else {
            throw semanticError("\(comparison.op.rawValue) needs a property on one side", at: comparison.offset)
        }
        let value = try resolveValue(path, in: scope, purpose: "a comparison")
        guard [.string, .data, .any].contains(value.type) else {
            throw semanticError("\(comparison.op.rawValue) needs a string, and '\(value.name)' is \(article(value.type)) \(value.type.rawValue)",
                                at: comparison.offset)
        }
        let folding = StringMatching.Folding(caseInsensitive: comparison.caseInsensitive, diacriticInsensitive: comparison.diacriticInsensitive)
        let text: SQL
        switch comparison.left {
        case .literal(.null, _):
            return comparison.op == .like ? "\(value.nullSQL ?? value.sql) IS NULL" : "0"
        case .literal(let literal, let offset):
            text = "\(try convert(literal, for: value, at: offset))"
        case .parameter(let index, let offset):
            guard index < parameters.count else {
                throw semanticError("$\(index) has no value: give it with --arg (\(parameters.count) given)", at: offset)
            }
            text = "\(try convert(parameter: parameters[index], for: value, at: offset))"
        default:
            throw semanticError("\(comparison.op.rawValue) needs a string on its left", at: comparison.left.offset)
        }
        let operation: StringMatching.Operation = switch comparison.op {
        case .beginsWith: .beginsWith
        case .endsWith: .endsWith
        case .contains: .contains
        default: .like
        }
        return "coalesce(strata_match(\(literal: .integer(operation.rawValue)), \(text), \(value.sql), \(literal: .integer(folding.rawValue))), 0)"
    }

    /// Two lists, neither quantified: equal in length and each element compared with the one at its rank (`!=`:
    /// of another length, or each element unequal to its counterpart), as realm-core compares them.
    private mutating func ordered(_ comparison: Comparison, _ left: Side, _ right: Side, scope: Scope, rightScope: Scope) throws -> SQL {
        // A list in braces on the left is the same comparison turned round.
        if case .constants = left, case .many = right {
            let mirror: [ComparisonOperator: ComparisonOperator] = [.less: .greater, .lessOrEqual: .greaterOrEqual, .greater: .less,
                                                                   .greaterOrEqual: .lessOrEqual, .equal: .equal, .notEqual: .notEqual, .in: .equal]
            guard let mirrored = mirror[comparison.op] else {
                throw semanticError("\(comparison.op.rawValue) needs the list in braces on its right", at: comparison.offset)
            }
            var turned = comparison
            (turned.left, turned.right, turned.op) = (comparison.right, comparison.left, mirrored)
            return try ordered(turned, right, left, scope: rightScope, rightScope: scope)
        }
        guard case .many(let many, let element) = left else { throw semanticError("compare a list with a list", at: comparison.offset) }
        let op: ComparisonOperator = comparison.op == .in ? .equal : comparison.op
        var single = comparison
        (single.op, single.quantifier, single.rightQuantifier, single.isUnderAll) = (op, nil, nil, false)
        /// The elements of a path through a list with their ranks from 0: `v` and `n` of a derived table.
        func ranked(_ many: Many, _ element: Expression, _ compiler: inout QueryCompiler) throws -> (table: SQL, value: Value) {
            let value = try compiler.elementValue(element, in: many.inner)
            let order = many.order ?? compiler.keySQL(many.inner.info, alias: many.inner.alias).first ?? "1"
            // A Mixed element's type goes along with it, as `t`.
            let type: SQL = value.typeSQL.map { ", \($0) AS t" } ?? ""
            let table: SQL = "(\(many.subquery(select: "\(value.sql) AS v\(type), row_number() OVER (ORDER BY \(order)) - 1 AS n", condition: .always)))"
            return (table, value)
        }
        /// The element of rank `n` of `table`, as `ranked` made it, where it stands as `v` (and `t`).
        func rankedElement(_ value: Value, _ sql: SQL, type: SQL) -> Value {
            var element = value
            (element.sql, element.isOptional, element.nullSQL, element.shownSQL) = (sql, true, nil, nil)
            if value.typeSQL != nil { element.typeSQL = type }
            return element
        }
        let leftCount: SQL = "(\(many.subquery(select: "count(*)", condition: .always)))"
        let (leftTable, leftValue) = try ranked(many, element, &self)
        switch right {
        case .constants(let items, _):
            var terms: [SQL] = []
            for (rank, item) in items.enumerated() {
                let at: SQL = "FROM \(leftTable) WHERE n = \(literal: .integer(Int64(rank)))"
                single.left = pin(rankedElement(leftValue, "(SELECT v \(at))", type: "(SELECT t \(at))"))
                single.right = item
                terms.append(try compile(single, in: scope, rightScope: rightScope))
            }
            let sameLength: SQL = "\(leftCount) = \(literal: .integer(Int64(items.count)))"
            let all = Self.chained([sameLength] + terms, "AND")
            return op == .notEqual ? "(\(leftCount) != \(literal: .integer(Int64(items.count))) OR \(all))" : all
        case .many(let other, let otherElement):
            let rightCount: SQL = "(\(other.subquery(select: "count(*)", condition: .always)))"
            let (rightTable, rightValue) = try ranked(other, otherElement, &self)
            let (a, b) = (TableAlias("strata_l\(pinned.count)"), TableAlias("strata_r\(pinned.count)"))
            single.left = pin(rankedElement(leftValue, "\(a).v", type: "\(a).t"))
            single.right = pin(rankedElement(rightValue, "\(b).v", type: "\(b).t"))
            let pair = try compile(single, in: scope, rightScope: rightScope)
            let everyPair: SQL = "NOT EXISTS (SELECT 1 FROM \(leftTable) AS \(a) JOIN \(rightTable) AS \(b) ON \(a).n = \(b).n WHERE NOT (\(pair)))"
            return op == .notEqual ? "(\(leftCount) != \(rightCount) OR \(everyPair))" : "(\(leftCount) = \(rightCount) AND \(everyPair))"
        default:
            throw semanticError("compare a list with a list", at: comparison.offset)
        }
    }

    /// An element's value, where it is one value: a path or arithmetic on one.
    private mutating func elementValue(_ element: Expression, in scope: Scope) throws -> Value {
        if case .arithmetic = element { return try arithmeticValue(element, in: scope) }
        guard case .keyPath(let path) = element else { throw semanticError("compare a property of the list's objects", at: element.offset) }
        return try resolveValue(path, in: scope, purpose: "a comparison")
    }

    /// A value already in SQL as a path a comparison can hold: `$` and a name no query can write.
    mutating func pin(_ value: Value) -> Expression {
        let name = "\u{0}pinned\(pinned.count)"
        pinned[name] = value
        return .keyPath(KeyPath(variable: name, components: [], offset: 0))
    }

    /// An expression as the query wrote it, for errors.
    static func text(_ expression: Expression) -> String {
        switch expression {
        case .keyPath(let path): path.description
        case .literal(let literal, _):
            switch literal {
            case .null: "nil"
            case .bool(let value): value ? "true" : "false"
            case .integer(let value): String(value)
            case .decimal(_, let text): text
            case .string(let text): QueryParser.quotedString(text)
            case .date(let moment): moment.isoText
            case .data, .base64: "data"
            case .object(let className, let key): className.map { "obj(\"\($0)\", \(key.sqlLiteral))" } ?? "O\(key.sqlLiteral)"
            case .objectByParameter(let className, let index): "obj(\"\(className)\", $\(index))"
            case .objectId(let text): "oid(\(text))"
            case .uuid(let text): "uuid(\(text))"
            }
        case .parameter(let index, _): "$\(index)"
        case .list: "{…}"
        case .subqueryCount(let collection, _, _, _): "SUBQUERY(\(collection), …).@count"
        case .arithmetic(let op, let left, let right, _): "\(text(left)) \(op.rawValue) \(text(right))"
        }
    }

    /// `expression` with each `$n` that `--args` gives replaced by its value.
    func withArguments(_ expression: Expression) throws -> Expression {
        if case .literal(.objectByParameter(let className, let index), let offset) = expression {
            return .literal(try objectLiteral(className, parameter: index, at: offset), offset: offset)
        }
        guard arguments != nil else { return expression }
        switch expression {
        case .parameter(let index, let offset):
            switch try typedArgument(index, at: offset) {
            case .literal(let literal, _): return .literal(literal, offset: offset)
            case .list(let items, _): return .list(items, offset: offset)
            case let other: return other
            }
        case .list(let items, let offset): return .list(try items.map(withArguments), offset: offset)
        case .arithmetic(let op, let a, let b, let offset): return .arithmetic(op, try withArguments(a), try withArguments(b), offset: offset)
        default: return expression
        }
    }

    /// `obj("Class", $n)` with the parameter's value as the key: from `--args`, a number, a string, an `oid(…)` or a
    /// `uuid(…)`; from `--arg`, its text, a number where the class is keyed by integers.
    private func objectLiteral(_ className: String, parameter index: Int, at offset: Int) throws -> Literal {
        if arguments != nil {
            switch try typedArgument(index, at: offset) {
            case .literal(.integer(let value), _): return .object(className: className, key: .integer(value))
            case .literal(.string(let text), _), .literal(.objectId(let text), _): return .object(className: className, key: .text(text))
            case .literal(.uuid(let text), _): return .object(className: className, key: .text(text.lowercased()))
            default: throw semanticError("$\(index) is no key for obj(…): give a number, a string, an oid(…) or a uuid(…)", at: offset)
            }
        }
        guard index < parameters.count else {
            throw semanticError("$\(index) has no value: give it with --arg (\(parameters.count) given)", at: offset)
        }
        let text = parameters[index]
        let keyedByIntegers: Bool = switch objectClass(named: className).map({ ($0, $0.objectKey) }) {
        case (_, .rowid)?: true
        case (let info, .columns(let columns))? where columns.count == 1: info.property(named: columns[0])?.type == .int
        default: false
        }
        if keyedByIntegers, let number = Int64(text) { return .object(className: className, key: .integer(number)) }
        return .object(className: className, key: .text(text))
    }

    /// `$index` as `--args` gives it.
    private func typedArgument(_ index: Int, at offset: Int) throws -> Expression {
        let arguments = arguments ?? []
        guard index < arguments.count else {
            throw semanticError("$\(index) has no value: give it in --args (\(arguments.count) given)", at: offset)
        }
        return arguments[index]
    }

    /// The class `obj(…)` names: by its name, or in a converted Realm by realm-core's name for its table (`class_Dog`).
    func objectClass(named name: String) -> ClassInfo? {
        if let info = schema.class(named: name) { return info }
        guard schema.conventions == .realmConversion, name.hasPrefix("class_") else { return nil }
        return schema.class(named: String(name.dropFirst("class_".count)))
    }

    // MARK: - Arithmetic

    /// A comparison the column's index can serve, where it means the same: a whole-number property plus or minus a
    /// whole number, compared with a whole number, as the property compared with the number moved across
    /// (`age + 1 == 5` is `age == 4`, `10 - age < 3` is `age > 7`); and one property against ANY or ALL of numbers in
    /// braces by `<`, `<=`, `>`, `>=` as against the least or greatest of them (`age > ANY {10, 20}` is `age > 10`).
    /// Anything else is returned as it is.
    mutating func solvedForIndex(_ comparison: Comparison, in scope: Scope) throws -> Comparison {
        var comparison = comparison
        let ordering: [ComparisonOperator] = [.less, .lessOrEqual, .greater, .greaterOrEqual]
        func isWholeProperty(_ expression: Expression) throws -> Bool {
            guard case .keyPath(let path) = expression, path.aggregate == nil, !goesThroughList(path, in: scope),
                  case .value(let value) = try resolve(path, in: scope) else { return false }
            return value.type == .int && value.typeSQL == nil
        }
        if case .arithmetic(let op, let a, let b, _) = comparison.left, op == .add || op == .subtract,
           case .literal(.integer(let target), let offset) = comparison.right, comparison.op == .equal || comparison.op == .notEqual
            || ordering.contains(comparison.op), comparison.quantifier == nil, comparison.rightQuantifier == nil {
            let mirrored: [ComparisonOperator: ComparisonOperator] = [.less: .greater, .lessOrEqual: .greaterOrEqual, .greater: .less,
                                                                     .greaterOrEqual: .lessOrEqual, .equal: .equal, .notEqual: .notEqual]
            if case .literal(.integer(let constant), _) = b, try isWholeProperty(a) {
                // x + c ⋈ t is x ⋈ t - c; x - c ⋈ t is x ⋈ t + c.
                let (moved, overflow) = op == .add ? target.subtractingReportingOverflow(constant) : target.addingReportingOverflow(constant)
                if !overflow { (comparison.left, comparison.right) = (a, .literal(.integer(moved), offset: offset)) }
            } else if case .literal(.integer(let constant), _) = a, try isWholeProperty(b) {
                // c + x ⋈ t is x ⋈ t - c; c - x ⋈ t is x ⋈' c - t, the order turned round.
                let (moved, overflow) = op == .add ? target.subtractingReportingOverflow(constant) : constant.subtractingReportingOverflow(target)
                if !overflow, let turned = op == .add ? comparison.op : mirrored[comparison.op] {
                    (comparison.left, comparison.right, comparison.op) = (b, .literal(.integer(moved), offset: offset), turned)
                }
            }
        }
        // ANY or ALL of numbers in braces by an order: against the one number that decides it.
        let quantifier = comparison.rightQuantifier ?? .any
        if ordering.contains(comparison.op), comparison.quantifier == nil, case .keyPath(let path) = comparison.left,
           !goesThroughList(path, in: scope), path.aggregate == nil, case .list(let items, _) = comparison.right, !items.isEmpty,
           quantifier != .none {
            let numbers: [(Expression, Double)] = items.compactMap { item in
                switch item {
                case .literal(.integer(let value), _): (item, Double(value))
                case .literal(.decimal(let value, _), _) where value.isFinite: (item, value)
                default: nil
                }
            }
            if numbers.count == items.count, Set(items.map { if case .literal(.integer, _) = $0 { 0 } else { 1 } }).count == 1 {
                // ANY of `>` holds past the least; ALL of `>` past the greatest; the other way round for `<`.
                let wantsLeast = (comparison.op == .greater || comparison.op == .greaterOrEqual) == (quantifier == .any)
                let chosen = wantsLeast ? numbers.min { $0.1 < $1.1 } : numbers.max { $0.1 < $1.1 }
                if let chosen {
                    comparison.right = chosen.0
                    comparison.rightQuantifier = nil
                }
            }
        }
        return comparison
    }

    /// Arithmetic of number literals worked out as realm-core works it (`Mixed::operator+` and the others): whole
    /// numbers stay whole (a quotient truncated, and a division by zero the greatest or least whole number), anything
    /// else a double. Anything else is returned as it is.
    func folded(_ expression: Expression) throws -> Expression {
        switch expression {
        case .list(let items, let offset):
            return .list(try items.map(folded), offset: offset)
        case .arithmetic(let op, let left, let right, let offset):
            let (a, b) = (try folded(left), try folded(right))
            guard case .literal(let x, _) = a, case .literal(let y, _) = b else { return .arithmetic(op, a, b, offset: offset) }
            func number(_ literal: Literal, at offset: Int) throws -> Double? {
                switch literal {
                case .integer: return nil
                case .decimal(let value, _): return value
                case .null: return .nan
                default: throw semanticError("arithmetic takes numbers, and \(Self.text(.literal(literal, offset: offset))) is none", at: offset)
                }
            }
            if case .integer(let i) = x, case .integer(let j) = y {
                let result: (Int64, Bool) = switch op {
                case .add: i.addingReportingOverflow(j)
                case .subtract: i.subtractingReportingOverflow(j)
                case .multiply: i.multipliedReportingOverflow(by: j)
                case .divide: j == 0 ? (i < 0 ? .min : .max, false) : i.dividedReportingOverflow(by: j)
                }
                if !result.1 { return .literal(.integer(result.0), offset: left.offset) }
            }
            if case .null = x { return .literal(.null, offset: left.offset) }
            if case .null = y { return .literal(.null, offset: left.offset) }
            let p = try number(x, at: left.offset) ?? { if case .integer(let i) = x { Double(i) } else { 0 } }()
            let q = try number(y, at: right.offset) ?? { if case .integer(let j) = y { Double(j) } else { 0 } }()
            let value: Double = switch op {
            case .add: p + q
            case .subtract: p - q
            case .multiply: p * q
            case .divide: p / q
            }
            return .literal(.decimal(value, text: "\(value)"), offset: left.offset)
        default:
            return expression
        }
    }

    /// Arithmetic with a property as one number in SQL: `+`, `-` and `*` as SQLite computes them, `/` by
    /// `strata_divide` (realm-core's quotient: whole numbers truncated, by zero the greatest or least whole number, and
    /// IEEE division otherwise). A Mixed value takes part when it holds a number, and makes the result nil otherwise.
    ///
    /// - Parameter typedAs: what the result is compared with, which types a parameter standing alone (`$0 * 2`).
    mutating func arithmeticValue(_ expression: Expression, in scope: Scope, typedAs other: Value? = nil) throws -> Value {
        switch expression {
        case .arithmetic(let op, let left, let right, _):
            // A parameter takes the type of the property beside it, so the other operand is resolved first.
            let operands = [left, right]
            var resolved: [Value?] = try operands.map { isParameter($0) ? nil : try arithmeticOperand($0, in: scope, hint: other) }
            let property = operands.indices.first { if case .keyPath = operands[$0] { true } else { false } }
            let hint = property.flatMap { resolved[$0] } ?? other
            for index in operands.indices where resolved[index] == nil {
                resolved[index] = try arithmeticOperand(operands[index], in: scope, hint: hint)
            }
            let a = resolved[0]!, b = resolved[1]!
            let sql: SQL = op == .divide ? "strata_divide(\(a.sql), \(b.sql))" : "(\(a.sql) \(SQL(verbatim: op.rawValue)) \(b.sql))"
            return Value(sql: sql, type: a.type == .int && b.type == .int ? .int : .double,
                         isOptional: a.isOptional || b.isOptional || op == .divide, target: nil, name: Self.text(expression))
        default:
            return try arithmeticOperand(expression, in: scope, hint: other)
        }
    }

    private func isParameter(_ expression: Expression) -> Bool {
        if case .parameter = expression { return true }
        return false
    }

    private mutating func arithmeticOperand(_ expression: Expression, in scope: Scope, hint: Value?) throws -> Value {
        let numbers: Set<PropertyType> = [.int, .float, .double, .decimal, .any]
        switch try folded(expression) {
        case .arithmetic(let op, let left, let right, let offset):
            return try arithmeticValue(.arithmetic(op, left, right, offset: offset), in: scope, typedAs: hint)
        case .literal(.integer(let value), _):
            return Value(sql: "\(SQLiteValue.integer(value))", type: .int, isOptional: false, target: nil, name: String(value))
        case .literal(.decimal(let value, let text), _):
            return Value(sql: "\(SQLiteValue.real(value))", type: .double, isOptional: false, target: nil, name: text)
        case .literal(.null, _):
            return Value(sql: "NULL", type: .double, isOptional: true, target: nil, name: "nil")
        case .parameter(let index, let offset):
            guard index < parameters.count else {
                throw semanticError("$\(index) has no value: give it with --arg (\(parameters.count) given)", at: offset)
            }
            let text = parameters[index]
            if let whole = Int64(text), hint?.type != .double, hint?.type != .float {
                return Value(sql: "\(SQLiteValue.integer(whole))", type: .int, isOptional: false, target: nil, name: "$\(index)")
            }
            guard let number = Double(text) else { throw semanticError("$ parameter '\(text)' is not a number, as arithmetic takes", at: offset) }
            return Value(sql: "\(SQLiteValue.real(number))", type: .double, isOptional: false, target: nil, name: "$\(index)")
        case .keyPath(let path):
            var value = try resolveValue(path, in: scope, purpose: "arithmetic")
            guard numbers.contains(value.type) else {
                throw semanticError("arithmetic takes numbers, and '\(value.name)' is \(article(value.type)) \(value.type.rawValue)", at: path.offset)
            }
            if value.isDecimalKey { value.sql = "strata_decimal_real(\(value.sql))"; value.type = .double }
            if value.type == .any {
                // A number only: a Mixed string or date is no operand (nil), nor is text in an untyped column.
                let stored = value.sql
                    if let typeSQL = value.typeSQL {
                    value.sql = "(CASE WHEN \(typeSQL) IN ('int', 'float', 'double', 'decimal128') THEN CASE WHEN \(typeSQL) = 'decimal128' "
                        + "THEN strata_decimal_real(strata_decimal_key(\(stored))) ELSE \(stored) END END)"
                } else {
                    value.sql = "(CASE WHEN typeof(\(stored)) IN ('integer', 'real') THEN \(stored) END)"
                }
                value.type = .double
                value.isOptional = true
            }
            value.typeSQL = nil
            value.nullSQL = nil
            value.shownSQL = nil
            value.property = nil
            return value
        case .subqueryCount(let collection, let variable, let predicate, let offset):
            return try subqueryCount(collection, variable: variable, predicate: predicate, offset: offset, in: scope)
        case let other:
            throw semanticError("arithmetic takes numbers, and \(Self.text(other)) is none", at: other.offset)
        }
    }
}

/// `strata_divide(a, b)`: realm-core's quotient (`Mixed::operator/`). Two whole numbers divide to a whole number,
/// truncated, and by zero to the greatest (or, for a negative dividend, the least) whole number; any other two numbers
/// divide as doubles, an infinity for a division by zero and NULL for NaN; NULL for anything that is no number.
enum Quotient {
    static func register(on connection: Connection) throws {
        try connection.createFunction("strata_divide", argumentCount: 2) { arguments in
            switch (arguments[0], arguments[1]) {
            case (.integer(let a), .integer(let b)):
                if b == 0 { return .integer(a < 0 ? .min : .max) }
                let (quotient, overflow) = a.dividedReportingOverflow(by: b)
                return overflow ? .real(Double(a) / Double(b)) : .integer(quotient)
            case (.integer, .real), (.real, .integer), (.real, .real):
                guard let a = arguments[0].double, let b = arguments[1].double else { return .null }
                let quotient = a / b
                return quotient.isNaN ? .null : .real(quotient)
            default:
                return .null
            }
        }
    }
}
