import RealmFile
import SQLiteKit
import StrataCore

/// How a `.realm` file's classes become SQLite tables in Strata's conventions (the manual's REALM FILES section).
///
/// - Each class `class_X` is a table `X`. Its Realm primary key is the table's PRIMARY KEY; a class without one
///   (every embedded class) gets `_key INTEGER PRIMARY KEY`, Realm's object key.
/// - A link is a column holding the target's key, with a foreign key to it.
/// - A list of objects is a table `X_p (owner, position, target)` (Strata's list convention); a list of values
///   `X_p (owner, position, value)`, a set `X_p (owner, value)`, a dictionary `X_p (owner, key, value)`, where
///   `value` links to the target for objects (ARCHITECTURE.md §2).
/// - A Mixed value keeps its type in a companion column `p_type` (in collections `value_type`).
/// - Backlinks are not stored: Strata derives them from the foreign keys.
struct RealmMapping {
    /// One class: its table, key and columns.
    struct ClassTable {
        let table: RealmTable
        let name: String
        /// One of Realm's own tables (`metadata`, `pk`, sync tables), not a class of the app.
        var isInternal: Bool { table.className == nil }
        /// The key column's name and declared type.
        let keyName: String
        let keyDeclared: SQL
        /// The Realm column that is the key (its primary key), or nil for `_key`.
        let keyColumn: RealmColumn?
        /// Plain (not collection) properties other than the key, each with its SQL column names.
        let columns: [ValueColumn]
        let collections: [CollectionTable]
    }

    /// A property stored in the class's own table.
    struct ValueColumn {
        let column: RealmColumn
        let name: String
        /// The companion `p_type` column of a Mixed property.
        let typeName: String?
    }

    /// A list, set or dictionary property's own table.
    struct CollectionTable {
        let column: RealmColumn
        let name: String
        let kind: ValueCollection.Kind
        let hasTypeColumn: Bool

        var isDictionary: Bool { kind == .dictionary }
        /// A Strata list table, `(owner, position, target)`: a list of objects.
        var isObjectList: Bool { kind == .list && column.type == .link }
        /// The element's column: `target` in a list of objects, else `value`.
        var valueName: String { isObjectList ? "target" : "value" }

        /// The table's columns in the order the converter binds them: the owner's key, the position or the key
        /// (none for a set), the element, its Realm type.
        var insertedColumns: [String] {
            ["owner"] + (kind == .list ? ["position"] : kind == .dictionary ? ["key"] : []) + [valueName] + (hasTypeColumn ? ["value_type"] : [])
        }
    }

    let classes: [ClassTable]
    /// Class tables by the Realm table index.
    let byTableIndex: [Int: Int]
    /// The indexes made after the rows are in: each Realm search index, and every link column and collection of
    /// objects (which joins, backlinks and deletes look up), named `<table>_<column>_index` (underscores added where a
    /// name is taken).
    let indexes: [(name: String, table: String, column: String)]
    /// Realm's full-text indexes: one FTS5 table per class that has them (`<class>_fts`), over the class table's rows
    /// (external content, by rowid), with a column for each full-text indexed property; filled once the rows are in.
    let fullTextTables: [(name: String, table: String, columns: [String])]

