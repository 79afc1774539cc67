/// Writes synthetic `.realm` files byte by byte, per ../shared/REALM-FORMAT.md §2 and §4 (realm-core
/// `alloc_slab.hpp`, `node_header.hpp`): a 24-byte header, then 8-byte-aligned nodes, then (streaming form) the
/// footer. Each `append…` returns the new node's ref.
struct RealmTestFileBuilder {
    enum WidthType: UInt8 { case bits = 0, multiply = 1, ignore = 2, packed = 3 }

    /// A has-refs element.
    enum Slot {
        case null
        case ref(UInt64)
        case tagged(Int64)

        var raw: Int64 {
            switch self {
            case .null: 0
            case .ref(let ref): Int64(bitPattern: ref)
            case .tagged(let value): value << 1 | 1
            }
        }
    }

    var format: UInt8 = 24
    /// Everything after the header.
    private(set) var body: [UInt8] = []
    /// The refs of the nodes appended, in order.
    private(set) var refs: [UInt64] = []

    /// The ref the next node gets.
    var nextRef: UInt64 { UInt64(24 + body.count) }

    static func widthCode(_ width: Int) -> UInt8 {
        switch width {
        case 0: 0
        case 1: 1
        case 2: 2
        case 4: 3
        case 8: 4
        case 16: 5
        case 32: 6
        default: 7
        }
    }

    /// The smallest width realm-core would pick for `values` (`Array::bit_width`): 0, then unsigned 1/2/4 bits,
    /// then signed 8/16/32/64.
    static func width(for values: [Int64]) -> Int {
        var width = 0
        for value in values {
            let needed: Int
            switch value {
            case 0: needed = 0
            case 1: needed = 1
            case 2...3: needed = 2
            case 4...15: needed = 4
            case -128...127: needed = 8
            case -32_768...32_767: needed = 16
            case -2_147_483_648...2_147_483_647: needed = 32
            default: needed = 64
            }
            width = max(width, needed)
        }
        return width
    }

