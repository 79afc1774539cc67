/// The column types of a table's spec (realm-core `column_type.hpp`, `ColumnType`), the old-only ones included so
/// that they can be named when refused.
public enum RealmColumnType: Int, Sendable, Equatable, CustomStringConvertible {
    case int = 0, bool = 1, string = 2, oldStringEnum = 3, binary = 4, oldTable = 5, mixed = 6, oldDateTime = 7
    case timestamp = 8, float = 9, double = 10, decimal = 11, link = 12, linkList = 13, backlink = 14
    case objectId = 15, typedLink = 16, uuid = 17

    /// Realm's name for the type, as the SDKs and realm-core's JSON spell it.
    public var description: String {
        switch self {
        case .int: "int"
        case .bool: "bool"
        case .string: "string"
        case .oldStringEnum: "string enum"
        case .binary: "binary"
        case .oldTable: "subtable"
        case .mixed: "mixed"
        case .oldDateTime: "old datetime"
        case .timestamp: "timestamp"
        case .float: "float"
        case .double: "double"
        case .decimal: "decimal128"
        case .link, .linkList: "link"
        case .backlink: "backlink"
        case .objectId: "objectId"
        case .typedLink: "typedLink"
        case .uuid: "uuid"
        }
    }
}

/// Whether a property holds one value or a collection of them.
public enum RealmCollectionKind: Sendable, Equatable {
    case none, list, set
    /// A dictionary; its keys are of this type (realm-core allows only strings in the SDKs).
    case dictionary(keyType: RealmColumnType)

    public var isCollection: Bool { self != .none }
}

/// One public column of a table: a property of its class.
public struct RealmColumn: Sendable, Equatable {
    /// The property's name.
    public let name: String
    /// The element type (a link list is `.link` with a list collection).
    public let type: RealmColumnType
    public let collection: RealmCollectionKind
    public let isNullable: Bool
    public let isIndexed: Bool
    public let isPrimaryKey: Bool
    /// The column key (realm-core `ColKey`): the low 16 bits are the column's slot in every cluster leaf, less one.
    public let key: Int64
    /// For links: the index of the target table in the group.
    public let targetTable: Int?
    /// The position in the spec (for the enum-keys array).
    public let specIndex: Int
    /// How a column of a file of format 2–9 is stored; nil in formats 10–24.
    public var legacy: RealmLegacyColumn? = nil
    /// A full-text index (`ColumnAttr` 256, realm-core 13 on): the words of a string property, which `TEXT` searches.
    public var isFullTextIndexed = false

    /// The slot of this column's array in a cluster leaf.
    public var leafSlot: Int { Int(key & 0xFFFF) + 1 }
}

/// What a table is for the object store (realm-core `Table::Type`, table top slot 12).
public enum RealmTableKind: Sendable, Equatable {
    case topLevel, embedded, asymmetric
}

/// One table of the group: its spec, primary key and cluster tree.
public struct RealmTable: Sendable, Equatable {
    /// The slot in the group's table array.
    public let index: Int
    /// The name as stored (`class_Person`, `metadata`, `pk`…).
    public let name: String
    public let kind: RealmTableKind
    public let columns: [RealmColumn]
    /// The index in `columns` of the primary key, if any.
    public let primaryKey: Int?
    /// The root of the cluster tree (nil for a table that never held an object).
    public let clusterRoot: UInt64?
    /// The number of objects, from the cluster tree's root.
    public let objectCount: Int
    /// Per spec column: the ref of its enumerated-string keys, when the column is enumerated.
    let enumKeys: [Int: UInt64]
    /// The table's spec (0 for tables made in tests).
    var specRef: UInt64 = 0
    /// Formats 2–9: the array of the table's column refs (one per column, and one more after each indexed
    /// column for its search index); nil for a table of formats 10–24, or an old one without columns.
    public var legacyColumns: UInt64? = nil

    /// The spec positions of the enumerated string columns (their values are indexes into a key list).
    public var enumKeysColumns: Set<Int> { Set(enumKeys.keys) }

