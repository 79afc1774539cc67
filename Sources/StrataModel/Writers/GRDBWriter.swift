/// `--to grdb`: one record struct per table (`Task.swift`: `Codable`, `FetchableRecord`, `PersistableRecord`) with its
/// `Columns` and associations, and `<Name>Schema.swift`, which registers the migration that creates the tables in a
/// `DatabaseMigrator`.
///
/// The tables are Strata's conventions (`RelationalLayout`): a link is its column holding the target's key and a
/// `belongsTo`; a to-many a `hasMany` through its list table (or through the link that is its inverse); a list, set or
/// dictionary of values a record of its own table and a `hasMany`; backlinks a `hasMany` by the link's column. A
/// renamed property keeps its column name in `CodingKeys`. decimal is `String` (its exact digits: `Decimal(string:)`
/// reads them), objectId `String`, mixed `MixedValue` (stored as JSON).
struct GRDBWriter {
    let model: AppModel
    let name: String

    func files() -> [ModelFile] {
        let layout = RelationalLayout(model)
        let typeNames = Identifier.unique(layout.tables.map(\.name)) { Identifier.make($0, keywords: SwiftNames.typeNames) }
        var files: [ModelFile] = []
        for table in layout.tables {
            let typeName = typeNames[table.name] ?? table.name
            var code = CodeLines()
            code.add("// \(CommentText.clean(table.name)), written by strata model --to grdb.")
            code.add("import Foundation")
            code.add("import GRDB")
            code.add("")
            record(table, typeName: typeName, layout: layout, typeNames: typeNames, into: &code)
            files.append(ModelFile(path: typeName + ".swift", contents: code.text))
        }
        for info in model.classes where info.isAbstract {
            files.append(ModelFile(path: (Identifier.make(info.name, keywords: SwiftNames.typeNames)) + ".swift",
                                   contents: "// \(CommentText.clean(info.name)), written by strata model --to grdb.\n" + SwiftNames.abstractNote(info, in: model) + "\n"))
        }
        files.append(ModelFile(path: Identifier.upperFirst(Identifier.make(name, keywords: SwiftNames.typeNames)) + "Schema.swift", contents: migrator(layout)))
        if SwiftNames.usesMixed(model) { files.append(ModelFile(path: "MixedValue.swift", contents: SwiftNames.mixedValueFile)) }
        return files
    }

    /// Names the record itself takes: a column named so gets another name, its own kept in `CodingKeys`.
    static let reserved: Set<String> = ["Columns", "CodingKeys", "databaseTableName", "didInsert"]

    /// Swift's type for a column's values.
    static func swiftType(_ column: RelationalLayout.Column, bits: Int?) -> String {
        // A key column is Int64, as GRDB's rowids are; decimals keep their exact digits as text.
        let base = switch column.valueType {
        case .decimal: "String"
        case .int where column.references != nil: "Int64"
        default: SwiftNames.valueType(column.valueType, bits: bits)
        }
        return base + (column.notNull || column.valueType == .mixed ? "" : "?")
    }

