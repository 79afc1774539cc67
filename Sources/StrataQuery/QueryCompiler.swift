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
    let text: String
    package var arguments: [SQLiteValue] = []
    /// When set, the query ranges over the elements of this list, in list order.
    public var members: ListMembers?
    private var aliasCounter = 0
    private var dateStorages: [String: DateStorage] = [:]

    public init(schema: Schema, connection: Connection, parameters: [String] = [], text: String) {
        self.schema = schema
        self.connection = connection
        self.parameters = parameters
        self.text = text
    }

    /// Parses and compiles query text.
    public static func compile(_ text: String, schema: Schema, connection: Connection, parameters: [String] = []) throws -> CompiledQuery {
        var compiler = QueryCompiler(schema: schema, connection: connection, parameters: parameters, text: text)
        return try compiler.compile(try QueryParser.parse(text))
    }

    // MARK: - Scopes

    /// The objects a part of the query ranges over: the main class, or a list element inside EXISTS.
    final class Scope {
        let info: ClassInfo
        let alias: String
        let variable: String?
        let parent: Scope?
        var joins: [String] = []
        var joinAliases: [String: String] = [:]

        init(info: ClassInfo, alias: String, variable: String? = nil, parent: Scope? = nil) {
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

    mutating func newAlias() -> String {
        aliasCounter += 1
        return "t\(aliasCounter)"
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
        let info = try findClass(query.className, at: query.classOffset)
        let scope = Scope(info: info, alias: "t0")
        var condition = try compile(query.predicate, in: scope)
        if let members {
            guard info.primaryKey.count <= 1 else { throw StrataError("\(info.name) has no single key for a list to hold") }
            condition = (condition == "1" ? "" : "(" + condition + ") AND ") + "tm.owner = " + bind(members.owner)
        }
        if let key {
            let columns = keySQL(info, alias: "t0")
            guard !columns.isEmpty, columns.count == key.count else { throw StrataError("\(info.name) has no key to look objects up by") }
            condition = zip(columns, key).map { column, value in column + " = " + bind(value) }.joined(separator: " AND ")
        }
        let objectKey = keySQL(info, alias: "t0")
        // What orders the result when nothing sorts it: the object key, or the position in the list.
        let key = members == nil ? objectKey : ["tm.position"]
        var columns: [ResultColumn] = []
        var selected: [String] = []
        for property in info.properties where property.type != .linkingObjects && page?.keysOnly != true {
            if property.type == .list {
                selected.append(try listArraySQL(property, of: info, alias: "t0"))
            } else if let column = property.column {
                selected.append("t0." + quoteIdentifier(column))
            } else {
                continue
            }
            columns.append(ResultColumn(property: property, dateStorage: property.type == .date ? dateStorage(info, property) : nil))
        }
        if let page {
            return try paged(query, page: page, info: info, scope: scope, condition: condition,
                             selected: selected + objectKey + (members == nil ? [] : key), columns: columns, key: key)
        }

        let whereClause = condition == "1" ? "" : " WHERE " + condition
        var sql: String
        if query.hasSimpleStages && query.distinct.isEmpty {
            sql = try flat(query, selected: selected, key: key, whereClause: whereClause, scope: scope)
        } else {
            sql = try pipeline(query, selected: selected, key: key, whereClause: whereClause, scope: scope)
        }
        return CompiledQuery(sql: sql, arguments: arguments, classInfo: info, columns: columns)
    }

    /// The common case, one flat statement: SORT, then LIMIT.
    private mutating func flat(_ query: Query, selected: [String], key: [String], whereClause: String, scope: Scope) throws -> String {
        var sortTerms = try query.sort.map { key in
            try resolveValue(key.path, in: scope, purpose: "SORT").sql + (key.ascending ? " ASC" : " DESC")
        }
        // Ties keep key order, so every sort is stable and every page repeatable.
        sortTerms += key.map { $0 + " ASC" }
        var sql = "SELECT " + (selected.isEmpty ? "NULL" : selected.joined(separator: ", ")) + " " + from(scope) + whereClause
        if !sortTerms.isEmpty { sql += " ORDER BY " + sortTerms.joined(separator: ", ") }
        if let limit = query.limit { sql += " LIMIT " + bind(.integer(Int64(limit))) }
        return sql
    }

    /// SORT, DISTINCT and LIMIT applied one after another in the order written, each as a query over the
    /// result of the one before; the values they need are computed once, in the innermost query.
    private mutating func pipeline(_ query: Query, selected: [String], key: [String], whereClause: String, scope: Scope) throws -> String {
        var expressions: [String] = []
        func column(_ sql: String) -> String {
            if let index = expressions.firstIndex(of: sql) { return "e\(index)" }
            expressions.append(sql)
            return "e\(expressions.count - 1)"
        }
        let keyColumns = key.map(column)
        var order = keyColumns.map { $0 + " ASC" }
        var stages: [(kind: Int, columns: [String], limit: Int)] = []
        for stage in query.stages {
            switch stage {
            case .sort(let keys):
                let terms = try keys.map { key in
                    column(try resolveValue(key.path, in: scope, purpose: "SORT").sql) + (key.ascending ? " ASC" : " DESC")
                }
                stages.append((0, terms, 0))
            case .distinct(let paths):
                stages.append((1, try paths.map { column(try resolveValue($0, in: scope, purpose: "DISTINCT").sql) }, 0))
            case .limit(let limit):
                stages.append((2, [], limit))
            }
        }
        let outputs = selected.enumerated().map { "\($1) AS c\($0)" } + expressions.enumerated().map { "\($1) AS e\($0)" }
        // The FROM clause last: resolving the stages' paths may have joined more links.
        var relation = "(SELECT " + outputs.joined(separator: ", ") + " " + from(scope) + whereClause + ")"
        for stage in stages {
            switch stage.kind {
            case 0:
                order = stage.columns + order
            case 1:
                relation = "(SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY " + stage.columns.joined(separator: ", ")
                    + " ORDER BY " + order.joined(separator: ", ") + ") AS strata_rank FROM " + relation + ") WHERE strata_rank = 1)"
            default:
                relation = "(SELECT * FROM " + relation + " ORDER BY " + order.joined(separator: ", ")
                    + " LIMIT " + bind(.integer(Int64(stage.limit))) + ")"
            }
        }
        return "SELECT " + (0..<selected.count).map { "c\($0)" }.joined(separator: ", ") + " FROM " + relation
            + " ORDER BY " + order.joined(separator: ", ")
    }

    /// One page of a query: keyset paging on the object key when the result is in key order (as fast on
    /// the last page as on the first), OFFSET when it is sorted otherwise.
    private mutating func paged(_ query: Query, page: Page, info: ClassInfo, scope: Scope, condition: String,
                                selected: [String], columns: [ResultColumn], key: [String]) throws -> CompiledQuery
    {
        var condition = condition
        let keyset = page.isKeyset && query.stages.isEmpty && !key.isEmpty
        var order = key.map { $0 + (page.fromEnd ? " DESC" : " ASC") }
        if keyset, let bound = page.after ?? page.before, bound.count == key.count {
            let comparison = page.after != nil ? ">" : "<"
            let tuple = key.count == 1 ? key[0] : "(" + key.joined(separator: ", ") + ")"
            let values = bound.map { bind($0) }
            let bounds = values.count == 1 ? values[0] : "(" + values.joined(separator: ", ") + ")"
            condition = (condition == "1" ? "" : "(" + condition + ") AND ") + "\(tuple) \(comparison) \(bounds)"
            if page.before != nil { order = key.map { $0 + " DESC" } }
        }
        let whereClause = condition == "1" ? "" : " WHERE " + condition
        var sql: String
        if keyset {
            sql = "SELECT " + selected.joined(separator: ", ") + " " + from(scope) + whereClause
                + " ORDER BY " + order.joined(separator: ", ") + " LIMIT " + bind(.integer(Int64(page.size)))
            if page.offset > 0 { sql += " OFFSET " + bind(.integer(Int64(page.offset))) }
        } else {
            // A sorted result pages by position: the whole query, then LIMIT and OFFSET around it.
            let inner = query.hasSimpleStages && query.distinct.isEmpty
                ? try flat(query, selected: selected, key: key, whereClause: whereClause, scope: scope)
                : try pipeline(query, selected: selected, key: key, whereClause: whereClause, scope: scope)
            sql = "SELECT * FROM (" + inner + ") LIMIT " + bind(.integer(Int64(page.size)))
                + " OFFSET " + bind(.integer(Int64(page.offset)))
        }
        return CompiledQuery(sql: sql, arguments: arguments, classInfo: info, columns: columns)
    }

    /// The main class and every link a path joined, once all paths are resolved.
    private func from(_ scope: Scope) -> String {
        var from = "FROM \(quoteIdentifier(scope.info.tableName)) AS \(scope.alias)"
        if let members {
            from = "FROM \(quoteIdentifier(members.table)) AS tm JOIN \(quoteIdentifier(scope.info.tableName)) AS \(scope.alias) "
                + "ON \(singleKeySQL(scope.info, alias: scope.alias)) = tm.target"
        }
        return from + scope.joins.map { " " + $0 }.joined()
    }

    /// The key columns of a class as SQL on an alias: its primary key, or its rowid.
    package func keySQL(_ info: ClassInfo, alias: String) -> [String] {
        info.objectKey.sql(alias: alias)
    }

    /// The single-column key a link or list points at.
    func singleKeySQL(_ info: ClassInfo, alias: String) -> String {
        keySQL(info, alias: alias).first ?? alias + "." + (info.rowIDName ?? "rowid")
    }

    private func listArraySQL(_ property: Property, of info: ClassInfo, alias: String) throws -> String {
        guard let table = info.listTables[property.name] else { return "NULL" }
        return "(SELECT json_group_array(target) FROM (SELECT target FROM \(quoteIdentifier(table)) "
            + "WHERE owner = \(singleKeySQL(info, alias: alias)) ORDER BY position))"
    }

    mutating func bind(_ value: SQLiteValue) -> String {
        arguments.append(value)
        return "?\(arguments.count)"
    }

    func findClass(_ name: String, at offset: Int) throws -> ClassInfo {
        if let info = schema.class(named: name) { return info }
        let candidates = schema.visibleClasses.map(\.name)
        throw semanticError("unknown class '\(name)'" + Suggestion.hint(for: name, in: candidates), at: offset)
    }

    mutating func dateStorage(_ info: ClassInfo, _ property: Property) -> DateStorage {
        let key = info.tableName + "\u{0}" + (property.column ?? property.name)
        if let known = dateStorages[key] { return known }
        let storage = DateStorage.detect(connection: connection, table: info.tableName, column: property.column ?? property.name,
                                         isCoreData: schema.isCoreData)
        dateStorages[key] = storage
        return storage
    }

    // MARK: - Predicates

    mutating func compile(_ predicate: Predicate, in scope: Scope) throws -> String {
        switch predicate {
        case .truePredicate: return "1"
        case .falsePredicate: return "0"
        case .not(let inner): return "NOT (" + (try compile(inner, in: scope)) + ")"
        case .and(let terms): return "(" + (try terms.map { try compile($0, in: scope) }).joined(separator: " AND ") + ")"
        case .or(let terms): return "(" + (try terms.map { try compile($0, in: scope) }).joined(separator: " OR ") + ")"
        case .comparison(let comparison): return try compile(comparison, in: scope)
        }
    }
}
