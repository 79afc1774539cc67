/// Tables of file formats 2–9, written by realm core 0.x to 5 (2015–2019): the layout before clusters.
///
/// realm-core tag `v5.23.9`, `table.cpp` (`Table::init`, `create_column_accessor`, `get_size_from_ref`) and
/// `spec.cpp` (`Spec::init`, `get_subspec_ndx`, `get_enumkeys_ndx`, `get_column_ndx_in_parent`):
///
/// * A table's top array is [spec, columns]. The spec is [types, names, attributes, sub-specs?, enum keys?]:
///   names for the public columns only (backlink columns come last, unnamed), no column keys.
/// * The columns array holds one ref per column, the root of that column's B+tree, and one more slot after each
///   indexed column (its search index). A timestamp column's ref is a pair [seconds B+tree, nanoseconds B+tree].
/// * Objects are rows, addressed by index; a table's size is its first column's.
/// * The sub-specs hold, in column order, one entry per link, link list and subtable column (the target table's
///   index, tagged; for a subtable, the ref of its spec) and two per backlink column.
/// * The enum keys hold, in column order, the ref of each string-enum column's keys (a string B+tree).
/// * Primary keys are rows of the `pk` table (`pk_table`, `pk_property`), not a slot of the table.
public struct RealmLegacyColumn: Sendable, Equatable {
    /// The position of the column's ref in the table's columns array.
    public let slot: Int
    /// The type as stored: `.bool` and `.oldDateTime` are integer columns, `.oldStringEnum` indexes into its keys,
    /// `.oldTable` is a list of primitives kept as a one-column subtable, `.mixed` the old Mixed.
    public let storedType: RealmColumnType
    /// Why the column's values cannot be read (`subtable of 3 columns`); nil when they can.
    public let unreadable: String?
    /// For a list of primitives (`.oldTable`): the type its one column stores.
    public var elementType: RealmColumnType? = nil
}

extension RealmFileReader {
    /// Reads the spec of a table of formats 2–9 into the same `RealmTable` as the cluster layout's: public types
    /// (a string-enum column is a string, an old DateTime a timestamp, a list of primitives a list), links with
    /// their target's index, and the size of the first column as the object count.
    func legacyTable(_ slot: RealmGroupTop.Table, ref: UInt64, tableCount: Int) throws -> RealmTable {
        let what = "table \(slot.name.isEmpty ? String(slot.index) : slot.name)"
        let top = try array(at: ref)
        guard top.header.hasRefs, top.count >= 2 else {
            throw top.error("the top array of \(what) has \(top.count) slots\(top.header.hasRefs ? "" : " and no refs"), not [spec, columns]")
        }
        let specRef = try top.ref(at: 0, "the spec of \(what)")
        let spec = try legacySpec(specRef, what: what)
        let columnsRef = try top.refOrTagged(at: 1).ref
        let columnsArray = try columnsRef.map { try array(at: $0) }
        if let columnsArray, !columnsArray.header.hasRefs && columnsArray.count > 0 {
            throw columnsArray.error("the columns of \(what) have no refs")
        }
        var columns: [RealmColumn] = []
        var enumKeys: [Int: UInt64] = [:]
        var objectCount = 0
        for (index, entry) in spec.entries.enumerated() {
            if index == 0, let columnsArray {
                objectCount = try legacyColumnSize(columnsArray, entry: entry, what: what)
            }
            guard let name = entry.name else { continue }
            var type = entry.type
            var collection = RealmCollectionKind.none
            var nullable = entry.attributes & 16 != 0
            var target: Int?
            var unreadable: String?
            var elementType: RealmColumnType?
            switch entry.type {
            case .link, .linkList:
                guard let subspec = entry.subspec, case .tagged(let table) = try spec.subspecs?.refOrTagged(at: subspec) else {
                    throw top.error("link column \(name) of \(what) has no target table in its spec")
                }
                guard table >= 0, table < tableCount else {
                    throw top.error("link column \(name) of \(what) points at table \(table), past the \(tableCount) tables")
                }
                target = Int(table)
                // A link can always be nil (realm core before format 4 did not set the nullable attribute on links).
                if entry.type == .linkList { (type, collection) = (.link, .list) } else { nullable = true }
            case .oldStringEnum:
                type = .string
                guard let keys = try spec.enumKeys?.refOrTagged(at: entry.enumOrdinal).ref else {
                    throw top.error("string-enum column \(name) of \(what) has no keys in its spec")
                }
                enumKeys[index] = keys
            case .oldDateTime:
                type = .timestamp
            case .oldTable:
                // realm core 5 kept a list of primitives as a subtable of one column (realm-cocoa 3, realm-java 5).
                let element = try entry.subspec.flatMap { try spec.subspecs?.refOrTagged(at: $0).ref }
                    .map { try legacySpec($0, what: "the subtable \(name) of \(what)") }
                if let element, element.entries.count == 1, let only = element.entries.first,
                   [.int, .bool, .string, .binary, .float, .double, .timestamp, .oldDateTime].contains(only.type)
                {
                    (type, collection) = (only.type == .oldDateTime ? .timestamp : only.type, .list)
                    nullable = only.attributes & 16 != 0
                    elementType = only.type
                } else {
                    unreadable = "subtable of \(element?.entries.count ?? 0) columns"
                    type = .mixed
                }
            case .mixed:
                // Like today's Mixed, it may hold nothing: a value it cannot be read is written as NULL.
                nullable = true
            case .backlink:
                continue
            default:
                break
            }
            var column = RealmColumn(name: name, type: type, collection: collection, isNullable: nullable || unreadable != nil,
                                     isIndexed: entry.attributes & 1 != 0, isPrimaryKey: false, key: Int64(index),
                                     targetTable: target, specIndex: index)
            column.legacy = RealmLegacyColumn(slot: entry.slot, storedType: entry.type, unreadable: unreadable, elementType: elementType)
            if let columnsArray, entry.slot >= columnsArray.count {
                throw columnsArray.error("\(what) has \(columnsArray.count) column refs, none for column \(name) (slot \(entry.slot))")
            }
            columns.append(column)
        }
        var table = RealmTable(index: slot.index, name: slot.name, kind: .topLevel, columns: columns, primaryKey: nil,
                               clusterRoot: nil, objectCount: objectCount, enumKeys: enumKeys, specRef: specRef)
        table.legacyColumns = columnsRef
        return table
    }

