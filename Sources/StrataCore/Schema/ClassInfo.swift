import SQLiteKit

/// A class: a table or view seen as a collection of objects.
public struct ClassInfo: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case table, view
        /// A Core Data entity's table.
        case entity
    }

    /// The name users type: the table name, or the entity name for Core Data.
    public var name: String
    /// The table or view that stores the objects.
    public var tableName: String
    public var kind: Kind
    public var properties: [Property]
    /// The primary key columns in key order; empty when objects are identified by rowid.
    public var primaryKey: [String]
    /// False for WITHOUT ROWID tables and views.
    public var hasRowID: Bool
    public var isStrict: Bool
    /// A virtual table (FTS, R-Tree, …), readable only when its module is built in.
    public var isVirtual: Bool
    /// Internal to SQLite, Strata or a framework; listed only with `--all`.
    public var isHidden: Bool
    public var indexes: [IndexInfo]
    /// Foreign keys that did not become links (composite, or to a column that is not a key).
    public var otherForeignKeys: [ForeignKeyInfo]
    /// The CREATE statement from `sqlite_schema`.
    public var sql: String?
    /// For a Strata list table: the list property it stores.
    public var listOf: String?
    /// The list tables of this class's list properties, by property name.
    public var listTables: [String: String] = [:]

    public init(name: String, kind: Kind, properties: [Property] = [], primaryKey: [String] = [],
                hasRowID: Bool = true, isStrict: Bool = false, isVirtual: Bool = false, isHidden: Bool = false,
                indexes: [IndexInfo] = [], otherForeignKeys: [ForeignKeyInfo] = [], sql: String? = nil)
    {
        self.name = name
        self.tableName = name
        self.kind = kind
        self.properties = properties
        self.primaryKey = primaryKey
        self.hasRowID = hasRowID
        self.isStrict = isStrict
        self.isVirtual = isVirtual
        self.isHidden = isHidden
        self.indexes = indexes
        self.otherForeignKeys = otherForeignKeys
        self.sql = sql
    }

    public func property(named name: String) -> Property? {
        properties.first { $0.name == name }
    }

    /// Views and virtual tables cannot be edited.
    public var isReadOnly: Bool { kind == .view || isVirtual }

    /// The INTEGER PRIMARY KEY column, which is the rowid itself; nil when there is none.
    public var rowIDAlias: String? {
        guard hasRowID, primaryKey.count == 1, property(named: primaryKey[0])?.declaredType.uppercased() == "INTEGER" else { return nil }
        return primaryKey[0]
    }

    /// The name SQL reaches the rowid by: `rowid`, `oid` or `_rowid_`, the first that no column takes (SQLite
    /// lets a column shadow each); nil for WITHOUT ROWID tables, views, and tables whose columns take all three.
    public var rowIDName: String? {
        guard hasRowID else { return nil }
        let columns = Set(properties.compactMap { $0.column?.lowercased() })
        return ObjectKey.rowIDNames.first { !columns.contains($0) }
    }

    /// The rowid as SQL: its INTEGER PRIMARY KEY column (quoted), else the first rowid name no column takes;
    /// nil when SQL cannot reach it.
    public var rowIDSQL: String? {
        rowIDAlias.map(quoteIdentifier) ?? rowIDName
    }

    /// How a user names one object: the primary key, else the rowid.
    public var objectKey: ObjectKey {
        if !primaryKey.isEmpty { return .columns(primaryKey) }
        return rowIDName.map { .rowid(name: $0) } ?? .none
    }
}

/// An index on a table (`pragma_index_list`, `pragma_index_xinfo`).
public struct IndexInfo: Sendable, Equatable {
    public var name: String
    /// Key columns in order; an expression column reads `<expression>`.
    public var columns: [String]
    public var isUnique: Bool
    public var origin: Origin
    public var isPartial: Bool
    /// True when a key column is an expression rather than a column.
    public var hasExpressions: Bool
    /// The CREATE INDEX statement; nil for indexes made by constraints.
    public var sql: String?

    /// How an index came to be, as `pragma_index_list` says it.
    public enum Origin: String, Sendable {
        /// `c`: CREATE INDEX.
        case createIndex = "c"
        /// `u`: a UNIQUE constraint.
        case unique = "u"
        /// `pk`: the PRIMARY KEY of a table that is not its rowid.
        case primaryKey = "pk"
    }

    public init(name: String, columns: [String], isUnique: Bool, origin: Origin, isPartial: Bool,
                hasExpressions: Bool, sql: String?)
    {
        self.name = name
        self.columns = columns
        self.isUnique = isUnique
        self.origin = origin
        self.isPartial = isPartial
        self.hasExpressions = hasExpressions
        self.sql = sql
    }
}

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

/// The whole schema of a database as classes.
public struct Schema: Sendable, Equatable {
    /// Every class, visible and hidden, sorted by name.
    public var classes: [ClassInfo]
    /// True when the file is a Core Data store.
    public var isCoreData: Bool

    public init(classes: [ClassInfo], isCoreData: Bool = false) {
        self.classes = classes
        self.isCoreData = isCoreData
    }

    public var visibleClasses: [ClassInfo] { classes.filter { !$0.isHidden } }

    /// The class with this exact name.
    public func `class`(named name: String) -> ClassInfo? {
        classes.first { $0.name == name }
    }

    /// The class a user named: exact, else the only one that matches ignoring case.
    ///
    /// - Parameters:
    ///   - includeHidden: also look among internal tables (list tables, framework metadata) by any
    ///     spelling; without it, a hidden table is found only by its exact name.
    ///   - file: the database, for the message.
    /// - Throws: `StrataError` naming the class and the file, with the nearest name as a hint.
    public func findClass(_ name: String, includeHidden: Bool, in file: String) throws -> ClassInfo {
        let candidates = includeHidden ? classes : classes.filter { !$0.isHidden || $0.name == name }
        if let exact = candidates.first(where: { $0.name == name }) { return exact }
        let folded = candidates.filter { $0.name.lowercased() == name.lowercased() }
        if folded.count == 1 { return folded[0] }
        throw StrataError("unknown class '\(name)' in \(file)" + Suggestion.hint(for: name, in: candidates.map(\.name)))
    }
}
