import SQLiteKit
import StrataCore

extension QueryCompiler {
    /// The columns `SHOW(…)` asks for: each a value per object (a property through links, or an aggregate
    /// over a list or backlinks), named by `AS` or by its path.
    mutating func shownColumns(_ shown: [ShownColumn], in scope: Scope) throws -> (selected: [SQL], columns: [ResultColumn]) {
        var selected: [SQL] = []
        var columns: [ResultColumn] = []
        var names: Set<String> = []
        for item in shown {
            guard names.insert(item.name).inserted else {
                throw semanticError("SHOW has two columns named '\(item.name)'; name one of them with AS", at: item.path.offset)
            }
            if let (sql, property) = try ownList(item.path, in: scope) {
                selected.append(sql)
                columns.append(ResultColumn(property: Self.renamed(property, item.name)))
                continue
            }
            let value = try resolveValue(item.path, in: scope, purpose: "SHOW")
            var property = value.property.map { Self.renamed($0, item.name) }
                ?? Property(name: item.name, type: value.type, isOptional: value.isOptional)
            property.isOptional = property.isOptional || value.isOptional
            if value.type == .object { property.target = value.target?.name }
            let shownSQL = value.shownSQL ?? value.sql
            if value.type == .any, let typeSQL = value.typeSQL { shownTypes[selected.count] = typeSQL }
            selected.append(shownSQL)
            columns.append(ResultColumn(property: property, dateStorage: value.dateStorage))
            // SORT or DISTINCT by the same path reuses this SQL, which SQLite then computes once per object (not a
            // Mixed value with its type, which sorts by its key in realm-core's order).
            if shownSQL == value.sql && item.path.variable == nil && value.typeSQL == nil { shownValues[item.path.description] = value.sql }
        }
        return (selected, columns)
    }

    /// The query with each SORT and DISTINCT path that is a name SHOW gave with AS (and no property of the
    /// class) replaced by the path it names: `SORT(sold DESC) SHOW(tasks.@count AS sold)`.
    static func resolvingShownNames(_ query: Query, in info: ClassInfo) -> Query {
        guard let shown = query.show else { return query }
        func resolved(_ path: KeyPath) -> KeyPath {
            guard path.variable == nil, path.aggregate == nil, path.components.count == 1, case .property(let name) = path.components[0],
                  info.property(named: name) == nil, let item = shown.first(where: { $0.isNamed && $0.name == name })
            else { return path }
            var replacement = item.path
            replacement.offset = path.offset
            return replacement
        }
        var query = query
        query.stages = query.stages.map { stage in
            switch stage {
            case .sort(let keys): .sort(keys.map { SortKey(path: resolved($0.path), ascending: $0.ascending) })
            case .distinct(let paths): .distinct(paths.map(resolved))
            case .limit: stage
            }
        }
        return query
    }

    /// A path that SORT or DISTINCT orders by: the SQL of the SHOW column with the same path, if there is one.
    mutating func orderValue(_ path: KeyPath, in scope: Scope, purpose: String) throws -> SQL {
        if path.variable == nil, let shown = shownValues[path.description] { return shown }
        let value = try resolveValue(path, in: scope, purpose: purpose)
        // A Mixed value of a converted Realm sorts, and is DISTINCT, in realm-core's order across types (`MixedOrder`):
        // booleans apart from numbers, 1 and 1.0 alike, a Decimal128 or a date by its value, not by its text.
        if value.type == .any, let typeSQL = value.typeSQL { return "strata_mixed_key(\(value.shownSQL ?? value.sql), \(typeSQL))" }
        return value.sql
    }

    /// `SHOW(tasks)`, `SHOW(tags)`: a list or collection property of the class itself, shown as the default columns
    /// show it (a list's keys, a collection's values).
    private mutating func ownList(_ path: KeyPath, in scope: Scope) throws -> (SQL, Property)? {
        guard path.variable == nil, path.aggregate == nil, path.components.count == 1, case .property(let name) = path.components[0],
              let property = scope.info.property(named: name), property.type.isCollection
        else { return nil }
        if property.type == .collection { return (try collectionSQL(property, of: scope.info, alias: scope.alias), property) }
        return (try listArraySQL(property, of: scope.info, alias: scope.alias), property)
    }

    /// The property under the name SHOW gives it, no longer a column of a table (it is not edited through
    /// this name) nor the key.
    private static func renamed(_ property: Property, _ name: String) -> Property {
        var copy = property
        copy.name = name
        copy.column = nil
        copy.isPrimaryKey = false
        return copy
    }

    // MARK: - Link labels

    /// The text property that names an object of `info` for people, as Datasette's `label_column` picks one: a
    /// property named `name`, `title` or `label` (in any case); else one whose name ends so (`FirstName`,
    /// `ArtistTitle`); else the first short text (not declared longer than 200 characters, not named like a
    /// long text: `description`, `notes`, `instructions`, …); else the first text. Never one of `keys`.
    static func labelProperty(of info: ClassInfo, besides keys: Set<String>) -> Property? {
        let texts = info.properties.filter { $0.type == .string && $0.column != nil && !keys.contains($0.name) }
        let names = ["name", "title", "label"]
        if let named = texts.first(where: { names.contains($0.name.lowercased()) }) { return named }
        if let named = texts.first(where: { property in names.contains { property.name.lowercased().hasSuffix($0) } }) { return named }
        return texts.first(where: isShortText) ?? texts.first
    }

    /// Names of properties that hold long text, which makes a poor label.
    static let longTextNames: Set<String> = [
        "description", "notes", "note", "body", "content", "contents", "text", "instructions", "summary", "comment",
        "comments", "details", "html", "json", "xml", "markdown", "message", "bio", "abstract",
    ]

    /// A text that is short enough to label an object: not declared longer than 200 characters (`VARCHAR(2000)`),
    /// and not named like a long text.
    static func isShortText(_ property: Property) -> Bool {
        if longTextNames.contains(property.name.lowercased()) { return false }
        let declared = property.declaredType
        if let open = declared.firstIndex(of: "("), let close = declared.firstIndex(of: ")"), open < close,
           let size = Int(String(declared[declared.index(after: open)..<close].split(separator: ",").first ?? "").trimmingSpaces) {
            return size <= 200
        }
        return true
    }

    /// For each link column, one more selected value that names the object it points at, for people to read
    /// (`AlbumId` 1 "For Those About To Rock"): the target's `labelProperty`, never its key. The
    /// value is NULL when the link points at no object, the text when there is one, and 1 when the object has
    /// no such text (or it is NULL). `ResultColumn.labelIndex` says where each is.
    mutating func linkLabels(_ columns: inout [ResultColumn], selected: [SQL], after width: Int) throws -> [SQL] {
        var labels: [SQL] = []
        for index in columns.indices where columns[index].property.type == .object {
            guard let target = columns[index].property.target.flatMap(schema.class(named:)), target.objectKey.count == 1 else { continue }
            let alias = newAlias()
            let keyColumn = keySQL(target, alias: alias)[0]
            let keyNames = Set(target.objectKey.names)
            let text = Self.labelProperty(of: target, besides: keyNames)
            let shown: SQL = text.flatMap(\.column).map { "CASE WHEN \(alias[$0]) IS NULL THEN 1 ELSE CAST(\(alias[$0]) AS TEXT) END" }
                ?? "1"
            labels.append("(SELECT \(shown) FROM \(identifier: target.tableName) AS \(alias) WHERE \(keyColumn) = \(selected[index]))")
            columns[index].labelIndex = width + labels.count - 1
        }
        return labels
    }
}
