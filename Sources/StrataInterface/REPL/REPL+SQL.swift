import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

extension REPL {
    /// Raw SQL on the REPL's connection, as a result like any other: paged, shown in the current mode and
    /// exported. Only statements that change neither the file nor the connection run
    /// (`Connection.withReadOnlyStatement`), so a `PRAGMA foreign_keys = OFF` or a `BEGIN` can never
    /// undermine the edits that follow.
    func runSQL(_ sql: String) throws {
        guard !sql.isEmpty else { throw StrataError("sql needs a statement") }
        let next = ResultPager(sql: sql, title: "sql " + sql, pageSize: pageSize())
        next.wholeValues = format.isForMachines
        try next.first(session)
        // A statement without columns has nothing to page through: the result shown stays.
        guard !next.columns.isEmpty else {
            status.write(style.dim("(no rows)") + "\n")
            return
        }
        remember()
        makeCurrent(next)
        object = nil
        try showPage()
    }
}
