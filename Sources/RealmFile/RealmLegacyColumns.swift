/// Reading the rows of a table of formats 2–9: one B+tree per column, walked leaf by leaf and cut into runs of
/// rows that every column's current leaf covers, so that callers get aligned leaves as from a cluster leaf.
///
/// The B+trees are realm core 5's `BpTree` (`bptree.hpp`, `array.cpp` `BpTreeNode`): an inner node (inner flag,
/// has refs) holds its children's offsets or elements per child in slot 0, the children, then the tagged total; a
/// leaf is the column type's array. A link stores the target row + 1 (0 for none); a link list column holds per row
/// 0 or the ref of a B+tree of target rows; a list of primitives, per row 0 or the ref of its one-column
/// subtable's columns array.
extension RealmFileReader {
    /// The most rows handed to `body` at once when no column's leaf ends sooner.
    static let legacyRunLength = 1000

    /// `forEachLeaf` for a legacy table: keys are row indexes.
    func forEachLegacyLeaf(in table: RealmTable, columns: [RealmColumn], walk: inout RealmNodeWalk,
                           _ body: (inout RealmNodeWalk, [Int64], [RealmLeaf]) throws -> Void) throws
    {
        guard let columnsRef = table.legacyColumns, table.objectCount > 0 else { return }
        try walk.descend(into: columnsRef) { walk, refs in
            var lists: [[RealmLeaf]] = []
            for column in columns {
                guard let legacy = column.legacy else {
                    throw refs.error("column \(column.name) of table \(table.name) is not a column of this file's format")
                }
                let element = try legacyElement(column, in: table, walk: &walk)
                if let what = legacy.unreadable {
                    lists.append([RealmLeaf(unreadable: what, count: table.objectCount, element: element, reader: self)])
                    continue
                }
                guard legacy.slot < refs.count, let root = try refs.refOrTagged(at: legacy.slot).ref else {
                    throw refs.error("table \(table.name) has no ref for column \(column.name) (slot \(legacy.slot))")
                }
                if legacy.storedType == .mixed {
                    lists.append(try legacyMixedLeaves(root, element: element, walk: &walk))
                    continue
                }
                var leaves = try legacyLeaves(root, element: element, collection: column.collection.isCollection, walk: &walk)
                if legacy.storedType == .oldDateTime, oldDateTimeUnit == .milliseconds {
                    var milliseconds = element
                    milliseconds.oldDateTimeUnit = 1000
                    leaves = leaves.map { RealmLeaf(window: $0, start: 0, count: $0.count, element: milliseconds) }
                }
                let total = leaves.reduce(0) { $0 + $1.count }
                guard total == table.objectCount else {
                    throw refs.error("column \(column.name) of table \(table.name) has \(total) values for \(table.objectCount) rows")
                }
                lists.append(leaves)
            }
            try forEachRun(of: lists, rows: table.objectCount) { start, leaves in
                try walk.spend(max(1, leaves.first?.count ?? 0) * max(1, columns.count), from: refs, "rows of table \(table.name)")
                let count = leaves.first?.count ?? min(Self.legacyRunLength, table.objectCount - start)
                try body(&walk, (start..<(start + count)).map(Int64.init), leaves)
                return count
            }
        }
    }

    /// Calls `body` with runs of `rows` rows: the start and, per list of leaves, a window of the run's length.
    /// `body` returns the run's length (needed when there are no lists).
    private func forEachRun(of lists: [[RealmLeaf]], rows: Int, _ body: (Int, [RealmLeaf]) throws -> Int) throws {
        var leafIndex = [Int](repeating: 0, count: lists.count)
        var offset = [Int](repeating: 0, count: lists.count)
        var row = 0
        while row < rows {
            var run = min(Self.legacyRunLength, rows - row)
            for column in lists.indices {
                // Empty leaves (an emptied B+tree node) are passed over.
                while leafIndex[column] < lists[column].count && lists[column][leafIndex[column]].count == offset[column] {
                    leafIndex[column] += 1
                    offset[column] = 0
                }
                guard leafIndex[column] < lists[column].count else { return }
                run = min(run, lists[column][leafIndex[column]].count - offset[column])
            }
            let windows = lists.indices.map { column in
                RealmLeaf(window: lists[column][leafIndex[column]], start: offset[column], count: run)
            }
            let done = try body(row, windows)
            for column in lists.indices { offset[column] += done }
            row += done
        }
    }

