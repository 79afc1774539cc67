import SQLiteKit

/// `--to sql`: the `CREATE TABLE` and `CREATE INDEX` statements of the model's tables in Strata's conventions
/// (`RelationalLayout`), the tables `strata convert` makes of a `.realm` file and the migrator's lists and collections
/// use, one file `<name>.sql`. Names are SQL's own: every stored name is kept, quoted.
struct SQLSchemaWriter {
    let model: AppModel
    let name: String

    func files() -> [ModelFile] {
        let layout = RelationalLayout(model)
        var lines = ["-- The model of \(CommentText.clean(name)) in Strata's conventions, written by strata model --to sql.",
                     "-- Apply it to an empty database: strata migrate, or sqlite3 new.sqlite < \(CommentText.clean(name)).sql"]
        for line in model.leftOut { lines.append("-- Not written: \(CommentText.clean(line)).") }
        for info in model.classes where info.isAbstract {
            lines.append("-- \(CommentText.clean(info.name)) is an abstract Core Data entity: its sub-entities' tables carry its properties.")
        }
        for info in model.classes {
            for property in info.properties {
                for remark in property.remarks { lines.append("-- \(CommentText.clean(info.name)).\(CommentText.clean(property.name)): \(CommentText.clean(remark)).") }
                if case .link(let target) = property.kind, layout.keys[target] == nil, model.class(named: target) != nil {
                    lines.append("-- \(CommentText.clean(info.name)).\(CommentText.clean(property.name)): \(CommentText.clean(target))'s key has several columns, "
                        + "so the link is not written as one column.")
                }
            }
        }
        lines.append("")
        for table in layout.tables {
            lines.append(Self.createStatement(table) + ";")
            for column in table.indexed {
                lines.append("CREATE INDEX \(Self.quoted(table.name + "_" + column + "_index")) ON \(Self.quoted(table.name)) (\(Self.quoted(column)));")
            }
            lines.append("")
        }
        return [ModelFile(path: Identifier.make(name, keywords: []) + ".sql", contents: lines.joined(separator: "\n"))]
    }

    /// A name as SQL quotes it (`"my ""table"""`).
    static func quoted(_ name: String) -> String { SQL.identifier(name).text }

    static func createStatement(_ table: RelationalLayout.Table) -> String {
        var definitions: [String] = []
        for column in table.columns {
            var text = quoted(column.name) + (column.type.isEmpty ? "" : " " + column.type)
            if table.rowIDKey, table.primaryKey == [column.name] { text += " PRIMARY KEY" }
            if column.notNull { text += " NOT NULL" }
            if let value = column.defaultSQL { text += " DEFAULT " + value }
            if let reference = column.references {
                text += " REFERENCES \(quoted(reference.table))(\(quoted(reference.column))) ON DELETE \(reference.onDelete)"
            }
            definitions.append(text)
        }
        if !table.rowIDKey, !table.primaryKey.isEmpty {
            definitions.append("PRIMARY KEY (" + table.primaryKey.map(Self.quoted).joined(separator: ", ") + ")")
        }
        if !table.uniqueColumns.isEmpty {
            definitions.append("UNIQUE (" + table.uniqueColumns.map(Self.quoted).joined(separator: ", ") + ")")
        }
        return "CREATE TABLE \(quoted(table.name)) (\n    " + definitions.joined(separator: ",\n    ") + "\n)"
            + (table.withoutRowID ? " WITHOUT ROWID" : "")
    }
}
