import StrataCore
import StrataQuery

/// Finds risky and destructive steps in migration files (the codes are `LintCode`'s).
package enum MigrationLint {
    /// The findings of one migration file, in the order of its steps; a missing way down comes last.
    /// - Throws: `StrataError` "FILE:LINE: message" when a `.strata` file does not parse: what it would do
    ///   cannot be known, and a lint that passed it over would pass a file that `migrate` refuses.
    package static func check(_ file: MigrationFile) throws -> [LintFinding] {
        switch file.kind {
        case .sql:
            let sections = file.sections
            var findings = checkSQL(sections.up, file: file.fileName, firstLine: 1)
            if sections.down == nil {
                findings.append(LintFinding(file: file.fileName, line: 1, code: .noWayDown, message: "no way down: no '-- strata:down' section"))
            }
            return findings
        case .strata:
            return try checkStrata(file)
        }
    }

    /// The findings of SQL text (every code but `noWayDown`), on the lines of the file it starts on `firstLine` of.
    static func checkSQL(_ text: String, file: String, firstLine: Int) -> [LintFinding] {
        var findings: [LintFinding] = []
        let lineStarts = Array(text.utf8.enumerated().filter { $0.element == UInt8(ascii: "\n") }.map { $0.offset + 1 })
        func add(_ offset: Int, _ code: LintCode, _ message: String) {
            let line = firstLine + lineStarts.prefix { $0 <= offset }.count
            findings.append(LintFinding(file: file, line: line, code: code, message: message))
        }
        let all = statements(SQLTokenizer.tokens(text))
        // A table dropped and then replaced by renaming another to its name is rebuilt, not lost.
        let replaced = Set(all.compactMap { statement -> String? in
            guard statement.first?.isKeyword("ALTER") == true, statement.count >= 2, statement[statement.count - 2].isKeyword("TO")
            else { return nil }
            return statement.last?.text.lowercased()
        })
        for statement in all {
            guard let first = statement.first else { continue }
            let words = statement.filter { $0.kind == .word }.map { $0.text.uppercased() }
            if first.isKeyword("DROP"), statement.count > 1, statement[1].isKeyword("TABLE"),
               !replaced.contains(statement.last?.text.lowercased() ?? "")
            {
                add(first.offset, .dropTable, "DROP TABLE deletes the table and every row in it")
            } else if first.isKeyword("ALTER"), words.contains("DROP") {
                add(first.offset, .dropColumn, "DROP COLUMN deletes the column's values")
            } else if first.isKeyword("DELETE"), !words.contains("WHERE") {
                add(first.offset, .deleteWithoutWhere, "DELETE without WHERE deletes every row")
            } else if first.isKeyword("UPDATE"), !words.contains("WHERE") {
                add(first.offset, .updateWithoutWhere, "UPDATE without WHERE changes every row")
            } else if first.isKeyword("ALTER"), words.contains("ADD"), words.contains("NOT"), words.contains("NULL"), !words.contains("DEFAULT") {
                add(first.offset, .requiredColumnWithoutDefault, "ADD COLUMN … NOT NULL needs a DEFAULT, or it fails on a table that has rows")
            }
        }
        if let reason = Migrator.notInTransaction(text) { add(0, .notInTransaction, reason) }
        return findings
    }

    /// The same codes for a `.strata` file's operations, and the SQL of its `sql { … }` blocks.
    static func checkStrata(_ file: MigrationFile) throws -> [LintFinding] {
        let script = try StrataScript.parse(file.text, file: file.fileName)
        var findings: [LintFinding] = []
        for entry in script.up {
            func add(_ code: LintCode, _ message: String) {
                findings.append(LintFinding(file: file.fileName, line: entry.line, code: code, message: message))
            }
            switch entry.operation {
            case .deleteClass: add(.dropTable, "delete class deletes the class and every object in it")
            case .deleteProperty: add(.dropColumn, "delete property deletes the property's values")
            case .update(_, _, nil): add(.updateWithoutWhere, "update without where changes every object")
            case .sql(let text): findings += checkSQL(text, file: file.fileName, firstLine: entry.line)
            default: break
            }
        }
        if script.wayDown == nil {
            findings.append(LintFinding(file: file.fileName, line: 1, code: .noWayDown,
                                        message: "no way down: it deletes, updates, changes or runs sql, and has no down { … } block"))
        }
        return findings
    }

    /// Tokens split into statements at `;`, a trigger's body kept whole.
    static func statements(_ tokens: [SQLTokenizer.Token]) -> [[SQLTokenizer.Token]] {
        var result: [[SQLTokenizer.Token]] = []
        var current: [SQLTokenizer.Token] = []
        for token in tokens {
            let isTrigger = current.first?.isKeyword("CREATE") == true && current.prefix(4).contains { $0.isKeyword("TRIGGER") }
            if token.isSymbol(";") && (!isTrigger || current.last?.isKeyword("END") == true) {
                if !current.isEmpty { result.append(current) }
                current = []
            } else {
                current.append(token)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
