import SQLiteKit

/// A class: a table or view seen as a collection of objects.
public struct ClassInfo: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case table, view
        /// A Core Data entity's table.
        case entity
        /// A Realm embedded class (converted from a `.realm` file): its objects belong to the object that links to them.
        case embedded
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
    /// Where the elements of this class's list properties are, by property name.
    public var lists: [String: ListStorage] = [:]
    /// Where the elements of this class's lists, sets and dictionaries of values (and sets of objects) are, by
    /// property name.
    public var collections: [String: ValueCollection] = [:]
    /// Where the class comes from beyond its table or view, as its store's conventions made it.
    public enum Origin: Sendable, Equatable {
        /// A table or view as SQLite holds it.
        case table
        /// A Core Data entity: its number, its parent and the entity numbers its objects may have.
        case coreDataEntity(EntityFacts)
        /// A table that stores a list, set or dictionary property of another class (Strata's `<Class>_<property>`,
        /// Core Data's `Z_<n><NAME>`): the class that owns it and the property.
        case listTable(owner: String, property: String)
    }

    public var origin: Origin = .table

    /// For a Core Data entity, its facts (`Origin.coreDataEntity`); nil for any other class.
    public var entity: EntityFacts? {
        get { if case .coreDataEntity(let facts) = origin { facts } else { nil } }
        set { origin = newValue.map(Origin.coreDataEntity) ?? .table }
    }

    /// For a list table, the list property it stores (`Origin.listTable`); nil for any other class.
    public var listOf: String? { if case .listTable(_, let property) = origin { property } else { nil } }
    /// For a list table, the class that owns the list.
    public var listOwner: String? { if case .listTable(let owner, _) = origin { owner } else { nil } }

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

    /// The condition that picks this class's objects out of a table it shares with other entities (a sub-entity
    /// in its root's table): `t0."Z_ENT" IN (2, 3)`; nil for a class that has its table to itself.
    public func entityCondition(alias: TableAlias?) -> SQL? {
        guard let entity, entity.sharesTable else { return nil }
        let members = entity.members.map { SQL.literal(.integer($0)) }
        return "\(SQL.column("Z_ENT", of: alias)) IN \(parenthesized: members.joined(separator: ", "))"
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

    /// The rowid as SQL: its INTEGER PRIMARY KEY column, else the first rowid name no column takes; nil when
    /// SQL cannot reach it.
    public func rowIDColumn(of alias: TableAlias? = nil) -> SQL? {
        rowIDAlias.map { .column($0, of: alias) } ?? rowIDName.map { .rowID($0, of: alias) }
    }

    /// How a user names one object: the primary key, else the rowid.
    public var objectKey: ObjectKey {
        if !primaryKey.isEmpty { return .columns(primaryKey) }
        return rowIDName.map { .rowid(name: $0) } ?? .none
    }
}


/// A Core Data entity's place in its store.
public struct EntityFacts: Sendable, Equatable {
    /// Its `Z_ENT` number, as Core Data numbers the model's entities (`CoreDataMapping.entityNumbers`); 0 when unknown.
    public var number: Int64
    /// Its own number and its sub-entities' numbers: the `Z_ENT` values of its objects.
    public var members: [Int64]
    public var parent: String?
    public var isAbstract: Bool
    /// A sub-entity, stored in its root's table among other entities' objects.
    public var sharesTable: Bool

    public init(number: Int64, members: [Int64], parent: String? = nil, isAbstract: Bool = false, sharesTable: Bool = false) {
        self.number = number
        self.members = members
        self.parent = parent
        self.isAbstract = isAbstract
        self.sharesTable = sharesTable
    }
}