    /// - Parameter fileName: the file's name, for messages.
    init(schema: RealmSchema, fileName: String = "") throws {
        var classes: [ClassTable] = []
        // Classes first, then Realm's internal tables (metadata, pk, sync state), under their own names, hidden.
        // The primary keys of files of formats 2–9 are rows of their `pk` table: made PRIMARY KEYs, it is not copied,
        // so that an old file converts to the tables a new one with the same model does.
        let internalTables = schema.tables.filter { $0.className == nil && !(schema.fileFormat <= 9 && $0.name == "pk") }
        let classTables = schema.classes + internalTables
        // SQLite's names are case-insensitive, and Strata's own tables and SQLite's are taken: a name that is taken
        // gets underscores added (Realm's are case-sensitive: `Dog` and `dog` may both be classes), one that SQLite
        // reserves the prefix realm_.
        var taken: Set<String> = [RealmFacts.classesTable, RealmFacts.fileTable]
        func unique(_ name: String, in used: inout Set<String>) -> String {
            // SQLite reserves names starting with sqlite_.
            var name = name.lowercased().hasPrefix("sqlite_") ? "realm_" + name : name
            while used.contains(name.lowercased()) { name += "_" }
            used.insert(name.lowercased())
            return name
        }
        var classNames: [String] = []
        for table in classTables {
            let name = table.className ?? table.name
            guard !name.unicodeScalars.contains("\0"), !table.columns.contains(where: { $0.name.unicodeScalars.contains("\0") }) else {
                throw RealmReadError(.damaged, "\(fileName.isEmpty ? "" : fileName + ": ")table \(table.index) has a name with a NUL character, "
                                     + "which no SQLite table or column can have (the file is damaged)")
            }
            classNames.append(unique(name, in: &taken))
        }
        for (table, name) in zip(classTables, classNames) {
            let key = table.primaryKey.map { table.columns[$0] }
            var columns: [ValueColumn] = []
            var collections: [CollectionTable] = []
            var names = Set([key?.name ?? "_key"].map { $0.lowercased() })
            for column in table.columns where column.type != .backlink && !column.isPrimaryKey {
                if column.collection.isCollection {
                    // Class_property, unless a class has that name (Realm's sync tables do): then with underscores
                    // added, recorded in strata_realm_classes (a list of objects so named shows as a table of its own).
                    let tableName = unique(name + "_" + column.name, in: &taken)
                    let kind: ValueCollection.Kind = switch column.collection {
                    case .dictionary: .dictionary
                    case .set: .set
                    default: .list
                    }
                    collections.append(CollectionTable(column: column, name: tableName, kind: kind, hasTypeColumn: column.type == .mixed))
                    continue
                }
                let columnName = unique(column.name, in: &names)
                var typeName: String?
                if column.type == .mixed {
                    var candidate = columnName + "_type"
                    while table.columns.contains(where: { $0.name.lowercased() == candidate.lowercased() }) { candidate += "_" }
                    typeName = unique(candidate, in: &names)
                }
                columns.append(ValueColumn(column: column, name: columnName, typeName: typeName))
            }
            classes.append(ClassTable(table: table, name: name, keyName: key?.name ?? "_key",
                                      keyDeclared: key.map(Self.keyType) ?? "INTEGER", keyColumn: key,
                                      columns: columns, collections: collections))
        }
        self.classes = classes
        byTableIndex = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1.table.index, $0) })
        var indexes: [(name: String, table: String, column: String)] = []
        for info in classes {
            for value in info.columns where value.column.isIndexed || value.column.type == .link {
                indexes.append((unique(info.name + "_" + value.name + "_index", in: &taken), info.name, value.name))
            }
            // A list's, set's or dictionary's objects: the owner leads the table's key, the target needs its own.
            for collection in info.collections where collection.column.type == .link {
                indexes.append((unique(collection.name + "_" + collection.valueName + "_index", in: &taken), collection.name, collection.valueName))
            }
        }
        self.indexes = indexes
        var fullText: [(name: String, table: String, columns: [String])] = []
        for info in classes {
            let columns = info.columns.filter { $0.column.isFullTextIndexed && $0.column.type == .string }.map(\.name)
            guard !columns.isEmpty else { continue }
            // FTS5 makes four tables of its own beside it (`_data`, `_idx`, `_docsize`, `_config`): none may be taken.
            var name = info.name + "_fts"
            while ([""] + ["_data", "_idx", "_docsize", "_config"]).contains(where: { taken.contains((name + $0).lowercased()) }) { name += "_" }
            for suffix in ["", "_data", "_idx", "_docsize", "_config"] { taken.insert((name + suffix).lowercased()) }
            fullText.append((name, info.name, columns))
        }
        fullTextTables = fullText
    }

    /// The statements that fill the FTS5 tables of `table`'s class (every class when nil) from its rows.
    func fullTextStatements(of table: String? = nil) -> [String] {
        fullTextTables.filter { table == nil || $0.table == table }.map { ("INSERT INTO \(identifier: $0.name) (\(identifier: $0.name)) VALUES ('rebuild')" as SQL).text }
    }

    /// The CREATE INDEX statements, run once the rows are written (an index built at the end costs less than one
    /// kept up row by row).
    func indexStatements(of info: ClassTable? = nil) -> [String] {
        let tables = info.map { Set([$0.name] + $0.collections.map(\.name)) }
        return indexes.filter { tables?.contains($0.table) ?? true }.map { ("CREATE INDEX \(identifier: $0.name) ON \(identifier: $0.table) (\(identifier: $0.column))" as SQL).text }
    }

    /// The declared type of a primary key: an optional int key is `INT`, which, unlike `INTEGER`, does not make the
    /// column the rowid (whose NULL SQLite would replace with a number).
    static func keyType(_ column: RealmColumn) -> SQL {
        column.type == .int && column.isNullable ? "INT" : declaredType(column)
    }

    /// The declared SQL type of a value of `column`'s element type.
    static func declaredType(_ column: RealmColumn) -> SQL {
        switch column.type {
        case .int, .oldDateTime: "INTEGER"
        case .bool: "BOOLEAN"
        case .float: "FLOAT"
        case .double: "DOUBLE"
        case .string, .oldStringEnum: "TEXT"
        case .binary: "BLOB"
        case .timestamp: "DATETIME"
        // TEXT affinity keeps every digit; Strata reads the DECIMAL prefix as its decimal type.
        case .decimal: "DECIMAL TEXT"
        case .objectId: "OBJECTID TEXT"
        case .uuid: "UUID TEXT"
        // No declared type: SQLite keeps each value's own storage class.
        case .mixed, .typedLink: ""
        case .link, .linkList, .backlink, .oldTable: "INTEGER"
        }
    }

    /// The CREATE TABLE statements, classes first, then their collections.
    func createStatements() -> [String] {
        var statements: [SQL] = []
        for info in classes {
            var lines: [SQL] = ["\(identifier: "_key") INTEGER PRIMARY KEY"]
            if let key = info.keyColumn {
                lines[0] = "\(identifier: info.keyName) \(info.keyDeclared) PRIMARY KEY" + (key.isNullable ? "" : " NOT NULL")
            }
            for value in info.columns {
                lines.append(columnDefinition(value.column, name: value.name))
                if let typeName = value.typeName { lines.append("\(identifier: typeName) TEXT") }
            }
            statements.append("CREATE TABLE \(identifier: info.name) (\n    \(lines.joined(separator: ",\n    "))\n)")
        }
        for info in classes {
            for collection in info.collections {
                let ownerKeyType = info.keyDeclared
                if collection.isObjectList {
                    guard let target = target(of: collection.column) else {
                        // A target that is not a class of the file (damage): the column is still `target`, as the
                        // converter writes it, without a foreign key; every entry is a dangling link and left out.
                        statements.append("CREATE TABLE \(identifier: collection.name) (\n    owner \(ownerKeyType) NOT NULL REFERENCES "
                                          + "\(identifier: info.name)(\(identifier: info.keyName)) ON DELETE CASCADE,\n    position INTEGER NOT NULL,\n"
                                          + "    target INTEGER NOT NULL,\n    PRIMARY KEY (owner, position)\n) WITHOUT ROWID")
                        continue
                    }
                    statements.append(SQL(verbatim: ListTable.createSQL(owner: info.name, property: collection.column.name, target: target.name,
                                                                         ownerKey: info.keyName, targetKey: target.keyName,
                                                                         ownerKeyType: info.keyDeclared.text, targetKeyType: target.keyDeclared.text,
                                                                         table: collection.name)))
                    continue
                }
                var element: SQL
                if collection.column.type == .link {
                    // A set's objects are each there once; a dictionary's value is null once its object is deleted,
                    // as Realm keeps the key.
                    let required: SQL = collection.isDictionary ? "" : " NOT NULL"
                    if let target = target(of: collection.column) {
                        element = "\(target.keyDeclared)\(required) REFERENCES \(identifier: target.name)(\(identifier: target.keyName)) "
                            + (collection.isDictionary ? "ON DELETE SET NULL" : "ON DELETE CASCADE")
                    } else {
                        element = "INTEGER" + required
                    }
                } else {
                    element = Self.typed(collection.column)
                }
                statements.append(ValueCollection.createSQL(kind: collection.kind, table: collection.name, owner: info.name, ownerKey: info.keyName,
                                                            ownerKeyType: info.keyDeclared, elementSQL: element, typeColumn: collection.hasTypeColumn,
                                                            optionalElements: collection.column.isNullable || collection.column.type == .mixed))
            }
        }
        for table in fullTextTables {
            let columns = table.columns.map { SQL.identifier($0).text }.joined(separator: ", ")
            statements.append(SQL(verbatim: "CREATE VIRTUAL TABLE \(SQL.identifier(table.name).text) USING fts5(\(columns), content=\(quoteLiteral(table.table)))"))
        }
        return statements.map(\.text)
    }

    private func columnDefinition(_ column: RealmColumn, name: String) -> SQL {
        if column.type == .link {
            guard let target = target(of: column) else { return "\(identifier: name) INTEGER" }
            return "\(identifier: name) \(target.keyDeclared) REFERENCES \(identifier: target.name)(\(identifier: target.keyName)) ON DELETE SET NULL"
        }
        let typed = Self.typed(column)
        return typed.elements.isEmpty ? .identifier(name) : "\(identifier: name) \(typed)"
    }

    /// `TYPE NOT NULL` for a column: its declared type, if it has one, and NOT NULL when it is required.
    private static func typed(_ column: RealmColumn) -> SQL {
        let declared = declaredType(column)
        return [declared, column.isNullable ? "" : "NOT NULL"].filter { !$0.elements.isEmpty }.joined(separator: " ")
    }

    /// The class a link column points at.
    func target(of column: RealmColumn) -> ClassTable? {
        column.targetTable.flatMap { byTableIndex[$0] }.map { classes[$0] }
    }
}