    /// One column of a legacy spec: its type, name (nil for a backlink), attributes and where its ref, sub-spec
    /// entry and enum keys are.
    struct LegacySpecEntry {
        let type: RealmColumnType
        let name: String?
        let attributes: Int64
        let slot: Int
        let subspec: Int?
        let enumOrdinal: Int
    }

    struct LegacySpec {
        let entries: [LegacySpecEntry]
        let subspecs: RealmArray?
        let enumKeys: RealmArray?
    }

    func legacySpec(_ ref: UInt64, what: String) throws -> LegacySpec {
        let spec = try array(at: ref)
        guard spec.header.hasRefs, (3...5).contains(spec.count) else {
            throw spec.error("the spec of \(what) has \(spec.count) slots, not 3 to 5 (types, names, attributes, sub-specs, enum keys)")
        }
        let types = try array(at: try spec.ref(at: 0, "column types"))
        let names = try array(at: try spec.ref(at: 1, "column names"))
        let attributes = try array(at: try spec.ref(at: 2, "column attributes"))
        let subspecs = spec.count > 3 ? try spec.refOrTagged(at: 3).ref.map { try array(at: $0) } : nil
        let enumKeys = spec.count > 4 ? try spec.refOrTagged(at: 4).ref.map { try array(at: $0) } : nil
        let count = types.count
        guard attributes.count == count, names.count <= count else {
            throw spec.error("the spec of \(what) has \(count) types, \(attributes.count) attributes and \(names.count) names")
        }
        if let subspecs, !subspecs.header.hasRefs && subspecs.count > 0 { throw subspecs.error("the sub-specs of \(what) have no refs") }
        if let enumKeys, !enumKeys.header.hasRefs && enumKeys.count > 0 { throw enumKeys.error("the enum keys of \(what) have no refs") }
        var entries: [LegacySpecEntry] = []
        var slot = 0, subspec = 0, ordinal = 0
        for index in 0..<count {
            let raw = try types.integer(at: index)
            guard let type = RealmColumnType(rawValue: Int(raw)), type.rawValue <= RealmColumnType.backlink.rawValue, type != .decimal else {
                throw types.error("column \(index) of \(what) has type \(raw), which realm core 5 does not write")
            }
            let attributeBits = try attributes.integer(at: index)
            var name: String?
            if index < names.count {
                guard let bytes = try names.shortString(at: index, nullable: false), let text = String(validatingUTF8Bytes: bytes), !text.isEmpty else {
                    throw names.error("column name \(index) of \(what) is empty or not utf-8")
                }
                name = text
            } else if type != .backlink {
                throw names.error("column \(index) of \(what) (\(type)) has no name")
            }
            let subspecEntry: Int? = [.link, .linkList, .oldTable, .backlink].contains(type) ? subspec : nil
            entries.append(LegacySpecEntry(type: type, name: name, attributes: attributeBits, slot: slot, subspec: subspecEntry, enumOrdinal: ordinal))
            slot += attributeBits & 1 != 0 ? 2 : 1
            switch type {
            case .link, .linkList, .oldTable: subspec += 1
            case .backlink: subspec += 2
            case .oldStringEnum: ordinal += 1
            default: break
            }
        }
        if let subspecs, subspec > subspecs.count { throw subspecs.error("the spec of \(what) needs \(subspec) sub-spec entries, it has \(subspecs.count)") }
        if let enumKeys, ordinal > enumKeys.count { throw enumKeys.error("the spec of \(what) has \(ordinal) string-enum columns and \(enumKeys.count) key lists") }
        if subspec > 0 && subspecs == nil { throw spec.error("the spec of \(what) has link or subtable columns but no sub-specs") }
        if ordinal > 0 && enumKeys == nil { throw spec.error("the spec of \(what) has string-enum columns but no enum keys") }
        return LegacySpec(entries: entries, subspecs: subspecs, enumKeys: enumKeys)
    }

