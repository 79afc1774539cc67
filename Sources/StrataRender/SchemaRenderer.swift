import StrataCore

/// Draws classes as text for people and as JSON for scripts (ARCHITECTURE.md §5 fixes the JSON keys).
public enum SchemaRenderer {
    // MARK: - Text

    public static func text(_ classes: [ClassInfo], maxWidth: Int?, style: Style, counts: [String: EntityCount] = [:]) -> String {
        classes.map { text($0, maxWidth: maxWidth, style: style, count: counts[$0.name]) }.joined(separator: "\n")
    }

    /// How many objects an entity with sub-entities has: all of them, and those of no sub-entity.
    public struct EntityCount: Sendable, Equatable {
        public var all: Int64
        public var own: Int64
        public init(all: Int64, own: Int64) {
            self.all = all
            self.own = own
        }
    }

    /// `model: the store's model cache (Z_MODELCACHE)`, and where model and store disagree: the lines above a
    /// Core Data store's classes.
    public static func modelLines(_ origin: CoreDataModelOrigin) -> String {
        var text = "model: \(origin.description)\n"
        if origin.source == .inferred {
            text += "  names are the columns' lower-cased; no inverses or delete rules (give --model PATH for the app's own)\n"
        }
        for problem in origin.problems { text += "  disagrees: \(problem)\n" }
        return text
    }

    /// One class: a heading, a table of properties, then indexes and foreign keys that are not links. Where the
    /// table does not fit `maxWidth`, each property takes a line of its own with its details wrapped below it.
    public static func text(_ info: ClassInfo, maxWidth: Int?, style: Style, count: EntityCount? = nil) -> String {
        let name = TextWidth.visible(info.name), heading = TextWidth.visible(heading(info, count: count))
        var output = ""
        if let maxWidth, TextWidth.width(name) + 2 + TextWidth.width(heading) > maxWidth {
            output += style.bold(TextWidth.truncate(name, to: maxWidth)) + "\n"
            for line in TextWidth.wrap(heading, to: maxWidth - 2, indent: 2) { output += "  " + style.dim(line) + "\n" }
        } else {
            output += style.bold(name) + "  " + style.dim(heading) + "\n"
        }
        // An entity's properties have model names: the column is worth showing beside its type.
        let isEntity = info.kind == .entity
        func columnText(_ property: Property) -> String {
            guard isEntity else { return property.declaredType }
            // A to-many is where its elements say: the inverse's column, or the join table.
            if property.type == .list, let storage = info.lists[property.name] {
                return storage.kind == .joinTable ? "join table \(storage.table)" : "\(storage.table).\(storage.ownerColumn)"
            }
            return [property.column ?? "", property.declaredType].filter { !$0.isEmpty }.joined(separator: " ")
        }
        var table = TextTable(columns: [.init("PROPERTY"), .init("TYPE"), .init(isEntity ? "COLUMN" : "COLUMN TYPE"), .init("NOTES")])
        table.indent = 2
        for property in info.properties {
            table.append([property.name, property.typeDescription, columnText(property), notes(property)])
        }
        if let maxWidth, !table.isReadable(within: maxWidth, whole: 2, cutTo: 8) {
            for property in info.properties {
                let title = TextWidth.visible(property.name) + "  " + TextWidth.visible(property.typeDescription)
                output += wrapped(title, maxWidth: maxWidth, indent: 2, hanging: 6, style: style)
                let details = [columnText(property), notes(property)].filter { !$0.isEmpty }.joined(separator: ", ")
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

    static func heading(_ info: ClassInfo, count: EntityCount? = nil) -> String {
        var parts: [String] = []
        switch info.kind {
        case .table: parts.append(info.isVirtual ? "virtual table, read-only" : "table")
        case .view: parts.append("view, read-only")
        case .entity:
            parts.append((info.entity?.isAbstract == true ? "abstract " : "") + "Core Data entity, table \(info.tableName)")
            if let parent = info.entity?.parent { parts.append("sub-entity of \(parent)") }
        case .embedded: parts.append("Realm embedded class, table")
        }
        if let count {
            parts.append("\(count.all) \(count.all == 1 ? "object" : "objects") (\(count.own) of its own, \(count.all - count.own) of sub-entities)")
        }
        if info.listOf != nil {
            parts.append(info.tableName.uppercased().hasPrefix("Z_")
                ? "Core Data join table of \(info.listOwner ?? "?").\(info.listOf ?? "?")"
                : "Strata collection table of \(info.listOwner ?? "?").\(info.listOf ?? "?")")
        } else if info.isHidden { parts.append("internal") }
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
        if let model = property.model {
            if let type = model.attributeType, type != "String" && type != "Date" && type != "Boolean" && type != "Double"
                && type != "Float" && type != "Decimal" && type != "UUID" {
                notes.append(type + (model.customClass.map { " \($0)" } ?? ""))
            }
            if model.allowsExternalStorage { notes.append("external storage allowed") }
            if model.isDerived { notes.append("derived" + (model.derivation.map { " (\($0))" } ?? "") + ", read-only") }
            if let inverse = model.inverse { notes.append("inverse \(inverse)") }
            if let rule = model.deleteRule, property.type == .object || property.type == .list {
                notes.append("delete rule \(rule.rawValue)")
            }
            if let note = model.note { notes.append(note) }
        }
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
        if let entity = info.entity {
            members.append(("entity", .object([
                ("number", .int(entity.number)),
                ("parent", entity.parent.map(JSONValue.string) ?? .null),
                ("abstract", .bool(entity.isAbstract)),
                ("entityNumbers", .array(entity.members.map(JSONValue.int))),
            ])))
        }
        return .object(members)
    }

    public static func json(_ property: Property) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(property.name)),
            ("type", .string(property.collection?.kind.rawValue ?? property.typeName)),
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
        if property.type == .collection, let collection = property.collection {
            members.append(("element", .object([("type", .string(collection.element)), ("optional", .bool(collection.isOptionalElement))])))
        }
        if let generated = property.generated { members.append(("generated", .string(generated.rawValue))) }
        if let onDelete = property.onDelete { members.append(("onDelete", .string(onDelete.rawValue))) }
        if let model = property.model {
            if let type = model.attributeType { members.append(("coreDataType", .string(type))) }
            if let customClass = model.customClass { members.append(("customClass", .string(customClass))) }
            if model.allowsExternalStorage { members.append(("externalStorage", .bool(true))) }
            if model.isDerived { members.append(("derived", model.derivation.map(JSONValue.string) ?? .bool(true))) }
            if let inverse = model.inverse { members.append(("inverse", .string(inverse))) }
            if let rule = model.deleteRule { members.append(("deleteRule", .string(rule.rawValue))) }
            if let note = model.note { members.append(("note", .string(note))) }
        }
        return .object(members)
    }
}
