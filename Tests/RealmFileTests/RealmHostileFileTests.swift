import Testing
@testable import RealmFile

/// Damaged and hostile files: each must give one `RealmReadError` line, never a crash or a hang.
@Suite struct RealmHostileFileTests {
    /// Everything the reader offers, run over a file: the header, the group, a structural walk of every node.
    static func readEverything(_ bytes: [UInt8]) throws {
        let reader = try RealmFileReader(bytes: bytes, name: "app.realm")
        let group = try reader.groupTop()
        if reader.header.topRef != 0 { try reader.checkTree(from: reader.header.topRef) }
        _ = group
    }

    static func error(_ bytes: [UInt8]) -> RealmReadError? {
        RealmFileHeaderTests.failure(bytes) { _ in try readEverything(bytes) }
    }

    static func expectOneLine(_ error: RealmReadError?, _ comment: Comment? = nil) {
        guard let error else {
            Issue.record("no error", sourceLocation: .__here())
            return
        }
        #expect(!error.message.contains("\n"), comment)
        #expect(error.message.hasPrefix("app.realm"), comment)
        // Lower case: the problem starts with a lower-case word (names such as T-DB keep their case).
        if error.kind != .encrypted { #expect(error.message.dropFirst("app.realm: ".count).first?.isUppercase == false, comment) }
    }

    @Test(arguments: [false, true])
    func everyTruncationIsAnError(streaming: Bool) throws {
        var file = RealmTestFileBuilder.sample().file
        if streaming {
            var builder = RealmTestFileBuilder()
            let column = builder.appendIntegers([1, 2, 3])
            let table = builder.appendRefs([.null, .null, .ref(column)])
            let top = builder.appendGroup(tables: [("class_A", .ref(table))])
            file = builder.streamingFile(topRef: top)
        }
        try Self.readEverything(file)
        for length in 0..<file.count {
            Self.expectOneLine(Self.error(Array(file.prefix(length))), "truncated to \(length) bytes")
        }
    }

    @Test func everySingleByteChangeReadsOrFailsCleanly() throws {
        // Not every change damages the file (a name byte, a value): each must read or give one line.
        let (file, _) = RealmTestFileBuilder.sample()
        for offset in 0..<file.count {
            for value: UInt8 in [0x00, 0x01, 0x07, 0x08, 0x40, 0x80, 0xFF] where file[offset] != value {
                var damaged = file
                damaged[offset] = value
                if let error = Self.error(damaged) { Self.expectOneLine(error, "byte \(offset) = \(value)") }
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let build: @Sendable (inout RealmTestFileBuilder) -> UInt64
        /// The message, from the refs of the nodes in the order built and where the data ends.
        let message: @Sendable (_ nodes: [UInt64], _ end: Int) -> String
        var testDescription: String { name }
    }

    /// A group whose one table ref is `tableRef`.
    static func group(_ b: inout RealmTestFileBuilder, tableRef: UInt64) -> UInt64 {
        let names = b.appendShortStrings(["a"])
        let tables = b.appendRefs([.ref(tableRef)])
        return b.appendRefs([.ref(names), .ref(tables), .tagged(0)])
    }

    /// Files whose top array is the node built.
    static let cases: [Case] = [
        Case(name: "child ref misaligned", build: { group(&$0, tableRef: 28) },
             message: { n, _ in "app.realm: node at offset \(n[1]): element 0: ref 28 is not 8-byte aligned" }),
        Case(name: "child ref into the header", build: { group(&$0, tableRef: 8) },
             message: { n, _ in "app.realm: node at offset \(n[1]): element 0: ref 8 points into the 24-byte file header" }),
        Case(name: "child ref past the end", build: { group(&$0, tableRef: 1 << 20) },
             message: { n, end in "app.realm: node at offset \(n[1]): element 0: ref 1048576 is outside the file (data ends at offset \(end))" }),
        // names (16 bytes), tables (16 bytes), top (16 bytes): the data ends 48 bytes after the first node.
        Case(name: "child ref at the end", build: { b in group(&b, tableRef: b.nextRef + 48) },
             message: { n, end in "app.realm: node at offset \(n[1]): element 0: ref \(end) is outside the file (data ends at offset \(end))" }),
        Case(name: "negative child ref", build: { group(&$0, tableRef: UInt64(bitPattern: -16)) },
             message: { n, end in "app.realm: node at offset \(n[1]): element 0: ref 18446744073709551600 is outside the file (data ends at offset \(end))" }),
        Case(name: "huge count", build: { b in
            let names = b.appendNode(header: RealmTestFileBuilder.nodeHeader(count: 0xFF_FFFF, width: 64, type: .multiply), payload: [])
            let tables = b.appendRefs([.null])
            return b.appendRefs([.ref(names), .ref(tables), .tagged(0)])
        }, message: { n, end in "app.realm: node at offset \(n[0]): 16777215 elements of width 64 (multiply) need 1073741760 bytes, past the end of the data (offset \(end))" }),
        Case(name: "payload one byte past the end", build: { b in
            b.appendNode(header: RealmTestFileBuilder.nodeHeader(count: 9, width: 8, hasRefs: true), payload: [1, 1, 1, 1, 1, 1, 1, 1])
        }, message: { n, end in "app.realm: node at offset \(n[0]): 9 elements of width 8 (bits) need 9 bytes, past the end of the data (offset \(end))" }),
        Case(name: "width type 3", build: { b in
            b.appendNode(header: RealmTestFileBuilder.nodeHeader(count: 3, width: 8, type: .packed, hasRefs: true), payload: [1, 1, 1])
        }, message: { n, _ in "app.realm: node at offset \(n[0]): width type 3 is not a width type realm-core writes (packed integers exist only in the unreleased format 25)" }),
        Case(name: "top refers to itself", build: { b in
            // top (24, 16 bytes) -> names (40, 8 bytes), tables (48), and itself.
            b.appendRefs([.ref(40), .ref(48), .ref(24)])
            b.appendShortStrings([])
            b.appendRefs([])
            return 24
        }, message: { _, _ in "app.realm: node at offset 24: refs form a cycle (reached again from the node at offset 24)" }),
        Case(name: "a two-node cycle", build: { b in
            // top (24, 16 bytes) -> names (40, 16 bytes), tables (56, 16 bytes) -> table (72) -> tables (56)
            let top = b.appendRefs([.ref(40), .ref(56), .tagged(0)])
            b.appendShortStrings(["a"])
            b.appendRefs([.ref(72)])
            b.appendRefs([.ref(56)])
            return top
        }, message: { _, _ in "app.realm: node at offset 56: refs form a cycle (reached again from the node at offset 72)" }),
    ]

    @Test(arguments: cases)
    func aHostileNodeIsAOneLineError(c: Case) throws {
        var builder = RealmTestFileBuilder()
        let top = c.build(&builder)
        let file = builder.file(topRef: top)
        let error = Self.error(file)
        #expect(error?.message == c.message(builder.refs, file.count))
        Self.expectOneLine(error)
    }

    @Test func aChainDeeperThanTheLimitStops() throws {
        var builder = RealmTestFileBuilder()
        var ref = builder.appendIntegers([1])
        for _ in 0..<(RealmNodeWalk.maximumDepth + 10) { ref = builder.appendRefs([.ref(ref)]) }
        let reader = try RealmFileReader(bytes: builder.file(topRef: ref), name: "app.realm")
        #expect(throws: RealmReadError.self) { try reader.checkTree(from: ref) }
        do {
            try reader.checkTree(from: ref)
        } catch let error as RealmReadError {
            #expect(error.message.hasSuffix("nodes are nested more than 64 deep"))
        }
        // The same chain within the limit reads.
        var shallow = RealmTestFileBuilder()
        var top = shallow.appendIntegers([1])
        for _ in 0..<(RealmNodeWalk.maximumDepth - 1) { top = shallow.appendRefs([.ref(top)]) }
        let ok = try RealmFileReader(bytes: shallow.file(topRef: top), name: "app.realm")
        #expect(try ok.checkTree(from: top) == RealmNodeWalk.maximumDepth)
    }

    @Test func aBigNodeReachedManyTimesCannotMultiplyTheWork() throws {
        // A 4,000-element node of tagged values, and a node referring to it 4,000 times: 16 million elements to
        // read if every visit counted. The byte budget stops at the second visit.
        var builder = RealmTestFileBuilder()
        let big = builder.appendRefs(Array(repeating: .tagged(1), count: 4000))
        let parent = builder.appendIntegers(Array(repeating: Int64(big), count: 4000), width: 16, hasRefs: true)
        let reader = try RealmFileReader(bytes: builder.file(topRef: parent), name: "app.realm")
        #expect(throws: RealmReadError(.damaged, "app.realm: node at offset \(big): the nodes reached add up to more than the "
            + "\(reader.header.dataEnd - 24) bytes of data in the file; refs are shared or overlap")) {
            try reader.checkTree(from: parent)
        }
    }

    @Test func sharedSubtreesCannotMultiplyTheWork() throws {
        // Each node refers twice to the next: 2^40 paths through 41 nodes. The walk stops at its budget.
        var builder = RealmTestFileBuilder()
        var ref = builder.appendIntegers([1])
        for _ in 0..<40 { ref = builder.appendRefs([.ref(ref), .ref(ref)]) }
        let file = builder.file(topRef: ref)
        let reader = try RealmFileReader(bytes: file, name: "app.realm")
        do {
            try reader.checkTree(from: ref)
            Issue.record("no error")
        } catch let error as RealmReadError {
            #expect(error.message.hasSuffix("the nodes reached add up to more than the \(file.count - 24) bytes of data in the file; refs are shared or overlap"))
        }
    }
}