    /// How the values of a legacy column are decoded: its stored type, an enum column's keys, a link's target.
    private func legacyElement(_ column: RealmColumn, in table: RealmTable, walk: inout RealmNodeWalk) throws -> RealmElement {
        let stored = column.legacy?.storedType ?? column.type
        switch stored {
        case .oldStringEnum:
            var element = RealmElement(type: .string, isNullable: column.isNullable, target: nil, linkAdjust: 0, isLegacy: true)
            if let keys = table.enumKeys[column.specIndex] {
                let plain = RealmElement(type: .string, isNullable: column.isNullable, target: nil, linkAdjust: 0, isLegacy: true)
                element.enumValues = try legacyLeaves(keys, element: plain, collection: false, walk: &walk).flatMap { leaf in
                    try (0..<leaf.count).map { try leaf.value(at: $0, walk: &walk) }
                }
            }
            return element
        case .link:
            return RealmElement(type: .link, isNullable: true, target: column.targetTable, linkAdjust: 1, isLegacy: true)
        default:
            return RealmElement(type: stored, isNullable: column.isNullable, target: column.targetTable, linkAdjust: 0, isLegacy: true)
        }
    }

    /// The leaves of the column whose root is `root`, in row order: a B+tree's leaves, or for a timestamp column
    /// the runs of its seconds and nanoseconds trees paired.
    func legacyLeaves(_ root: UInt64, element: RealmElement, collection: Bool, walk: inout RealmNodeWalk) throws -> [RealmLeaf] {
        guard element.type == .timestamp, !collection else {
            var leaves: [RealmLeaf] = []
            try collectLegacyLeaves(root, element: element, collection: collection, walk: &walk, into: &leaves)
            return leaves
        }
        return try walk.descend(into: root) { walk, pair in
            guard pair.header.hasRefs, pair.count >= 2 else { throw pair.error("a timestamp column is not [seconds, nanoseconds]") }
            var seconds: [RealmLeaf] = [], nanoseconds: [RealmLeaf] = []
            let secondsElement = RealmElement(type: .int, isNullable: true, target: nil, linkAdjust: 0, isLegacy: true)
            let nanosecondsElement = RealmElement(type: .int, isNullable: false, target: nil, linkAdjust: 0, isLegacy: true)
            try collectLegacyLeaves(try pair.ref(at: 0, "seconds"), element: secondsElement, collection: false, walk: &walk, into: &seconds)
            try collectLegacyLeaves(try pair.ref(at: 1, "nanoseconds"), element: nanosecondsElement, collection: false, walk: &walk, into: &nanoseconds)
            let total = seconds.reduce(0) { $0 + $1.count }
            guard total == nanoseconds.reduce(0, { $0 + $1.count }) else {
                throw pair.error("a timestamp column has \(total) seconds and \(nanoseconds.reduce(0) { $0 + $1.count }) nanoseconds")
            }
            var paired: [RealmLeaf] = []
            try forEachRun(of: [seconds, nanoseconds], rows: total) { _, windows in
                paired.append(RealmLeaf(seconds: windows[0], nanoseconds: windows[1], element: element))
                return windows[0].count
            }
            return paired
        }
    }

    /// An old Mixed column's leaves: its types and data runs paired, with its side columns of binaries (strings too)
    /// and timestamps read whole (values point into them by index).
    private func legacyMixedLeaves(_ root: UInt64, element: RealmElement, walk: inout RealmNodeWalk) throws -> [RealmLeaf] {
        try walk.descend(into: root) { walk, top in
            guard top.header.hasRefs, (2...4).contains(top.count) else { throw top.error("an old Mixed column is not [types, data, binaries?, timestamps?]") }
            func plain(_ type: RealmColumnType, nullable: Bool) -> RealmElement {
                RealmElement(type: type, isNullable: nullable, target: nil, linkAdjust: 0, isLegacy: true)
            }
            let types = try legacyLeaves(try top.ref(at: 0, "mixed types"), element: plain(.int, nullable: false), collection: false, walk: &walk)
            let data = try legacyLeaves(try top.ref(at: 1, "mixed data"), element: plain(.int, nullable: false), collection: true, walk: &walk)
            func values(_ slot: Int, _ element: RealmElement) throws -> [RealmValue] {
                guard slot < top.count, let ref = try top.refOrTagged(at: slot).ref else { return [] }
                return try legacyLeaves(ref, element: element, collection: false, walk: &walk).flatMap { leaf in
                    try (0..<leaf.count).map { try leaf.value(at: $0, walk: &walk) }
                }
            }
            let side = RealmLegacyMixedSide(binaries: try values(2, plain(.binary, nullable: true)), timestamps: try values(3, plain(.timestamp, nullable: true)),
                                            name: name, oldDateTimeUnit: oldDateTimeUnit)
            let rows = types.reduce(0) { $0 + $1.count }
            guard rows == data.reduce(0, { $0 + $1.count }) else { throw top.error("an old Mixed column has \(rows) types and a different number of values") }
            var leaves: [RealmLeaf] = []
            try forEachRun(of: [types, data], rows: rows) { _, windows in
                leaves.append(try RealmLeaf(mixedTypes: windows[0], data: windows[1], side: side, element: element))
                return windows[0].count
            }
            return leaves
        }
    }

