/// A guard for walking refs through a `.realm` file: no cycles, bounded depth, bounded work.
///
/// Within one version of a realm every node has a single parent and nodes do not overlap, so a walk never meets a
/// node twice on its path (that is a cycle), and the nodes it visits never add up to more bytes (header and
/// payload) than the file's data holds. A hostile file that shares subtrees, or points refs into the middle of
/// other nodes, to multiply the work stops at that byte budget. Since a has-refs array of width w ≥ 1 holds at most
/// 8 / w elements per payload byte, iterating the elements of every node visited stays linear in the file's size.
/// A width-0 array holds its count (up to 16,777,215) in no payload bytes, and a cluster leaf states its object
/// count as a tagged number: the elements and objects a walk makes of them are counted too, at most
/// `elementsPerByte` per byte of the nodes visited so far, so that work stays linear in the file's size as well.
public struct RealmNodeWalk: Sendable {
    /// The deepest chain of nested nodes a walk follows. Realm's deepest real nesting (group → table → cluster
    /// tree → column → B+tree of a nested collection in a Mixed…) is far below it.
    public static let maximumDepth = 64

    public let reader: RealmFileReader
    private var path: [UInt64] = []
    private var onPath: Set<UInt64> = []
    /// Nodes visited so far.
    public private(set) var visited = 0
    /// Bytes (node headers and payloads) of the nodes visited so far.
    public private(set) var visitedBytes = 0
    /// The most bytes of nodes this walk visits: the file's data after the header.
    public let budget: Int
    /// Values and keys made so far (`spend`).
    public private(set) var elements = 0
    /// The most values a walk makes per byte of the nodes it has visited. realm-core's densest node is a width-0
    /// B+tree leaf of 1,000 zeros (or nulls) in 8 bytes, whose parent spends at least 4 more bytes on its ref: about 83
    /// per byte; a hostile file that reuses one such node everywhere, or claims 16 million of them, gets no further.
    public static let elementsPerByte = 128

    public init(reader: RealmFileReader) {
        self.reader = reader
        self.budget = max(0, reader.header.dataEnd &- RealmFileHeader.size)
    }

    /// The current depth (0 outside any node).
    public var depth: Int { path.count }

    /// Reads the node at `ref` and runs `body` on it one level deeper.
    /// - Throws: `RealmReadError` when `ref` is already on the path (a cycle), the walk is too deep or over its byte budget,
    ///   the node is damaged, or whatever `body` throws.
    public mutating func descend<T>(into ref: UInt64, _ body: (inout RealmNodeWalk, RealmArray) throws -> T) throws -> T {
        if onPath.contains(ref) {
            let parent = path.last.map { " (reached again from the node at offset \($0))" } ?? ""
            throw RealmReadError(.damaged, "\(reader.name): node at offset \(ref): refs form a cycle\(parent)")
        }
        guard path.count < Self.maximumDepth else {
            throw RealmReadError(.damaged, "\(reader.name): node at offset \(ref): nodes are nested more than \(Self.maximumDepth) deep")
        }
        let array = try reader.array(at: ref)
        try account(array)
        path.append(ref)
        onPath.insert(ref)
        defer {
            path.removeLast()
            onPath.remove(ref)
        }
        return try body(&self, array)
    }

    /// Counts `array` as visited, against the byte budget.
    mutating func account(_ array: RealmArray) throws {
        // Both terms are below the file's size: no overflow.
        let bytes = visitedBytes + RealmNodeHeader.size + array.header.payloadSize
        guard bytes <= budget else {
            throw RealmReadError(.damaged, "\(reader.name): node at offset \(array.ref): the nodes reached add up to more than the "
                + "\(budget) bytes of data in the file; refs are shared or overlap")
        }
        visitedBytes = bytes
        visited &+= 1
    }

    /// Counts `count` values (or keys) made from `array`, against `elementsPerByte` for each byte visited so far.
    /// - Throws: `RealmReadError` naming `array`'s offset when the walk would make more values than its bytes can hold.
    mutating func spend(_ count: Int, from array: RealmArray, _ what: @autoclosure () -> String) throws {
        // count ≤ 65,535 columns × 16,777,215 objects, elements ≤ 128 × the file's size: no overflow.
        let total = elements + count
        let limit = Self.elementsPerByte * (visitedBytes + RealmNodeHeader.size)
        guard count >= 0, total <= limit else {
            throw array.error("\(what()) would make \(total) values from the \(visitedBytes) bytes of nodes read, more than the "
                + "\(Self.elementsPerByte) per byte a realm file can hold; counts are damaged or nodes shared")
        }
        elements = total
    }

    /// Reads every node reachable from `ref` through has-refs arrays, counting against this walk's byte budget, so
    /// that several subtrees checked by one walk must not share nodes (beyond what the budget allows).
    /// A mapped file's pages are given back every 16,384 nodes (at most 64 MB of pages touched), so that checking a
    /// large file does not keep it resident.
    mutating func checkSubtree(_ ref: UInt64) throws {
        try descend(into: ref) { walk, array in
            if walk.visited & 0x3FFF == 0 { walk.reader.bytes.releasePages() }
            // Width 0: every element is the null ref.
            guard array.header.hasRefs, array.header.width > 0 else { return }
            for index in 0..<array.count {
                if case .ref(let child) = try array.refOrTagged(at: index) {
                    try walk.checkSubtree(child)
                }
            }
        }
    }
}

extension RealmFileReader {
    /// Reads every node reachable from `ref` through has-refs arrays, checking each header, payload and ref.
    ///
    /// A structural check that knows nothing of what the nodes mean; linear in the file's size.
    /// - Returns: the number of nodes read.
    @discardableResult
    public func checkTree(from ref: UInt64) throws -> Int {
        var walk = RealmNodeWalk(reader: self)
        try walk.checkSubtree(ref)
        return walk.visited
    }
}
