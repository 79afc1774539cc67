import SQLiteKit
import StrataCore

/// The way down of a `.sql` file without a `-- strata:down` section, derived from its up section when
/// each statement has an exact inverse, as the `.strata` translator derives one for its operations
/// (`StrataOperation.inverse`): what a `CREATE` makes is dropped, `ADD COLUMN` is dropped, a rename is
/// renamed back, newest first.
///
/// Anything else (`INSERT`, `UPDATE`, `DROP …`, a schema-qualified name, `IF NOT EXISTS`, which may have
/// met an object made before) has no derived inverse: going down needs a hand-written section.
enum SQLInverse {
    /// The statements that undo `sql`, newest first, joined by `;\n`; nil when one of them has no exact inverse.
    static func derive(_ sql: String) -> String? {
        // SQL in memory: reading it cannot fail.
        (try? derive(SQLSection(text: sql))) ?? nil
    }

    /// The statements that undo a section, newest first; nil when one of them has no exact inverse. Reads the
    /// section up to the first statement that has none.
    /// - Throws: what reading the section throws.
    static func derive(_ section: SQLSection) throws -> String? {
        struct Underivable: Error {}
        var inverse: [String] = []
        do {
            try section.forEachStatement { statement, _, _ in
                guard let undo = self.inverse(of: statement) else { throw Underivable() }
                inverse.append(undo)
            }
        } catch is Underivable {
            return nil
        }
        guard !inverse.isEmpty else { return nil }
        return inverse.reversed().joined(separator: ";\n") + ";"
    }

    /// The one statement that undoes `statement`, or nil.
    static func inverse(of statement: SQLScript.Statement) -> String? {
        // A name at `index`: one word or quoted token, not followed by `.` (a schema-qualified name; `.i`
        // is one token to the tokenizer).
        func name(_ index: Int) -> String? {
            guard index < statement.count, statement.tokens[index].kind == .word || statement.tokens[index].kind == .quoted else { return nil }
            if index + 1 < statement.count, statement.bytes[statement.tokens[index + 1].start] == UInt8(ascii: ".") { return nil }
            return SQL.identifier(statement.text(index)).text
        }
        if statement.isKeyword(0, "CREATE") {
            var index = 1
            if statement.isKeyword(index, "TEMP") || statement.isKeyword(index, "TEMPORARY") { index += 1 }
            let unique = statement.isKeyword(index, "UNIQUE")
            if unique { index += 1 }
            let kind: String
            if statement.isKeyword(index, "INDEX") { kind = "INDEX" }
            else if statement.isKeyword(index, "TABLE") { kind = "TABLE" }
            else if statement.isKeyword(index, "VIEW") { kind = "VIEW" }
            else if statement.isKeyword(index, "TRIGGER") { kind = "TRIGGER" }
            else { return nil }
            guard kind == "INDEX" || !unique, !statement.isKeyword(index + 1, "IF"),
                  let made = name(index + 1)
            else { return nil }
            return "DROP \(kind) \(made)"
        }
        guard statement.isKeyword(0, "ALTER"), statement.isKeyword(1, "TABLE"), let table = name(2) else { return nil }
        if statement.isKeyword(3, "ADD") {
            let index = statement.isKeyword(4, "COLUMN") ? 5 : 4
            guard let column = name(index) else { return nil }
            return "ALTER TABLE \(table) DROP COLUMN \(column)"
        }
        guard statement.isKeyword(3, "RENAME") else { return nil }
        if statement.isKeyword(4, "TO") {
            guard statement.count == 6, let renamed = name(5) else { return nil }
            return "ALTER TABLE \(renamed) RENAME TO \(table)"
        }
        let index = statement.isKeyword(4, "COLUMN") ? 5 : 4
        guard statement.count == index + 3, let from = name(index), statement.isKeyword(index + 1, "TO"), let to = name(index + 2)
        else { return nil }
        return "ALTER TABLE \(table) RENAME COLUMN \(to) TO \(from)"
    }
}
