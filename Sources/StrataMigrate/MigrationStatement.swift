import SQLiteKit

/// One SQL statement a migration step runs, with the values bound to its `?` parameters.
struct MigrationStatement: Equatable, Sendable {
    var sql: String
    var arguments: [SQLiteValue] = []

    /// A statement Strata writes, rendered: its names quoted, its values bound as `?1`, `?2`, …
    init(_ statement: SQL) {
        (sql, arguments) = statement.rendered()
    }

    /// A statement as text from outside (a migration file's SQL), with the values it binds.
    init(sql: String, arguments: [SQLiteValue] = []) {
        (self.sql, self.arguments) = (sql, arguments)
    }

    /// The statement as `migrate plan` prints it: ending in `;`, its bound values in a comment after it
    /// (`-- ?1 = 'x', ?2 = 3`).
    var planText: String {
        var line = sql.hasSuffix(";") ? sql : sql + ";"
        if !arguments.isEmpty {
            line += "  -- " + arguments.enumerated().map { "?\($0.offset + 1) = \($0.element.sqlLiteral)" }.joined(separator: ", ")
        }
        return line
    }
}
