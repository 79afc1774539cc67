import SQLiteKit
import StrataCore

/// What SQLite's ALTER TABLE cannot do, done as SQLite documents it: a new table made like the old one
/// but for the change, the rows copied (converted), the old table dropped, the new one renamed, then its
/// indexes and triggers and every view made again. Foreign keys are off for the whole migration run
/// (outside its transaction), so dropping the old table cascades into nothing, and the run checks every
/// link before it commits.
///
/// Nothing more than those steps reads the table: the copy itself refuses a value that cannot become the new
/// type (`refusal`), so the rows are read once, as by the steps a user writes for the sqlite3 shell.
struct TableRebuild {
    let info: ClassInfo
    let connection: Connection

    /// The statements that change one property's type, optionality or default.
    /// - Throws: `StrataError` for what cannot be changed, or when values cannot become the new type
    ///   (with how many, and the first), before any statement runs.
    func change(_ property: PropertyDeclaration) throws -> [MigrationStatement] {
        guard info.kind == .table, !info.isVirtual else { throw StrataError("\(info.name) is not a table that can be rebuilt") }
        guard let old = info.property(named: property.name), let column = old.column else {
            throw StrataError("\(info.name) has no property '\(property.name)'")
        }
        guard !info.primaryKey.contains(column) else { throw StrataError("change property cannot change a primary key (\(info.name).\(column))") }
        guard !info.properties.contains(where: { $0.generated != nil }) else {
            throw StrataError("\(info.name) has generated columns; rebuild it in a .sql migration")
        }
        let table = SQL.identifier(info.tableName)
        let quoted = SQL.identifier(column)

        guard let createSQL = try connection.scalar("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?",
                                                     [.text(info.tableName)]).string
        else { throw StrataError("cannot read how \(info.name) was created") }
        let temporary = info.tableName + "_strata_rebuild"
        let newSQL = try rewrite(createSQL, column: column, as: property, table: temporary)

        let others = try connection.rows("""
            SELECT type, name, sql FROM sqlite_schema
            WHERE sql IS NOT NULL AND ((tbl_name = ? AND type IN ('index', 'trigger')) OR type = 'view')
            ORDER BY CASE type WHEN 'index' THEN 0 WHEN 'view' THEN 1 ELSE 2 END, rowid
            """, [.text(info.tableName)])
        let views = others.filter { $0[0].string == "view" }.compactMap { $0[1].string }

        let columns = info.properties.compactMap(\.column)
        var converted = conversion(quoted, to: property)
        if let bad = unconvertible(quoted, to: property) {
            try registerRefusal(column: quoted, to: property, table: table, where: bad)
            let key = info.objectKey.columns().first ?? "NULL"
            converted = "CASE WHEN \(bad) THEN \(SQL(verbatim: Self.refusal))(\(key), \(quoted)) ELSE \(converted) END"
        }
        let copied = columns.map { $0 == column ? converted : SQL.identifier($0) }
        var statements = [
            MigrationStatement(sql: newSQL),
            MigrationStatement("INSERT INTO \(identifier: temporary) \(parenthesized: columns.map { SQL.identifier($0) }.joined(separator: ", ")) "
                               + "SELECT \(copied.joined(separator: ", ")) FROM \(table)"),
        ]
        // Views go first: renaming the new table re-reads them, and one that names the dropped table fails.
        statements += views.map { MigrationStatement("DROP VIEW \(identifier: $0)") }
        statements += [MigrationStatement("DROP TABLE \(table)"),
                       MigrationStatement("ALTER TABLE \(identifier: temporary) RENAME TO \(table)")]
        statements += others.compactMap { $0[2].string }.map { MigrationStatement(sql: $0) }
        return statements
    }

    /// The expression that copies `column` into its new type (a CAST keeps NULL).
    func conversion(_ column: SQL, to property: PropertyDeclaration) -> SQL {
        let converted: SQL = switch property.type {
        case .int: "CAST(\(column) AS INTEGER)"
        case .float, .double, .decimal: "CAST(\(column) AS REAL)"
        case .string, .uuid: "CAST(\(column) AS TEXT)"
        case .data: "CAST(\(column) AS BLOB)"
        case .bool, .date, .object, .list, .collection, .linkingObjects, .any: column
        }
        // The default as the migration file writes it.
        return property.defaultValue.map { "COALESCE(\(converted), \(SQL(verbatim: $0)))" } ?? converted
    }

    /// The SQL function the copy calls on the first row whose value cannot become the new type; it fails the copy
    /// (and so the run, which rolls back) saying how many such rows there are, and that one's key and value.
    static let refusal = "strata_cannot_convert"

