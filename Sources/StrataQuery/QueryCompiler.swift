import SQLiteKit
import StrataCore

/// Checks a parsed query against the schema and translates it into SQL.
///
/// Values are always bound parameters. Links become LEFT JOINs; paths through lists and backlinks become
/// EXISTS subqueries (ANY), NOT EXISTS (NONE, and ALL with the comparison negated); aggregates and
/// SUBQUERY become correlated scalar subqueries. Every comparison is two-valued, as in Realm: a NULL
/// never makes `NOT` match less.
public struct QueryCompiler {
    let schema: Schema
    let connection: Connection
    /// `$0`, `$1`, … as given with `--arg`; typed by the property they are compared with.
    let parameters: [String]
    /// `$0`, `$1`, … as given with `--args`, each a value of its own type (nil, a list, data, …); when set, they stand
    /// where the parameters do and `parameters` is not read.
    public var arguments: [Expression]?
    let text: String
    /// When set, the query ranges over the elements of this list, in list order.
    public var members: ListMembers?
    /// When set, each link column comes with what names its target, for grids and vertical records
    /// (`ResultColumn.labelIndex`): not for json, csv or exports, which hold the key alone.
    public var labelsLinks = false
    private var aliasCounter = 0
    /// How deep the condition being compiled nests its SQL, in tenths of SQLite's parser levels (`QueryParser`'s
    /// weights, and `listDepth` for each EXISTS through a list or backlinks): a path through many lists nests as
    /// deep as NOT does, which the parser cannot see.
    private var nesting = 0
    /// What an EXISTS or a count through a list, set or backlinks takes of SQLite's parser stack, in tenths.
    static let listDepth = 110
    /// The SQL of each SHOW column by its path, for SORT and DISTINCT by the same path.
    var shownValues: [String: SQL] = [:]
    /// By column index, the Realm type of each Mixed value shown that keeps one (`ResultColumn.typeIndex`).
    var shownTypes: [Int: SQL] = [:]
    /// The values bound in `IN (…)` lists, which SQLite reads into a table, never comparing one with another.
    var listValues = 0
    /// The most values a condition compares with (outside IN lists): SQLite compares each such constant with every one
    /// before it as it compiles a statement (`sqlite3ExprCodeRunJustOnce`), 1 s for 10,000 here, 8 minutes for 100,000.
    static let comparedValueLimit = 10_000
    /// Values already in SQL that a comparison names as a path (`pin`): an element of a list at its rank, compared
    /// with another list's.
    var pinned: [String: Value] = [:]

    public init(schema: Schema, connection: Connection, parameters: [String] = [], text: String) {
        self.schema = schema
        self.connection = connection
        self.parameters = parameters
        self.text = text
    }

    /// Parses and compiles query text.
    public static func compile(_ text: String, schema: Schema, connection: Connection, parameters: [String] = [],
                               arguments: [Expression]? = nil, labelsLinks: Bool = false) throws -> CompiledQuery
    {
        var compiler = QueryCompiler(schema: schema, connection: connection, parameters: parameters, text: text)
        compiler.labelsLinks = labelsLinks
        compiler.arguments = arguments
        return try compiler.compile(try QueryParser.parse(text))
    }

    // MARK: - Scopes

    /// The objects a part of the query ranges over: the main class, or a list element inside EXISTS.
    final class Scope {
        let info: ClassInfo
        let alias: TableAlias
        let variable: String?
        let parent: Scope?
        var joins: [SQL] = []
        /// The alias each link already joined goes by, by the alias and column it starts from.
        var joinAliases: [ColumnOfAlias: TableAlias] = [:]

        init(info: ClassInfo, alias: TableAlias, variable: String? = nil, parent: Scope? = nil) {
            self.info = info
            self.alias = alias
            self.variable = variable
            self.parent = parent
        }

        /// The scope a `$variable` names, searching outwards.
        func scope(for variable: String) -> Scope? {
            self.variable == variable ? self : parent?.scope(for: variable)
        }
    }

    /// The scope of the class a query ranges over, under the alias `t0` that `compileCondition` promises.
    func objectScope(_ info: ClassInfo) -> Scope {
        Scope(info: info, alias: Self.objectAlias)
    }

    /// The alias of the class a query ranges over.
    public static let objectAlias = TableAlias("t0")
    /// The alias of the list table when the query ranges over one list's members.
    static let membersAlias = TableAlias("tm")

