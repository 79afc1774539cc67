import Testing
@testable import RealmFile

@Suite struct RealmArrayTests {
    /// A file holding one node (built by `build`), and the node read back.
    static func single(_ build: (inout RealmTestFileBuilder) -> UInt64) throws -> RealmArray {
        var builder = RealmTestFileBuilder()
        let ref = build(&builder)
        let reader = try RealmFileReader(bytes: builder.file(topRef: 0, otherFormat: 24), name: "app.realm")
        return try reader.array(at: ref)
    }

    struct HeaderCase: Sendable, CustomTestStringConvertible {
        let flags: UInt8
        let count: Int
        let inner, hasRefs, context: Bool
        let type: RealmNodeHeader.WidthType
        let width: Int
        var testDescription: String { "flags 0x\(String(flags, radix: 16)) count \(count)" }
    }

    static let headerCases: [HeaderCase] = [
        HeaderCase(flags: 0x00, count: 0, inner: false, hasRefs: false, context: false, type: .bits, width: 0),
        HeaderCase(flags: 0x01, count: 1, inner: false, hasRefs: false, context: false, type: .bits, width: 1),
        HeaderCase(flags: 0x02, count: 255, inner: false, hasRefs: false, context: false, type: .bits, width: 2),
        HeaderCase(flags: 0x03, count: 256, inner: false, hasRefs: false, context: false, type: .bits, width: 4),
        HeaderCase(flags: 0x44, count: 65_536, inner: false, hasRefs: true, context: false, type: .bits, width: 8),
        HeaderCase(flags: 0xC5, count: 3, inner: true, hasRefs: true, context: false, type: .bits, width: 16),
        HeaderCase(flags: 0x66, count: 0xFF_FFFF, inner: false, hasRefs: true, context: true, type: .bits, width: 32),
        HeaderCase(flags: 0x07, count: 0x12_3456, inner: false, hasRefs: false, context: false, type: .bits, width: 64),
        HeaderCase(flags: 0x0D, count: 2, inner: false, hasRefs: false, context: false, type: .multiply, width: 16),
        HeaderCase(flags: 0x0F, count: 2, inner: false, hasRefs: false, context: false, type: .multiply, width: 64),
        HeaderCase(flags: 0x30, count: 9, inner: false, hasRefs: false, context: true, type: .ignore, width: 0),
        HeaderCase(flags: 0x97, count: 9, inner: true, hasRefs: false, context: false, type: .ignore, width: 64),
    ]

    @Test(arguments: headerCases)
    func aNodeHeaderDecodesItsFlagsWidthAndCount(c: HeaderCase) throws {
        let bytes = [UInt8](repeating: 0, count: 24) + [0x41, 0x41, 0x41, 0x41, c.flags,
                     UInt8(c.count >> 16), UInt8((c.count >> 8) & 0xFF), UInt8(c.count & 0xFF)]
        let header = try RealmNodeHeader.decode(RealmBytes(copying: bytes), at: 24, ref: 24)
        #expect(header.hasChecksumMarker)
        #expect(header.isInnerNode == c.inner)
        #expect(header.hasRefs == c.hasRefs)
        #expect(header.contextFlag == c.context)
        #expect(header.widthType == c.type)
        #expect(header.width == c.width)
        #expect(header.count == c.count)
    }

    @Test func aMissingChecksumMarkerIsOnlyAHint() throws {
        let array = try Self.single {
            $0.appendNode(header: RealmTestFileBuilder.nodeHeader(count: 2, width: 8, checksum: false), payload: [7, 0xFF])
        }
        #expect(!array.header.hasChecksumMarker)
        #expect(try array.integers() == [7, -1])
    }

    static let integerCases: [(width: Int, values: [Int64])] = [
        (0, [0, 0, 0]),
        (1, [1, 0, 1, 1, 0, 0, 0, 1, 1]),
        (2, [3, 0, 2, 1, 3]),
        (4, [15, 0, 9, 1, 7]),
        (8, [127, -128, 0, -1, 5]),
        (16, [32_767, -32_768, 300, -1]),
        (32, [2_147_483_647, -2_147_483_648, 70_000, -1]),
        (64, [.max, .min, 1 << 40, -1, 0]),
    ]