    /// The class name for object-store tables (`class_Person` → `Person`), nil for internal tables.
    public var className: String? {
        name.hasPrefix("class_") && name.count > 6 ? String(name.dropFirst(6)) : nil
    }
}

/// The tables of a file, as the object store lays them out.
public struct RealmSchema: Sendable, Equatable {
    public let fileFormat: Int
    public let tables: [RealmTable]
    /// The schema version from the `metadata` table, if there is one.
    public let schemaVersion: Int64?

    /// The tables that are classes (`class_…`), in the group's order.
    public var classes: [RealmTable] { tables.filter { $0.className != nil } }

    public func table(named name: String) -> RealmTable? { tables.first { $0.name == name } }
    public func table(at index: Int) -> RealmTable? { tables.first { $0.index == index } }
}

extension RealmFileReader {
    /// Reads every table's spec, primary key, kind and object count, and the schema version.
    /// - Throws: `RealmReadError` naming the table and what is wrong in its top array or spec.
    public func schema() throws -> RealmSchema {
        let group = try groupTop()
        var tables: [RealmTable] = []
        // Each table has nodes of its own: two tables sharing a top, spec or cluster root would make reading every
        // table more work than the file holds. (Sharing further down stops at the byte budget of the one walk a
        // whole-file reader such as `strata convert` keeps across tables; see `forEachLeaf(in:columns:walk:_:)`.)
        var owners: [UInt64: String] = [:]
        func claim(_ ref: UInt64?, _ table: String) throws {
            guard let ref else { return }
            if let other = owners.updateValue(table, forKey: ref) {
                throw RealmReadError(.damaged, "\(name): node at offset \(ref): tables \(other) and \(table) both use it; refs are shared or overlap")
            }
        }
        for slot in group.tables {
            guard let ref = slot.ref else { continue }
            let table = try table(slot, ref: ref, tableCount: group.tables.count)
            let label = slot.name.isEmpty ? String(slot.index) : slot.name
            try claim(ref, label)
            try claim(table.specRef, label)
            try claim(table.clusterRoot, label)
            try claim(table.legacyColumns, label)
            tables.append(table)
        }
        if header.isLegacyLayout { tables = try withLegacyPrimaryKeys(tables) }
        var version: Int64?
        if let metadata = tables.first(where: { $0.name == "metadata" }),
           let column = metadata.columns.first(where: { $0.name == "version" && $0.type == .int && !$0.collection.isCollection })
        {
            try forEachObject(in: metadata, columns: [column]) { _, values in
                if case .int(let value) = values[0], version == nil { version = value }
            }
        }
        return RealmSchema(fileFormat: header.fileFormat, tables: tables, schemaVersion: version)
    }

