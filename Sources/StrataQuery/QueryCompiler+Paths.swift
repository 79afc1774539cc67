import SQLiteKit
import StrataCore

extension QueryCompiler {
    /// A to-one value in SQL: a column reached through links, an aggregate, or a SUBQUERY count.
    struct Value {
        var sql: SQL
        var type: PropertyType
        var isOptional: Bool
        /// For links: the class whose key the value holds.
        var target: ClassInfo?
        var name: String
        /// What `== nil` tests when it is not `sql`: a date's stored column, since `sql` (its moment) is also
        /// NULL for a stored value that is no date, which is shown as it is, not as nil.
        var nullSQL: SQL? = nil
        /// The property at the end of the path, for SHOW's column (nil for an aggregate).
        var property: Property? = nil
        /// What SHOW selects when it is not `sql`: a date or a uuid as stored, which `ResultColumn` then reads.
        var shownSQL: SQL? = nil
        var dateStorage: DateStorage? = nil
        /// Set: `sql` is a decimal's `DecimalText.key` (a decimal kept as text, every digit compared), which values
        /// compared with it must be made into too; `shownSQL` is then its text.
        var isDecimalKey = false
        /// A Mixed value's Realm type (its `typeColumn`), when the file keeps it.
        var typeSQL: SQL? = nil
        /// Set for `mixed.@type`: `sql` is the stored type's name (`typeSQL`, or SQLite's `typeof` where the file keeps
        /// none) and `nullSQL` the value, compared with type names.
        var isTypeOf = false
        /// For `isTypeOf`: whether `sql` is SQLite's `typeof`, not Realm's type names.
        var isStorageClass = false
        /// For `isTypeOf`: a typed property's one type, which only another @type is compared with.
        var isConstantType = false
    }

    /// A path that goes through a list or backlinks: the objects at its end, to be quantified.
    struct Many {
        /// `FROM … AS x` for the objects, without the inner scope's own joins.
        var from: SQL
        /// Ties those objects to the outer object.
        var correlation: SQL
        var inner: Scope
        /// What the path goes on to say about each object.
        var rest: KeyPath
        var name: String
        /// For a list, set or dictionary of values: which, its elements being `@values` (and its keys `@keys`) of
        /// the inner scope.
        var collection: ValueCollection.Kind? = nil
        /// What orders the elements (a list's positions), for comparing two lists element by element; nil for
        /// backlinks, which come in their objects' key order.
        var order: SQL? = nil

        /// What the path says of each element: `rest`, or for a collection of values with nothing after it, the
        /// element itself (`ANY tags == "x"`, `tags.@max`).
        var elementPath: KeyPath {
            guard collection != nil, rest.components.isEmpty else { return rest }
            var path = rest
            path.components = [.property(ValueCollection.valuesName)]
            return path
        }

        /// `SELECT select FROM … WHERE correlation AND condition`: what `select` says of the objects that meet
        /// `condition`.
        func subquery(select: SQL, condition: Condition) -> SQL {
            let from = inner.joins.reduce(from) { "\($0) \($1)" }
            return "SELECT \(select) \(from) WHERE \(correlation)" + (condition.restriction.map { " AND \($0)" } ?? "")
        }
    }

    enum Resolved {
        case value(Value)
        case many(Many)
    }

    // MARK: - Following paths

