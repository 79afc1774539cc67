import SQLiteKit
import StrataCore
import StrataRender

extension REPL {
    /// Raw SQL on the REPL's connection, which is read-only: results as a table.
    func runSQL(_ sql: String) throws {
        guard !sql.isEmpty else { throw StrataError("sql needs a statement") }
        let statement = try session.connection.prepare(sql)
        guard statement.isReadOnly else { throw StrataError("sql only reads: that statement would change the database") }
        let names = statement.columnNames
        var table = TextTable(columns: names.map { TextTable.Column($0) })
        let formatter = ValueFormatter(style: style)
        let column = ResultColumn(property: Property(name: "", type: .any))
        var count = 0
        while try statement.step() {
            table.append((0..<names.count).map { formatter.text(statement.column($0), column) })
            count += 1
        }
        if !names.isEmpty { out.write(table.render(maxWidth: width, style: style)) }
        out.write(style.dim("(\(count) \(count == 1 ? "row" : "rows"))") + "\n")
    }
}
