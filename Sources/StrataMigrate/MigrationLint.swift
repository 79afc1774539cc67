import StrataCore

/// Risky or destructive statements in `.sql` migrations, each with a code and the line it starts on.
public struct LintFinding: Sendable, Equatable {
    public enum Severity: String, Sendable { case destructive, risky }

    public let file: String
    public let line: Int
    public let code: String
    public let severity: Severity
    public let message: String
}

public enum MigrationLint {
    /// The codes, for the manual and `--json` readers:
    /// - S001 DROP TABLE (destructive; not when another table is renamed to its name: a rebuild),
    /// - S002 ALTER TABLE … DROP COLUMN (destructive),
    /// - S003 DELETE without WHERE (destructive), S004 UPDATE without WHERE (risky),
    /// - S005 ADD COLUMN … NOT NULL without DEFAULT (fails on a table with rows),
    /// - S006 a statement that cannot run in a transaction, S007 no way down.
    public static func check(_ file: MigrationFile) -> [LintFinding] {
        guard file.kind == .sql else { return checkStrata(file) }
        var findings: [LintFinding] = []
        let text = file.sections.up
        let lineStarts = Array(text.utf8.enumerated().filter { $0.element == UInt8(ascii: "\n") }.map { $0.offset + 1 })
        func line(_ offset: Int) -> Int { 1 + lineStarts.prefix { $0 <= offset }.count }
        func add(_ offset: Int, _ code: String, _ severity: LintFinding.Severity, _ message: String) {
            findings.append(LintFinding(file: file.fileName, line: line(offset), code: code, severity: severity, message: message))
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
                add(first.offset, "S001", .destructive, "DROP TABLE deletes the table and every row in it")
            } else if first.isKeyword("ALTER"), words.contains("DROP") {
                add(first.offset, "S002", .destructive, "DROP COLUMN deletes the column's values")
            } else if first.isKeyword("DELETE"), !words.contains("WHERE") {
                add(first.offset, "S003", .destructive, "DELETE without WHERE deletes every row")
            } else if first.isKeyword("UPDATE"), !words.contains("WHERE") {
                add(first.offset, "S004", .risky, "UPDATE without WHERE changes every row")
            } else if first.isKeyword("ALTER"), words.contains("ADD"), words.contains("NOT"), words.contains("NULL"), !words.contains("DEFAULT") {
                add(first.offset, "S005", .risky, "ADD COLUMN … NOT NULL needs a DEFAULT, or it fails on a table that has rows")
            }
        }
        if let reason = Migrator.notInTransaction(text) { add(0, "S006", .risky, reason) }
        if file.sections.down == nil { add(0, "S007", .risky, "no way down: no '-- strata:down' section") }
        return findings
    }

    /// The same codes for a `.strata` file's operations (a file that does not parse is left to `migrate`,
    /// which names its error).
    static func checkStrata(_ file: MigrationFile) -> [LintFinding] {
        guard let script = try? StrataScript.parse(file.text, file: file.fileName) else { return [] }
        var findings: [LintFinding] = []
        for (operation, line) in zip(script.up, script.lines) {
            func add(_ code: String, _ severity: LintFinding.Severity, _ message: String) {
                findings.append(LintFinding(file: file.fileName, line: line, code: code, severity: severity, message: message))
            }
            switch operation {
            case .deleteClass: add("S001", .destructive, "delete class deletes the class and every object in it")
            case .deleteProperty: add("S002", .destructive, "delete property deletes the property's values")
            case .update(_, _, nil): add("S004", .risky, "update without where changes every object")
            case .sql(let text):
                let inner = (try? MigrationFile(fileName: file.fileName.replacingSuffix(".strata", with: ".sql"), bytes: Array((text + "\n-- strata:down").utf8)))
                    .map(check) ?? []
                findings += inner.filter { $0.code != "S007" }.map {
                    LintFinding(file: file.fileName, line: line + $0.line - 1, code: $0.code, severity: $0.severity, message: $0.message)
                }
            default: break
            }
        }
        if script.wayDown == nil { findings.append(LintFinding(file: file.fileName, line: 1, code: "S007", severity: .risky,
                                                               message: "no way down: it deletes, updates, changes or runs sql, and has no down { … } block")) }
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

extension String {
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