    private func record(_ table: RelationalLayout.Table, typeName: String, layout: RelationalLayout, typeNames: [String: String],
                        into code: inout CodeLines)
    {
        let info = table.className.flatMap { model.class(named: $0) }
        let names = Identifier.unique(table.columns.map(\.name), make: { Identifier.make($0, keywords: SwiftNames.keywords) },
                                      reserved: Self.reserved)
        if case .side(let owner, let property, let kind, let objects) = table.kind {
            code.add("/// The \(kind.rawValue == "dictionary" ? "entries" : "elements") of \(CommentText.clean(owner)).\(CommentText.clean(property))"
                + (objects ? ", a \(kind.rawValue) of objects." : ", a \(kind.rawValue) of values."))
        } else if let info, info.isEmbedded {
            code.add("/// Embedded in Realm: its objects belong to the object that links to them.")
        }
        code.block("struct \(typeName): Codable, FetchableRecord, \(table.rowIDKey ? "MutablePersistableRecord" : "PersistableRecord") {") { code in
            code.add("static let databaseTableName = \(StringLiteral.quoted(table.name, in: .swift))")
            code.add("")
            for column in table.columns {
                let property = column.property.flatMap { info?.property(named: $0) }
                for remark in property?.remarks ?? [] { code.add("// \(CommentText.clean(remark))") }
                let name = names[column.name] ?? column.name
                var type = Self.swiftType(column, bits: property?.integerBits)
                if table.rowIDKey, table.primaryKey == [column.name] { type = "Int64?" }
                let note = column.references.map { "  // the key of a \(CommentText.clean($0.table))" } ?? (column.valueType == .objectId ? "  // an ObjectId: its 24 hex digits" : "")
                code.add("var \(name): \(type)" + note)
            }
            if table.columns.contains(where: { names[$0.name] != $0.name }) {
                code.add("")
                code.block("enum CodingKeys: String, CodingKey {") { code in
                    for column in table.columns {
                        let name = names[column.name] ?? column.name
                        code.add(name == column.name ? "case \(name)" : "case \(name) = \(StringLiteral.quoted(column.name, in: .swift))")
                    }
                }
            }
            code.add("")
            code.block("enum Columns {") { code in
                for column in table.columns {
                    code.add("static let \(names[column.name] ?? column.name) = Column(\(StringLiteral.quoted(column.name, in: .swift)))")
                }
            }
            let associations = self.associations(table, layout: layout, typeNames: typeNames)
            if !associations.isEmpty {
                code.add("")
                code.add(contentsOf: associations)
            }
            if table.rowIDKey, let key = table.primaryKey.first {
                code.add("")
                code.block("mutating func didInsert(_ inserted: InsertionSuccess) {") { code in
                    code.add("\(names[key] ?? key) = inserted.rowID")
                }
            }
        }
    }

    /// The `belongsTo` and `hasMany` lines of a table's record.
    private func associations(_ table: RelationalLayout.Table, layout: RelationalLayout, typeNames: [String: String]) -> [String] {
        func record(_ table: String) -> String { typeNames[table] ?? table }
        func foreignKey(_ columns: [String]) -> String { "ForeignKey([" + columns.map { StringLiteral.quoted($0, in: .swift) }.joined(separator: ", ") + "])" }
        var lines: [String] = []
        var used = Set(["databaseTableName", "Columns", "CodingKeys"])
        func add(_ base: String, _ expression: String) {
            var name = Identifier.make(base, keywords: SwiftNames.keywords)
            while used.contains(name) { name += "_" }
            used.insert(name)
            lines.append("static let \(name) = \(expression)")
        }
        for column in table.columns {
            guard let reference = column.references else { continue }
            add(column.name, "belongsTo(\(record(reference.table)).self, using: \(foreignKey([column.name])))")
        }
        guard let className = table.className, let info = model.class(named: className) else { return lines }
        for property in info.properties {
            switch property.kind {
            case .objects(let target, _), .objectDictionary(let target):
                if let stored = layout.storedByInverse[className]?[property.name] {
                    add(property.name, "hasMany(\(record(stored.table)).self, using: \(foreignKey([stored.column])))")
                } else if let side = layout.side(of: className, property.name) {
                    let element = side.columns.contains { $0.name == "target" } ? "target" : "value"
                    add(property.name + "Rows", "hasMany(\(record(side.name)).self, using: \(foreignKey(["owner"])))")
                    add(property.name, "hasMany(\(record(target)).self, through: \(Identifier.make(property.name + "Rows", keywords: SwiftNames.keywords)), "
                        + "using: \(record(side.name)).\(Identifier.make(element, keywords: SwiftNames.keywords)))")
                } else if let inverse = property.inverse, let side = layout.side(of: target, inverse) {
                    // The other side of a many-to-many keeps the table: read it backwards.
                    add(property.name + "Rows", "hasMany(\(record(side.name)).self, using: \(foreignKey(["value"])))")
                    add(property.name, "hasMany(\(record(target)).self, through: \(Identifier.make(property.name + "Rows", keywords: SwiftNames.keywords)), "
                        + "using: \(record(side.name)).owner)")
                }
            case .values:
                if let side = layout.side(of: className, property.name) {
                    add(property.name, "hasMany(\(record(side.name)).self, using: \(foreignKey(["owner"])))")
                }
            case .backlinks(let origin, let originProperty):
                if layout.table(named: origin)?.columns.contains(where: { $0.name == originProperty }) == true {
                    add(property.name, "hasMany(\(record(origin)).self, using: \(foreignKey([originProperty])))")
                } else if let side = layout.side(of: origin, originProperty) {
                    let element = side.columns.contains { $0.name == "target" } ? "target" : "value"
                    add(property.name + "Rows", "hasMany(\(record(side.name)).self, using: \(foreignKey([element])))")
                    add(property.name, "hasMany(\(record(origin)).self, through: \(Identifier.make(property.name + "Rows", keywords: SwiftNames.keywords)), "
                        + "using: \(record(side.name)).owner)")
                }
            default: continue
            }
        }
        return lines
    }

