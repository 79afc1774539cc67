import SQLiteKit
import StrataCore

/// One row changed by an edit: its table, and the row's stored values before and after (empty for the side
/// that did not exist), each value exactly as SQLite held it.
public struct RowChange: Sendable {
    public enum Kind: Int64, Sendable { case insert, update, delete }
    public var kind: Kind
    public var old: [SQLiteValue]
    public var new: [SQLiteValue]
    let layout: TableLayout

    public var table: String { layout.table }

    /// Puts the row back as it was before the change.
    func undo(on connection: Connection) throws {
        switch kind {
        case .insert: try layout.delete(key: layout.key(of: new), on: connection)
        case .update: try layout.update(to: old, from: new, on: connection)
        case .delete: try layout.insert(old, on: connection)
        }
    }

    /// Makes the change again.
    func redo(on connection: Connection) throws {
        switch kind {
        case .insert: try layout.insert(new, on: connection)
        case .update: try layout.update(to: new, from: old, on: connection)
        case .delete: try layout.delete(key: layout.key(of: old), on: connection)
        }
    }
}

/// How the change log stores the rows of one table: its stored columns (generated ones are computed again
/// by SQLite), with `rowid` first when no column is the rowid itself, and what finds a row again: the
/// rowid, or the primary key of a WITHOUT ROWID table.
final class TableLayout: Sendable {
    let table: String
    let columns: [String]
    /// The positions in `columns` of the key's values.
    let keyPositions: [Int]
    let keyColumns: [String]

    init(_ info: ClassInfo, connection: Connection) throws {
        table = info.tableName
        var columns = try connection.rows("SELECT name FROM pragma_table_xinfo(?1) WHERE hidden = 0 ORDER BY cid", [.text(table)])
            .map { quoteIdentifier($0[0].string ?? "") }
        if let alias = info.rowIDAlias {
            keyPositions = [columns.firstIndex(of: quoteIdentifier(alias)) ?? 0]
            keyColumns = [quoteIdentifier(alias)]
        } else if let rowID = info.rowIDName {
            columns.insert(rowID, at: 0)
            keyPositions = [0]
            keyColumns = [rowID]
        } else if !info.primaryKey.isEmpty {
            keyPositions = info.primaryKey.compactMap { columns.firstIndex(of: quoteIdentifier($0)) }
            keyColumns = info.primaryKey.map(quoteIdentifier)
        } else {
            throw StrataError("\(info.name) has no key: it has no primary key, and its columns take the names rowid, oid and _rowid_")
        }
        self.columns = columns
    }

    func key(of row: [SQLiteValue]) -> [SQLiteValue] { keyPositions.map { row[$0] } }

    private var whereKey: String {
        keyColumns.enumerated().map { "\($1) = ?\(columns.count + $0 + 1)" }.joined(separator: " AND ")
    }

    func insert(_ row: [SQLiteValue], on connection: Connection) throws {
        let places = (1...columns.count).map { "?\($0)" }.joined(separator: ", ")
        try run("INSERT INTO \(quoteIdentifier(table)) (\(columns.joined(separator: ", "))) VALUES (\(places))", row, on: connection)
    }

    /// Writes only the columns that differ between the two images: less to do (a rowid left alone is not
    /// moved), and a change another process made to other columns since is kept.
    func update(to row: [SQLiteValue], from current: [SQLiteValue], on connection: Connection) throws {
        let changed = columns.indices.filter { row[$0] != current[$0] }
        guard !changed.isEmpty else { return }
        let set = changed.map { "\(columns[$0]) = ?\($0 + 1)" }.joined(separator: ", ")
        var values = row.enumerated().map { changed.contains($0.offset) ? $0.element : SQLiteValue.null }
        values += key(of: current)
        try run("UPDATE \(quoteIdentifier(table)) SET \(set) WHERE \(whereKey)", values, on: connection)
    }

