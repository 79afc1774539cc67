import SQLiteKit

/// `strata get FILE CLASS KEY`: one object, its links and lists resolved one level.
struct GetCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let session = try DatabaseSession(parsed, context: context)
        let info = try session.findClass(parsed.arguments["CLASS"] ?? "", includeHidden: true)
        let keyText = parsed.arguments["KEY"] ?? ""
        let key = try QueryCompiler.parseKey(keyText, for: info)
        let runner = try QueryRunner(connection: session.connection)
        let reader = ObjectReader(session: session, runner: runner)
        do {
            guard let object = try reader.object(info, key: key) else {
                throw StrataError("no \(info.name) with key \(keyText) in \(session.path)")
            }
            let formatter = ValueFormatter(style: parsed.style(context))
            if parsed.format == "json" {
                context.stdout.write(try reader.json(object, depth: 1, formatter: formatter).serialized(pretty: true) + "\n")
            } else {
                context.stdout.write(try reader.vertical(object, formatter: formatter, maxWidth: context.terminalWidth))
            }
        } catch let error as SQLiteError {
            throw DatabaseFile.describe(error, path: session.path, timeout: session.timeout)
        }
    }
}

/// Reads single objects and the objects their links and lists point at.
struct ObjectReader {
    let session: DatabaseSession
    let runner: QueryRunner

    struct Object {
        var info: ClassInfo
        var key: [SQLiteValue]
        var columns: [ResultColumn]
        var values: [SQLiteValue]
    }

    init(session: DatabaseSession, runner: QueryRunner) {
        self.session = session
        self.runner = runner
    }

    func object(_ info: ClassInfo, key: [SQLiteValue]) throws -> Object? {
        var compiler = QueryCompiler(schema: session.schema, connection: session.connection, text: "")
        let compiled = try compiler.compileLookup(info, key: key)
        guard let row = try runner.rows(compiled).first else { return nil }
        return Object(info: info, key: key, columns: compiled.columns, values: row)
    }

    /// The objects of a list property, in list order.
    func elements(of object: Object, list property: Property) throws -> [Object] {
        guard let table = object.info.listTables[property.name], let target = property.target.flatMap(session.schema.class(named:)),
              let ownerKey = object.key.first
        else { return [] }
        let keys = try session.connection.rows(
            "SELECT target FROM \(quoteIdentifier(table)) WHERE owner = ?1 ORDER BY position", [ownerKey])
        return try keys.compactMap { try self.object(target, key: [$0[0]]) }
    }

    /// How many objects point here through a backlink property.
    func backlinkCount(of object: Object, _ property: Property) throws -> Int64 {
        guard let source = property.target.flatMap(session.schema.class(named:)),
              let link = property.originProperty.flatMap(source.property(named:)), let key = object.key.first
        else { return 0 }
        if link.type == .list, let table = source.listTables[link.name] {
            return try session.connection.scalar("SELECT count(*) FROM \(quoteIdentifier(table)) WHERE target = ?1", [key]).int64 ?? 0
        }
        guard let column = link.column else { return 0 }
        return try session.connection.scalar(
            "SELECT count(*) FROM \(quoteIdentifier(source.tableName)) WHERE \(quoteIdentifier(column)) = ?1", [key]).int64 ?? 0
    }

    private func target(of column: ResultColumn, value: SQLiteValue) throws -> Object? {
        guard column.property.type == .object, !value.isNull,
              let target = column.property.target.flatMap(session.schema.class(named:))
        else { return nil }
        return try object(target, key: [value])
    }

    func json(_ object: Object, depth: Int, formatter: ValueFormatter) throws -> JSONValue {
        var members: [(String, JSONValue)] = []
        for (column, value) in zip(object.columns, object.values) {
            if depth > 0, let linked = try target(of: column, value: value) {
                members.append((column.name, try json(linked, depth: depth - 1, formatter: formatter)))
            } else if depth > 0, column.property.type == .list {
                let elements = try elements(of: object, list: column.property)
                members.append((column.name, .array(try elements.map { try json($0, depth: depth - 1, formatter: formatter) })))
            } else {
                members.append((column.name, formatter.json(value, column)))
            }
        }
        if depth > 0 {
            for property in object.info.properties where property.type == .linkingObjects {
                members.append((property.name, .int(try backlinkCount(of: object, property))))
            }
        }
        return .object(members)
    }

    func vertical(_ object: Object, formatter: ValueFormatter, maxWidth: Int?) throws -> String {
        let names = object.columns.map(\.name) + object.info.properties.filter { $0.type == .linkingObjects }.map(\.name)
        let width = names.map(TextWidth.width).max() ?? 0
        let keyText = object.key.map { QueryCommand.sqlLiteral($0) }.joined(separator: ", ")
        var output = formatter.style.bold("\(object.info.name) \(object.key.count > 1 ? "(" + keyText + ")" : keyText)") + "\n"
        func line(_ name: String, _ text: String, indent: Int = 0) {
            let available = maxWidth.map { max(10, $0 - width - 2 - indent) }
            let shown = available.map { TextWidth.truncate(text, to: $0) } ?? text
            var text = String(repeating: " ", count: indent) + TextWidth.pad(name, to: width, right: true) + "  " + shown
            while text.hasSuffix(" ") { text.removeLast() }
            output += text + "\n"
        }
        for (column, value) in zip(object.columns, object.values) {
            if let linked = try target(of: column, value: value) {
                line(column.name, "→ \(linked.info.name) \(formatter.text(value, column))  " + summary(linked, formatter: formatter))
            } else if column.property.type == .object, !value.isNull {
                line(column.name, "→ \(column.property.target ?? "?") \(formatter.text(value, column)) (missing)")
            } else if column.property.type == .list {
                let elements = try elements(of: object, list: column.property)
                line(column.name, "[\(elements.count)] \(column.property.target ?? "")")
                for (index, element) in elements.enumerated() {
                    line("", "[\(index)] → " + element.key.map { formatter.text($0, ResultColumn(property: Property(name: "", type: .any))) }.joined(separator: ", ")
                         + "  " + summary(element, formatter: formatter))
                }
            } else {
                line(column.name, formatter.text(value, column))
            }
        }
        for property in object.info.properties where property.type == .linkingObjects {
            let count = try backlinkCount(of: object, property)
            line(property.name, "\(count) \(property.target ?? "") \(count == 1 ? "object" : "objects")")
        }
        return output
    }

    /// `(name: Inbox, color: red)`: the other properties of a linked object on one line.
    private func summary(_ object: Object, formatter: ValueFormatter) -> String {
        let keyNames = Set(object.info.objectKey)
        let parts = zip(object.columns, object.values).filter { !keyNames.contains($0.0.name) }.map { column, value in
            "\(column.name): \(formatter.text(value, column))"
        }
        return parts.isEmpty ? "" : formatter.style.dim("(" + parts.joined(separator: ", ") + ")")
    }
}