    /// A column of a table alias: what a join starts from.
    struct ColumnOfAlias: Hashable {
        var alias: TableAlias
        var column: String
    }

    mutating func newAlias() -> TableAlias {
        aliasCounter += 1
        return TableAlias("t\(aliasCounter)")
    }

    func semanticError(_ message: String, at offset: Int) -> QueryError {
        QueryError(.semantic, message, at: offset, in: text)
    }

    // MARK: - Query

    /// - Parameters:
    ///   - key: when given, only the object with this key (for `get`).
    ///   - page: when given, one page of the result, with each row's key appended after the columns (and,
    ///     for `members`, its position in the list after that).
    public mutating func compile(_ query: Query, key: [SQLiteValue]? = nil, page: Page? = nil) throws -> CompiledQuery {
        if let page { return try pages(of: query, keysOnly: page.keysOnly).compiled(page) }
        let parts = try prepare(query, key: key, keysOnly: false)
        let statement = try whole(parts.query, selected: parts.selected, key: parts.order, condition: parts.condition, scope: parts.scope)
        return CompiledQuery(statement: statement, classInfo: parts.scope.info, columns: parts.columns, rowWidth: parts.selected.count)
    }

    /// The query compiled once for paging: each page's statement is then put together from its parts, the
    /// page's bounds and sizes bound as values, without compiling the query again.
    ///
    /// - Parameter keysOnly: only the keys (what a census, a count or a seek reads), as `Page.keysOnly` asks.
    public mutating func pages(of query: Query, keysOnly: Bool = false) throws -> PagedQuery {
        let parts = try prepare(query, key: nil, keysOnly: keysOnly)
        let selected = parts.selected + parts.objectKey + (members == nil ? [] : parts.order)
        let inKeyOrder = parts.query.stages.isEmpty && !parts.order.isEmpty
        // A sorted result pages by position: the whole query, then LIMIT and OFFSET around it.
        let whole = try whole(parts.query, selected: selected, key: parts.order, condition: parts.condition, scope: parts.scope)
        return PagedQuery(classInfo: parts.scope.info, columns: parts.columns, rowWidth: parts.selected.count,
                          selected: selected, key: parts.order, from: try from(parts.scope), condition: parts.condition,
                          whole: whole, inKeyOrder: inKeyOrder)
    }

    /// What a statement of a query is made of, before its stages and paging are applied.
    private struct Parts {
        var query: Query
        var scope: Scope
        var condition: Condition
        /// The columns shown, then the link labels.
        var selected: [SQL]
        var columns: [ResultColumn]
        var objectKey: [SQL]
        /// What orders the result when nothing sorts it: the object key, or the position in the list.
        var order: [SQL]
    }

    private mutating func prepare(_ query: Query, key: [SQLiteValue]?, keysOnly: Bool) throws -> Parts {
        let info = try findClass(query.className, at: query.classOffset)
        let query = Self.resolvingShownNames(query, in: info)
        let scope = objectScope(info)
        var condition = try compile(query.predicate, in: scope)
        let compared = condition.sql.arguments.count - listValues
        if compared > Self.comparedValueLimit {
            throw semanticError("the query compares with \(compared) different values, more than SQLite compiles in time (its time grows "
                                + "as their square past \(Self.comparedValueLimit)): give many values as one list, as in id IN {1, 2, 3}", at: 0)
        }
        if let members {
            guard info.primaryKey.count <= 1 else { throw StrataError("\(info.name) has no single key for a list to hold") }
            condition = condition.and("\(Self.membersAlias[members.storage.ownerColumn]) = \(members.owner)")
        }
        if let key {
            let columns = keySQL(info, alias: scope.alias)
            guard !columns.isEmpty, columns.count == key.count else { throw StrataError("\(info.name) has no key to look objects up by") }
            condition = .expression(zip(columns, key).map { column, value -> SQL in "\(column) = \(value)" }.joined(separator: " AND "))
        }
        // A sub-entity's objects are the rows of its entities in the table it shares.
        if let filter = info.entityCondition(alias: scope.alias) { condition = condition.and(filter) }
        let objectKey = keySQL(info, alias: scope.alias)
        let order: [SQL] = members.map { [Self.membersAlias[$0.storage.orderColumn]] } ?? objectKey
        var columns: [ResultColumn] = []
        var selected: [SQL] = []
        if let shown = query.show, !keysOnly {
            (selected, columns) = try shownColumns(shown, in: scope)
        } else if !keysOnly {
            for property in info.properties where property.type != .linkingObjects {
                if property.type == .list {
                    selected.append(try listArraySQL(property, of: info, alias: scope.alias))
                } else if property.type == .collection {
                    selected.append(try collectionSQL(property, of: info, alias: scope.alias))
                } else if let column = property.column {
                    if property.type == .any, let typeColumn = property.typeColumn { shownTypes[selected.count] = scope.alias[typeColumn] }
                    selected.append(scope.alias[column])
                } else {
                    continue
                }
                columns.append(ResultColumn(property: property, dateStorage: property.type == .date ? try dateStorage(info, property) : nil))
            }
        }
        if labelsLinks && !keysOnly {
            selected += try linkLabels(&columns, selected: selected, after: selected.count)
        }
        // Each Mixed value's Realm type after them, for the value to be shown as what it is.
        for (index, type) in shownTypes.sorted(by: { $0.key < $1.key }) {
            columns[index].typeIndex = selected.count
            selected.append(type)
        }
        shownTypes = [:]
        return Parts(query: query, scope: scope, condition: condition, selected: selected, columns: columns, objectKey: objectKey,
                     order: order)
    }