    /// True for a value of `column` that the change would lose or invent: text that is not a number, fractions
    /// into integers, anything but 0 and 1 into a bool, blobs into text, nil into a required property with no
    /// default. Nil when no value can be.
    func unconvertible(_ column: SQL, to property: PropertyDeclaration) -> SQL? {
        var bad: SQL? = switch property.type {
        case .int:
            "NOT (typeof(\(column)) = 'integer' OR (typeof(\(column)) = 'real' AND \(column) = CAST(\(column) AS INTEGER)) "
                + "OR (typeof(\(column)) = 'text' AND CAST(CAST(\(column) AS INTEGER) AS TEXT) = \(column)))"
        case .float, .double, .decimal:
            // `x + 0 IS NOT x` first: false for a number and for nil (and for a text that is a number, as the column's
            // affinity reads it), so that the typeof tests run only for what may be bad, at the cost of one addition a row.
            "\(column) + 0 IS NOT \(column) AND NOT (typeof(\(column)) IN ('integer', 'real') OR (typeof(\(column)) = 'text' "
                + "AND trim(\(column)) <> '' AND \(column) NOT GLOB '*[^0-9eE.+ -]*' AND \(column) GLOB '*[0-9]*'))"
        case .bool:
            "NOT (typeof(\(column)) = 'integer' AND \(column) IN (0, 1))"
        case .string, .uuid, .date:
            "typeof(\(column)) = 'blob'"
        case .data, .object, .list, .collection, .linkingObjects, .any:
            nil
        }
        // Nil is not bad here (a required property's nil is, below); the test for a double is false for nil already.
        let nilIsFalse = [.float, .double, .decimal].contains(property.type)
        bad = bad.map { nilIsFalse ? "(\($0))" : "(\(column) IS NOT NULL AND \($0))" }
        if !property.optional && property.defaultValue == nil { bad = bad.map { "(\(column) IS NULL OR \($0))" } ?? "\(column) IS NULL" }
        return bad
    }

    /// Registers `refusal` on the connection for this change: called with the first bad row's key and value, it
    /// counts the rows `bad` finds (one more read of the table, only when the run fails) and throws the message.
    private func registerRefusal(column: SQL, to property: PropertyDeclaration, table: SQL, where bad: SQL) throws {
        let count: SQL = "SELECT count(*) FROM \(table) WHERE \(bad)"
        let name = info.name
        try connection.createFunction(Self.refusal, argumentCount: 2, deterministic: false) { [weak connection] arguments in
            guard let connection, arguments.count == 2 else { throw StrataError("\(name) has values that cannot have \(property.name) as \(property.type.rawValue)") }
            let found = try connection.scalar(count).int64 ?? 1
            throw StrataError("\(found) \(name) object\(found == 1 ? "" : "s") cannot have \(property.name) as "
                              + "\(property.type.rawValue)\(property.optional ? "?" : "") (the first: key \(arguments[0].sqlLiteral), "
                              + "value \(arguments[1].sqlLiteral))" + (property.optional || property.defaultValue != nil ? "" : "; a default (= …) would fill nils"))
        }
    }

    /// The CREATE TABLE statement with the column's definition replaced and the table renamed.
    func rewrite(_ sql: String, column: String, as property: PropertyDeclaration, table: String) throws -> String {
        let tokens = SQLTokenizer.tokens(sql)
        let bytes = Array(sql.utf8)
        guard let tableKeyword = tokens.firstIndex(where: { $0.isKeyword("TABLE") }),
              let open = tokens.firstIndex(where: { $0.isSymbol("(") })
        else { throw StrataError("cannot read how \(info.name) was created") }
        // The table's name is the last name token before the parenthesis (after IF NOT EXISTS, a schema).
        let nameToken = tokens[tableKeyword + 1..<open].last { $0.kind == .word || $0.kind == .quoted }
        // The column definitions: token ranges between commas at depth 1.
        var depth = 1
        var segments: [Range<Int>] = []
        var segmentStart = open + 1
        for index in (open + 1)..<tokens.count {
            let token = tokens[index]
            if token.isSymbol("(") {
                depth += 1
            } else if token.isSymbol(")") {
                depth -= 1
                if depth == 0 { segments.append(segmentStart..<index); break }
            } else if token.isSymbol(","), depth == 1 {
                segments.append(segmentStart..<index)
                segmentStart = index + 1
            }
        }
        guard let segment = segments.first(where: { segment in
            !segment.isEmpty && tokens[segment.lowerBound].isName(column)
        }) else { throw StrataError("cannot find \(column) in how \(info.name) was created") }
        // Constraints that are not about type or nil stay: a link's REFERENCES clause, UNIQUE, COLLATE.
        var kept = ""
        let definition = tokens[segment]
        if let references = definition.firstIndex(where: { $0.isKeyword("REFERENCES") }) {
            let start = tokens[references].offset
            let end = segment.upperBound < tokens.count ? tokens[segment.upperBound].offset : bytes.count
            kept += " " + String(decoding: bytes[start..<end], as: UTF8.self).trimmingSpaces
        }
        if definition.contains(where: { $0.isKeyword("UNIQUE") }) { kept = " UNIQUE" + kept }
        if let collate = definition.firstIndex(where: { $0.isKeyword("COLLATE") }), collate + 1 < segment.upperBound {
            kept = " COLLATE " + tokens[collate + 1].text + kept
        }
        let replacement = StrataOperation.column(property, strict: info.isStrict).text + kept
        let columnStart = tokens[segment.lowerBound].offset
        let columnEnd = tokens[segment.upperBound].offset
        var result = bytes
        result.replaceSubrange(columnStart..<columnEnd, with: Array(replacement.utf8))
        if let nameToken {
            // Up to the parenthesis, so that a quoted name's own quoting never has to be measured; the name
            // comes before the column, so replacing it second shifts nothing already replaced.
            result.replaceSubrange(nameToken.offset..<tokens[open].offset, with: Array((SQL.identifier(table).text + " ").utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }
}
