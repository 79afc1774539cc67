import SQLiteKit
import StrataCore

/// One object with its links, lists and backlinks, as `get` and the browser's `open` show it.
public struct ObjectRenderer {
    public let formatter: ValueFormatter

    public init(formatter: ValueFormatter) {
        self.formatter = formatter
    }

    /// The object as JSON: links and lists hold the objects they point at (their own links as keys),
    /// backlinks their counts.
    public func json(_ detail: ObjectDetail) -> JSONValue {
        precondition(!detail.object.isShortened, "a shortened object written as JSON")
        var members: [(String, JSONValue)] = []
        for (index, (column, value)) in zip(detail.object.columns, detail.object.values).enumerated() {
            if let linked = detail.links[index] {
                members.append((column.name, json(linked)))
            } else if let elements = detail.lists[index] {
                members.append((column.name, .array(elements.map(json))))
            } else {
                members.append((column.name, formatter.json(value, Self.typed(column, in: detail.object))))
            }
        }
        for backlink in detail.backlinks {
            members.append((backlink.property.name, .int(backlink.count)))
        }
        return .object(members)
    }

    /// A linked object's own values, its links as keys.
    private func json(_ object: StoredObject) -> JSONValue {
        precondition(!object.isShortened, "a shortened object written as JSON")
        return .object(zip(object.columns, object.values).map { column, value in
            (column.name, formatter.json(value, Self.typed(column, in: object)))
        })
    }

    /// The column as its value in `object` is read: a Mixed value by the Realm type the object holds beside it.
    static func typed(_ column: ResultColumn, in object: StoredObject) -> ResultColumn {
        guard column.typeIndex != nil else { return column }
        var typed = column
        (typed.property.type, typed.dateStorage) = ValueFormatter.shownType(object.values, column)
        return typed
    }

    /// The object one property a line, names aligned, each line cut to `maxWidth`.
    public func vertical(_ detail: ObjectDetail, maxWidth: Int?) -> String {
        let object = detail.object
        let names = (object.columns.map(\.name) + detail.backlinks.map(\.property.name)).map(TextWidth.visible)
        let layout = VerticalLayout(names: names, maxWidth: maxWidth)
        let keyText = TextWidth.visible(object.key.map(\.sqlLiteral).joined(separator: ", "))
        let className = TextWidth.visible(object.info.name)
        var output = formatter.style.bold(layout.heading(className, after: " " + (object.key.count > 1 ? "(" + keyText + ")" : keyText))) + "\n"
        func line(_ name: String, _ text: String, numeric: Bool = false) {
            output += layout.lines(TextWidth.visible(name), text, numeric: numeric, trimming: true)
        }
        let anyColumn = ResultColumn(property: Property(name: "", type: .any))
        for (index, (column, value)) in zip(object.columns, object.values).enumerated() {
            if let linked = detail.links[index] {
                line(column.name, "→ \(TextWidth.visible(linked.info.name)) \(formatter.text(object, index))  " + summary(linked))
            } else if column.property.type == .object, !value.isNull {
                line(column.name, "→ \(TextWidth.visible(column.property.target ?? "?")) \(formatter.text(object, index)) (missing)")
            } else if let elements = detail.lists[index] {
                line(column.name, "[\(elements.count)] \(TextWidth.visible(column.property.target ?? ""))")
                for (position, element) in elements.enumerated() {
                    line("", "[\(position)] → " + element.key.map { formatter.text($0, anyColumn) }.joined(separator: ", ")
                         + "  " + summary(element))
                }
            } else {
                line(column.name, formatter.text(object, index), numeric: column.property.type.isNumber)
            }
        }
        for backlink in detail.backlinks {
            line(backlink.property.name,
                 "\(backlink.count) \(TextWidth.visible(backlink.property.target ?? "")) \(backlink.count == 1 ? "object" : "objects")")
        }
        return output
    }

    /// `(name: Inbox, color: red)`: the other properties of a linked object on one line.
    private func summary(_ object: StoredObject) -> String {
        let keyNames = Set(object.info.objectKey.names)
        let parts = object.columns.indices.filter { !keyNames.contains(object.columns[$0].name) }.map { index in
            "\(TextWidth.visible(object.columns[index].name)): \(formatter.text(object, index))"
        }
        return parts.isEmpty ? "" : formatter.style.dim("(" + parts.joined(separator: ", ") + ")")
    }
}
