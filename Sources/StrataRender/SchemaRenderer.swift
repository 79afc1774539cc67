import StrataCore

/// Draws classes as text for people and as JSON for scripts (ARCHITECTURE.md §5 fixes the JSON keys).
public enum SchemaRenderer {
    // MARK: - Text

    public static func text(_ classes: [ClassInfo], maxWidth: Int?, style: Style) -> String {
        classes.map { text($0, maxWidth: maxWidth, style: style) }.joined(separator: "\n")
    }

    /// One class: a heading, a table of properties, then indexes and foreign keys that are not links. Where the
    /// table does not fit `maxWidth`, each property takes a line of its own with its details wrapped below it.
    public static func text(_ info: ClassInfo, maxWidth: Int?, style: Style) -> String {
        let name = TextWidth.visible(info.name), heading = TextWidth.visible(heading(info))
        var output = ""
        if let maxWidth, TextWidth.width(name) + 2 + TextWidth.width(heading) > maxWidth {
            output += style.bold(TextWidth.truncate(name, to: maxWidth)) + "\n"
            for line in TextWidth.wrap(heading, to: maxWidth - 2, indent: 2) { output += "  " + style.dim(line) + "\n" }
        } else {
            output += style.bold(name) + "  " + style.dim(heading) + "\n"
        }
        var table = TextTable(columns: [.init("PROPERTY"), .init("TYPE"), .init("COLUMN TYPE"), .init("NOTES")])
        table.indent = 2
        for property in info.properties {
            table.append([property.name, property.typeDescription, property.declaredType, notes(property)])
        }
        if let maxWidth, !table.isReadable(within: maxWidth, whole: 2, cutTo: 8) {
            for property in info.properties {
                let title = TextWidth.visible(property.name) + "  " + TextWidth.visible(property.typeDescription)
                output += wrapped(title, maxWidth: maxWidth, indent: 2, hanging: 6, style: style)
                let details = [property.declaredType, notes(property)].filter { !$0.isEmpty }.joined(separator: ", ")
                if !details.isEmpty { output += wrapped(TextWidth.visible(details), maxWidth: maxWidth, indent: 4, hanging: 6) }
            }
        } else {
            output += table.render(maxWidth: maxWidth, style: style)
        }
        let indexes = info.indexes.filter { $0.origin != .primaryKey }
        if !indexes.isEmpty {
            output += "  indexes:\n"
            for index in indexes { output += wrapped(TextWidth.visible(describe(index)), maxWidth: maxWidth, indent: 4, hanging: 6) }
        }
        if !info.otherForeignKeys.isEmpty {
            output += "  foreign keys:\n"
            for key in info.otherForeignKeys {
                let targets = key.targetColumns.isEmpty ? "" : "(" + key.targetColumns.joined(separator: ", ") + ")"
                let text = "(\(key.columns.joined(separator: ", "))) → \(key.targetTable)\(targets)"
                    + (key.onDelete == .noAction ? "" : ", on delete \(key.onDelete.phrase)")
                output += wrapped(TextWidth.visible(text), maxWidth: maxWidth, indent: 4, hanging: 6)
            }
        }
        return output
    }

    /// `text` after `indent` spaces, its further lines after `hanging` spaces, each line within `maxWidth`.
    private static func wrapped(_ text: String, maxWidth: Int?, indent: Int, hanging: Int, style: Style? = nil) -> String {
        let lines = maxWidth.map { TextWidth.wrap(text, to: $0 - indent, indent: hanging - indent) } ?? [text]
        return lines.enumerated().map { index, line in
            String(repeating: " ", count: indent) + (index == 0 ? style?.bold(line) ?? line : line) + "\n"
        }.joined()
    }

    static func heading(_ info: ClassInfo) -> String {
        var parts: [String] = []
        switch info.kind {
        case .table: parts.append(info.isVirtual ? "virtual table, read-only" : "table")
        case .view: parts.append("view, read-only")
        case .entity: parts.append("Core Data entity, table \(info.tableName)")
        }
        if info.listOf != nil { parts.append("Strata list table") } else if info.isHidden { parts.append("internal") }
        if !info.hasRowID && info.kind != .view { parts.append("WITHOUT ROWID") }
        if info.isStrict { parts.append("STRICT") }
        switch info.objectKey {
        case .columns(let columns) where columns.count > 1: parts.append("key (\(columns.joined(separator: ", ")))")
        case .columns(let columns): parts.append("key \(columns[0])")
        case .rowid(let name): parts.append("key \(name)")
        case .none where info.kind != .view: parts.append("no key (its columns take the names rowid, oid and _rowid_)")
        case .none: break
        }
        return parts.joined(separator: ", ")
    }