    /// The whole result: one flat statement when the stages allow it, else a pipeline.
    private mutating func whole(_ query: Query, selected: [SQL], key: [SQL], condition: Condition, scope: Scope) throws -> SQL {
        let key = query.stages.isEmpty ? key : tieOrder(key, scope: scope)
        if let stages = query.flatStages {
            return try flat(stages, selected: selected, key: key, condition: condition, scope: scope)
        }
        return try pipeline(query.stages, selected: selected, key: key, condition: condition, scope: scope)
    }

    /// What objects that SORT or DISTINCT find alike stay in: key order; but in a converted Realm, a class keyed by a
    /// string, an ObjectId or a UUID keeps in its rowids the order realm-core made its objects in (`convert` writes them
    /// in that order), which realm-core's sorts keep, and so do Strata's. (A class keyed by an integer has that key
    /// as its rowid: realm-core's order is not in the file.)
    private func tieOrder(_ key: [SQL], scope: Scope) -> [SQL] {
        let info = scope.info
        guard schema.conventions == .realmConversion, members == nil, info.primaryKey.count == 1, info.rowIDAlias == nil,
              let rowID = info.rowIDColumn(of: scope.alias) else { return key }
        return [rowID]
    }

    /// The common case, one flat statement: SORT, then LIMIT.
    private mutating func flat(_ stages: Query.FlatStages, selected: [SQL], key: [SQL], condition: Condition,
                               scope: Scope) throws -> SQL
    {
        var sortTerms = try stages.sort.map { key in
            SQLOrdering(try orderValue(key.path, in: scope, purpose: "SORT"), ascending: key.ascending)
        }
        // Ties keep key order, so every sort is stable and every page repeatable.
        sortTerms += key.map { SQLOrdering($0) }
        var sql: SQL = "SELECT \(selected.isEmpty ? "NULL" : selected.joined(separator: ", ")) \(try from(scope))\(condition.whereClause)"
        sql += sortTerms.orderByClause
        if let limit = stages.limit { sql += " LIMIT \(Int64(limit))" }
        return sql
    }

    /// A stage of a pipeline, its paths resolved to columns of the innermost query (`e0`, `e1`, …).
    private enum PipelineStage {
        case sort(terms: [SQLOrdering])
        case distinct(columns: [SQL])
        case limit(Int)
    }