    /// Follows a key path from a scope: links become joins, lists and backlinks stop at a `Many`.
    mutating func resolve(_ path: KeyPath, in scope: Scope) throws -> Resolved {
        if let variable = path.variable, path.components.isEmpty, let value = pinned[variable] { return .value(value) }
        var owner = scope
        if let variable = path.variable {
            guard let found = scope.scope(for: variable) else {
                throw semanticError("unknown variable '$\(variable)'", at: path.offset)
            }
            owner = found
        }
        var path = path
        // `[$0]`: the key (or position) the parameter gives, as written there.
        path.components = try path.components.map { component in
            guard case .parameterKey(let index) = component else { return component }
            if let arguments {
                guard index < arguments.count else {
                    throw semanticError("$\(index) has no value: give it in --args (\(arguments.count) given)", at: path.offset)
                }
                switch arguments[index] {
                case .literal(.string(let key), _): return .key(key)
                case .literal(.integer(let position), _) where position >= 0: return .index(Int(clamping: position))
                default: throw semanticError("$\(index) in [ ] is a key in quotes or a position", at: path.offset)
                }
            }
            guard index < parameters.count else {
                throw semanticError("$\(index) has no value: give it with --arg (\(parameters.count) given)", at: path.offset)
            }
            return .key(parameters[index])
        }
        // `$t` of SUBQUERY(tags, $t, …) over a collection of values: the element itself.
        if path.components.isEmpty, path.variable != nil, owner.info.property(named: ValueCollection.valuesName) != nil, owner.info.name.contains(".") {
            path.components = [.property(ValueCollection.valuesName)]
        }
        guard !path.components.isEmpty else {
            throw semanticError("'$\(path.variable ?? "")' needs a property after it, as in $\(path.variable ?? "x").name", at: path.offset)
        }
        var alias = owner.alias
        var info = owner.info
        var walked = path.variable.map { "$" + $0 } ?? ""
        for (index, component) in path.components.enumerated() {
            let isLast = index == path.components.count - 1
            let rest = KeyPath(variable: nil, components: Array(path.components[(index + 1)...]), aggregate: path.aggregate,
                               aggregateProperty: path.aggregateProperty, offset: path.offset)
            switch component {
            case .backlinks(let className, let propertyName):
                walked += (walked.isEmpty ? "" : ".") + "@links.\(className).\(propertyName)"
                guard let source = schema.class(named: className) else {
                    throw semanticError("unknown class '\(className)' in @links"
                                        + Suggestion.hint(for: className, in: schema.visibleClasses.map(\.name), written: QueryParser.quotedName),
                                at: path.offset)
                }
                guard let link = source.property(named: propertyName), Self.links(link, of: source, to: info.name) else {
                    let candidates = source.properties.filter { Self.links($0, of: source, to: info.name) }
                    throw semanticError("\(className) has no link or list '\(propertyName)' to \(info.name)"
                                + Suggestion.hint(for: propertyName, in: candidates.map(\.name)), at: path.offset)
                }
                return try subscripted(.many(try backlinkMany(source: source, link: link, ownerInfo: info, ownerAlias: alias, parent: owner, rest: rest, name: walked)))
            case .key(let key):
                throw semanticError("'\(walked)' is not a dictionary: [\"\(key)\"] takes a value of one by its key", at: path.offset)
            case .index, .size, .all, .parameterKey:
                // Right after a dictionary's value by its key (`scores["easy"][0]`), where the path starts anew.
                if walked.isEmpty, info.property(named: ValueCollection.valuesName)?.type == .any {
                    throw semanticError(Self.nestedCollection, at: path.offset)
                }
                throw semanticError("'\(walked.isEmpty ? info.name : walked)' is not a list: [FIRST], [LAST], [n], [SIZE] and [*] take elements of one",
                                    at: path.offset)
            case .allBacklinks:
                guard rest.components.isEmpty, path.aggregate == .count || path.aggregate == .size else {
                    throw semanticError("@links alone is counted, as in @links.@count; name a class and link to follow, as in @links.Class.link",
                                        at: path.offset)
                }
                return .value(try allBacklinksCount(of: info, alias: alias, owner: owner, name: (walked.isEmpty ? "" : walked + ".") + "@links.@count"))
            case .property(let name):
                walked += (walked.isEmpty ? "" : ".") + name
                guard let property = info.property(named: name) else {
                    let candidates = info.properties.map(\.name)
                    throw semanticError("unknown property '\(name)' in class \(info.name)"
                                + Suggestion.hint(for: name, in: candidates) { $0.hasPrefix("@links.") ? $0 : QueryParser.quotedName($0) },
                                at: path.offset)
                }
                switch property.type {
                case .list:
                    return try subscripted(.many(try listMany(property, ownerInfo: info, ownerAlias: alias, parent: owner, rest: rest, name: walked)))
                case .collection:
                    return try subscripted(try collection(property, ownerInfo: info, ownerAlias: alias, parent: owner, rest: rest, name: walked))
                case .linkingObjects:
                    guard let source = property.target.flatMap(schema.class(named:)),
                          let link = property.originProperty.flatMap(source.property(named:))
                    else { throw semanticError("cannot follow '\(name)'", at: path.offset) }
                    return try subscripted(.many(try backlinkMany(source: source, link: link, ownerInfo: info, ownerAlias: alias, parent: owner, rest: rest, name: walked)))
                case .object where !isLast:
                    guard let targetInfo = property.target.flatMap(schema.class(named:)), let column = property.column else {
                        throw semanticError("cannot follow the link '\(name)'", at: path.offset)
                    }
                    let joinKey = ColumnOfAlias(alias: alias, column: column)
                    if let existing = owner.joinAliases[joinKey] {
                        alias = existing
                    } else {
                        let next = newAlias()
                        owner.joins.append("LEFT JOIN \(identifier: targetInfo.tableName) AS \(next) ON "
                                           + "\(try singleKeySQL(targetInfo, alias: next)) = \(alias[column])")
                        owner.joinAliases[joinKey] = next
                        alias = next
                    }
                    info = targetInfo
                default:
                    if index == path.components.count - 2, path.components[index + 1] == .property("length"), path.aggregate == nil,
                       [.string, .data, .any].contains(property.type) {
                        // `name.length`: realm-core's length of a string or data.
                        var length = path
                        length.components.removeLast()
                        length.aggregate = .length
                        return try resolve(length, in: scope)
                    }
                    if !isLast, property.type == .any {
                        // realm-core's nested collections: a list or a dictionary held in a Mixed value (`nested[0]`,
                        // `value[*][*]`, `dict.key.inner`), which `convert` keeps as JSON text.
                        throw semanticError("'\(walked)' is a Mixed value: " + Self.nestedCollection, at: path.offset)
                    }
                    if !isLast, case .key(let key) = path.components[index + 1] {
                        throw semanticError("'\(walked)' is \(article(property.type)) \(property.type.rawValue), not a dictionary: [\"\(key)\"] takes "
                                            + "a value of one by its key", at: path.offset)
                    }
                    guard isLast else {
                        throw semanticError("'\(walked)' is \(article(property.type)) \(property.type.rawValue), not a link: it has no properties",
                                    at: path.offset)
                    }
                    let column = alias[property.column ?? property.name]
                    if path.aggregate == .type {
                        guard property.type == .any else {
                            // A typed property's type is its Realm type's name (nil for nil): what another @type compares with.
                            guard let name = Self.realmTypeName(property) else {
                                throw semanticError("@type tells a Mixed value's type, and '\(walked)' is always \(article(property.type)) \(property.type.rawValue)",
                                                    at: path.offset)
                            }
                            return .value(Value(sql: "(CASE WHEN \(column) IS NOT NULL THEN \(SQLiteValue.text(name)) END)", type: .string, isOptional: true,
                                                target: nil, name: walked + ".@type", nullSQL: column, isTypeOf: true, isConstantType: true))
                        }
                        let type: SQL = property.typeColumn.map { alias[$0] } ?? "typeof(\(column))"
                        return .value(Value(sql: type, type: .string, isOptional: true, target: nil, name: walked + ".@type", nullSQL: column,
                                            isTypeOf: true, isStorageClass: property.typeColumn == nil))
                    }
                    if path.aggregate == .count || path.aggregate == .size, property.type == .object {
                        // A link's count, as realm-core counts it: 1 when it points at an object, 0 when it is nil.
                        return .value(Value(sql: "(\(column) IS NOT NULL)", type: .int, isOptional: false, target: nil,
                                            name: walked + ".@" + (path.aggregate?.rawValue ?? "count")))
                    }
                    if path.aggregate == .size || path.aggregate == .count || path.aggregate == .length,
                       property.type == .string || property.type == .data || property.type == .any {
                        // Realm's @size of a string or data: its length in characters or bytes (a Mixed holding
                        // anything else has none).
                        // A nil string or data is 0 long, as realm-core measures it; a path through a nil link is nil.
                        var length: SQL = property.type == .any ? "length(\(column))" : "coalesce(length(\(column)), 0)"
                        if let typeColumn = property.typeColumn {
                            length = "(CASE WHEN \(alias[typeColumn]) IN ('string', 'binary') THEN length(\(column)) END)"
                        }
                        if alias != owner.alias, property.type != .any, let key = keySQL(info, alias: alias).first {
                            length = "(CASE WHEN \(key) IS NOT NULL THEN \(length) END)"
                        }
                        return .value(Value(sql: length, type: .int, isOptional: alias != owner.alias || property.typeColumn != nil || property.type == .any,
                                            target: nil, name: walked + ".@" + (path.aggregate?.rawValue ?? "size")))
                    }
                    if let aggregate = path.aggregate {
                        throw semanticError("@\(aggregate.rawValue) needs a list, and '\(walked)' is \(article(property.type)) \(property.type.rawValue)",
                                    at: path.offset)
                    }
                    var sql = column
                    let storage = property.type == .date ? try dateStorage(info, property) : nil
                    if let storage { sql = storage.momentSQL(column) }
                    // A UUID may be stored as 16 bytes or as text in either case: compare canonical text.
                    if property.type == .uuid { sql = "strata_uuid(\(column))" }
                    // A decimal kept as text (every digit of a Realm Decimal128) compares and sorts as the number it
                    // is, every digit of it, by its DecimalText key: not as text, where "2.25" > "10", nor as a double,
                    // which keeps 17 digits. Its NaN equals nothing (NULL here, but not nil: `nullSQL`); its infinities
                    // are beyond every number.
                    let decimalText = property.type == .decimal && ColumnAffinity(declaredType: property.declaredType) == .text
                    if decimalText { sql = "strata_decimal_key(\(column))" }
                    return .value(Value(sql: sql, type: property.type,
                                        isOptional: property.isOptional || alias != owner.alias || property.type == .date,
                                        target: property.type == .object ? property.target.flatMap(schema.class(named:)) : nil,
                                        name: walked, nullSQL: property.type == .date || decimalText ? column : nil, property: property,
                                        shownSQL: column, dateStorage: storage, isDecimalKey: decimalText,
                                        typeSQL: property.typeColumn.map { alias[$0] }))
                }
            }
        }
        throw semanticError("'\(walked)' is a link; compare it with nil or a key, or name a property after it", at: path.offset)
    }