    private func collectLegacyLeaves(_ ref: UInt64, element: RealmElement, collection: Bool, walk: inout RealmNodeWalk,
                                     into leaves: inout [RealmLeaf]) throws
    {
        try walk.descend(into: ref) { walk, node in
            if !node.header.isInnerNode {
                let leaf = try RealmLeaf(array: node, element: element, collection: collection, walk: &walk)
                try walk.spend(leaf.count, from: node, "a b+tree leaf of \(leaf.count) values")
                leaves.append(leaf)
                return
            }
            guard node.header.hasRefs, node.count >= 2 else { throw node.error("an inner B+tree node has \(node.count) slots, fewer than 2") }
            for child in 1..<(node.count - 1) {
                try collectLegacyLeaves(try node.ref(at: child, "B+tree child \(child)"), element: element, collection: collection,
                                        walk: &walk, into: &leaves)
            }
        }
    }

    /// The element leaves of a legacy collection at `ref` (a `collectionRef` of its column): a link list's B+tree of
    /// rows, or the one column of a list of primitives' subtable.
    func legacyElementLeaves(_ ref: UInt64, column: RealmColumn, walk: inout RealmNodeWalk) throws -> [RealmLeaf] {
        if column.legacy?.storedType == .oldTable {
            let stored = column.legacy?.elementType ?? column.type
            var element = RealmElement(type: stored, isNullable: column.isNullable, target: nil, linkAdjust: 0, isLegacy: true)
            if stored == .oldDateTime, oldDateTimeUnit == .milliseconds { element.oldDateTimeUnit = 1000 }
            return try walk.descend(into: ref) { walk, subtable in
                guard subtable.header.hasRefs, subtable.count >= 1 else { throw subtable.error("a list's subtable has no column") }
                guard let root = try subtable.refOrTagged(at: 0).ref else { return [] }
                return try legacyLeaves(root, element: element, collection: false, walk: &walk)
            }
        }
        let element = RealmElement(type: .link, isNullable: false, target: column.targetTable, linkAdjust: 0, isLegacy: true)
        return try legacyLeaves(ref, element: element, collection: false, walk: &walk)
    }
}

/// The side columns of an old Mixed column, and how a row's type and payload become a value (realm core 5
/// `column_mixed_tpl.hpp`): the payload is stored shifted left by one and tagged; the sign bit of an int or a
/// double is in the type (IntNeg, DoubleNeg); strings and binaries are the index of a value of the binary side
/// column (a string with its trailing zero), timestamps of the timestamp side column.
public final class RealmLegacyMixedSide: Sendable {
    let binaries: [RealmValue]
    let timestamps: [RealmValue]
    /// The file's name, for messages.
    let name: String

    /// The unit of an old DateTime value (`RealmFileReader.oldDateTimeUnit`).
    let oldDateTimeUnit: RealmDateUnit

    init(binaries: [RealmValue], timestamps: [RealmValue], name: String, oldDateTimeUnit: RealmDateUnit = .seconds) {
        (self.binaries, self.timestamps, self.name, self.oldDateTimeUnit) = (binaries, timestamps, name, oldDateTimeUnit)
    }

    func value(type: Int64, raw: Int64) throws -> RealmValue {
        let payload = Int64(bitPattern: UInt64(bitPattern: raw) >> 1)
        let signBit = Int64(bitPattern: 1 << 63)
        func side(_ values: [RealmValue], _ what: String) throws -> RealmValue {
            guard payload >= 0, payload < values.count else {
                throw RealmReadError(.damaged, "\(name): an old Mixed \(what) is value \(payload) of its side column, past its \(values.count) values")
            }
            return values[Int(payload)]
        }
        switch type {
        case 0: return .int(payload)
        case 12: return .int(payload | signBit)
        case 1: return .bool(payload != 0)
        case 2:
            guard case .binary(let bytes) = try side(binaries, "string") else { return .null }
            return .string(String(decoding: bytes.last == 0 ? bytes.dropLast() : bytes[...], as: UTF8.self))
        case 4: return try side(binaries, "binary")
        case 7 where oldDateTimeUnit == .milliseconds:
            return .timestamp(RealmTimestamp(seconds: payload / 1000, nanoseconds: Int32(payload % 1000) * 1_000_000))
        case 7: return .timestamp(RealmTimestamp(seconds: payload, nanoseconds: 0))
        case 8: return try side(timestamps, "timestamp")
        case 9: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: payload)))
        case 10: return .double(Double(bitPattern: UInt64(bitPattern: payload)))
        case 11: return .double(Double(bitPattern: UInt64(bitPattern: payload | signBit)))
        default: return .null  // 5, a subtable; 6, a Mixed: `unreadable(at:walk:)` says so
        }
    }
}
