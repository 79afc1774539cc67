import Testing
@testable import RealmFile

/// Hostile tables, clusters, columns and collections: reading the schema and every object must end in one
/// `RealmReadError` line naming an offset, never a crash, a hang or work beyond what the file's size allows.
@Suite struct RealmHostileTableTests {
    typealias Builder = RealmTestFileBuilder
    typealias Slot = RealmTestFileBuilder.Slot

    /// The schema, then every object of every table, every value touched (as `strata convert` reads a file).
    static func readAll(_ bytes: [UInt8]) throws {
        let reader = try RealmFileReader(bytes: bytes, name: "app.realm")
        for table in try reader.schema().tables {
            try reader.forEachObject(in: table) { _, values in for value in values { touch(value) } }
        }
    }

    /// `forEachObject` on `table` straight away, without the schema's checks first.
    static func readObjects(_ bytes: [UInt8], _ table: RealmTable) throws {
        let reader = try RealmFileReader(bytes: bytes, name: "app.realm")
        try reader.forEachObject(in: table) { _, values in for value in values { touch(value) } }
    }

    static func touch(_ value: RealmValue) {
        switch value {
        case .string(let text): _ = text.utf8.count
        case .decimal(let decimal): _ = decimal.description
        case .objectId(let id): _ = id.description
        case .uuid(let id): _ = id.description
        case .list(let values), .set(let values): values.forEach(touch)
        case .dictionary(let entries): entries.forEach { touch($0.value) }
        default: break
        }
    }

    static func failure(_ read: () throws -> Void) -> RealmReadError? {
        do {
            try read()
            return nil
        } catch let error as RealmReadError {
            return error
        } catch {
            Issue.record("not a RealmReadError: \(error)")
            return nil
        }
    }

    // MARK: - Building tables

    struct Column {
        let name: String
        /// The spec's type, key type in the high 16 bits for a dictionary.
        let type: Int64
        let attributes: Int64
        init(_ name: String, type: Int64, attributes: Int64 = 0) {
            self.name = name
            self.type = type
            self.attributes = attributes
        }
    }

    /// A table top with its spec: column `i` has the column key `i` (cluster leaf slot `i + 1`); `root` in slot 2,
    /// `opposite` (link targets) in slot 7.
    static func table(_ b: inout Builder, _ columns: [Column], root: Slot, opposite: [Int64]? = nil) -> UInt64 {
        let types = b.appendIntegers(columns.map(\.type))
        let names = b.appendShortStrings(columns.map(\.name))
        let attributes = b.appendIntegers(columns.map(\.attributes))
        let keys = b.appendIntegers(columns.indices.map { Int64($0) })
        let spec = b.appendRefs([.ref(types), .ref(names), .ref(attributes), .null, .null, .ref(keys)])
        let targets: Slot = opposite.map { .ref(b.appendIntegers($0)) } ?? .null
        return b.appendRefs([.ref(spec), .null, root, .null, .null, .null, .null, targets, .null, .null, .null, .null])
    }

    /// A file whose group holds the tables, named `class_A`, `class_B`….
    static func realmFile(_ b: inout Builder, tables: [UInt64]) -> [UInt8] {
        let names = tables.indices.map { $0 == 0 ? "class_A" : "class_T\($0)" }
        let top = b.appendGroup(tables: zip(names, tables).map { ($0, Slot.ref($1)) })
        return b.file(topRef: top)
    }

    /// A node of `count` elements of width 0: no payload at all.
    static func widthZero(_ b: inout Builder, count: Int, type: Builder.WidthType = .bits, hasRefs: Bool = false,
                          inner: Bool = false) -> UInt64 {
        b.appendNode(header: Builder.nodeHeader(count: count, width: 0, type: type, inner: inner, hasRefs: hasRefs), payload: [])
    }

    /// A has-refs node at a ref known in advance: 64-bit slots, so its size is 8 + 8 × count.
    @discardableResult
    static func refs64(_ b: inout Builder, _ slots: [Slot], inner: Bool = false) -> UInt64 {
        b.appendIntegers(slots.map(\.raw), width: 64, inner: inner, hasRefs: true)
    }