    /// A list with a subscript after it: `[*]` every element (as without it), `[SIZE]` its count, `[n]`, `[FIRST]` and
    /// `[LAST]` the one element at that position (nil where the list is shorter), what follows said of it.
    private mutating func subscripted(_ resolved: Resolved) throws -> Resolved {
        guard case .many(var many) = resolved, let first = many.rest.components.first else { return resolved }
        switch first {
        case .all:
            many.rest.components.removeFirst()
            return try subscripted(.many(many))
        case .size:
            many.rest.components.removeFirst()
            guard many.rest.components.isEmpty, many.rest.aggregate == nil else {
                throw semanticError("'\(many.name)[SIZE]' is a count: nothing follows it", at: many.rest.offset)
            }
            many.rest.aggregate = .count
            return .many(many)
        case .index(let index):
            if let kind = many.collection, kind != .list {
                throw semanticError("'\(many.name)' is a \(kind.rawValue), which has no order: [FIRST], [LAST] and [n] take an element of a list",
                                    at: many.rest.offset)
            }
            many.rest.components.removeFirst()
            let order = many.order ?? keySQL(many.inner.info, alias: many.inner.alias).first ?? "1"
            // The element's position: the list's order values, the index-th of them (from the end for LAST).
            let ordering: SQL = index < 0 ? "\(order) DESC" : order
            let position: SQL = "(SELECT \(order) \(many.from) WHERE \(many.correlation) ORDER BY \(ordering) LIMIT 1 OFFSET \(literal: .integer(Int64(max(index, 0)))))"
            many.correlation = "\(many.correlation) AND \(order) = \(position)"
            let shown = many.name + (index == 0 ? "[FIRST]" : index < 0 ? "[LAST]" : "[\(index)]")
            if many.rest.components.isEmpty, many.rest.aggregate == .count || many.rest.aggregate == .size, many.collection == nil {
                throw semanticError("'\(shown)' is one object: it has no @\(many.rest.aggregate?.rawValue ?? "count")", at: many.rest.offset)
            }
            many.rest = many.elementPath
            guard !many.rest.components.isEmpty, case .value(let value) = try resolve(many.rest, in: many.inner) else {
                throw semanticError("'\(shown)' is an object: compare a property of it, as in \(shown).name", at: many.rest.offset)
            }
            return .value(Self.one(value, of: many, shown: shown))
        default:
            return resolved
        }
    }

