import SQLiteKit

/// One row changed by an edit: its table, and the row's stored values before and after (empty for the side
/// that did not exist), each value exactly as SQLite held it.
public struct RowChange: Sendable {
    public enum Kind: Int64, Sendable { case insert, update, delete }
    public var kind: Kind
    public var old: [SQLiteValue]
    public var new: [SQLiteValue]
    let layout: TableLayout

    public var table: String { layout.table }

    /// Puts the row back as it was before the change, once it is checked to hold what the change left:
    /// an inserted row all its values, an updated row the columns the update wrote, a deleted row's key
    /// no row at all.
    ///
    /// - Throws: `TableLayout.ChangedSince` naming the first difference, before anything is written.
    func undo(on connection: Connection) throws {
        switch kind {
        case .insert:
            try layout.expect(new, on: connection)
            try layout.delete(new, on: connection)
        case .update:
            try layout.expect(new, at: layout.changedPositions(old, new), on: connection)
            try layout.update(to: old, from: new, on: connection)
        case .delete:
            try layout.expectAbsent(old, on: connection)
            try layout.insert(old, on: connection)
        }
    }

    /// Makes the change again, once the row is checked to hold what the undo left, as `undo` checks.
    func redo(on connection: Connection) throws {
        switch kind {
        case .insert:
            try layout.expectAbsent(new, on: connection)
            try layout.insert(new, on: connection)
        case .update:
            try layout.expect(old, at: layout.changedPositions(old, new), on: connection)
            try layout.update(to: new, from: old, on: connection)
        case .delete:
            try layout.expect(old, on: connection)
            try layout.delete(old, on: connection)
        }
    }
}
