import SQLiteKit
import StrataCore
import StrataRender

extension REPL {
    /// Raw SQL on the REPL's connection: results as a table. Only statements that change neither the file
    /// nor the connection run (`Connection.withReadOnlyStatement`), so a `PRAGMA foreign_keys = OFF` or a
    /// `BEGIN` can never undermine the edits that follow.
    func runSQL(_ sql: String) throws {
        guard !sql.isEmpty else { throw StrataError("sql needs a statement") }
        let (table, count): (TextTable?, Int)
        do {
            (table, count) = try session.connection.withReadOnlyStatement(sql) { statement in
                let names = statement.columnNames
                var table = TextTable(columns: names.map { TextTable.Column($0) })
                let formatter = ValueFormatter(style: style)
                let column = ResultColumn(property: Property(name: "", type: .any))
                var count = 0
                while try statement.step() {
                    table.append((0..<names.count).map { formatter.text(statement.column($0), column) })
                    count += 1
                }
                return (names.isEmpty ? nil : table, count)
            }
        } catch let error as ReadOnlySQLError {
            throw StrataError("sql only reads: \(error.reason)")
        }
        if let table { out.write(table.render(maxWidth: width, style: style)) }
        out.write(style.dim("(\(count) \(count == 1 ? "row" : "rows"))") + "\n")
    }
}