    /// A typed property's Realm type, as `convert` names the types of Mixed values; nil for one that has none.
    static func realmTypeName(_ property: Property) -> String? {
        switch property.type {
        case .int: "int"
        case .bool: "bool"
        case .float: "float"
        case .double: "double"
        case .string: property.typeName == "objectId" ? "objectId" : "string"
        case .data: "binary"
        case .date: "timestamp"
        case .decimal: "decimal128"
        case .uuid: "uuid"
        case .object: "link"
        default: nil
        }
    }

    /// Whether a property of `source` points at objects of the class named `target`: a link, a list or set of objects,
    /// or a dictionary of them.
    static func links(_ property: Property, of source: ClassInfo, to target: String) -> Bool {
        switch property.type {
        case .object, .list: property.target == target
        case .collection:
            source.collections[property.name].map { $0.element.type == .object && $0.element.target == target } ?? false
        default: false
        }
    }

    /// `@links.@count`: the objects that link to this one, by every link and list of every class that points at its
    /// class, added up.
    private mutating func allBacklinksCount(of info: ClassInfo, alias: TableAlias, owner: Scope, name: String) throws -> Value {
        var counts: [SQL] = []
        for source in schema.classes where !source.isHidden {
            for link in source.properties where Self.links(link, of: source, to: info.name) {
                let many = try backlinkMany(source: source, link: link, ownerInfo: info, ownerAlias: alias, parent: owner,
                                            rest: KeyPath(components: []), name: name)
                counts.append("(\(many.subquery(select: "count(*)", condition: .always)))")
            }
        }
        return Value(sql: counts.isEmpty ? "0" : "(\(counts.joined(separator: " + ")))", type: .int, isOptional: false, target: nil, name: name)
    }

