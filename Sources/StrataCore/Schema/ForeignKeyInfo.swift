/// A FOREIGN KEY constraint (`pragma_foreign_key_list`).
public struct ForeignKeyInfo: Sendable, Equatable {
    public var columns: [String]
    public var targetTable: String
    /// The referenced columns; empty means the target's primary key.
    public var targetColumns: [String]
    public var onUpdate: ForeignKeyAction
    public var onDelete: ForeignKeyAction

    public init(columns: [String], targetTable: String, targetColumns: [String], onUpdate: ForeignKeyAction,
                onDelete: ForeignKeyAction)
    {
        self.columns = columns
        self.targetTable = targetTable
        self.targetColumns = targetColumns
        self.onUpdate = onUpdate
        self.onDelete = onDelete
    }
}

/// What a foreign key does to the rows that point at a row deleted or updated, as SQLite spells it.
///
/// See https://www.sqlite.org/foreignkeys.html#fk_actions
public enum ForeignKeyAction: String, Sendable {
    case noAction = "NO ACTION"
    case restrict = "RESTRICT"
    case setNull = "SET NULL"
    case setDefault = "SET DEFAULT"
    case cascade = "CASCADE"

    /// The action a pragma row names; NO ACTION for anything else.
    public init(pragma text: String?) {
        self = text.flatMap { ForeignKeyAction(rawValue: $0.uppercased()) } ?? .noAction
    }

    /// `on delete set null`: how `schema` writes it.
    public var phrase: String { rawValue.lowercased() }
}