    /// The 8 header bytes of a node.
    static func nodeHeader(count: Int, width: Int, type: WidthType = .bits, inner: Bool = false, hasRefs: Bool = false,
                           context: Bool = false, checksum: Bool = true) -> [UInt8] {
        var flags = type.rawValue << 3 | widthCode(width)
        if inner { flags |= 0x80 }
        if hasRefs { flags |= 0x40 }
        if context { flags |= 0x20 }
        let marker: [UInt8] = checksum ? [0x41, 0x41, 0x41, 0x41] : [0, 0, 0, 0]
        return marker + [flags, UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count)]
    }

    /// `values` packed at `width` bits each: low bits first for 1, 2, 4; little-endian two's complement from 8 up.
    static func pack(_ values: [Int64], width: Int) -> [UInt8] {
        if width == 0 { return [] }
        if width < 8 {
            var out = [UInt8](repeating: 0, count: (values.count * width + 7) / 8)
            for (i, value) in values.enumerated() {
                let bit = i * width
                out[bit / 8] |= UInt8(truncatingIfNeeded: value & ((1 << width) - 1)) << UInt8(bit % 8)
            }
            return out
        }
        return values.flatMap { value in (0..<(width / 8)).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    }

    /// Appends a node: header then payload, padded to 8 bytes.
    @discardableResult
    mutating func appendNode(header: [UInt8], payload: [UInt8]) -> UInt64 {
        let ref = nextRef
        refs.append(ref)
        body += header + payload
        while body.count % 8 != 0 { body.append(0) }
        return ref
    }

    @discardableResult
    mutating func appendIntegers(_ values: [Int64], width: Int? = nil, inner: Bool = false, hasRefs: Bool = false,
                                 context: Bool = false) -> UInt64 {
        let width = width ?? Self.width(for: values)
        return appendNode(header: Self.nodeHeader(count: values.count, width: width, inner: inner, hasRefs: hasRefs, context: context),
                          payload: Self.pack(values, width: width))
    }

    @discardableResult
    mutating func appendRefs(_ slots: [Slot], inner: Bool = false, context: Bool = false) -> UInt64 {
        appendIntegers(slots.map(\.raw), inner: inner, hasRefs: true, context: context)
    }

    /// A short-string array (`ArrayStringShort`): cells of `width` bytes (the smallest of 0, 1, 2, 4, …, 64 that
    /// holds the longest string and its count byte, unless given), last byte = padding zeros, width = null.
    @discardableResult
    mutating func appendShortStrings(_ strings: [String?], width: Int? = nil) -> UInt64 {
        let longest = strings.map { $0?.utf8.count ?? 0 }.max() ?? 0
        let anyNull = strings.contains { $0 == nil }
        var width = width ?? 0
        if width == 0 && (longest > 0 || anyNull) {
            width = 1
            while width < longest + 1 { width *= 2 }
        }
        var payload: [UInt8] = []
        for string in strings {
            guard width > 0 else { break }
            var cell = [UInt8](repeating: 0, count: width)
            if let string {
                let bytes = Array(string.utf8)
                cell.replaceSubrange(0..<bytes.count, with: bytes)
                cell[width - 1] = UInt8(width - 1 - bytes.count)
            } else {
                cell[width - 1] = UInt8(width)
            }
            payload += cell
        }
        return appendNode(header: Self.nodeHeader(count: strings.count, width: width, type: .multiply), payload: payload)
    }

    /// A "multiply" array of fixed-size cells.
    @discardableResult
    mutating func appendCells(_ cells: [[UInt8]], width: Int) -> UInt64 {
        appendNode(header: Self.nodeHeader(count: cells.count, width: width, type: .multiply), payload: cells.flatMap { $0 })
    }

    /// A blob ("ignore" width type): one byte per element.
    @discardableResult
    mutating func appendBlob(_ bytes: [UInt8], context: Bool = false) -> UInt64 {
        appendNode(header: Self.nodeHeader(count: bytes.count, width: 0, type: .ignore, context: context), payload: bytes)
    }

    /// A group top array with its names and tables arrays, and tagged bookkeeping slots.
    @discardableResult
    mutating func appendGroup(tables: [(name: String, ref: Slot)], extraSlots: [Slot]? = nil) -> UInt64 {
        let names = appendShortStrings(tables.map(\.name))
        let refs = appendRefs(tables.map(\.ref))
        let extra = extraSlots ?? [.tagged(Int64(nextRef) + 64)]
        return appendRefs([.ref(names), .ref(refs)] + extra)
    }

    /// A whole file: header (top ref in `slot`, format byte in that slot) and body.
    func file(topRef: UInt64, slot: Int = 0, otherTopRef: UInt64 = 0, otherFormat: UInt8 = 0) -> [UInt8] {
        var refs = [otherTopRef, otherTopRef]
        refs[slot] = topRef
        var formats = [otherFormat, otherFormat]
        formats[slot] = format
        return Self.uint64(refs[0]) + Self.uint64(refs[1]) + Array("T-DB".utf8) + formats + [0, UInt8(slot)] + body
    }

    /// A streaming-form file: top ref 0 all ones, format in slot 0, then the body and the footer.
    func streamingFile(topRef: UInt64, cookie: UInt64 = 0x3034_1252_37E5_26C8) -> [UInt8] {
        Self.uint64(.max) + Self.uint64(0) + Array("T-DB".utf8) + [format, 0, 0, 0] + body + Self.uint64(topRef) + Self.uint64(cookie)
    }

    static func uint64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A small file with two tables (one deleted slot between), a table top and a column, in realm-core's shapes.
    static func sample(format: UInt8 = 24) -> (file: [UInt8], top: UInt64) {
        var builder = RealmTestFileBuilder()
        builder.format = format
        let column = builder.appendIntegers([1, -2, 300, 70_000])
        let names = builder.appendShortStrings(["Ann", nil, "Grüße"])
        let leaf = builder.appendRefs([.tagged(4), .ref(column), .ref(names)])
        let tableA = builder.appendRefs([.null, .null, .ref(leaf), .tagged(0)])
        let tableB = builder.appendRefs([.null, .null, .null, .tagged(2)])
        let top = builder.appendGroup(tables: [("class_Person", .ref(tableA)), ("", .tagged(1)), ("metadata", .ref(tableB))],
                                      extraSlots: [.tagged(4096), .null, .null, .null, .tagged(7), .tagged(2), .null, .tagged(10)])
        return (builder.file(topRef: top), top)
    }
}