    /// SORT, DISTINCT and LIMIT applied one after another in the order written, each as a query over the
    /// result of the one before; the values they need are computed once, in the innermost query.
    private mutating func pipeline(_ stages: [Query.Stage], selected: [SQL], key: [SQL], condition: Condition,
                                   scope: Scope) throws -> SQL
    {
        var expressions: [SQL] = []
        func column(_ sql: SQL) -> SQL {
            if let index = expressions.firstIndex(of: sql) { return "\(TableAlias("e\(index)"))" }
            expressions.append(sql)
            return "\(TableAlias("e\(expressions.count - 1)"))"
        }
        var order = key.map { SQLOrdering(column($0)) }
        let resolved: [PipelineStage] = try stages.map { stage in
            switch stage {
            case .sort(let keys):
                .sort(terms: try keys.map { key in
                    SQLOrdering(column(try orderValue(key.path, in: scope, purpose: "SORT")), ascending: key.ascending)
                })
            case .distinct(let paths):
                .distinct(columns: try paths.map { column(try orderValue($0, in: scope, purpose: "DISTINCT")) })
            case .limit(let limit):
                .limit(limit)
            }
        }
        let outputs = selected.enumerated().map { "\($1) AS \(TableAlias("c\($0)"))" as SQL }
            + expressions.enumerated().map { "\($1) AS \(TableAlias("e\($0)"))" as SQL }
        // The FROM clause last: resolving the stages' paths may have joined more links.
        var relation: SQL = "(SELECT \(outputs.joined(separator: ", ")) \(try from(scope))\(condition.whereClause))"
        for (number, stage) in resolved.enumerated() {
            switch stage {
            case .sort(let terms):
                order = terms + order
            case .distinct(let columns):
                // Each DISTINCT ranks under a name of its own: a second one filters by its own rank, not the first's.
                let rank = TableAlias("strata_rank\(number)")
                relation = "(SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY \(columns.joined(separator: ", ")) "
                    + "ORDER BY \(order.map(\.sql).joined(separator: ", "))) AS \(rank) FROM \(relation)) WHERE \(rank) = 1)"
            case .limit(let limit):
                relation = "(SELECT * FROM \(relation)\(order.orderByClause) LIMIT \(Int64(limit)))"
            }
        }
        let results = (0..<selected.count).map { "\(TableAlias("c\($0)"))" as SQL }
        return "SELECT \(results.joined(separator: ", ")) FROM \(relation)\(order.orderByClause)"
    }

    /// The main class and every link a path joined, once all paths are resolved.
    private func from(_ scope: Scope) throws -> SQL {
        var from: SQL = "FROM \(identifier: scope.info.tableName) AS \(scope.alias)"
        if let members {
            from = "FROM \(identifier: members.storage.table) AS \(Self.membersAlias) JOIN \(identifier: scope.info.tableName) AS \(scope.alias) "
                + "ON \(try singleKeySQL(scope.info, alias: scope.alias)) = \(Self.membersAlias[members.storage.targetColumn])"
        }
        return scope.joins.reduce(from) { "\($0) \($1)" }
    }

    /// The key columns of a class as SQL on an alias: its primary key, or its rowid.
    package func keySQL(_ info: ClassInfo, alias: TableAlias) -> [SQL] {
        info.objectKey.columns(of: alias)
    }

    /// The single-column key a link or list points at.
    ///
    /// - Throws: `StrataError` for a class with no key (a view; a table whose columns take every rowid name).
    func singleKeySQL(_ info: ClassInfo, alias: TableAlias) throws -> SQL {
        guard let key = keySQL(info, alias: alias).first else { throw StrataError("\(info.name) has no key for a link or list to point at") }
        return key
    }

    /// A list property's result column: the JSON array of its targets' keys, in list order.
    func listArraySQL(_ property: Property, of info: ClassInfo, alias: TableAlias) throws -> SQL {
        // A list property without its table (a hand-made schema) holds nothing to show: the column reads NULL.
        guard let storage = info.lists[property.name] else { return "NULL" }
        return "(SELECT json_group_array(target) FROM (SELECT \(identifier: storage.targetColumn) AS target FROM \(identifier: storage.table) "
            + "WHERE \(identifier: storage.ownerColumn) = \(try singleKeySQL(info, alias: alias)) ORDER BY \(identifier: storage.orderColumn)))"
    }

    /// A collection property's result column: the JSON of its values (`CollectionJSON`).
    func collectionSQL(_ property: Property, of info: ClassInfo, alias: TableAlias) throws -> SQL {
        guard let storage = info.collections[property.name] else { return "NULL" }
        let elementClass = storage.elementClass(ownerClass: info.name, property: property.name)
        let dates = storage.element.type == .date
            ? try schema.dateStorage(of: storage.element, in: elementClass, connection: connection) : nil
        return CollectionJSON.sql(storage, owner: try singleKeySQL(info, alias: alias), dateStorage: dates)
    }