    private mutating func listMany(_ property: Property, ownerInfo: ClassInfo, ownerAlias: TableAlias, parent: Scope,
                                   rest: KeyPath, name: String) throws -> Many
    {
        guard let storage = ownerInfo.lists[property.name], let target = property.target.flatMap(schema.class(named:)) else {
            throw semanticError("cannot follow the list '\(name)'", at: rest.offset)
        }
        let ownerKey = try singleKeySQL(ownerInfo, alias: ownerAlias)
        if storage.kind == .inverseColumn {
            let element = newAlias()
            let inner = Scope(info: target, alias: element, parent: parent)
            // A Core Data to-many: the targets are the rows of their table whose inverse column holds the owner.
            return Many(from: "FROM \(identifier: target.tableName) AS \(element)",
                        correlation: "\(element[storage.ownerColumn]) = \(ownerKey)", inner: inner, rest: rest, name: name)
        }
        let list = newAlias(), element = newAlias()
        let inner = Scope(info: target, alias: element, parent: parent)
        return Many(from: "FROM \(identifier: storage.table) AS \(list) JOIN \(identifier: target.tableName) AS \(element) "
                    + "ON \(try singleKeySQL(target, alias: element)) = \(list[storage.targetColumn])",
                    correlation: "\(list[storage.ownerColumn]) = \(ownerKey)", inner: inner, rest: rest, name: name,
                    order: list[storage.orderColumn])
    }