    private func table(_ slot: RealmGroupTop.Table, ref: UInt64, tableCount: Int) throws -> RealmTable {
        if header.isLegacyLayout { return try legacyTable(slot, ref: ref, tableCount: tableCount) }
        let what = "table \(slot.name.isEmpty ? String(slot.index) : slot.name)"
        let top = try array(at: ref)
        guard top.header.hasRefs, top.count >= 12 else {
            throw top.error("the top array of \(what) has \(top.count) slots\(top.header.hasRefs ? "" : " and no refs"), not 12 or more")
        }
        let spec = try array(at: try top.ref(at: 0, "the spec of \(what)"))
        guard spec.header.hasRefs, spec.count >= 3 else {
            throw spec.error("the spec of \(what) has \(spec.count) slots, fewer than 3")
        }
        let types = try array(at: try spec.ref(at: 0, "column types"))
        let names = try array(at: try spec.ref(at: 1, "column names"))
        let attributes = try array(at: try spec.ref(at: 2, "column attributes"))
        guard spec.count >= 6, case .ref(let keysRef) = try spec.refOrTagged(at: 5) else {
            throw spec.error("the spec of \(what) has no column keys (slot 5): not a file format 10 or later table")
        }
        let keys = try array(at: keysRef)
        let columnCount = types.count
        guard attributes.count == columnCount, keys.count == columnCount, names.count <= columnCount else {
            throw spec.error("the spec of \(what) has \(columnCount) types, \(attributes.count) attributes, \(keys.count) keys and \(names.count) names")
        }
        var enumKeys: [Int: UInt64] = [:]
        if case .ref(let enumRef) = try spec.refOrTagged(at: 4) {
            let array = try array(at: enumRef)
            guard array.header.hasRefs || array.header.width == 0 else { throw array.error("the enum keys of \(what) have no refs") }
            for index in 0..<min(array.count, columnCount) where array.header.width > 0 {
                if case .ref(let keys) = try array.refOrTagged(at: index) { enumKeys[index] = keys }
            }
        }
        let primaryKeyColumn = try top.refOrTagged(at: 11).tagged
        let opposite = try top.refOrTagged(at: 7).ref.map { try array(at: $0) }
        var kind = RealmTableKind.topLevel
        if top.count > 12, let flags = try top.refOrTagged(at: 12).tagged {
            switch flags & 3 {
            case 1: kind = .embedded
            case 2: kind = .asymmetric
            default: kind = .topLevel
            }
        }
        var columns: [RealmColumn] = []
        for index in 0..<names.count {
            let rawType = try types.integer(at: index)
            let key = try keys.integer(at: index)
            guard let nameBytes = try names.shortString(at: index, nullable: false),
                  let name = String(validatingUTF8Bytes: nameBytes), !name.isEmpty
            else { throw names.error("column name \(index) of \(what) is empty or not utf-8") }
            guard let type = RealmColumnType(rawValue: Int(rawType & 0xFFFF)) else {
                throw types.error("column \(name) of \(what) has type \(rawType & 0xFFFF), which is no realm column type")
            }
            guard key >= 0, Int(key & 0xFFFF) < 0xFFFF else {
                throw keys.error("column \(name) of \(what) has the column key \(key)")
            }
            let attributeBits = try attributes.integer(at: index)
            var collection = RealmCollectionKind.none
            if type == .linkList || attributeBits & 32 != 0 { collection = .list }
            if attributeBits & 128 != 0 { collection = .set }
            if attributeBits & 64 != 0 {
                // The key type is in the type's high bits from Core 12 (format 22), in the attribute's bits 8 and up
                // before (Core 10, `Spec::get_dictionary_key_type`); the SDKs only make string keys.
                let stored = (rawType >> 16) & 0xFFFF != 0 ? (rawType >> 16) & 0xFFFF : (attributeBits >> 8) & 0x3F
                let keyType = RealmColumnType(rawValue: Int(stored)).flatMap { $0 == .int ? nil : $0 } ?? .string
                collection = .dictionary(keyType: keyType)
            }
            var target: Int?
            if type == .link || type == .linkList {
                let leaf = Int(key & 0xFFFF)
                guard let opposite, leaf < opposite.count else {
                    throw top.error("link column \(name) of \(what) has no target table (slot 7)")
                }
                let targetKey = try opposite.integer(at: leaf)
                let targetIndex = Int(targetKey & 0xFFFF)
                guard targetIndex < tableCount else {
                    throw opposite.error("link column \(name) of \(what) points at table \(targetIndex), past the \(tableCount) tables")
                }
                target = targetIndex
            }
            var column = RealmColumn(name: name, type: type == .linkList ? .link : type, collection: collection,
                                     isNullable: attributeBits & 16 != 0, isIndexed: attributeBits & 1 != 0,
                                     isPrimaryKey: primaryKeyColumn == key && primaryKeyColumn != nil,
                                     key: key, targetTable: target, specIndex: index)
            column.isFullTextIndexed = attributeBits & 256 != 0 && type == .string && collection == .none
            columns.append(column)
        }
        let root = try top.refOrTagged(at: 2).ref
        var count = 0
        if let root { count = try clusterObjectCount(root) }
        return RealmTable(index: slot.index, name: slot.name, kind: kind, columns: columns,
                          primaryKey: columns.firstIndex(where: \.isPrimaryKey), clusterRoot: root, objectCount: count,
                          enumKeys: enumKeys, specRef: try top.ref(at: 0, "the spec of \(what)"))
    }
}
