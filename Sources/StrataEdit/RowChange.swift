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

    /// Puts the row back as it was before the change.
    func undo(on connection: Connection) throws {
        switch kind {
        case .insert: try layout.delete(new, on: connection)
        case .update: try layout.update(to: old, from: new, on: connection)
        case .delete: try layout.insert(old, on: connection)
        }
    }

    /// Makes the change again.
    func redo(on connection: Connection) throws {
        switch kind {
        case .insert: try layout.insert(new, on: connection)
        case .update: try layout.update(to: new, from: old, on: connection)
        case .delete: try layout.delete(old, on: connection)
        }
    }
}
