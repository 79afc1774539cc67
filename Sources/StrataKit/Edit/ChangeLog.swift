import SQLiteKit

/// One row changed by an edit, with the statements that take it back and do it again.
public struct RowChange: Sendable, Equatable {
    public enum Kind: String, Sendable { case insert, update, delete }
    public var table: String
    public var kind: Kind
    /// Puts the row back as it was before the change.
    public var undo: String
    /// Makes the change again.
    public var redo: String
}

/// Records every row an edit changes, including what foreign-key actions and the schema's own triggers
/// change in its wake: a TEMP trigger after each INSERT, UPDATE and DELETE of every table writes the
/// statement that undoes the change and the one that redoes it into a TEMP table (the approach of
/// https://www.sqlite.org/undoredo.html, with both directions kept so that replaying needs no triggers).
///
/// TEMP objects live in the connection, never in the file. The log is written inside the edit's own
/// transaction, so a failed edit leaves no entries.
final class ChangeLog {
    let connection: Connection
    static let table = "strata_change_log"

    /// The CREATE TEMP TRIGGER statements, kept to put the triggers back after `suspended`.
    private var triggers: [String] = []

    init(connection: Connection, schema: Schema) throws {
        self.connection = connection
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS \(Self.table) (seq INTEGER PRIMARY KEY, tbl TEXT, kind TEXT, undo TEXT, redo TEXT)")
        var number = 0
        for info in schema.classes where info.kind != .view && !info.isVirtual && !info.tableName.lowercased().hasPrefix("sqlite_") {
            number += 1
            triggers += try Self.triggers(for: info, number: number, connection: connection)
        }
        try install()
    }

    private func install() throws {
        for statement in triggers { try connection.execute(statement) }
    }

    /// Runs `body` without the recording triggers: replaying thousands of recorded statements would
    /// otherwise compile the triggers into every one of them (SQLite does so even with triggers turned
    /// off), which costs twenty times the statement itself.
    func suspended<T>(_ body: () throws -> T) throws -> T {
        for name in try connection.rows("SELECT name FROM temp.sqlite_schema WHERE type = 'trigger' AND name LIKE 'strata\\_log\\_%' ESCAPE '\\'") {
            try connection.execute("DROP TRIGGER temp.\(quoteIdentifier(name[0].string ?? ""))")
        }
        defer { try? install() }
        return try body()
    }

    /// The number of the newest entry: what `changes(since:)` starts after.
    func mark() throws -> Int64 {
        try connection.scalar("SELECT coalesce(max(seq), 0) FROM \(Self.table)").int64 ?? 0
    }

    /// The changes recorded after `mark`, oldest first; they are taken out of the log.
    func changes(since mark: Int64) throws -> [RowChange] {
        let rows = try connection.rows("SELECT tbl, kind, undo, redo FROM \(Self.table) WHERE seq > ?1 ORDER BY seq", [.integer(mark)])
        try connection.execute("DELETE FROM \(Self.table) WHERE seq > ?1", [.integer(mark)])
        return rows.map { row in
            RowChange(table: row[0].string ?? "", kind: RowChange.Kind(rawValue: row[1].string ?? "") ?? .update,
                      undo: row[2].string ?? "", redo: row[3].string ?? "")
        }
    }

