/// The cluster trees that hold a table's objects (realm-core `cluster.hpp`, `cluster_tree.cpp`).
///
/// A leaf is a has-refs array: slot 0 the keys (a tagged count n for keys 0..<n, or a ref to an unsigned key array),
/// then one ref per column at the column key's leaf index + 1, each array holding one entry per object. An inner
/// node has the inner flag: slot 0 a ref to the children's key offsets (or null: child i's offset is
/// i << (depth × 8)), slot 1 the tagged depth, slot 2 the tagged object count, then the children.
struct RealmClusterLeaf {
    let array: RealmArray
    /// The objects' keys, offsets applied.
    let keys: [Int64]

    /// The ref of the column array at `slot`, or nil when the leaf has no such slot or a null ref there.
    func columnRef(_ slot: Int) throws -> UInt64? {
        guard slot < array.count else { return nil }
        return try array.refOrTagged(at: slot).ref
    }
}

extension RealmFileReader {
    /// The number of objects under a cluster tree's root, read from the root alone.
    func clusterObjectCount(_ root: UInt64) throws -> Int {
        let node = try array(at: root)
        guard node.header.hasRefs, node.count >= 1 else { throw node.error("a cluster node has no refs or no slots") }
        if node.header.isInnerNode {
            guard node.count >= 3 else { throw node.error("an inner cluster node has \(node.count) slots, fewer than 3") }
            let count = try node.tagged(at: 2, "object count")
            guard count >= 0, count <= Int64(header.dataEnd) else { throw node.error("an inner cluster node claims \(count) objects") }
            return Int(count)
        }
        return try leafKeyCount(node)
    }

    private func leafKeyCount(_ node: RealmArray) throws -> Int {
        switch try node.refOrTagged(at: 0) {
        case .tagged(let count):
            // Every object has an entry in each column array, so a leaf cannot hold more objects than the file has bytes.
            guard count >= 0, count <= Int64(header.dataEnd) else { throw node.error("a cluster leaf claims \(count) objects") }
            return Int(count)
        case .ref(let ref):
            let keys = try array(at: ref)
            try Self.checkKeyArray(keys)
            return keys.count
        case .null: return 0
        }
    }

    /// Keys are distinct, so a width-0 key array (every key 0) holds at most one: it cannot claim 16 million objects.
    private static func checkKeyArray(_ keys: RealmArray) throws {
        guard keys.header.width > 0 || keys.count <= 1 else {
            throw keys.error("the \(keys.count) keys of a cluster leaf are all 0 (width 0), but keys are distinct")
        }
    }

    /// Calls `body` with each leaf of the cluster tree at `root`, in key order, through `walk`.
    func forEachClusterLeaf(_ root: UInt64, walk: inout RealmNodeWalk,
                            _ body: (inout RealmNodeWalk, RealmClusterLeaf) throws -> Void) throws
    {
        try visitCluster(root, offset: 0, walk: &walk, body)
    }

    private func visitCluster(_ ref: UInt64, offset: Int64, walk: inout RealmNodeWalk,
                              _ body: (inout RealmNodeWalk, RealmClusterLeaf) throws -> Void) throws
    {
        try walk.descend(into: ref) { walk, node in
            guard node.header.hasRefs, node.count >= 1 else { throw node.error("a cluster node has no refs or no slots") }
            if node.header.isInnerNode {
                guard node.count >= 3 else { throw node.error("an inner cluster node has \(node.count) slots, fewer than 3") }
                let depth = try node.tagged(at: 1, "depth")
                guard depth >= 1, depth < 8 else { throw node.error("an inner cluster node has depth \(depth)") }
                let children = node.count - 3
                var offsets: RealmArray?
                if case .ref(let offsetsRef) = try node.refOrTagged(at: 0) {
                    let array = try walk.leaf(offsetsRef)
                    guard array.count >= children else {
                        throw array.error("\(array.count) key offsets for \(children) children of an inner cluster node")
                    }
                    offsets = array
                }
                for child in 0..<children {
                    let childOffset = try offsets.map { Int64(bitPattern: try $0.unsignedInteger(at: child)) }
                        ?? Int64(child) << (depth * 8)
                    try visitCluster(try node.ref(at: child + 3, "cluster child \(child)"), offset: offset &+ childOffset,
                                     walk: &walk, body)
                }
                return
            }
            var keys: [Int64]
            switch try node.refOrTagged(at: 0) {
            case .tagged(let count):
                guard count >= 0, count <= Int64(header.dataEnd) else { throw node.error("a cluster leaf claims \(count) objects") }
                try walk.spend(Int(count), from: node, "a cluster leaf of \(count) objects")
                keys = (0..<Int(count)).map { offset &+ Int64($0) }
            case .ref(let keysRef):
                let array = try walk.leaf(keysRef)
                try Self.checkKeyArray(array)
                try walk.spend(array.count, from: array, "the \(array.count) keys of a cluster leaf")
                keys = try (0..<array.count).map { offset &+ Int64(bitPattern: try array.unsignedInteger(at: $0)) }
            case .null:
                keys = []
            }
            try body(&walk, RealmClusterLeaf(array: node, keys: keys))
        }
    }
}

extension RealmNodeWalk {
    /// Reads the array at `ref` that the walk does not descend from (a column array, a blob, a key array), counting
    /// its bytes against the walk's budget.
    mutating func leaf(_ ref: UInt64) throws -> RealmArray {
        let array = try reader.array(at: ref)
        try account(array)
        return array
    }
}