    /// Compiles what `body` compiles one nesting of `tenths` deeper, refused when SQLite's parser could not take it.
    /// - Parameter offset: where the error points: the list's path, else the start of the query.
    mutating func nested<T>(_ tenths: Int, at offset: Int = 0, _ body: (inout QueryCompiler) throws -> T) throws -> T {
        nesting += tenths
        defer { nesting -= tenths }
        if nesting > QueryParser.maximumDepth {
            throw semanticError("the query nests too deeply for SQLite: its NOT, parentheses, SUBQUERY and paths through lists "
                                + "(each an EXISTS of its own) nest more than SQLite's parser takes", at: offset)
        }
        return try body(&self)
    }

    func findClass(_ name: String, at offset: Int) throws -> ClassInfo {
        if let info = schema.class(named: name) { return info }
        let candidates = schema.visibleClasses.map(\.name)
        throw semanticError("unknown class '\(name)'" + Suggestion.hint(for: name, in: candidates, written: QueryParser.quotedName),
                            at: offset)
    }

    func dateStorage(_ info: ClassInfo, _ property: Property) throws -> DateStorage {
        try schema.dateStorage(of: property, in: info, connection: connection)
    }

    // MARK: - Predicates

    /// How many terms of an AND or OR go into one SQL chain: SQLite reads `a OR b OR c` as `(a OR b) OR c`, a tree as
    /// deep as the chain is long, and refuses one deeper than 1,000.
    static let chainLength = 64

    /// Conditions (each 0 or 1, never NULL) joined by AND or OR, parenthesized: one chain; or, when there are more
    /// than `chainLength` (realm-core's tests OR 53,000 comparisons; a list in braces may hold as many values), chains
    /// of that length as the branches of one CASE, which is as deep as one of them and means what the chain does.
    /// Short chains stay chains, whose terms SQLite's planner can use an index for.
    static func chained(_ terms: [SQL], _ op: SQL) -> SQL {
        guard terms.count > chainLength else { return "(\(terms.joined(separator: " \(op) ")))" }
        var branches: [SQL] = []
        var start = 0
        while start < terms.count {
            let part = terms[start..<min(start + chainLength, terms.count)].joined(separator: " \(op) ")
            // AND: 0 at the first chain that is false; OR: 1 at the first that is true.
            branches.append(op == "AND" ? "WHEN (\(part)) = 0 THEN 0" : "WHEN \(part) THEN 1")
            start += chainLength
        }
        let otherwise: SQL = op == "AND" ? "1" : "0"
        // So many comparisons share the parameters of their equal values (SQLite would compare each new one with all).
        return .sharingValues("(CASE \(branches.joined(separator: " ")) ELSE \(otherwise) END)")
    }

    /// An AND or OR of `terms`, nested one level (two for the CASE of a long one).
    private mutating func chain(_ terms: [Predicate], _ op: SQL, in scope: Scope) throws -> Condition {
        let depth = terms.count > Self.chainLength ? 2 * QueryParser.parenthesisDepth : QueryParser.parenthesisDepth
        return try nested(depth) { compiler in
            .expression(Self.chained(try terms.map { try compiler.compile($0, in: scope).sql }, op))
        }
    }

    /// A predicate as a condition on the objects of `scope`: TRUEPREDICATE alone is every object, and `1`
    /// where it stands inside NOT, AND or OR.
    mutating func compile(_ predicate: Predicate, in scope: Scope) throws -> Condition {
        switch predicate {
        case .truePredicate: return .always
        case .falsePredicate: return .expression("0")
        case .not(let inner):
            return try nested(QueryParser.notDepth) { .expression("NOT (\(try $0.compile(inner, in: scope).sql))") }
        case .and(let terms):
            return try chain(terms, "AND", in: scope)
        case .or(let terms):
            return try chain(terms, "OR", in: scope)
        case .comparison(var comparison):
            // "First Name" == "Ann": the property when the class has one so named, as SQLite reads a double-quoted name.
            if let name = comparison.leftQuotedName, scope.info.property(named: name) != nil {
                comparison.left = .keyPath(KeyPath(components: [.property(name)], offset: comparison.left.offset))
            }
            return .expression(try compile(comparison, in: scope))
        }
    }
}