    /// A list, set or dictionary of values: its elements to be quantified or aggregated (`ANY tags == "x"`,
    /// `scores.@max`, `scores.@keys`), or, by a key, one dictionary value (`scores["easy"]`, `scores.easy`).
    private mutating func collection(_ property: Property, ownerInfo: ClassInfo, ownerAlias: TableAlias, parent: Scope,
                                     rest: KeyPath, name: String) throws -> Resolved
    {
        guard let storage = ownerInfo.collections[property.name] else { throw semanticError("cannot follow '\(name)'", at: rest.offset) }
        let kind = storage.kind.rawValue
        var rest = rest
        var key: String?
        if storage.kind == .dictionary, let first = rest.components.first {
            switch first {
            case .key(let text): key = text
            case .property(let text) where text != ValueCollection.keysName && text != ValueCollection.valuesName: key = text
            default: break
            }
            if key != nil { rest.components.removeFirst() }
        }
        switch rest.components.first {
        case .key(let text)?:
            throw semanticError("'\(name)' is a \(kind), not a dictionary: [\"\(text)\"] takes a value of one by its key", at: rest.offset)
        case .property(ValueCollection.keysName)? where storage.kind != .dictionary:
            throw semanticError("'\(name)' is a \(kind): only a dictionary has @keys (its elements are \(name).@values)", at: rest.offset)
        case .property("length")? where rest.components.count == 1 && rest.aggregate == nil
            && [.string, .data, .any].contains(storage.element.type):
            // `strings.length`: each element's length.
            rest.components = [.property(ValueCollection.valuesName)]
            rest.aggregate = .length
        case .property(let next)? where next != ValueCollection.keysName && next != ValueCollection.valuesName && storage.element.type != .object:
            throw semanticError("'\(name)' is a \(property.typeDescription): its elements have no property '\(next)'", at: rest.offset)
        case .property(let next)? where next != ValueCollection.keysName && next != ValueCollection.valuesName:
            // A dictionary of objects: `pets.@values.name`.
            rest.components.insert(.property(ValueCollection.valuesName), at: 0)
        default:
            break
        }
        let entries = newAlias()
        var correlation: SQL = "\(entries[storage.ownerColumn]) = \(try singleKeySQL(ownerInfo, alias: ownerAlias))"
        if let key, let keyColumn = storage.keyColumn { correlation = "\(correlation) AND \(entries[keyColumn]) = \(SQLiteValue.text(key))" }
        let inner = Scope(info: storage.elementClass(ownerClass: ownerInfo.name, property: property.name), alias: entries, parent: parent)
        // A set is in its values' order; realm-core's across the types of Mixed values.
        var order = entries[storage.orderColumn]
        if storage.kind == .set, storage.element.type == .any, let typeColumn = storage.element.typeColumn {
            order = "strata_mixed_key(\(order), \(entries[typeColumn]))"
        }
        var many = Many(from: "FROM \(identifier: storage.table) AS \(entries)", correlation: correlation, inner: inner, rest: rest,
                        name: name, collection: storage.kind, order: order)
        guard let key else { return .many(many) }
        // One dictionary value, nil where the key is not there: what follows it says what of it.
        let shown = name + "[\"\(key)\"]"
        if rest.aggregate == .count || rest.aggregate == .size, rest.components.isEmpty {
            throw semanticError("'\(shown)' is one value: it has no @\(rest.aggregate?.rawValue ?? "count")", at: rest.offset)
        }
        many.rest = many.elementPath
        guard case .value(let value) = try resolve(many.rest, in: inner) else {
            throw semanticError("'\(shown)' goes through a list: compare a property of its objects", at: rest.offset)
        }
        return .value(Self.one(value, of: many, shown: shown))
    }

    /// The value of the one element a collection's correlation picks (a dictionary's by its key, a list's by its
    /// position), as a scalar subquery: nil where there is none.
    private static func one(_ value: Value, of many: Many, shown: String) -> Value {
        var value = value
        func one(_ sql: SQL) -> SQL { "(\(many.subquery(select: sql, condition: .always)))" }
        value.sql = one(value.sql)
        value.nullSQL = value.nullSQL.map(one)
        value.shownSQL = value.shownSQL.map(one)
        value.typeSQL = value.typeSQL.map(one)
        value.isOptional = true
        value.name = shown
        value.property?.name = shown
        value.property?.isOptional = true
        return value
    }

