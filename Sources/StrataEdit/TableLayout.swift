import SQLiteKit
import StrataCore

/// How the change log stores the rows of one table: its stored columns (generated ones are computed again
/// by SQLite), with `rowid` first when no column is the rowid itself, and what finds a row again: the
/// rowid, or the primary key of a WITHOUT ROWID table.
///
/// Undo and redo write one statement per row through the connection's cache of prepared statements:
/// the text of each depends only on the table and on which columns it writes, never on the values.
final class TableLayout: Sendable {
    let table: String
    /// The stored columns as SQL: quoted names, and the bare rowid name when it comes first.
    let columns: [String]
    /// The positions in `columns` of the key's values.
    let keyPositions: [Int]
    /// `INSERT INTO "Task" ("id", "name") VALUES (?1, ?2)`: a row's values bind to it in column order.
    let insertText: String
    /// `DELETE FROM "Task" WHERE "id" = ?1`: the key's values bind to it in key order.
    let deleteText: String

    init(_ info: ClassInfo, connection: Connection) throws {
        table = info.tableName
        var columns = try connection.rows("SELECT name FROM pragma_table_xinfo(\(SQLiteValue.text(table))) WHERE hidden = 0 ORDER BY cid" as SQL)
            .map { quoteIdentifier($0[0].string ?? "") }
        if let alias = info.rowIDAlias {
            keyPositions = [columns.firstIndex(of: quoteIdentifier(alias)) ?? 0]
        } else if let rowID = info.rowIDName {
            columns.insert(rowID, at: 0)
            keyPositions = [0]
        } else if !info.primaryKey.isEmpty {
            keyPositions = info.primaryKey.compactMap { columns.firstIndex(of: quoteIdentifier($0)) }
        } else {
            throw StrataError("\(info.name) has no key: it has no primary key, and its columns take the names rowid, oid and _rowid_")
        }
        self.columns = columns
        // Insert and delete say the same for every row: their text is built once (from a row of NULLs;
        // `SQL` numbers the parameters), and each row's own values bind to it.
        let row = [SQLiteValue](repeating: .null, count: columns.count)
        let names = SQL(verbatim: columns.joined(separator: ", "))
        insertText = ("INSERT INTO \(identifier: table) (\(names)) VALUES (\(list: row))" as SQL).text
        deleteText = ("DELETE FROM \(identifier: table) WHERE \(Self.pairs(keyPositions, of: columns, row), separator: " AND ")" as SQL).text
    }

    /// The columns at `positions`, each with its value in `row`: `"id" = ?1` for the key.
    private static func pairs(_ positions: [Int], of columns: [String], _ row: [SQLiteValue]) -> [ColumnValue] {
        positions.map { ColumnValue(column: columns[$0], value: row[$0]) }
    }

    func insert(_ row: [SQLiteValue], on connection: Connection) throws {
        try run(insertText, row, on: connection)
    }

    /// Writes only the columns that differ between the two images: less to do (a rowid left alone is not
    /// moved), and a change another process made to other columns since is kept.
    func update(to row: [SQLiteValue], from current: [SQLiteValue], on connection: Connection) throws {
        let changed = columns.indices.filter { row[$0] != current[$0] }
        guard !changed.isEmpty else { return }
        let set = Self.pairs(changed, of: columns, row)
        let key = Self.pairs(keyPositions, of: columns, current)
        let sql: SQL = "UPDATE \(identifier: table) SET \(set, separator: ", ") WHERE \(key, separator: " AND ")"
        try run(sql.text, sql.arguments, on: connection)
    }

    /// Deletes the row that has `row`'s key.
    func delete(_ row: [SQLiteValue], on connection: Connection) throws {
        try run(deleteText, keyPositions.map { row[$0] }, on: connection)
    }

    /// Runs a statement kept prepared by the connection, `values` bound to `?1`, `?2`, …; it must change
    /// exactly one row.
    private func run(_ text: String, _ values: [SQLiteValue], on connection: Connection) throws {
        let statement = try connection.cachedStatement(text)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
        guard connection.changes == 1 else { throw ChangedSince(table: table) }
    }

    /// A row is not where the change log left it: someone else changed it since.
    struct ChangedSince: Error { let table: String }
}
