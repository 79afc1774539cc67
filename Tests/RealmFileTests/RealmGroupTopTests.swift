import Testing
@testable import RealmFile

@Suite struct RealmGroupTopTests {
    @Test func theTopArrayGivesTablesAndBookkeepingSlots() throws {
        let (file, top) = RealmTestFileBuilder.sample()
        let reader = try RealmFileReader(bytes: file, name: "app.realm")
        let group = try reader.groupTop()
        #expect(group.ref == top)
        #expect(group.tables.map(\.name) == ["class_Person", "", "metadata"])
        #expect(group.tables.map(\.index) == [0, 1, 2])
        #expect(group.tables[1].ref == nil)
        let person = try #require(group.tables[0].ref)
        let table = try reader.array(at: person)
        #expect(try table.tagged(at: 3, "table key") == 0)
        #expect(group.logicalFileSize == 4096)
        #expect(group.transactionVersion == 7)
        #expect(group.historyType == .inRealm)
        #expect(group.historyRef == nil)
        #expect(group.historySchemaVersion == 10)
        #expect(group.syncFileIdent == nil)
        #expect(group.evacuationPoint == nil)
        // Header, top, names, tables, two table tops, a leaf, a column and a string array.
        #expect(try reader.checkTree(from: top) == 8)
    }

    @Test func aStreamingFileHasOnlyTheFirstThreeSlots() throws {
        var builder = RealmTestFileBuilder()
        let top = builder.appendGroup(tables: [("class_A", .null), ("class_B", .null)], extraSlots: [.tagged(1024)])
        let group = try RealmFileReader(bytes: builder.streamingFile(topRef: top), name: "app.realm").groupTop()
        #expect(group.tables.map(\.name) == ["class_A", "class_B"])
        #expect(group.logicalFileSize == 1024)
        #expect(group.transactionVersion == nil)
        #expect(group.historyType == nil)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let build: @Sendable (inout RealmTestFileBuilder) -> UInt64
        /// The message, with `TOP` for the top array's ref.
        let message: @Sendable (UInt64) -> String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "top without refs", build: { $0.appendIntegers([8, 8, 8]) },
             message: { "app.realm: node at offset \($0): the group's top array has no refs (width type bits)" }),
        Case(name: "top of two slots", build: { $0.appendRefs([.null, .null]) },
             message: { "app.realm: node at offset \($0): the group's top array has 2 slots, fewer than 3" }),
        Case(name: "names a tagged value", build: { $0.appendRefs([.tagged(3), .null, .tagged(0)]) },
             message: { "app.realm: node at offset \($0): element 0 (table names) is the tagged value 3, not a ref" }),
        Case(name: "tables null", build: { b in
            let names = b.appendShortStrings([])
            return b.appendRefs([.ref(names), .null, .tagged(0)])
        }, message: { "app.realm: node at offset \($0): element 1 (tables) is a null ref" }),
        Case(name: "counts differ", build: { b in
            let names = b.appendShortStrings(["a", "b"])
            let tables = b.appendRefs([.null])
            return b.appendRefs([.ref(names), .ref(tables), .tagged(0)])
        }, message: { "app.realm: node at offset \($0): 2 table names but 1 tables" }),
        Case(name: "sixteen million tables in sixteen bytes", build: { b in
            let names = b.appendNode(header: RealmTestFileBuilder.nodeHeader(count: 0xFF_FFFF, width: 0, type: .multiply), payload: [])
            let tables = b.appendNode(header: RealmTestFileBuilder.nodeHeader(count: 0xFF_FFFF, width: 0, hasRefs: true), payload: [])
            return b.appendRefs([.ref(names), .ref(tables), .tagged(0)])
        }, message: { _ in "app.realm: node at offset 24: 16777215 table names are more than the 65535 tables a realm can hold" }),
        Case(name: "names not utf-8", build: { b in
            let names = b.appendCells([[0xC3, 0x28, 0, 0]], width: 4)
            let tables = b.appendRefs([.null])
            return b.appendRefs([.ref(names), .ref(tables), .tagged(0)])
        }, message: { _ in "app.realm: node at offset 24: table name 0 is not valid utf-8" }),
        Case(name: "name padding past its cell", build: { b in
            let names = b.appendCells([[0x41, 0, 0, 9]], width: 4)
            let tables = b.appendRefs([.null])
            return b.appendRefs([.ref(names), .ref(tables), .tagged(0)])
        }, message: { _ in "app.realm: node at offset 24: short string 0: padding 9 is larger than its 4-byte cell" }),
        Case(name: "names with refs", build: { b in
            let names = b.appendRefs([.null])
            let tables = b.appendRefs([.null])
            return b.appendRefs([.ref(names), .ref(tables), .tagged(0)])
        }, message: { _ in "app.realm: node at offset 24: the node is not a short-string array (has refs: true, width type bits)" }),
    ]

    @Test(arguments: cases)
    func aDamagedGroupIsAOneLineError(c: Case) throws {
        var builder = RealmTestFileBuilder()
        let top = c.build(&builder)
        let reader = try RealmFileReader(bytes: builder.file(topRef: top), name: "app.realm")
        #expect(throws: RealmReadError(.damaged, c.message(top))) { try reader.groupTop() }
    }
}