    /// `<Name>Schema.swift`: the migration that creates every table, in GRDB's table definitions.
    private func migrator(_ layout: RelationalLayout) -> String {
        var code = CodeLines()
        let typeName = Identifier.upperFirst(Identifier.make(name, keywords: SwiftNames.typeNames)) + "Schema"
        code.add("// The tables of \(CommentText.clean(name)), written by strata model --to grdb.")
        code.add("import GRDB")
        code.add("")
        code.block("enum \(typeName) {") { code in
            code.add("/// Registers the migration that creates the tables: `\(typeName).register(in: &migrator)`, then `try migrator.migrate(dbQueue)`.")
            code.block("static func register(in migrator: inout DatabaseMigrator) {") { code in
                code.block("migrator.registerMigration(\(StringLiteral.quoted("create " + name, in: .swift))) { db in") { code in
                    for table in layout.tables {
                        let options = table.withoutRowID ? ", options: [.withoutRowID]" : ""
                        code.block("try db.create(table: \(StringLiteral.quoted(table.name, in: .swift))\(options)) { t in") { code in
                            for column in table.columns {
                                code.add(Self.columnLine(column, table: table))
                            }
                            if !table.rowIDKey, !table.primaryKey.isEmpty {
                                code.add("t.primaryKey([" + table.primaryKey.map { StringLiteral.quoted($0, in: .swift) }.joined(separator: ", ") + "])")
                            }
                            if !table.uniqueColumns.isEmpty {
                                code.add("t.uniqueKey([" + table.uniqueColumns.map { StringLiteral.quoted($0, in: .swift) }.joined(separator: ", ") + "])")
                            }
                        }
                        for column in table.indexed {
                            code.add("try db.create(index: \(StringLiteral.quoted(table.name + "_" + column + "_index", in: .swift)), "
                                + "on: \(StringLiteral.quoted(table.name, in: .swift)), columns: [\(StringLiteral.quoted(column, in: .swift))])")
                        }
                    }
                }
            }
        }
        return code.text
    }

    static func columnLine(_ column: RelationalLayout.Column, table: RelationalLayout.Table) -> String {
        let name = StringLiteral.quoted(column.name, in: .swift)
        if table.rowIDKey, table.primaryKey == [column.name] { return "t.primaryKey(\(name), .integer)" }
        var line = column.type.isEmpty ? "t.column(\(name))" : "t.column(\(name), Database.ColumnType(rawValue: \(StringLiteral.quoted(column.type, in: .swift))))"
        if column.notNull { line += ".notNull()" }
        if let value = column.defaultSQL { line += ".defaults(sql: \(StringLiteral.quoted(value, in: .swift)))" }
        if let reference = column.references {
            let action = switch reference.onDelete {
            case "CASCADE": ", onDelete: .cascade"
            case "SET NULL": ", onDelete: .setNull"
            case "RESTRICT": ", onDelete: .restrict"
            default: ""
            }
            line += ".references(\(StringLiteral.quoted(reference.table, in: .swift)), column: \(StringLiteral.quoted(reference.column, in: .swift))\(action))"
        }
        return line
    }
}