    /// The RealmTable `forEachObject` needs, for reading a cluster tree without the schema's checks.
    static func realmTable(root: UInt64, _ columns: [(name: String, type: RealmColumnType, collection: RealmCollectionKind)],
                           nullable: Bool = false) -> RealmTable {
        RealmTable(index: 0, name: "class_A", kind: .topLevel,
                   columns: columns.enumerated().map { index, column in
                       RealmColumn(name: column.name, type: column.type, collection: column.collection, isNullable: nullable,
                                   isIndexed: false, isPrimaryKey: false, key: Int64(index), targetTable: nil, specIndex: index)
                   },
                   primaryKey: nil, clusterRoot: root, objectCount: 0, enumKeys: [:])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The file, the table for a direct `forEachObject` (nil: the schema alone must refuse it), and the node the
        /// message must name (nil: any node, where the walk may stop at one of several).
        let build: @Sendable () -> (file: [UInt8], table: RealmTable?, node: UInt64?)
        /// A part of the message.
        let says: String
        var testDescription: String { name }
    }

    static let int: Int64 = 0, string: Int64 = 2, mixed: Int64 = 6, link: Int64 = 12, uuid: Int64 = 17
    static let listFlag: Int64 = 32, dictionaryFlag: Int64 = 64

    static let cases: [Case] = [
        Case(name: "a cluster leaf claiming 16 million objects in a width-0 key array", build: {
            var b = Builder()
            let keys = widthZero(&b, count: RealmNodeHeader.maximumCount)
            let column = widthZero(&b, count: RealmNodeHeader.maximumCount)
            let leaf = b.appendRefs([.ref(keys), .ref(column)])
            let file = realmFile(&b, tables: [table(&b, [Column("a", type: int)], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("a", .int, .none)]), keys)
        }, says: "the 16777215 keys of a cluster leaf are all 0 (width 0)"),
        Case(name: "a cluster leaf of tagged objects whose width-0 columns claim them all", build: {
            // 3,000 objects in a 3 KB file: allowed by the size; 40 columns of one shared width-0 node make 120,000 values.
            var b = Builder()
            let column = widthZero(&b, count: 3000)
            let leaf = b.appendRefs([.tagged(3000)] + Array(repeating: .ref(column), count: 40))
            b.appendBlob([UInt8](repeating: 0, count: 3000))
            let columns = (0..<40).map { Column("c\($0)", type: int) }
            let file = realmFile(&b, tables: [table(&b, columns, root: .ref(leaf))])
            return (file, realmTable(root: leaf, (0..<40).map { ("c\($0)", .int, .none) }), leaf)
        }, says: "a cluster leaf of 3000 objects with 40 columns would make"),
        Case(name: "an inner cluster node pointing at itself", build: {
            var b = Builder()
            let node = b.nextRef
            refs64(&b, [.null, .tagged(1), .tagged(1), .ref(node)], inner: true)
            let file = realmFile(&b, tables: [table(&b, [], root: .ref(node))])
            return (file, realmTable(root: node, []), node)
        }, says: "refs form a cycle"),
        Case(name: "an inner cluster node whose 1,500 children are one leaf", build: {
            // The byte budget: the leaf (and its width-0 column) is read once per child.
            var b = Builder()
            let column = widthZero(&b, count: 1000)
            let leaf = b.appendRefs([.tagged(1000), .ref(column)])
            let inner = b.appendRefs([.null, .tagged(1), .tagged(1000)] + Array(repeating: .ref(leaf), count: 1500), inner: true)
            let file = realmFile(&b, tables: [table(&b, [Column("a", type: int)], root: .ref(inner))])
            return (file, realmTable(root: inner, [("a", .int, .none)]), nil)
        }, says: "shared"),
        Case(name: "a b+tree inner node in a cycle", build: {
            var b = Builder()
            let inner = b.nextRef
            refs64(&b, [.tagged(1000), .ref(inner), .tagged(1000)], inner: true)
            let lists = b.appendRefs([.ref(inner)])
            let leaf = b.appendRefs([.tagged(1), .ref(lists)])
            let file = realmFile(&b, tables: [table(&b, [Column("list", type: int, attributes: listFlag)], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("list", .int, .list)]), inner)
        }, says: "refs form a cycle"),
        Case(name: "a list whose b+tree leaf is a width-0 array of 16 million ints", build: {
            var b = Builder()
            let values = widthZero(&b, count: RealmNodeHeader.maximumCount)
            let lists = b.appendRefs([.ref(values)])
            let leaf = b.appendRefs([.tagged(1), .ref(lists)])
            let file = realmFile(&b, tables: [table(&b, [Column("list", type: int, attributes: listFlag)], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("list", .int, .list)]), values)
        }, says: "a b+tree leaf of 16777215 values would make"),
        Case(name: "a list of uuids whose b+tree leaf is a width-0 array of a million nulls", build: {
            // 130,000 blocks of 8 values (16 bytes each, a null-flag byte): 16,770,000 bytes claimed, none stored.
            var b = Builder()
            let values = widthZero(&b, count: 130_000 * 129, type: .multiply)
            let lists = b.appendRefs([.ref(values)])
            let leaf = b.appendRefs([.tagged(1), .ref(lists)])
            let file = realmFile(&b, tables: [table(&b, [Column("ids", type: uuid, attributes: listFlag)], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("ids", .uuid, .list)]), values)
        }, says: "a b+tree leaf of 1040000 values would make"),
        Case(name: "a b+tree inner node whose 2,000 children are one width-0 leaf", build: {
            var b = Builder()
            let values = widthZero(&b, count: 1000)
            let inner = b.appendRefs([.tagged(1000)] + Array(repeating: .ref(values), count: 2000) + [.tagged(2_000_000)], inner: true)
            let lists = b.appendRefs([.ref(inner)])
            let leaf = b.appendRefs([.tagged(1), .ref(lists)])
            let file = realmFile(&b, tables: [table(&b, [Column("list", type: int, attributes: listFlag)], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("list", .int, .list)]), values)
        }, says: "shared"),
        Case(name: "a nested mixed list pointing at its own mixed leaf", build: {
            var b = Builder()
            // Composite value: type list (19 + 1), payload array 4 (refs), index 0.
            let composite = b.appendIntegers([20 | 4 << 5])
            let mixedLeaf = b.nextRef
            refs64(&b, [.ref(composite), .null, .null, .null, .ref(mixedLeaf + 48)])
            refs64(&b, [.ref(mixedLeaf)])
            let leaf = b.appendRefs([.tagged(1), .ref(mixedLeaf)])
            let file = realmFile(&b, tables: [table(&b, [Column("any", type: mixed)], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("any", .mixed, .none)]), mixedLeaf)
        }, says: "refs form a cycle"),
        Case(name: "a string offset past its blob", build: {
            var b = Builder()
            let offsets = b.appendIntegers([5])
            let blob = b.appendBlob(Array("ab".utf8))
            let strings = b.appendRefs([.ref(offsets), .ref(blob)])
            let leaf = b.appendRefs([.tagged(1), .ref(strings)])
            let file = realmFile(&b, tables: [table(&b, [Column("s", type: string)], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("s", .string, .none)]), offsets)
        }, says: "value 0 runs from byte 0 to 5 of a 2-byte blob"),
        Case(name: "a column array shorter than the key count", build: {
            var b = Builder()
            let column = b.appendIntegers([1, 2])
            let leaf = b.appendRefs([.tagged(3), .ref(column)])
            let file = realmFile(&b, tables: [table(&b, [Column("a", type: int)], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("a", .int, .none)]), leaf)
        }, says: "column a of table class_A has 2 values for 3 objects"),
        Case(name: "a link to a table index past the end", build: {
            var b = Builder()
            let column = b.appendIntegers([0])
            let leaf = b.appendRefs([.tagged(1), .ref(column)])
            let top = table(&b, [Column("owner", type: link)], root: .ref(leaf), opposite: [5])
            let file = realmFile(&b, tables: [top])
            return (file, nil, b.refs[b.refs.count - 5])  // the opposite-table array, built just before the table top
        }, says: "link column owner of table class_A points at table 5, past the 1 tables"),
        Case(name: "a dictionary with more keys than values", build: {
            var b = Builder()
            let keys = b.appendShortStrings(["a", "b"])
            let composite = b.appendIntegers([0])
            let values = b.appendRefs([.ref(composite)])
            let dictionary = b.appendRefs([.ref(keys), .ref(values)])
            let dictionaries = b.appendRefs([.ref(dictionary)])
            let leaf = b.appendRefs([.tagged(1), .ref(dictionaries)])
            let column = Column("tags", type: mixed | string << 16, attributes: dictionaryFlag)
            let file = realmFile(&b, tables: [table(&b, [column], root: .ref(leaf))])
            return (file, realmTable(root: leaf, [("tags", .mixed, .dictionary(keyType: .string))]), dictionary)
        }, says: "a dictionary has 2 keys and 1 values"),
        Case(name: "inner cluster nodes nested 70 deep", build: {
            var b = Builder()
            var node = b.appendRefs([.tagged(0)])
            for _ in 0..<70 { node = b.appendRefs([.null, .tagged(1), .tagged(0), .ref(node)], inner: true) }
            let file = realmFile(&b, tables: [table(&b, [], root: .ref(node))])
            return (file, realmTable(root: node, []), nil)
        }, says: "nested more than 64 deep"),
        Case(name: "a thousand tables sharing one table top", build: {
            var b = Builder()
            let column = b.appendIntegers([7, 8, 9])
            let leaf = b.appendRefs([.tagged(3), .ref(column)])
            let top = table(&b, [Column("a", type: int)], root: .ref(leaf))
            let file = realmFile(&b, tables: Array(repeating: top, count: 1000))
            return (file, nil, nil)
        }, says: "refs are shared or overlap"),
    ]