    func delete(key: [SQLiteValue], on connection: Connection) throws {
        // The key's parameters are numbered after the columns', as in `update`.
        let unused = Array(repeating: SQLiteValue.null, count: columns.count)
        try run("DELETE FROM \(quoteIdentifier(table)) WHERE \(whereKey)", unused + key, on: connection, bindFrom: columns.count)
    }

    /// Runs a statement kept prepared by the connection; it must change exactly one row.
    private func run(_ sql: String, _ values: [SQLiteValue], on connection: Connection, bindFrom first: Int = 0) throws {
        let statement = try connection.cachedStatement(sql)
        defer { statement.reset() }
        for index in first..<values.count { try statement.bind(values[index], at: index + 1) }
        while try statement.step() {}
        guard connection.changes == 1 else { throw ChangedSince(table: table) }
    }

    struct ChangedSince: Error { let table: String }
}

/// Records every row an edit changes, including what foreign-key actions and the schema's own triggers
/// change in its wake: a TEMP trigger after each INSERT, UPDATE and DELETE of every table copies the row's
/// values before and after into a TEMP table (as https://www.sqlite.org/undoredo.html records changes, but
/// with values rather than SQL text: copying them costs far less than quoting them, and they replay through
/// prepared statements).
///
/// TEMP objects live in the connection, never in the file. The log is written inside the edit's own
/// transaction, so a failed edit leaves no entries.
final class ChangeLog {
    let connection: Connection
    static let table = "strata_change_log"
    private var layouts: [TableLayout] = []
    /// The log's width: old values in o0…, new values in n0….
    private var width = 0
    /// The CREATE TEMP TRIGGER statements, kept to put the triggers back after `suspended`.
    private var triggers: [String] = []

    init(connection: Connection, schema: Schema) throws {
        self.connection = connection
        // A table whose rows SQL cannot find again (no primary key, every rowid name a column) is not
        // recorded: the editor refuses to edit it.
        for info in schema.classes where info.kind != .view && !info.isVirtual && !info.tableName.lowercased().hasPrefix("sqlite_")
            && info.objectKey != .none
        {
            layouts.append(try TableLayout(info, connection: connection))
        }
        width = max(1, layouts.map(\.columns.count).max() ?? 1)
        // A log left by an earlier editor on this connection (write off, then on) may have another width.
        try removeTriggers()
        try connection.execute("DROP TABLE IF EXISTS temp.\(Self.table)")
        let images = (0..<width).map { "o\($0)" } + (0..<width).map { "n\($0)" }
        try connection.execute("CREATE TEMP TABLE \(Self.table) (seq INTEGER PRIMARY KEY, tbl INTEGER, kind INTEGER, \(images.joined(separator: ", ")))")
        for (number, layout) in layouts.enumerated() { triggers += Self.triggers(for: layout, number: number) }
        try install()
    }

    private func install() throws {
        for statement in triggers { try connection.execute(statement) }
    }

    private func removeTriggers() throws {
        for name in try connection.rows("SELECT name FROM temp.sqlite_schema WHERE type = 'trigger' AND name LIKE 'strata\\_log\\_%' ESCAPE '\\'") {
            try connection.execute("DROP TRIGGER temp.\(quoteIdentifier(name[0].string ?? ""))")
        }
    }

    /// Runs `body` without the recording triggers: replaying thousands of recorded statements would
    /// otherwise compile the triggers into each of them (SQLite does so even with triggers turned off).
    func suspended<T>(_ body: () throws -> T) throws -> T {
        try removeTriggers()
        defer { try? install() }
        return try body()
    }

    /// The number of the newest entry: what `changes(since:)` starts after.
    func mark() throws -> Int64 {
        try connection.scalar("SELECT coalesce(max(seq), 0) FROM \(Self.table)").int64 ?? 0
    }

