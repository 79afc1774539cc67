import SQLiteKit
import StrataCore
import StrataQuery

/// How the change log stores the rows of one table: its stored columns (generated ones are computed again
/// by SQLite), with `rowid` first when no column is the rowid itself, and what finds a row again: the
/// rowid, or the primary key of a WITHOUT ROWID table.
///
/// Undo and redo write one statement per row through the connection's cache of prepared statements:
/// the text of each depends only on the table and on which columns it writes, never on the values.
final class TableLayout: Sendable {
    let table: String
    /// The class the table holds, as messages name it (`Task` for Core Data's `ZTASK`).
    let className: String
    /// The stored columns: names, and the bare rowid name when it comes first.
    let columns: [SQL]
    /// The same columns of a row named `alias` (`new` and `old` in a trigger).
    func columns(of alias: TableAlias) -> [SQL] {
        names.indices.map { $0 == 0 && hasBareRowID ? .rowID(names[0], of: alias) : .column(names[$0], of: alias) }
    }
    /// True when the first column is the rowid, which no column names.
    private let hasBareRowID: Bool
    /// The stored columns' names as a user reads them (`rowid` for the bare rowid), for messages.
    let names: [String]
    /// The positions in `columns` of the key's values.
    let keyPositions: [Int]
    /// `INSERT INTO "Task" ("id", "name") VALUES (?1, ?2)`: a row's values bind to it in column order.
    let insertText: String
    /// `DELETE FROM "Task" WHERE "id" = ?1`: the key's values bind to it in key order.
    let deleteText: String
    /// `SELECT "id", "name" FROM "Task" WHERE "id" = ?1`: a row as it is now, found by its key.
    let selectText: String

    init(_ info: ClassInfo, connection: Connection) throws {
        table = info.tableName
        className = info.name
        var names = try connection.rows("SELECT name FROM pragma_table_xinfo(\(SQLiteValue.text(table))) WHERE hidden = 0 ORDER BY cid" as SQL)
            .map { $0[0].string ?? "" }
        var columns = names.map { SQL.column($0) }
        hasBareRowID = info.rowIDAlias == nil && info.rowIDName != nil
        if let alias = info.rowIDAlias {
            keyPositions = [names.firstIndex(of: alias) ?? 0]
        } else if let rowID = info.rowIDName {
            columns.insert(.rowID(rowID), at: 0)
            names.insert(rowID, at: 0)
            keyPositions = [0]
        } else if !info.primaryKey.isEmpty {
            keyPositions = info.primaryKey.compactMap { names.firstIndex(of: $0) }
        } else {
            throw StrataError("\(info.name) has no key: it has no primary key, and its columns take the names rowid, oid and _rowid_")
        }
        self.columns = columns
        self.names = names
        // Insert and delete say the same for every row: their text is built once (from a row of NULLs;
        // `SQL` numbers the parameters), and each row's own values bind to it.
        let row = [SQLiteValue](repeating: .null, count: columns.count)
        let columnList = columns.joined(separator: ", ")
        insertText = ("INSERT INTO \(identifier: table) (\(columnList)) VALUES (\(list: row))" as SQL).text
        let keyCondition: SQL = "\(Self.pairs(keyPositions, of: columns, row), separator: " AND ")"
        deleteText = ("DELETE FROM \(identifier: table) WHERE \(keyCondition)" as SQL).text
        selectText = ("SELECT \(columnList) FROM \(identifier: table) WHERE \(keyCondition)" as SQL).text
    }

    /// The columns at `positions`, each with its value in `row`: `"id" = ?1` for the key.
    private static func pairs(_ positions: [Int], of columns: [SQL], _ row: [SQLiteValue]) -> [ColumnValue] {
        positions.map { ColumnValue(column: columns[$0], value: row[$0]) }
    }

    func insert(_ row: [SQLiteValue], on connection: Connection) throws {
        try run(insertText, row, on: connection)
    }