    /// The number of rows of a legacy column, read from its root: an inner B+tree node's tagged total (its last
    /// slot), a leaf's element count; a timestamp's nanoseconds, an old Mixed's types column.
    private func legacyColumnSize(_ columns: RealmArray, entry: LegacySpecEntry, what: String) throws -> Int {
        guard entry.slot < columns.count else { throw columns.error("\(what) has no column refs") }
        guard var root = try columns.refOrTagged(at: entry.slot).ref else { return 0 }
        var element = RealmElement(type: entry.type, isNullable: entry.attributes & 16 != 0, target: nil, linkAdjust: 1, isLegacy: true)
        switch entry.type {
        case .timestamp:
            let pair = try array(at: root)
            guard pair.header.hasRefs, pair.count >= 2 else { throw pair.error("a timestamp column is not [seconds, nanoseconds]") }
            root = try pair.ref(at: 1, "nanoseconds")
            element = RealmElement(type: .int, isNullable: false, target: nil, linkAdjust: 0, isLegacy: true)
        case .mixed:
            let top = try array(at: root)
            guard top.header.hasRefs, top.count >= 2 else { throw top.error("an old Mixed column is not [types, data]") }
            root = try top.ref(at: 0, "mixed types")
            element = RealmElement(type: .int, isNullable: false, target: nil, linkAdjust: 0, isLegacy: true)
        case .oldStringEnum, .link, .linkList, .oldTable, .backlink:
            element = RealmElement(type: .int, isNullable: false, target: nil, linkAdjust: 0, isLegacy: true)
        default:
            break
        }
        let node = try array(at: root)
        if node.header.isInnerNode {
            guard node.header.hasRefs, node.count >= 2 else { throw node.error("an inner B+tree node has \(node.count) slots, fewer than 2") }
            let total = try node.tagged(at: node.count - 1, "B+tree size")
            guard total >= 0, total <= Int64(header.dataEnd) * 8 else { throw node.error("a column claims \(total) rows") }
            return Int(total)
        }
        var walk = RealmNodeWalk(reader: self)
        let collection = [.linkList, .oldTable, .backlink].contains(entry.type)
        return try RealmLeaf(array: node, element: element, collection: collection, walk: &walk).count
    }

    /// Sets the primary keys the `pk` table names (`pk_table`, the class name with or without `class_`; `pk_property`).
    func withLegacyPrimaryKeys(_ tables: [RealmTable]) throws -> [RealmTable] {
        guard let pk = tables.first(where: { $0.name == "pk" }),
              let tableColumn = pk.columns.first(where: { $0.name == "pk_table" && $0.type == .string }),
              let propertyColumn = pk.columns.first(where: { $0.name == "pk_property" && $0.type == .string })
        else { return tables }
        var keys: [String: String] = [:]
        try forEachObject(in: pk, columns: [tableColumn, propertyColumn]) { _, values in
            // realm-java before 0.85 wrote the table's own name, later SDKs the class name.
            if case .string(let table) = values[0], case .string(let property) = values[1] {
                keys[table.hasPrefix("class_") ? table : "class_" + table] = property
            }
        }
        return tables.map { table in
            guard let property = keys[table.name], let index = table.columns.firstIndex(where: { $0.name == property && !$0.collection.isCollection })
            else { return table }
            var columns = table.columns
            let old = columns[index]
            var column = RealmColumn(name: old.name, type: old.type, collection: old.collection, isNullable: old.isNullable,
                                     isIndexed: old.isIndexed, isPrimaryKey: true, key: old.key, targetTable: old.targetTable,
                                     specIndex: old.specIndex)
            column.legacy = old.legacy
            columns[index] = column
            var keyed = RealmTable(index: table.index, name: table.name, kind: table.kind, columns: columns, primaryKey: index,
                                   clusterRoot: nil, objectCount: table.objectCount, enumKeys: table.enumKeys, specRef: table.specRef)
            keyed.legacyColumns = table.legacyColumns
            return keyed
        }
    }
}