    /// An inner cluster node of 200 leaves, each `objects` tagged objects with one width-0 int column of its own:
    /// no node shared, 24 bytes of nodes per leaf (12 the leaf, 8 its column, 4 its slot in the inner node).
    static func denseTable(objects: Int) -> (file: [UInt8], table: RealmTable) {
        var b = Builder()
        var leaves: [Slot] = []
        for _ in 0..<200 {
            let column = widthZero(&b, count: objects)
            leaves.append(.ref(b.appendRefs([.tagged(Int64(objects)), .ref(column)])))
        }
        let inner = b.appendRefs([.null, .tagged(1), .tagged(Int64(200 * objects))] + leaves, inner: true)
        // Unreachable padding, so that the file is as large as its object count: it buys no values, only nodes read do.
        b.appendBlob([UInt8](repeating: 0, count: 200 * objects))
        let file = realmFile(&b, tables: [table(&b, [Column("a", type: int)], root: .ref(inner))])
        return (file, realmTable(root: inner, [("a", .int, .none)]))
    }

    @Test func aWalkMakesAtMost128ValuesPerByteItReads() throws {
        // 1,000 objects per leaf: 2,000 values (keys, then one column) for 24 bytes, below 128 per byte: read.
        let (file, table) = Self.denseTable(objects: 1000)
        let reader = try RealmFileReader(bytes: file, name: "app.realm")
        #expect(try reader.schema().tables.first?.objectCount == 200_000)
        var objects = 0
        try reader.forEachObject(in: table) { _, values in
            #expect(values == [.int(0)])
            objects += 1
        }
        #expect(objects == 200_000)
        // 2,000 per leaf: 166 values per byte, refused once the leaves outweigh the other nodes read.
        let (dense, denseTable) = Self.denseTable(objects: 2000)
        for read in [{ try Self.readAll(dense) }, { try Self.readObjects(dense, denseTable) }] {
            let error = Self.failure(read)
            RealmHostileFileTests.expectOneLine(error)
            #expect(error?.message.contains("per byte a realm file can hold") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("node at offset ") == true)
        }
    }

    @Test(arguments: cases)
    func readingTheTablesIsAOneLineError(c: Case) throws {
        let (file, table, node) = c.build()
        for (path, error) in [("schema", Self.failure { try Self.readAll(file) }),
                              ("objects", table.map { table in Self.failure { try Self.readObjects(file, table) } } ?? nil)]
        {
            if path == "objects" && table == nil { continue }
            guard let error else {
                Issue.record("\(c.name), \(path): read without an error")
                continue
            }
            RealmHostileFileTests.expectOneLine(error, "\(c.name), \(path)")
            #expect(error.message.contains(c.says), "\(c.name), \(path): \(error.message)")
            #expect(error.message.contains("node at offset "), "\(c.name), \(path): \(error.message)")
            if let node, path == "objects" || c.says != "refs form a cycle" {
                // The structural walk in `schema()` may meet a cycle at another node of it first.
                #expect(error.message.contains("node at offset \(node):"), "\(c.name), \(path): \(error.message)")
            }
        }
    }
}