    /// Writes only the columns that differ between the two images: less to do (a rowid left alone is not
    /// moved), and a change another process made to other columns since is kept.
    func update(to row: [SQLiteValue], from current: [SQLiteValue], on connection: Connection) throws {
        let changed = changedPositions(current, row)
        guard !changed.isEmpty else { return }
        let set = Self.pairs(changed, of: columns, row)
        let key = Self.pairs(keyPositions, of: columns, current)
        let sql: SQL = "UPDATE \(identifier: table) SET \(set, separator: ", ") WHERE \(key, separator: " AND ")"
        let (text, arguments) = sql.rendered()
        try run(text, arguments, on: connection)
    }

    /// Deletes the row that has `row`'s key.
    func delete(_ row: [SQLiteValue], on connection: Connection) throws {
        try run(deleteText, keyPositions.map { row[$0] }, on: connection)
    }

    // MARK: - Checking a row before it is written

    /// The columns whose values differ between two images of a row: what an update wrote.
    func changedPositions(_ before: [SQLiteValue], _ after: [SQLiteValue]) -> [Int] {
        columns.indices.filter { !Self.same(before[$0], after[$0]) }
    }

    /// Refuses unless the row with `row`'s key holds `row`'s values in the columns at `positions` (every
    /// column when nil): what the change log says the row held, so that another process's change since
    /// is never written over.
    func expect(_ row: [SQLiteValue], at positions: [Int]? = nil, on connection: Connection) throws {
        guard let current = try self.current(row, on: connection) else {
            throw ChangedSince(table: table, reason: "\(describe(row)) is gone (deleted since by someone else)")
        }
        for position in positions ?? Array(columns.indices) where !Self.same(current[position], row[position]) {
            throw ChangedSince(table: table, reason: "\(describe(row)) was changed since by someone else "
                               + "(its \(names[position]) is \(Self.shown(current[position])), not \(Self.shown(row[position])))")
        }
    }

    /// Refuses when a row with `row`'s key exists: it would be a different object that took the key since.
    func expectAbsent(_ row: [SQLiteValue], on connection: Connection) throws {
        if try current(row, on: connection) != nil {
            throw ChangedSince(table: table, reason: "\(describe(row)) exists again (made since by someone else)")
        }
    }

    /// The row with `row`'s key as it is now; nil when there is none.
    private func current(_ row: [SQLiteValue], on connection: Connection) throws -> [SQLiteValue]? {
        let statement = try connection.cachedStatement(selectText)
        defer { statement.reset() }
        try statement.bind(keyPositions.map { row[$0] })
        guard try statement.step() else { return nil }
        return columns.indices.map { statement.column($0) }
    }

    /// `Task 42`, `Task_tags (1, 0)`: a row by its class and key, for messages.
    func describe(_ row: [SQLiteValue]) -> String {
        ObjectKeyText.describe(className, keyPositions.map { row[$0] }, shown: Self.shown)
    }

    /// Two stored values are the same when SQLite holds the same bytes: text compared by its UTF-8 (not by
    /// Swift's canonical equivalence, which takes a decomposed é for a composed one), 1 and 1.0 differ.
    static func same(_ a: SQLiteValue, _ b: SQLiteValue) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)): x.utf8.elementsEqual(y.utf8)
        default: a == b
        }
    }

    /// A value in a message: its SQL literal, long text and data cut short.
    static func shown(_ value: SQLiteValue) -> String {
        switch value {
        case .blob(let bytes) where bytes.count > 16: "<\(bytes.count) bytes>"
        case .text(let text) where text.count > 40: quoteLiteral(String(text.prefix(40)) + "…")
        default: value.sqlLiteral
        }
    }

    // MARK: - Writing

    /// Runs a statement kept prepared by the connection, `values` bound to `?1`, `?2`, …; it must change
    /// exactly one row.
    private func run(_ text: String, _ values: [SQLiteValue], on connection: Connection) throws {
        let statement = try connection.cachedStatement(text)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
        guard connection.changes == 1 else { throw ChangedSince(table: table, reason: "a \(table) row was changed since by someone else") }
    }

    /// A row is not as the change log left it: someone else changed it since; `reason` says how.
    struct ChangedSince: Error {
        let table: String
        let reason: String
    }
}
