import SQLiteKit
import StrataCore

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
        do {
            try connection.transaction(.immediate) {
                // Rows come back one at a time: a link may point at a row restored a moment later.
                try connection.execute("PRAGMA defer_foreign_keys = ON")
                try connection.setTriggersEnabled(false)
                // Turned on again before the commit: if that fails, the replay is rolled back with it.
                try withCleanup({ try connection.setTriggersEnabled(true) }, body)
            }
        } catch let changed as TableLayout.ChangedSince {
            throw StrataError("cannot \(action): \(changed.reason); nothing was done")
        } catch ResultCode.constraint {
            throw StrataError("cannot \(action): the objects it touched were changed since by someone else; nothing was done")
        }
    }
}
