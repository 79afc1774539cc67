import SQLiteKit
import StrataCore
import StrataQuery

/// Finds risky and destructive steps in migration files (the codes are `LintCode`'s).
package enum MigrationLint {
    /// The findings of one migration file, in the order of its steps; a missing way down comes last.
    /// - Throws: `StrataError` "FILE:LINE: message" when a `.strata` file does not parse: what it would do
    ///   cannot be known, and a lint that passed it over would pass a file that `migrate` refuses.
    package static func check(_ file: MigrationFile) throws -> [LintFinding] {
        if let empty = try emptyUp(file) { return [empty] }
        switch file.kind {
        case .sql:
            let sections = file.sections
            var findings = try checkSQL(sections.up, file: file.fileName)
            if !(sections.down?.hasStatement ?? false), try SQLInverse.derive(sections.up) == nil {
                findings.append(LintFinding(file: file.fileName, line: 1, code: .noWayDown,
                                            message: sections.down == nil ? "no way down: no '-- strata:down' section"
                                                : "no way down: the '-- strata:down' section (line \(sections.downLine ?? 1)) is empty, and a statement has no derived inverse"))
            }
            return findings
        case .strata:
            return try checkStrata(file)
        }
    }

    /// The `S008` finding of a file with nothing to run going up: a `.sql` file whose up section is only
    /// comments and blank lines (as when SQL was appended below `-- strata:down`), a `.strata` file
    /// without operations. `migrate` refuses such a file (`Migrator.plan(to:translated:)`).
    /// - Throws: `StrataError` "FILE:LINE:COLUMN: message" when a `.strata` file does not parse.
    package static func emptyUp(_ file: MigrationFile) throws -> LintFinding? {
        switch file.kind {
        case .sql:
            let sections = file.sections
            guard !sections.up.hasStatement else { return nil }
            var message = "the up section is empty (only comments and blank lines)"
            if let down = sections.down, let line = sections.downLine, down.hasStatement {
                message += ", and the SQL below '-- strata:down' (line \(line)) runs only going down: put what migrates up above that line"
            }
            return LintFinding(file: file.fileName, line: 1, code: .emptyUp, message: message)
        case .strata:
            let script = try StrataScript.parse(file.text, file: file.fileName)
            guard script.up.isEmpty else { return nil }
            return LintFinding(file: file.fileName, line: script.down == nil ? 1 : script.downLine ?? 1, code: .emptyUp,
                               message: script.down == nil ? "no operations (only comments and blank lines)"
                                   : "no operations before the down { … } block, which runs only going down")
        }
    }

    /// The findings of SQL text (every code but `noWayDown`), on the lines of the file it starts on `firstLine` of.
    static func checkSQL(_ text: String, file: String, firstLine: Int) -> [LintFinding] {
        // SQL in memory: reading it cannot fail.
        (try? checkSQL(SQLSection(text: text, firstLine: firstLine), file: file)) ?? []
    }

    /// The findings of a section of SQL (every code but `noWayDown`), each at its statement's line. One pass over the
    /// text, chunk by chunk, holding only the findings, whatever its number of statements.
    /// - Throws: what reading the section throws.
    static func checkSQL(_ section: SQLSection, file: String) throws -> [LintFinding] {
        // Each finding at its statement's line; a DROP TABLE with the table's name, lowercased.
        var found: [(line: Int, code: LintCode, message: String, dropped: String?)] = []
        // Tables that an ALTER TABLE … RENAME TO gives their name: one dropped and then replaced so is
        // rebuilt, not lost.
        var replaced: Set<String> = []
        try section.forEachStatement { statement, _, line in
            let last = statement.count - 1
            if statement.isKeyword(0, "ALTER"), statement.count >= 2, statement.isKeyword(last - 1, "TO") {
                replaced.insert(statement.text(last).lowercased())
            }
            if statement.isKeyword(0, "DROP"), statement.isKeyword(1, "TABLE") {
                found.append((line, .dropTable, "DROP TABLE deletes the table and every row in it", statement.text(last).lowercased()))
            } else if statement.isKeyword(0, "ALTER"), statement.contains(keyword: "DROP") {
                found.append((line, .dropColumn, "DROP COLUMN deletes the column's values", nil))
            } else if statement.isKeyword(0, "DELETE"), !statement.contains(keyword: "WHERE") {
                found.append((line, .deleteWithoutWhere, "DELETE without WHERE deletes every row", nil))
            } else if statement.isKeyword(0, "UPDATE"), !statement.contains(keyword: "WHERE") {
                found.append((line, .updateWithoutWhere, "UPDATE without WHERE changes every row", nil))
            } else if statement.isKeyword(0, "ALTER"), statement.contains(keyword: "ADD"), statement.contains(keyword: "NOT"),
                      statement.contains(keyword: "NULL"), !statement.contains(keyword: "DEFAULT")
            {
                found.append((line, .requiredColumnWithoutDefault, "ADD COLUMN … NOT NULL needs a DEFAULT, or it fails on a table that has rows", nil))
            }
        }
        var findings = found.filter { $0.dropped.map { !replaced.contains($0) } ?? true }
            .map { LintFinding(file: file, line: $0.line, code: $0.code, message: $0.message) }
        if let reason = section.notInTransaction {
            findings.append(LintFinding(file: file, line: section.firstLine, code: .notInTransaction, message: reason))
        }
        return findings
    }

    /// The properties that the `.strata` files' operations name, checked on the schema that the files before
    /// them build from nothing, on an empty in-memory database (lint has no database file): a property that
    /// a class made by the files does not have (`add index Task(nope)`) is as sure an error as one that does
    /// not parse. When the files cannot build their schema from nothing (a class they name, or a `.sql`
    /// step, needs a database that had tables before the first migration), the check stops there: what
    /// comes next cannot be known.
    /// - Throws: `StrataError` "FILE:LINE:COLUMN: Class has no property 'name'"; also a parse error.
    package static func checkProperties(_ files: [MigrationFile]) throws {
        guard let last = files.lastIndex(where: { $0.kind == .strata }) else { return }
        let scratch = try ScratchSchema(copying: try Connection(path: ":memory:", mode: .memory))
        for file in files[...last] {
            let entries = file.kind == .strata ? try StrataScript.parse(file.text, file: file.fileName).up : []
            do {
                if file.kind == .sql { try scratch.run(section: file.sections.up) }
                for entry in entries { _ = try scratch.run(entry, file: file.fileName) }
            } catch let failure as StrataScript.Failure {
                if let name = failure.cause as? StrataOperation.NameError, name.isProperty { throw StrataError(failure.description) }
                return
            } catch {
                // SQL that needs what the files do not make: nothing after it can be checked.
                return
            }
        }
    }

    /// The same codes for a `.strata` file's operations, and the SQL of its `sql { … }` blocks.
    static func checkStrata(_ file: MigrationFile) throws -> [LintFinding] {
        let script = try StrataScript.parse(file.text, file: file.fileName)
        var findings = checkOperations(script.up, file: file.fileName)
        if script.wayDown == nil {
            findings.append(LintFinding(file: file.fileName, line: 1, code: .noWayDown,
                                        message: "no way down: it deletes, updates, changes or runs sql, and has no down { … } block"))
        }
        return findings
    }

    /// The findings of `.strata` operations, each on its line; `going` ("going down, ") starts each message.
    static func checkOperations(_ entries: [StrataScript.Entry], file: String, going: String = "") -> [LintFinding] {
        var findings: [LintFinding] = []
        for entry in entries {
            func add(_ code: LintCode, _ message: String) {
                findings.append(LintFinding(file: file, line: entry.line, code: code, message: going + message))
            }
            switch entry.operation {
            case .deleteClass: add(.dropTable, "delete class deletes the class and every object in it")
            case .deleteProperty: add(.dropColumn, "delete property deletes the property's values")
            case .update(_, _, nil): add(.updateWithoutWhere, "update without where changes every object")
            case .sql(let text): findings += checkSQL(text, file: file, firstLine: entry.line)
            default: break
            }
        }
        return findings
    }
}