    /// The three TEMP triggers that record the changes of one table.
    static func triggers(for info: ClassInfo, number: Int, connection: Connection) throws -> [String] {
        let table = info.tableName
        // Stored columns only: generated ones are computed again by SQLite.
        let columns = try connection.rows(
            "SELECT name FROM pragma_table_xinfo(?1) WHERE hidden = 0 ORDER BY cid", [.text(table)])
        let names = columns.map { $0[0].string ?? "" }
        // What finds the row again: the rowid, or the primary key of a WITHOUT ROWID table.
        let keys: [String]
        var stored = names.map(quoteIdentifier)
        if info.hasRowID {
            keys = ["rowid"]
            if info.rowIDAlias == nil { stored.insert("rowid", at: 0) }
        } else {
            keys = info.primaryKey.map(quoteIdentifier)
        }
        let target = quoteIdentifier(table)
        func values(_ row: String) -> String {
            stored.map { quoted("\(row).\($0)") }.joined(separator: " || ',' || ")
        }
        func match(_ row: String) -> String {
            keys.map { "'\(escaped($0))=' || \(quoted("\(row).\($0)"))" }.joined(separator: " || ' AND ' || ")
        }
        func assignments(_ row: String) -> String {
            stored.map { "'\(escaped($0))=' || \(quoted("\(row).\($0)"))" }.joined(separator: " || ',' || ")
        }
        let columnList = escaped(stored.joined(separator: ","))
        let insert = "'INSERT INTO \(escaped(target))(\(columnList)) VALUES(' || "
        let delete = "'DELETE FROM \(escaped(target)) WHERE ' || "
        let update = "'UPDATE \(escaped(target)) SET ' || "
        let log = "INSERT INTO \(Self.table)(tbl, kind, undo, redo) VALUES(\(sqlLiteral(table)), "
        let prefix = "CREATE TEMP TRIGGER IF NOT EXISTS strata_log_\(number)"
        return [
            "\(prefix)_insert AFTER INSERT ON main.\(target) BEGIN \(log)'insert', \(delete)\(match("new")), \(insert)\(values("new")) || ')'); END",
            "\(prefix)_update AFTER UPDATE ON main.\(target) BEGIN \(log)'update', \(update)\(assignments("old")) || ' WHERE ' || \(match("new")), "
                + "\(update)\(assignments("new")) || ' WHERE ' || \(match("old"))); END",
            "\(prefix)_delete AFTER DELETE ON main.\(target) BEGIN \(log)'delete', \(insert)\(values("old")) || ')', \(delete)\(match("old"))); END",
        ]
    }

    /// SQL that writes a value as an SQL literal that reads back exactly: quote(), except that infinities
    /// (which quote() writes as a bare `Inf`) become 9e999.
    private static func quoted(_ expression: String) -> String {
        "iif(typeof(\(expression)) = 'real' AND abs(\(expression)) = 9e999, iif(\(expression) > 0, '9e999', '-9e999'), quote(\(expression)))"
    }

    private static func escaped(_ text: String) -> String {
        text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
    }

    private static func sqlLiteral(_ text: String) -> String { "'" + escaped(text) + "'" }
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
        try Self.replay(entry.changes.reversed().map { ($0.undo, $0) }, on: connection, action: "undo \(entry.description)")
        undone.append(done.removeLast())
        return entry
    }

    /// Does the newest undone edit again.
    public mutating func redo(on connection: Connection) throws -> Entry {
        guard let entry = undone.last else { throw StrataError("nothing to redo") }
        try Self.replay(entry.changes.map { ($0.redo, $0) }, on: connection, action: "redo \(entry.description)")
        done.append(undone.removeLast())
        return entry
    }

    /// Runs recorded statements exactly, with the schema's triggers off (what they did the first time was
    /// recorded too) and foreign keys checked when the transaction commits: each statement must change its
    /// one row, and no link may be left pointing at nothing, else nothing at all is done.
    static func replay(_ statements: [(String, RowChange)], on connection: Connection, action: String) throws {
        try connection.setTriggersEnabled(false)
        defer { try? connection.setTriggersEnabled(true) }
        do {
            try connection.transaction(.immediate) {
                // Rows come back one at a time: a link may point at a row restored a moment later.
                try connection.execute("PRAGMA defer_foreign_keys = ON")
                for (sql, change) in statements {
                    try connection.execute(sql)
                    guard connection.changes == 1 else {
                        throw StrataError("cannot \(action): a \(change.table) row it changed was changed since by someone else; nothing was done")
                    }
                }
            }
        } catch ResultCode.constraint {
            throw StrataError("cannot \(action): the objects it touched were changed since by someone else; nothing was done")
        }
    }
}