    private mutating func backlinkMany(source: ClassInfo, link: Property, ownerInfo: ClassInfo, ownerAlias: TableAlias,
                                       parent: Scope, rest: KeyPath, name: String) throws -> Many
    {
        let element = newAlias()
        let inner = Scope(info: source, alias: element, parent: parent)
        let entityFilter: SQL = source.entityCondition(alias: element).map { " AND \($0)" } ?? ""
        let ownerKey = try singleKeySQL(ownerInfo, alias: ownerAlias)
        if link.type == .collection, let storage = source.collections[link.name] {
            // A dictionary of objects: the owners of the entries whose value is this object.
            let entries = newAlias()
            return Many(from: "FROM \(identifier: storage.table) AS \(entries) JOIN \(identifier: source.tableName) AS \(element) "
                        + "ON \(try singleKeySQL(source, alias: element)) = \(entries[storage.ownerColumn])",
                        correlation: "\(entries[storage.valueColumn]) = \(ownerKey)\(entityFilter)", inner: inner, rest: rest, name: name)
        }
        if link.type == .list {
            guard let storage = source.lists[link.name] else { throw semanticError("cannot follow '\(name)'", at: rest.offset) }
            if storage.kind == .inverseColumn {
                let entry = TableAlias("tx")
                return Many(from: "FROM \(identifier: source.tableName) AS \(element)",
                            correlation: "EXISTS (SELECT 1 FROM \(identifier: storage.table) AS \(entry) WHERE \(entry[storage.targetColumn]) = \(ownerKey) "
                                + "AND \(entry[storage.ownerColumn]) = \(try singleKeySQL(source, alias: element)))\(entityFilter)",
                            inner: inner, rest: rest, name: name)
            }
            let list = newAlias()
            return Many(from: "FROM \(identifier: storage.table) AS \(list) JOIN \(identifier: source.tableName) AS \(element) "
                        + "ON \(try singleKeySQL(source, alias: element)) = \(list[storage.ownerColumn])",
                        correlation: "\(list[storage.targetColumn]) = \(ownerKey)\(entityFilter)",
                        inner: inner, rest: rest, name: name)
        }
        guard let column = link.column else { throw semanticError("cannot follow '\(name)'", at: rest.offset) }
        return Many(from: "FROM \(identifier: source.tableName) AS \(element)",
                    correlation: "\(element[column]) = \(ownerKey)\(entityFilter)",
                    inner: inner, rest: rest, name: name)
    }

    // MARK: - Values and aggregates

    /// A path that must be one value (SORT, DISTINCT, either side of most comparisons); aggregates over
    /// lists are values too.
    mutating func resolveValue(_ path: KeyPath, in scope: Scope, purpose: String) throws -> Value {
        switch try resolve(path, in: scope) {
        case .value(let value):
            return value
        case .many(let many):
            if let aggregated = try aggregate(many, offset: path.offset) { return aggregated }
            if let kind = many.collection {
                let hint = purpose == "SHOW" ? "show it whole as \(many.name), or" : "\(purpose.lowercased()) by"
                throw semanticError("\(purpose) needs one value per object, and '\(many.name)' is a \(kind.rawValue) "
                                    + "(as in Realm): \(hint) \(many.name).@count, @min, @max, @sum or @avg", at: path.offset)
            }
            let hint = purpose == "SHOW" ? " (show \(many.name).@count, or @sum, @avg, @min or @max of a property)" : ""
            throw semanticError("\(purpose) needs one value per object, but '\(path)' goes through the list '\(many.name)'" + hint,
                        at: path.offset)
        }
    }

