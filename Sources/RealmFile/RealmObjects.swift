extension RealmFileReader {
    /// Calls `body` with each object of `table` in key order: its key and the values of `columns` (every public
    /// column when nil), in that order. Collections come as `.list`, `.set` or `.dictionary` values.
    ///
    /// One walk covers the whole table: every node is read once, cycles and shared subtrees are refused.
    /// - Throws: `RealmReadError` for a damaged node, naming its offset; `body`'s errors.
    public func forEachObject(in table: RealmTable, columns: [RealmColumn]? = nil,
                              _ body: (Int64, [RealmValue]) throws -> Void) throws
    {
        var walk = RealmNodeWalk(reader: self)
        try forEachObject(in: table, columns: columns, walk: &walk, body)
    }

    /// `forEachObject` through a walk the caller keeps across tables (see `forEachLeaf(in:columns:walk:_:)`).
    public func forEachObject(in table: RealmTable, columns: [RealmColumn]? = nil, walk: inout RealmNodeWalk,
                              _ body: (Int64, [RealmValue]) throws -> Void) throws
    {
        let columns = columns ?? table.columns
        var values = [RealmValue](repeating: .null, count: columns.count)
        try forEachLeaf(in: table, columns: columns, walk: &walk) { walk, keys, leaves in
            for (row, key) in keys.enumerated() {
                for index in 0..<leaves.count {
                    let column = columns[index]
                    if column.collection.isCollection {
                        values[index] = try collectionValue(try leaves[index].collectionRef(at: row), column: column, walk: &walk)
                    } else {
                        values[index] = try leaves[index].value(at: row, walk: &walk)
                    }
                }
                try body(key, values)
            }
        }
    }

    /// Calls `body` with each cluster leaf of `table` in key order: its objects' keys and, per column of `columns`,
    /// the leaf holding their values (for a collection column, the refs of the collections), one entry per key.
    /// What `forEachObject` is made of, for callers that read values without making a `RealmValue` of each.
    public func forEachLeaf(in table: RealmTable, columns: [RealmColumn],
                            _ body: (inout RealmNodeWalk, [Int64], [RealmLeaf]) throws -> Void) throws
    {
        var walk = RealmNodeWalk(reader: self)
        try forEachLeaf(in: table, columns: columns, walk: &walk, body)
    }

    /// `forEachLeaf` through a walk the caller keeps across tables: reading every table of a file through one walk
    /// (as `strata convert` does) is bounded by the file's size however the tables share nodes.
    public func forEachLeaf(in table: RealmTable, columns: [RealmColumn], walk: inout RealmNodeWalk,
                            _ body: (inout RealmNodeWalk, [Int64], [RealmLeaf]) throws -> Void) throws
    {
        if header.isLegacyLayout { return try forEachLegacyLeaf(in: table, columns: columns, walk: &walk, body) }
        guard let root = table.clusterRoot else { return }
        var elements: [RealmElement] = []
        for column in columns {
            var element = RealmElement(type: column.type, isNullable: column.isNullable, target: column.targetTable, linkAdjust: 1)
            if let keysRef = table.enumKeys[column.specIndex], column.type == .string {
                let plain = RealmElement(type: .string, isNullable: column.isNullable, target: nil, linkAdjust: 0)
                element.enumValues = try bPlusTreeValues(keysRef, element: plain, walk: &walk)
            }
            elements.append(element)
        }
        try forEachClusterLeaf(root, walk: &walk) { walk, leaf in
            var leaves: [RealmLeaf] = []
            leaves.reserveCapacity(columns.count)
            for (column, element) in zip(columns, elements) {
                guard let ref = try leaf.columnRef(column.leafSlot) else {
                    throw leaf.array.error("the cluster leaf of table \(table.name) has no array for column \(column.name) (slot \(column.leafSlot))")
                }
                let columnLeaf = try RealmLeaf(ref, element: element, collection: column.collection.isCollection, walk: &walk)
                guard columnLeaf.count == leaf.keys.count else {
                    throw leaf.array.error("column \(column.name) of table \(table.name) has \(columnLeaf.count) values for \(leaf.keys.count) objects")
                }
                leaves.append(columnLeaf)
            }
            // Width-0 column arrays hold any count in no bytes: the values made must still fit the bytes read.
            try walk.spend(leaf.keys.count * columns.count, from: leaf.array,
                           "a cluster leaf of \(leaf.keys.count) objects with \(columns.count) columns")
            try body(&walk, leaf.keys, leaves)
        }
    }

    /// Calls `body` with each leaf of the list or set of `column` at `ref` (a `collectionRef` of its column leaf), in
    /// order; nothing for an empty one. Elements are read with `value(at:walk:)` or `withElementBytes`.
    public func forEachElementLeaf(_ ref: UInt64?, column: RealmColumn, walk: inout RealmNodeWalk,
                                   _ body: (inout RealmNodeWalk, RealmLeaf) throws -> Void) throws
    {
        guard let ref else { return }
        if column.legacy != nil {
            for leaf in try legacyElementLeaves(ref, column: column, walk: &walk) { try body(&walk, leaf) }
            return
        }
        let element = RealmElement(type: column.type, isNullable: column.isNullable, target: column.targetTable, linkAdjust: 0)
        try forEachBPlusTreeLeaf(ref, element: element, walk: &walk, body)
    }
}