    @Test(arguments: integerCases)
    func integersReadBackAtEveryWidth(width: Int, values: [Int64]) throws {
        let array = try Self.single { $0.appendIntegers(values, width: width) }
        #expect(array.header.width == width)
        #expect(array.count == values.count)
        #expect(try array.integers() == values)
        for (i, value) in values.enumerated() { #expect(try array.integer(at: i) == value) }
    }

    @Test func narrowWidthsAreUnsignedAndWideOnesSigned() throws {
        // All bits set: 1, 3, 15 below 8 bits (unsigned bit fields), -1 from 8 bits up.
        for (width, expected) in [(1, 1), (2, 3), (4, 15), (8, -1), (16, -1), (32, -1), (64, -1)] as [(Int, Int64)] {
            let payload = [UInt8](repeating: 0xFF, count: 8)
            let array = try Self.single {
                $0.appendNode(header: RealmTestFileBuilder.nodeHeader(count: 1, width: width), payload: payload)
            }
            #expect(try array.integer(at: 0) == expected, "width \(width)")
        }
        let wide = try Self.single { $0.appendIntegers([-1, -2], width: 64) }
        #expect(try wide.unsignedInteger(at: 0) == UInt64.max)
        #expect(try wide.unsignedInteger(at: 1) == UInt64.max - 1)
        let byte = try Self.single { $0.appendIntegers([-1], width: 8) }
        #expect(try byte.unsignedInteger(at: 0) == 255)
    }

    @Test func refArraysTellRefsFromTaggedValues() throws {
        var builder = RealmTestFileBuilder()
        let child = builder.appendIntegers([1])
        let parent = builder.appendRefs([.null, .ref(child), .tagged(0), .tagged(21), .tagged(-3)])
        let reader = try RealmFileReader(bytes: builder.file(topRef: 0, otherFormat: 24), name: "app.realm")
        let array = try reader.array(at: parent)
        #expect(array.header.hasRefs)
        #expect(try (0..<5).map { try array.refOrTagged(at: $0) } == [.null, .ref(child), .tagged(0), .tagged(21), .tagged(-3)])
        #expect(try array.ref(at: 1, "child") == child)
        #expect(try array.tagged(at: 3, "size") == 21)
    }

    @Test func shortStringsReadWithNullsAndEmptyStrings() throws {
        let strings: [String?] = ["", "a", nil, "fifteen bytes!!", "Grüße 🍰"]
        let array = try Self.single { $0.appendShortStrings(strings) }
        #expect(array.header.width == 16)
        let read = try (0..<strings.count).map { try array.shortString(at: $0, nullable: true).map { String(decoding: $0, as: UTF8.self) } }
        #expect(read == strings)
        // Not nullable: a null cell reads as "".
        #expect(try array.shortString(at: 2, nullable: false)?.isEmpty == true)
    }

    @Test func aWidthZeroShortStringArrayIsAllNullOrEmpty() throws {
        let array = try Self.single { $0.appendShortStrings(["", ""]) }
        #expect(array.header.width == 0)
        #expect(try array.shortString(at: 1, nullable: true) == nil)
        #expect(try array.shortString(at: 1, nullable: false)?.isEmpty == true)
    }

    @Test func multiplyCellsAndBlobsGiveTheirBytes() throws {
        let doubles: [[UInt8]] = [1.5, -0.25].map { (value: Double) in RealmTestFileBuilder.uint64(value.bitPattern) }
        let cells = try Self.single { $0.appendCells(doubles, width: 8) }
        #expect(cells.header.widthType == .multiply)
        #expect(try (0..<2).map { Double(bitPattern: UInt64(littleEndianBytes: try cells.cell(at: $0))) } == [1.5, -0.25])
        let blob = Array("hello\0".utf8)
        let node = try Self.single { $0.appendBlob(blob, context: true) }
        #expect(node.header.widthType == .ignore)
        #expect(node.header.contextFlag)
        #expect(Array(try node.blobBytes()) == blob)
    }

    struct Misuse: Sendable, CustomTestStringConvertible {
        let name: String
        let message: String
        let body: @Sendable (RealmArray) throws -> Void
        var testDescription: String { name }
    }

    static let misuses: [Misuse] = [
        Misuse(name: "index past the end", message: "element 3 is past the end of its 3 elements") { _ = try $0.integer(at: 3) },
        Misuse(name: "negative index", message: "element -1 is past the end of its 3 elements") { _ = try $0.integer(at: -1) },
        Misuse(name: "integer array read as refs", message: "element 0 is read as a ref, but the node has no refs") { _ = try $0.refOrTagged(at: 0) },
        Misuse(name: "integer array read as cells", message: "width type bits is not \"multiply\", so element 0 has no byte cell") { _ = try $0.cell(at: 0) },
        Misuse(name: "integer array read as a blob", message: "width type bits is not \"ignore\", so the node is not a blob") { _ = try $0.blobBytes() },
    ]

    @Test(arguments: misuses)
    func readingAnArrayAsWhatItIsNotIsAnError(misuse: Misuse) throws {
        let array = try Self.single { $0.appendIntegers([1, 2, 3]) }
        #expect(throws: RealmReadError(.damaged, "app.realm: node at offset 24: \(misuse.message)")) { try misuse.body(array) }
    }

    @Test func aStringCellReadAsIntegersIsAnError() throws {
        let array = try Self.single { $0.appendShortStrings(["abc"]) }
        #expect(throws: RealmReadError(.damaged, "app.realm: node at offset 24: width type multiply is not \"bits\", so the node is not an integer array")) {
            try array.integers()
        }
    }
}

extension UInt64 {
    init(littleEndianBytes bytes: UnsafeRawBufferPointer) {
        self = bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
