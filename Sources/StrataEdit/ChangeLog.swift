import SQLiteKit
import StrataCore

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
        // Sub-entities share their root's table: each table is recorded once, through the class that has it to itself.
        var tables: Set<String> = []
        let ordered = schema.classes.filter { $0.entity?.sharesTable != true } + schema.classes.filter { $0.entity?.sharesTable == true }
        for info in ordered where !info.isReadOnly && !info.tableName.lowercased().hasPrefix("sqlite_") && info.objectKey != .none {
            guard tables.insert(info.tableName.lowercased()).inserted else { continue }
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
            try connection.execute("DROP TRIGGER temp.\(identifier: name[0].string ?? "")" as SQL)
        }
    }

    /// Runs `body` without the recording triggers: replaying thousands of recorded statements would
    /// otherwise compile the triggers into each of them (SQLite does so even with triggers turned off).
    ///
    /// - Throws: `body`'s error, else the error of putting the triggers back (edits after it would go
    ///   unrecorded).
    func suspended<T>(_ body: () throws -> T) throws -> T {
        try removeTriggers()
        return try withCleanup(install, body)
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
        let target = ("main.\(identifier: layout.table)" as SQL).text
        func names(_ prefix: String) -> String { layout.columns.indices.map { "\(prefix)\($0)" }.joined(separator: ", ") }
        func values(_ row: String) -> String { layout.columns(of: TableAlias(row)).joined(separator: ", ").text }
        let log = "INSERT INTO \(Self.table) (tbl, kind, "
        let name = "CREATE TEMP TRIGGER strata_log_\(number)"
        return [
            "\(name)_insert AFTER INSERT ON \(target) BEGIN \(log)\(names("n"))) VALUES (\(number), 0, \(values("new"))); END",
            "\(name)_update AFTER UPDATE ON \(target) BEGIN \(log)\(names("o")), \(names("n"))) VALUES (\(number), 1, \(values("old")), \(values("new"))); END",
            "\(name)_delete AFTER DELETE ON \(target) BEGIN \(log)\(names("o"))) VALUES (\(number), 2, \(values("old"))); END",
        ]
    }
}
