/// Lists, sets and dictionaries (realm-core `bplustree.hpp/.cpp`, `list.hpp`, `set.cpp`, `dictionary.cpp`).
///
/// A list or set is a B+tree: a leaf is the element type's own array; an inner node (inner flag) holds in slot 0
/// the children's offsets (a ref) or the elements per child (tagged), then the children, then the tagged total size.
/// A dictionary is, from format 23, a has-refs pair [keys B+tree, values B+tree of Mixed]; in formats 20–22 a small
/// cluster tree keyed by the key's hash, with the key in column slot 1 and the Mixed value in slot 2.
extension RealmFileReader {
    /// The elements of the B+tree at `ref`, in order.
    func bPlusTreeValues(_ ref: UInt64, element: RealmElement, walk: inout RealmNodeWalk) throws -> [RealmValue] {
        var values: [RealmValue] = []
        try forEachBPlusTreeLeaf(ref, element: element, walk: &walk) { walk, leaf in
            values.reserveCapacity(values.count + leaf.count)
            for index in 0..<leaf.count { values.append(try leaf.value(at: index, walk: &walk)) }
        }
        return values
    }

    /// Calls `body` with each leaf of the B+tree at `ref`, in order.
    func forEachBPlusTreeLeaf(_ ref: UInt64, element: RealmElement, walk: inout RealmNodeWalk,
                              _ body: (inout RealmNodeWalk, RealmLeaf) throws -> Void) throws
    {
        try walk.descend(into: ref) { walk, node in
            if !node.header.isInnerNode {
                let leaf = try RealmLeaf(array: node, element: element, walk: &walk)
                try walk.spend(leaf.count, from: node, "a b+tree leaf of \(leaf.count) values")
                try body(&walk, leaf)
                return
            }
            guard node.header.hasRefs, node.count >= 2 else { throw node.error("an inner B+tree node has \(node.count) slots, fewer than 2") }
            for child in 1..<(node.count - 1) {
                try forEachBPlusTreeLeaf(try node.ref(at: child, "B+tree child \(child)"), element: element, walk: &walk, body)
            }
        }
    }

    /// The value of a collection property (`column`'s collection at `ref`, nil for an empty one).
    public func collectionValue(_ ref: UInt64?, column: RealmColumn, walk: inout RealmNodeWalk) throws -> RealmValue {
        if column.legacy != nil {
            guard let ref else { return .list([]) }
            return .list(try legacyElementLeaves(ref, column: column, walk: &walk).flatMap { leaf in
                try (0..<leaf.count).map { try leaf.value(at: $0, walk: &walk) }
            })
        }
        let element = RealmElement(type: column.type, isNullable: column.isNullable, target: column.targetTable, linkAdjust: 0)
        switch column.collection {
        case .none:
            return .null
        case .list:
            guard let ref else { return .list([]) }
            return .list(try bPlusTreeValues(ref, element: element, walk: &walk))
        case .set:
            guard let ref else { return .set([]) }
            return .set(try bPlusTreeValues(ref, element: element, walk: &walk))
        case .dictionary(let keyType):
            guard let ref else { return .dictionary([]) }
            var entries = try dictionaryEntries(ref, keyType: keyType, walk: &walk)
            // Links in a dictionary are stored as Mixed typed links or as plain keys; plain ones get the column's target.
            if let target = column.targetTable {
                entries = entries.map { entry in
                    if case .link(-1, let key) = entry.value { return RealmDictionaryEntry(key: entry.key, value: .link(table: target, key: key)) }
                    if case .int(let key) = entry.value, column.type == .link { return RealmDictionaryEntry(key: entry.key, value: .link(table: target, key: key)) }
                    return entry
                }
            }
            return .dictionary(entries)
        }
    }

    /// The entries of the dictionary at `ref`, in stored order.
    func dictionaryEntries(_ ref: UInt64, keyType: RealmColumnType, walk: inout RealmNodeWalk) throws -> [RealmDictionaryEntry] {
        let keyElement = RealmElement(type: keyType, isNullable: false, target: nil, linkAdjust: 0)
        let valueElement = RealmElement(type: .mixed, isNullable: true, target: nil, linkAdjust: 0)
        var keys: [RealmValue] = []
        var values: [RealmValue] = []
        if header.fileFormat >= 23 {
            try walk.descend(into: ref) { walk, top in
                guard top.header.hasRefs, top.count >= 2 else { throw top.error("a dictionary is not a [keys, values] pair") }
                keys = try bPlusTreeValues(try top.ref(at: 0, "dictionary keys"), element: keyElement, walk: &walk)
                values = try bPlusTreeValues(try top.ref(at: 1, "dictionary values"), element: valueElement, walk: &walk)
            }
        } else {
            try forEachClusterLeaf(ref, walk: &walk) { walk, leaf in
                guard let keysRef = try leaf.columnRef(1), let valuesRef = try leaf.columnRef(2) else {
                    if leaf.keys.isEmpty { return }
                    throw leaf.array.error("a dictionary cluster has no key or value column")
                }
                let keyLeaf = try RealmLeaf(keysRef, element: keyElement, walk: &walk)
                let valueLeaf = try RealmLeaf(valuesRef, element: valueElement, walk: &walk)
                guard keyLeaf.count == leaf.keys.count, valueLeaf.count == leaf.keys.count else {
                    throw leaf.array.error("a dictionary cluster has \(leaf.keys.count) entries, \(keyLeaf.count) keys and \(valueLeaf.count) values")
                }
                try walk.spend(2 * leaf.keys.count, from: leaf.array, "a dictionary cluster of \(leaf.keys.count) entries")
                for index in 0..<leaf.keys.count {
                    keys.append(try keyLeaf.value(at: index, walk: &walk))
                    values.append(try valueLeaf.value(at: index, walk: &walk))
                }
            }
        }
        guard keys.count == values.count else {
            throw RealmReadError(.damaged, "\(name): node at offset \(ref): a dictionary has \(keys.count) keys and \(values.count) values")
        }
        return zip(keys, values).map { key, value in
            let text: String
            switch key {
            case .string(let string): text = string
            case .int(let int): text = String(int)
            default: text = ""
            }
            return RealmDictionaryEntry(key: text, value: value)
        }
    }

    /// A collection nested in a Mixed (format 24): data type 19 list, 20 set, 21 dictionary, of Mixed values.
    func nestedCollection(kind: Int64, ref: UInt64?, walk: inout RealmNodeWalk) throws -> RealmValue {
        let element = RealmElement(type: .mixed, isNullable: true, target: nil, linkAdjust: 0)
        switch kind {
        case 19:
            guard let ref else { return .list([]) }
            return .list(try bPlusTreeValues(ref, element: element, walk: &walk))
        case 20:
            guard let ref else { return .set([]) }
            return .set(try bPlusTreeValues(ref, element: element, walk: &walk))
        default:
            guard let ref else { return .dictionary([]) }
            return .dictionary(try dictionaryEntries(ref, keyType: .string, walk: &walk))
        }
    }
}