    static func notes(_ property: Property) -> String {
        var notes: [String] = []
        if property.isPrimaryKey { notes.append("primary key") }
        if property.isIndexed { notes.append("indexed") }
        if let generated = property.generated { notes.append("generated (\(generated.rawValue))") }
        if let value = property.defaultValue { notes.append("default \(value)") }
        if let onDelete = property.onDelete, onDelete != .noAction { notes.append("on delete \(onDelete.phrase)") }
        if property.type == .linkingObjects { notes.append("computed") }
        return notes.joined(separator: ", ")
    }

    static func describe(_ index: IndexInfo) -> String {
        var text = index.name + " " + (index.isUnique ? "unique " : "") + "(" + index.columns.joined(separator: ", ") + ")"
        if index.isPartial, let sql = index.sql, let condition = SQLTokenizer.whereClause(of: sql) {
            text += " where " + condition
        }
        if index.hasExpressions, let sql = index.sql { text += " — " + sql.trimmedSQL }
        return text
    }

    // MARK: - JSON

    public static func json(_ classes: [ClassInfo]) -> JSONValue {
        .array(classes.map(json))
    }

    public static func json(_ info: ClassInfo) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(info.name)),
            ("kind", .string(info.kind.rawValue)),
            ("primaryKey", .array(info.primaryKey.map(JSONValue.string))),
            ("properties", .array(info.properties.map(json))),
            ("table", .string(info.tableName)),
            ("objectKey", .array(info.objectKey.names.map(JSONValue.string))),
            ("withoutRowid", .bool(!info.hasRowID && info.kind != .view)),
            ("strict", .bool(info.isStrict)),
            ("virtual", .bool(info.isVirtual)),
            ("hidden", .bool(info.isHidden)),
            ("readOnly", .bool(info.isReadOnly)),
            ("indexes", .array(info.indexes.map { index in
                .object([
                    ("name", .string(index.name)),
                    ("columns", .array(index.columns.map(JSONValue.string))),
                    ("unique", .bool(index.isUnique)),
                    ("origin", .string(index.origin.rawValue)),
                    ("partial", .bool(index.isPartial)),
                    ("where", index.sql.flatMap(SQLTokenizer.whereClause).map(JSONValue.string) ?? .null),
                    ("sql", index.sql.map(JSONValue.string) ?? .null),
                ])
            })),
            ("foreignKeys", .array(info.otherForeignKeys.map { key in
                .object([
                    ("columns", .array(key.columns.map(JSONValue.string))),
                    ("targetTable", .string(key.targetTable)),
                    ("targetColumns", .array(key.targetColumns.map(JSONValue.string))),
                    ("onUpdate", .string(key.onUpdate.rawValue)),
                    ("onDelete", .string(key.onDelete.rawValue)),
                ])
            })),
        ]
        if let listOf = info.listOf { members.append(("listOf", .string(listOf))) }
        return .object(members)
    }

    public static func json(_ property: Property) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(property.name)),
            ("type", .string(property.type.rawValue)),
            ("optional", .bool(property.isOptional)),
            ("primaryKey", .bool(property.isPrimaryKey)),
            ("indexed", .bool(property.isIndexed)),
            ("target", property.target.map(JSONValue.string) ?? .null),
            ("column", property.column.map(JSONValue.string) ?? .null),
            ("declaredType", .string(property.declaredType)),
            ("default", property.defaultValue.map(JSONValue.string) ?? .null),
            ("readOnly", .bool(property.isReadOnly)),
        ]
        if let origin = property.originProperty { members.append(("originProperty", .string(origin))) }
        if let generated = property.generated { members.append(("generated", .string(generated.rawValue))) }
        if let onDelete = property.onDelete { members.append(("onDelete", .string(onDelete.rawValue))) }
        return .object(members)
    }
}
