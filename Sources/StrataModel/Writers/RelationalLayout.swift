import SQLiteKit
import StrataCore

/// The tables a model takes in Strata's conventions (ARCHITECTURE.md §2), for the targets that write tables (SQL,
/// GRDB): one table per class, keyed by its primary key or else by a key of the table's own (`id`; `_key` for a
/// `.realm` file, as `convert` names it); a link as a column that REFERENCES the target's key; a list of objects as
/// `<Class>_<property>(owner, position, target)`, a set of objects as `<Class>_<property>(owner, value)`; a list, set
/// or dictionary of values as its own table; a to-many whose inverse is a link as nothing more than that link's
/// column; backlinks as nothing at all. Core Data's abstract entities take no table: their sub-entities carry
/// their properties.
struct RelationalLayout {
    struct Column: Equatable {
        var name: String
        /// Strata's declared type (`INTEGER`, `DATETIME`, `OBJECTID TEXT`); empty for a mixed value.
        var type: String
        var notNull: Bool
        /// The DEFAULT clause's expression, as SQL.
        var defaultSQL: String? = nil
        var references: Reference? = nil
        /// The property the column stores, when it stores one.
        var property: String? = nil
        /// What its values are: the property's type, or the type of the key it references.
        var valueType: ValueType
    }

    struct Reference: Equatable {
        var table: String
        var column: String
        /// `CASCADE`, `SET NULL`, `RESTRICT`, `NO ACTION`.
        var onDelete: String
    }

    struct Table {
        enum Kind: Equatable {
            case `class`
            /// The elements of a to-many or a collection of `owner`'s `property`.
            case side(owner: String, property: String, ValueCollection.Kind, objects: Bool)
        }

        var name: String
        var kind: Kind
        var columns: [Column]
        var primaryKey: [String]
        /// The key is the rowid (`INTEGER PRIMARY KEY`), made by the store when none is given.
        var rowIDKey: Bool
        var withoutRowID: Bool
        var uniqueColumns: [String] = []
        /// Columns indexed on their own.
        var indexed: [String] = []
        /// The class a class table stores.
        var className: String?
    }

    var tables: [Table] = []
    /// A class's key: its column, declared type and value type, which each column that references it takes.
    struct Key {
        var column: String
        var valueType: ValueType
        var type: String { RelationalLayout.declaredType(valueType) }

        /// A column named `name` that holds this key, of `table`'s objects.
        func reference(_ name: String, of table: String, notNull: Bool, onDelete: String, property: String? = nil) -> Column {
            Column(name: name, type: type, notNull: notNull, references: Reference(table: table, column: column, onDelete: onDelete),
                   property: property, valueType: valueType)
        }
    }

    /// Each class's key, when it is one column.
    var keys: [String: Key] = [:]
    /// Where each table is in `tables`, by name, and each list's or collection's table, by owner and property.
    private var positions: [String: Int] = [:]
    private var sides: [String: [String: Int]] = [:]

    func table(named name: String) -> Table? { positions[name].map { tables[$0] } }

    /// The table of `owner`'s list, set or dictionary `property`.
    func side(of owner: String, _ property: String) -> Table? { sides[owner]?[property].map { tables[$0] } }

    /// A to-many that its inverse link stores: `Cuisine.recipes` is `Recipe.cuisine`'s column, read backwards.
    var storedByInverse: [String: [String: (table: String, column: String)]] = [:]

