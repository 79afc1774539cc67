import SQLiteKit
import StrataCore
import StrataQuery

/// `.strata` operations as SQL statements, against the schema as it is when each one runs.
extension StrataOperation {
    /// The declared type of a property; a STRICT table allows only INTEGER, REAL, TEXT, BLOB and ANY.
    static func sqlType(_ type: PropertyType, strict: Bool = false) -> SQL {
        if strict {
            switch type {
            case .bool, .int: return "INTEGER"
            case .float, .double, .decimal: return "REAL"
            case .data: return "BLOB"
            default: return "TEXT"
            }
        }
        return switch type {
        case .bool: "BOOLEAN"
        case .int: "INTEGER"
        case .float: "FLOAT"
        case .double: "DOUBLE"
        case .decimal: "DECIMAL"
        case .string: "TEXT"
        case .date: "DATETIME"
        case .data: "BLOB"
        case .uuid: "UUID"
        case .object, .list, .collection, .linkingObjects, .any: ""
        }
    }

    /// A column definition that Strata's schema reader reads back as the declared property.
    static func column(_ property: PropertyDeclaration, strict: Bool = false) -> SQL {
        let name = SQL.identifier(property.name)
        var definition: SQL = "\(name) \(sqlType(property.type, strict: strict))"
        if property.primaryKey { definition += " PRIMARY KEY" }
        if !property.optional { definition += " NOT NULL" }
        // The default as the migration file writes it.
        if let value = property.defaultValue { definition += " DEFAULT \(SQL(verbatim: value))" }
        if property.type == .bool { definition += " CHECK (\(name) IN (0, 1))" }
        return definition
    }

    static func indexName(_ owner: String, _ properties: [String]) -> SQL {
        .identifier(([owner] + properties).joined(separator: "_"))
    }

    /// The single key a link or a list points at, with the type it is declared with.
    private struct LinkedKey {
        var name: String
        /// As the schema declares it (text from the file), or `INTEGER`.
        var declaredType: SQL
    }