    /// The changes recorded after `mark`, oldest first; they are taken out of the log.
    func changes(since mark: Int64) throws -> [RowChange] {
        let statement = try connection.prepare("SELECT * FROM \(Self.table) WHERE seq > ?1 ORDER BY seq")
        try statement.bind([.integer(mark)])
        var changes: [RowChange] = []
        while try statement.step() {
            let layout = layouts[Int(statement.column(1).int64 ?? 0)]
            let kind = RowChange.Kind(rawValue: statement.column(2).int64 ?? 0) ?? .update
            func image(_ offset: Int) -> [SQLiteValue] {
                (0..<layout.columns.count).map { statement.column(3 + offset + $0) }
            }
            changes.append(RowChange(kind: kind, old: kind == .insert ? [] : image(0), new: kind == .delete ? [] : image(width), layout: layout))
        }
        try connection.execute("DELETE FROM \(Self.table) WHERE seq > ?1", [.integer(mark)])
        return changes
    }

    /// The three TEMP triggers that record the changes of one table.
    static func triggers(for layout: TableLayout, number: Int) -> [String] {
        let target = "main." + quoteIdentifier(layout.table)
        func names(_ prefix: String) -> String { layout.columns.indices.map { "\(prefix)\($0)" }.joined(separator: ", ") }
        func values(_ row: String) -> String { layout.columns.map { "\(row).\($0)" }.joined(separator: ", ") }
        let log = "INSERT INTO \(Self.table) (tbl, kind, "
        let name = "CREATE TEMP TRIGGER strata_log_\(number)"
        return [
            "\(name)_insert AFTER INSERT ON \(target) BEGIN \(log)\(names("n"))) VALUES (\(number), 0, \(values("new"))); END",
            "\(name)_update AFTER UPDATE ON \(target) BEGIN \(log)\(names("o")), \(names("n"))) VALUES (\(number), 1, \(values("old")), \(values("new"))); END",
            "\(name)_delete AFTER DELETE ON \(target) BEGIN \(log)\(names("o"))) VALUES (\(number), 2, \(values("old"))); END",
        ]
    }
}

/// The session's edits, newest last, and the ones undone, for `undo` and `redo`.
public struct UndoStack {
    public struct Entry: Sendable {
        /// What the edit did, as `undo` and `redo` say it: `set Task 42 name`.
        public var description: String
        public var changes: [RowChange]
    }

    public private(set) var done: [Entry] = []
    public private(set) var undone: [Entry] = []

    public init() {}

    mutating func record(_ entry: Entry) {
        guard !entry.changes.isEmpty else { return }
        done.append(entry)
        undone.removeAll()
    }

    /// Takes the newest edit back: its changes' inverses, newest first, in one transaction.
    public mutating func undo(on connection: Connection) throws -> Entry {
        guard let entry = done.last else { throw StrataError("nothing to undo") }
        try Self.replay(on: connection, action: "undo \(entry.description)") {
            for change in entry.changes.reversed() { try change.undo(on: connection) }
        }
        undone.append(done.removeLast())
        return entry
    }

    /// Does the newest undone edit again.
    public mutating func redo(on connection: Connection) throws -> Entry {
        guard let entry = undone.last else { throw StrataError("nothing to redo") }
        try Self.replay(on: connection, action: "redo \(entry.description)") {
            for change in entry.changes { try change.redo(on: connection) }
        }
        done.append(undone.removeLast())
        return entry
    }

    /// Puts recorded rows back exactly, with the schema's triggers off (what they did the first time was
    /// recorded too) and foreign keys checked when the transaction commits: each row must be where it was
    /// left, and no link may be left pointing at nothing, else nothing at all is done.
    static func replay(on connection: Connection, action: String, _ body: () throws -> Void) throws {
        try connection.setTriggersEnabled(false)
        defer { try? connection.setTriggersEnabled(true) }
        do {
            try connection.transaction(.immediate) {
                // Rows come back one at a time: a link may point at a row restored a moment later.
                try connection.execute("PRAGMA defer_foreign_keys = ON")
                try body()
            }
        } catch let changed as TableLayout.ChangedSince {
            throw StrataError("cannot \(action): a \(changed.table) row it changed was changed since by someone else; nothing was done")
        } catch ResultCode.constraint {
            throw StrataError("cannot \(action): the objects it touched were changed since by someone else; nothing was done")
        }
    }
}