    init(_ model: AppModel) {
        let written = model.classes.filter { !$0.isAbstract }
        for info in written {
            if let key = info.keyProperty, let type = key.valueType {
                keys[info.name] = Key(column: key.name, valueType: type)
            } else if info.primaryKey.isEmpty {
                let taken = Set(info.properties.map { $0.name.lowercased() })
                let name = model.source == .realm || taken.contains("id") ? "_key" : "id"
                keys[info.name] = Key(column: name, valueType: .int)
            } else {
                // A composite key: links to it cannot be one column; said by those links.
                keys[info.name] = nil
            }
        }
        for info in written {
            var table = Table(name: info.name, kind: .class, columns: [], primaryKey: info.primaryKey, rowIDKey: false, withoutRowID: false,
                              className: info.name)
            if info.primaryKey.isEmpty, let key = keys[info.name] {
                table.columns.append(Column(name: key.column, type: key.type, notNull: false, property: nil, valueType: .int))
                table.primaryKey = [key.column]
                table.rowIDKey = true
            }
            for property in info.properties {
                switch property.kind {
                case .value(let type):
                    // A Core Data model's default is a value, not SQL: an expression there is not one SQLite reads.
                    let defaultSQL = property.defaultValue.flatMap { value -> String? in
                        if case .expression = value, model.source == .coreData { return nil }
                        return Self.defaultSQL(value, for: type)
                    }
                    table.columns.append(Column(name: property.name, type: Self.declaredType(type), notNull: !property.isOptional,
                                                defaultSQL: defaultSQL, property: property.name, valueType: type))
                    if property.isIndexed, !property.isPrimaryKey { table.indexed.append(property.name) }
                case .link(let target):
                    guard let key = keys[target] else { continue }
                    let onDelete = switch property.targetDeleteRule ?? (property.isOptional ? .nullify : .cascade) {
                    case .cascade: "CASCADE"
                    case .nullify: property.isOptional ? "SET NULL" : "CASCADE"
                    case .deny: "RESTRICT"
                    case .noAction: "NO ACTION"
                    }
                    table.columns.append(key.reference(property.name, of: target, notNull: !property.isOptional, onDelete: onDelete,
                                                       property: property.name))
                    table.indexed.append(property.name)
                case .objects(let target, let ordered):
                    // A relationship Core Data names from both sides is kept once, as Room and Realm keep it.
                    switch ToManyStorage.of(property, in: info, model: model) {
                    case .inverseOfLink(let inverse):
                        storedByInverse[info.name, default: [:]][property.name] = (target, inverse)
                        continue
                    case .inverseOfToMany:
                        continue
                    case .stored:
                        break
                    }
                    guard let ownerKey = keys[info.name], let targetKey = keys[target] else { continue }
                    var side = Table(name: ListTable.name(owner: info.name, property: property.name),
                                     kind: .side(owner: info.name, property: property.name, ordered ? .list : .set, objects: true),
                                     columns: [ownerKey.reference("owner", of: info.name, notNull: true, onDelete: "CASCADE")],
                                     primaryKey: [], rowIDKey: false, withoutRowID: true)
                    if ordered {
                        side.columns.append(Column(name: "position", type: "INTEGER", notNull: true, valueType: .int))
                        side.columns.append(targetKey.reference("target", of: target, notNull: true, onDelete: "CASCADE"))
                        side.primaryKey = ["owner", "position"]
                    } else {
                        side.columns.append(targetKey.reference("value", of: target, notNull: true, onDelete: "CASCADE"))
                        side.primaryKey = ["owner", "value"]
                    }
                    tables.append(side)
                case .objectDictionary(let target):
                    guard let ownerKey = keys[info.name], let targetKey = keys[target] else { continue }
                    tables.append(Table(name: ListTable.name(owner: info.name, property: property.name),
                                        kind: .side(owner: info.name, property: property.name, .dictionary, objects: true),
                                        columns: [ownerKey.reference("owner", of: info.name, notNull: true, onDelete: "CASCADE"),
                                                  Column(name: "key", type: "TEXT", notNull: true, valueType: .string),
                                                  targetKey.reference("value", of: target, notNull: false, onDelete: "SET NULL")],
                                        primaryKey: ["owner", "key"], rowIDKey: false, withoutRowID: true))
                case .values(let kind, let type, let optional):
                    guard let ownerKey = keys[info.name] else { continue }
                    var columns = [ownerKey.reference("owner", of: info.name, notNull: true, onDelete: "CASCADE")]
                    switch kind {
                    case .list: columns.append(Column(name: "position", type: "INTEGER", notNull: true, valueType: .int))
                    case .dictionary: columns.append(Column(name: "key", type: "TEXT", notNull: true, valueType: .string))
                    case .set: break
                    }
                    columns.append(Column(name: "value", type: Self.declaredType(type), notNull: !optional && type != .mixed, valueType: type))
                    // A set whose elements may be nil is a rowid table, unique on owner and value: a WITHOUT ROWID key holds no NULL.
                    let rowidSet = kind == .set && (optional || type == .mixed)
                    var side = Table(name: ListTable.name(owner: info.name, property: property.name),
                                     kind: .side(owner: info.name, property: property.name, kind, objects: false), columns: columns,
                                     primaryKey: kind == .list ? ["owner", "position"] : kind == .dictionary ? ["owner", "key"] : ["owner", "value"],
                                     rowIDKey: false, withoutRowID: !rowidSet)
                    if rowidSet {
                        side.primaryKey = []
                        side.uniqueColumns = ["owner", "value"]
                    }
                    tables.append(side)
                case .backlinks:
                    continue
                }
            }
            tables.append(table)
        }
        // Class tables before the tables of their lists and collections.
        tables = tables.filter { $0.kind == .class } + tables.filter { $0.kind != .class }
        // A list's table takes a name no class has (SQLite's names ignore case): `A_b_` beside a class `A_b`, as
        // `convert` names it.
        var used = Set(tables.filter { $0.kind == .class }.map { $0.name.lowercased() })
        for index in tables.indices where tables[index].kind != .class {
            while used.contains(tables[index].name.lowercased()) { tables[index].name += "_" }
            used.insert(tables[index].name.lowercased())
        }
        for (index, table) in tables.enumerated() {
            positions[table.name] = positions[table.name] ?? index
            if case .side(let owner, let property, _, _) = table.kind { sides[owner, default: [:]][property] = index }
        }
    }

    /// The declared type Strata gives a value column (what `convert` writes).
    static func declaredType(_ type: ValueType) -> String {
        switch type {
        case .bool: "BOOLEAN"
        case .int: "INTEGER"
        case .float: "FLOAT"
        case .double: "DOUBLE"
        case .decimal: "DECIMAL TEXT"
        case .string: "TEXT"
        case .objectId: "OBJECTID TEXT"
        case .date: "DATETIME"
        case .data: "BLOB"
        case .uuid: "UUID TEXT"
        case .mixed: ""
        }
    }

    /// A default as SQL: literals bound as SQL literals; an expression kept as the file wrote it.
    static func defaultSQL(_ value: ModelDefault, for type: ValueType) -> String? {
        switch value {
        case .bool(let flag): return flag ? "1" : "0"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return SQLiteValue.text(text).sqlLiteral
        case .expression(let text): return "(" + text + ")"
        }
    }
}