    /// The statements that carry out this operation on `schema`, with their bound values.
    /// - Parameter runner: compiles `update … where` predicates, on the connection the statements will run on.
    /// - Throws: `NameError` for a class, property or key the schema does not have; `QueryError` for a
    ///   predicate that does not fit.
    func statements(schema: Schema, runner: QueryRunner) throws -> [MigrationStatement] {
        func table(_ name: String, isTarget: Bool = false) throws -> ClassInfo {
            guard let info = schema.class(named: name) else { throw NameError(message: "no class \(name)", name: name, isTarget: isTarget) }
            return info
        }
        func key(of name: String, isTarget: Bool) throws -> LinkedKey {
            let info = try table(name, isTarget: isTarget)
            guard info.primaryKey.count == 1, let key = info.primaryKey.first else {
                throw NameError(message: "\(name) has no single primary key for a link or list to point at", name: name, isTarget: isTarget)
            }
            let declared = info.property(named: key)?.declaredType ?? ""
            return LinkedKey(name: key, declaredType: declared.isEmpty ? "INTEGER" : SQL(verbatim: declared))
        }
        /// A column of `info` by name, as SQLite finds one (ASCII case ignored); a list or backlinks is not one.
        /// Unchecked, a double-quoted name that matches no column is a string to SQLite: an index on a constant.
        func column(_ name: String, of info: ClassInfo) throws {
            guard info.properties.contains(where: { $0.name.lowercased() == name.lowercased() && !$0.type.isCollection && $0.type != .linkingObjects })
            else { throw NameError(message: "\(info.name) has no property '\(name)'", name: name, isProperty: true) }
        }
        switch self {
        case .addClass(let name, let properties):
            return [MigrationStatement("CREATE TABLE \(identifier: name) (\(properties.map { Self.column($0) }.joined(separator: ", ")))")]
        case .deleteClass(let name):
            let info = try table(name)
            // A link or list of another class that points here would point at nothing: refused, named.
            for other in schema.classes where other.name != info.name && other.listOwner == nil {
                if let pointing = other.properties.first(where: { property in
                    ((property.type == .object || property.type == .list) && property.target == info.name)
                        || (property.type == .collection && other.collections[property.name]?.element.target == info.name)
                }) {
                    throw NameError(message: "\(other.name).\(pointing.name) points at \(info.name): delete property \(other.name).\(pointing.name) first",
                                    name: name)
                }
            }
            // The class's own lists and collections go with it.
            return (Self.ownTables(of: info) + [info.tableName]).map { MigrationStatement("DROP TABLE \(identifier: $0)") }
        case .renameClass(let from, let to):
            // Its lists and collections are named after it, `Owner_property`: renamed with it, so they stay its.
            let info = try table(from)
            let own = Self.ownTables(of: info).filter { $0.hasPrefix(info.name + "_") }
            return [MigrationStatement("ALTER TABLE \(identifier: info.tableName) RENAME TO \(identifier: to)")]
                + own.map { MigrationStatement("ALTER TABLE \(identifier: $0) RENAME TO \(identifier: to + $0.dropFirst(info.name.count))") }
        case .addProperty(let owner, let property):
            let info = try table(owner)
            return [MigrationStatement("ALTER TABLE \(identifier: info.tableName) ADD COLUMN \(Self.column(property, strict: info.isStrict))")]
        case .deleteProperty(let owner, let name):
            let info = try table(owner)
            // A list or a collection is a table of its own (Owner_property): deleting the property drops it.
            if let table = Self.ownTable(of: info, property: name) {
                return [MigrationStatement("DROP TABLE \(identifier: table)")]
            }
            try column(name, of: info)
            return [MigrationStatement("ALTER TABLE \(identifier: info.tableName) DROP COLUMN \(identifier: name)")]
        case .renameProperty(let owner, let from, let to):
            let info = try table(owner)
            if let table = Self.ownTable(of: info, property: from) {
                guard table == ListTable.name(owner: info.name, property: from) else {
                    throw NameError(message: "\(info.name).\(from) is kept in \(table), which is not named after it: rename it with sql { }", name: from, isProperty: true)
                }
                return [MigrationStatement("ALTER TABLE \(identifier: table) RENAME TO \(identifier: ListTable.name(owner: info.name, property: to))")]
            }
            try column(from, of: info)
            return [MigrationStatement("ALTER TABLE \(identifier: info.tableName) RENAME COLUMN \(identifier: from) TO \(identifier: to)")]
        case .addIndex(let owner, let properties, let unique):
            let info = try table(owner)
            for property in properties { try column(property, of: info) }
            let columns = properties.map { SQL.identifier($0) }.joined(separator: ", ")
            let create: SQL = unique ? "CREATE UNIQUE INDEX" : "CREATE INDEX"
            return [MigrationStatement("\(create) \(Self.indexName(owner, properties)) ON \(identifier: info.tableName) \(parenthesized: columns)")]
        case .deleteIndex(let owner, let properties):
            return [MigrationStatement("DROP INDEX \(Self.indexName(owner, properties))")]
        case .addLink(let owner, let name, let target):
            let ownerInfo = try table(owner)
            let targetKey = try key(of: target, isTarget: true)
            // As in Realm, deleting the target leaves the link nil.
            return [MigrationStatement("ALTER TABLE \(identifier: ownerInfo.tableName) ADD COLUMN \(identifier: name) \(targetKey.declaredType) "
                     + "REFERENCES \(identifier: target)(\(identifier: targetKey.name)) ON DELETE SET NULL")]
        case .addList(let owner, let name, let target):
            let ownerKey = try key(of: owner, isTarget: false)
            let targetKey = try key(of: target, isTarget: true)
            return [MigrationStatement(sql: ListTable.createSQL(
                owner: owner, property: name, target: target, ownerKey: ownerKey.name, targetKey: targetKey.name,
                ownerKeyType: ownerKey.declaredType.text, targetKeyType: targetKey.declaredType.text))]
        case .addCollection(let owner, let name, let kind, let element, let optional):
            let ownerInfo = try table(owner)
            let ownerKey = try key(of: owner, isTarget: false)
            guard ownerInfo.property(named: name) == nil else {
                throw NameError(message: "\(owner) already has a property '\(name)'", name: name, isProperty: true)
            }
            var elementSQL: SQL
            switch element {
            case .value(let type):
                elementSQL = Self.sqlType(type)
                if !optional { elementSQL = elementSQL.elements.isEmpty ? "NOT NULL" : elementSQL + " NOT NULL" }
                if type == .bool { elementSQL = elementSQL + " CHECK (value IN (0, 1))" }
            case .objects(let target):
                let targetKey = try key(of: target, isTarget: true)
                // A dictionary keeps its key when the object goes, as Realm does; a set loses the object.
                elementSQL = "\(targetKey.declaredType)\(kind == .dictionary ? "" : " NOT NULL" as SQL) REFERENCES \(identifier: target)"
                    + "(\(identifier: targetKey.name)) ON DELETE \(kind == .dictionary ? "SET NULL" : "CASCADE" as SQL)"
            }
            return [MigrationStatement(ValueCollection.createSQL(kind: kind, table: ListTable.name(owner: owner, property: name), owner: ownerInfo.tableName,
                                                                 ownerKey: ownerKey.name, ownerKeyType: ownerKey.declaredType, elementSQL: elementSQL,
                                                                 typeColumn: false, optionalElements: optional))]
        case .update(let owner, let assignments, let predicate):
            let info = try table(owner)
            for assignment in assignments { try column(assignment.property, of: info) }
            // Each value is an expression as the migration file writes it.
            let set = assignments.map { "\(identifier: $0.property) = \(SQL(verbatim: $0.value))" as SQL }.joined(separator: ", ")
            var sql: SQL = "UPDATE \(identifier: info.tableName) SET \(set)"
            if let predicate {
                // The objects the predicate picks, by key, from the query compiler of `strata query`.
                let text = Self.predicatePrefix(owner) + predicate
                var compiler = QueryCompiler(schema: schema, connection: runner.connection, text: text)
                sql += " WHERE \(try compiler.compileKeySelection(try QueryParser.parse(text)))"
            }
            return [MigrationStatement(sql)]
        case .sql(let text):
            return [MigrationStatement(sql: text)]
        case .changeProperty(let owner, let property):
            return try TableRebuild(info: try table(owner), connection: runner.connection).change(property)
        }
    }
}

extension StrataOperation {
    /// The tables of a class's own lists and collections.
    static func ownTables(of info: ClassInfo) -> [String] {
        (info.lists.values.filter { $0.kind == .strataList || $0.kind == .strataSet }.map(\.table) + info.collections.values.map(\.table)).sorted()
    }

    /// The table of a list or collection property of a class, by its name (ASCII case ignored, as SQLite's names).
    static func ownTable(of info: ClassInfo, property name: String) -> String? {
        guard let property = info.properties.first(where: { $0.type.isCollection && $0.name.lowercased() == name.lowercased() }) else { return nil }
        if let storage = info.lists[property.name], storage.kind == .strataList || storage.kind == .strataSet { return storage.table }
        return info.collections[property.name]?.table
    }

    /// What comes before an `update … where` predicate in the query the compiler reads: the class, named so
    /// that any name reads back (backticks doubled), and `where`.
    static func predicatePrefix(_ owner: String) -> String { QueryParser.quotedName(owner) + " where " }
}