    /// `list.@count`, `list.@sum.prop`, `list.prop.@max`: a correlated scalar subquery; nil without an aggregate.
    mutating func aggregate(_ many: Many, offset: Int) throws -> Value? {
        // `list.@type`, `strings.length`: of each element, quantified.
        guard let aggregate = many.rest.aggregate, aggregate != .type, aggregate != .length else { return nil }
        var propertyPath = many.rest.components
        if let name = many.rest.aggregateProperty { propertyPath.append(.property(name)) }
        // `scores.@max`: of a collection's values.
        if propertyPath.isEmpty, many.collection != nil, aggregate != .count, aggregate != .size {
            propertyPath = [.property(ValueCollection.valuesName)]
        }
        let description = many.name + "." + "@" + aggregate.rawValue
        // `list.integers.@count`, `list.integers.@min`: an aggregate of each object's own list, the objects then
        // quantified (ANY unless said), as realm-core answers: not one aggregate of every value on the way.
        if !propertyPath.isEmpty, propertyPath.last != .allBacklinks,
           goesThroughList(KeyPath(components: propertyPath, offset: offset), in: many.inner) {
            return nil
        }
        if aggregate == .count || aggregate == .size, propertyPath.last == .allBacklinks {
            // `items.@links.@count`, `@links.Person.fav.items.@links.@count`: the backlinks of each object at the path's
            // end, added up (realm-core's answer).
            let each = try resolveValue(KeyPath(components: propertyPath, aggregate: .count, offset: offset), in: many.inner, purpose: "@count")
            return Value(sql: "coalesce((\(many.subquery(select: "sum(\(each.sql))", condition: .always))), 0)", type: .int, isOptional: false,
                         target: nil, name: many.name + ".@links.@count")
        }
        if aggregate == .count || aggregate == .size {
            guard propertyPath.isEmpty else {
                throw semanticError("@\(aggregate.rawValue) counts the objects of a list; write \(many.name).@\(aggregate.rawValue)", at: offset)
            }
            return Value(sql: "(\(many.subquery(select: "count(*)", condition: .always)))", type: .int, isOptional: false,
                         target: nil, name: description)
        }
        guard !propertyPath.isEmpty else {
            throw semanticError("@\(aggregate.rawValue) needs a property, as in \(many.name).@\(aggregate.rawValue).price", at: offset)
        }
        let path = KeyPath(variable: nil, components: propertyPath, aggregate: nil, aggregateProperty: nil, offset: offset)
        guard case .value(let element) = try resolve(path, in: many.inner) else {
            throw semanticError("@\(aggregate.rawValue) goes through one list at most", at: offset)
        }
        let numeric: Set<PropertyType> = [.int, .float, .double, .decimal, .any]
        guard numeric.contains(element.type) || (element.type == .date && aggregate != .sum && aggregate != .avg) else {
            throw semanticError("@\(aggregate.rawValue) needs a number, and '\(element.name)' is \(article(element.type)) \(element.type.rawValue)",
                        at: offset)
        }
        if element.type == .any, let typeSQL = element.typeSQL {
            // Mixed values with their Realm types: the least and greatest in realm-core's order across types, the
            // numbers among them added as realm-core adds them, into a Decimal128.
            let stored = element.shownSQL ?? element.sql
            switch aggregate {
            case .min, .max:
                let function: SQL = aggregate == .min ? "strata_mixed_min" : "strata_mixed_max"
                let value: SQL = "(\(many.subquery(select: "\(function)(\(stored), \(typeSQL), 0)", condition: .always)))"
                let type: SQL = "(\(many.subquery(select: "\(function)(\(stored), \(typeSQL), 1)", condition: .always)))"
                return Value(sql: value, type: .any, isOptional: true, target: nil, name: description, typeSQL: type)
            default:
                let function: SQL = aggregate == .sum ? "strata_mixed_sum" : "strata_mixed_avg"
                let key: SQL = "(\(many.subquery(select: "strata_decimal_key(\(function)(\(stored), \(typeSQL)))", condition: .always)))"
                return Value(sql: key, type: .decimal, isOptional: aggregate == .avg, target: nil, name: description,
                             shownSQL: "strata_decimal_text(\(key))", isDecimalKey: true)
            }
        }
        if element.isDecimalKey {
            // Decimals kept as text, every digit: the least and greatest by key, the sum exactly, the mean as Decimal128 divides.
            let stored = element.shownSQL ?? element.sql
            let key: SQL = switch aggregate {
            case .sum: "strata_decimal_key(coalesce(strata_decimal_sum(\(stored)), 0))"
            case .avg: "strata_decimal_key(strata_decimal_avg(\(stored)))"
            case .min: "min(\(element.sql))"
            default: "max(\(element.sql))"
            }
            let subquery: SQL = "(\(many.subquery(select: key, condition: .always)))"
            return Value(sql: subquery, type: .decimal, isOptional: aggregate != .sum, target: nil, name: description,
                         shownSQL: "strata_decimal_text(\(subquery))", isDecimalKey: true)
        }
        let function: SQL
        var type = element.type
        switch aggregate {
        case .sum: function = "coalesce(strata_sum(\(element.sql)), 0)"
        case .avg: function = "strata_avg(\(element.sql))"; type = .double
        case .min: function = "min(\(element.sql))"
        default: function = "max(\(element.sql))"
        }
        let subquery: SQL = "(\(many.subquery(select: function, condition: .always)))"
        // @min and @max of dates are moments' keys: shown as their ISO 8601 text.
        return Value(sql: subquery, type: type, isOptional: aggregate != .sum, target: nil, name: description,
                     shownSQL: type == .date ? "strata_moment_text(\(subquery))" : nil, dateStorage: type == .date ? .isoText : nil)
    }

    /// realm-core's nested collections, which `convert` keeps as JSON text: what a path into one is told.
    static let nestedCollection = "a path into the list or dictionary a Mixed value holds (a nested collection) is not supported; "
        + "compare the value, or its @type"

    func article(_ type: PropertyType) -> String {
        [.int, .object, .any].contains(type) ? "an" : "a"
    }
}
