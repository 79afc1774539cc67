/// A reader of binary property lists (`bplist00`), the container of compiled models (`.mom`), of a store's
/// `Z_MODELCACHE` (after inflation) and of keyed archives in general.
///
/// The layout (CoreFoundation's `CFBinaryPList.c` describes it): the 8-byte header `bplist00`; the objects, each
/// a marker byte (type in the high nibble, a length or size in the low one, 15 meaning "an int object follows with
/// the length"); the offset table (one big-endian offset per object, `offsetSize` bytes each); and a 32-byte trailer
/// (6 unused bytes, `offsetSize`, `objectRefSize`, then 8-byte big-endian object count, top object and offset
/// table offset). Containers hold object numbers (`objectRefSize` bytes each) that index the offset table.
///
/// The file may come from anywhere, so every length, offset and reference is checked against the file before it is
/// used, sizes are computed with overflow checks, nesting is bounded (`maximumDepth`), and an object that contains
/// itself through references is an error. Each object is decoded once (shared objects are reused), and what the
/// decode makes is bounded by the bytes that back it before anything is allocated: the trailer's object count by
/// the object area (every object takes at least its marker byte), and the values decoded, every object and every
/// container entry, by a budget shared across the whole decode (`valueBudget`: the object area's size, at most
/// `maximumValues`). A value takes a few bytes of the file and tens in memory, so without the budget a file of
/// one-byte references (or of objects that overlap) decodes into gigabytes. Errors are one line:
/// `binary property list: object 12 at byte 4096: …`.
public struct BinaryPropertyList {
    /// Containers nested deeper than this are refused (Apple's own files nest a few levels; archives are flat).
    public static let maximumDepth = 512
    /// The most values (objects and container entries) one decode makes, whatever the file's size. Real model
    /// caches make about one value per five bytes: a few thousand; a model of a thousand entities, under a million.
    public static let maximumValues = 4 << 20
    static let trailerSize = 32
    static let header: [UInt8] = Array("bplist00".utf8)

    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableOffset: Int

    private var decoded: [Int: PropertyListValue] = [:]
    private var inProgress: Set<Int> = []
    /// The values this decode may still make (see the type's summary).
    private var valueBudget: Int

    /// Reads the whole property list and returns its top object.
    /// - Throws: `ModelReadError` naming the object and byte where the file is damaged.
    public static func read(_ bytes: [UInt8]) throws -> PropertyListValue {
        var reader = try BinaryPropertyList(bytes: bytes)
        return try reader.object(reader.topObject, depth: 0)
    }

    /// True when `bytes` start with the binary property list header.
    public static func hasHeader(_ bytes: [UInt8]) -> Bool { bytes.starts(with: header) }

    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        let size = bytes.count
        guard size >= Self.header.count + Self.trailerSize else {
            throw Self.error("the file is too short (\(size) bytes) for a header and a trailer")
        }
        guard Self.hasHeader(bytes) else {
            throw Self.error("the file does not start with 'bplist00'")
        }
        let trailer = size - Self.trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize) else {
            throw Self.error("trailer at byte \(trailer): offset size \(offsetSize) is not 1 to 8")
        }
        guard (1...8).contains(referenceSize) else {
            throw Self.error("trailer at byte \(trailer): object reference size \(referenceSize) is not 1 to 8")
        }
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        // Every object takes at least one byte, and so does its offset-table entry.
        guard count >= 1, count <= UInt64(size) else {
            throw Self.error("trailer at byte \(trailer): object count \(count) does not fit a file of \(size) bytes")
        }
        guard top < count else {
            throw Self.error("trailer at byte \(trailer): top object \(top) is not below the object count \(count)")
        }
        guard table >= UInt64(Self.header.count + 1), table < UInt64(trailer) else {
            throw Self.error("trailer at byte \(trailer): offset table at byte \(table) is outside the file (\(size) bytes)")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableOffset = Int(table)
        let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, tableSize <= trailer - offsetTableOffset else {
            throw Self.error("offset table at byte \(table): \(count) offsets of \(offsetSize) bytes run past the trailer at byte \(trailer)")
        }
        let objectArea = offsetTableOffset - Self.header.count
        guard objectCount <= objectArea else {
            throw Self.error("trailer at byte \(trailer): object count \(count) is more than the \(objectArea) bytes of the object area hold")
        }
        valueBudget = min(objectArea, Self.maximumValues)
    }

    // MARK: - Objects

    /// The object numbered `index`, decoded (once) with everything it contains.
    mutating func object(_ index: Int, depth: Int) throws -> PropertyListValue {
        if let value = decoded[index] { return value }
        let offset = try self.offset(of: index)
        guard depth <= Self.maximumDepth else {
            throw objectError(index, offset, "containers are nested more than \(Self.maximumDepth) deep")
        }
        guard inProgress.insert(index).inserted else {
            throw objectError(index, offset, "contains itself (a reference cycle)")
        }
        defer { inProgress.remove(index) }
        try spend(1, index, offset)
        let value = try decode(index, at: offset, depth: depth)
        decoded[index] = value
        return value
    }

    func offset(of index: Int) throws -> Int {
        guard index >= 0, index < objectCount else {
            throw Self.error("reference to object \(index) is not below the object count \(objectCount)")
        }
        let offset = Self.bigEndian(bytes, at: offsetTableOffset + index * offsetSize, size: offsetSize)
        guard offset < UInt64(bytes.count) else {
            throw Self.error("object \(index) at byte \(offset) is past the end of the file (\(bytes.count) bytes)")
        }
        guard offset >= UInt64(Self.header.count), offset < UInt64(offsetTableOffset) else {
            throw Self.error("object \(index) at byte \(offset) is outside the object area (bytes 8 to \(offsetTableOffset))")
        }
        return Int(offset)
    }

    private mutating func decode(_ index: Int, at offset: Int, depth: Int) throws -> PropertyListValue {
        let marker = bytes[offset]
        let kind = marker >> 4
        let info = Int(marker & 0x0F)
        switch kind {
        case 0x0:
            switch info {
            case 0x0, 0xF: return .null
            case 0x8: return .bool(false)
            case 0x9: return .bool(true)
            default: throw objectError(index, offset, "unknown marker 0x\(hex(marker))")
            }
        case 0x1:
            guard info <= 4 else { throw objectError(index, offset, "integer of 2^\(info) bytes is not 1, 2, 4, 8 or 16 bytes") }
            let size = 1 << info
            try requireContent(index, offset, start: offset + 1, size: size, what: "integer")
            return try integer(index, offset, at: offset + 1, size: size)
        case 0x2:
            guard info == 2 || info == 3 else { throw objectError(index, offset, "real of 2^\(info) bytes is not 4 or 8 bytes") }
            let size = 1 << info
            try requireContent(index, offset, start: offset + 1, size: size, what: "real")
            let raw = Self.bigEndian(bytes, at: offset + 1, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
        case 0x3:
            guard info == 3 else { throw objectError(index, offset, "date marker 0x\(hex(marker)) is not 0x33") }
            try requireContent(index, offset, start: offset + 1, size: 8, what: "date")
            return .date(Double(bitPattern: Self.bigEndian(bytes, at: offset + 1, size: 8)))
        case 0x4:
            let (count, start) = try length(index, offset, info)
            try requireContent(index, offset, start: start, size: count, what: "data")
            return .data(Array(bytes[start..<start + count]))
        case 0x5:
            let (count, start) = try length(index, offset, info)
            try requireContent(index, offset, start: start, size: count, what: "ascii string")
            // Apple writes only 7-bit bytes here; any other byte is read as Latin-1 rather than refused.
            return .string(String(String.UnicodeScalarView(bytes[start..<start + count].map { Unicode.Scalar($0) })))
        case 0x6:
            let (count, start) = try length(index, offset, info)
            let size = try multiply(index, offset, count, 2, what: "utf-16 string")
            try requireContent(index, offset, start: start, size: size, what: "utf-16 string")
            let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            let size = info + 1
            guard size <= 8 else { throw objectError(index, offset, "uid of \(size) bytes is longer than 8") }
            try requireContent(index, offset, start: offset + 1, size: size, what: "uid")
            return .uid(Self.bigEndian(bytes, at: offset + 1, size: size))
        case 0xA, 0xB, 0xC:
            let (count, start) = try length(index, offset, info)
            try checkReferences(index, offset, start: start, count: count, what: "array")
            try spend(count, index, offset)
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            for i in 0..<count {
                elements.append(try object(try reference(index, offset, start: start, entry: i, what: "array"), depth: depth + 1))
            }
            return kind == 0xA ? .array(elements) : .set(elements)
        case 0xD:
            let (count, start) = try length(index, offset, info)
            let pairs = try multiply(index, offset, count, 2, what: "dictionary")
            try checkReferences(index, offset, start: start, count: pairs, what: "dictionary")
            try spend(pairs, index, offset)
            var dictionary: [String: PropertyListValue] = [:]
            dictionary.reserveCapacity(count)
            for i in 0..<count {
                let key = try object(try reference(index, offset, start: start, entry: i, what: "dictionary"), depth: depth + 1)
                guard case .string(let name) = key else {
                    throw objectError(index, offset, "dictionary key \(i) is \(key.kindDescription), not a string")
                }
                dictionary[name] = try object(try reference(index, offset, start: start, entry: count + i, what: "dictionary"), depth: depth + 1)
            }
            return .dictionary(dictionary)
        default:
            throw objectError(index, offset, "unknown marker 0x\(hex(marker))")
        }
    }

    // MARK: - Pieces

    /// The length of a data, string or container object: the marker's low nibble, or the int object after it.
    private func length(_ index: Int, _ offset: Int, _ info: Int) throws -> (count: Int, start: Int) {
        if info != 0xF { return (info, offset + 1) }
        try requireContent(index, offset, start: offset + 1, size: 1, what: "length")
        let marker = bytes[offset + 1]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw objectError(index, offset, "length marker 0x\(hex(marker)) is not an integer of 1 to 8 bytes")
        }
        let size = 1 << Int(marker & 0x0F)
        try requireContent(index, offset, start: offset + 2, size: size, what: "length")
        let raw = Self.bigEndian(bytes, at: offset + 2, size: size)
        guard raw <= UInt64(bytes.count) else {
            throw objectError(index, offset, "length \(raw) is larger than the file (\(bytes.count) bytes)")
        }
        return (Int(raw), offset + 2 + size)
    }

    private func integer(_ index: Int, _ offset: Int, at start: Int, size: Int) throws -> PropertyListValue {
        switch size {
        case 1, 2, 4: return .integer(Int64(Self.bigEndian(bytes, at: start, size: size)))
        case 8: return .integer(Int64(bitPattern: Self.bigEndian(bytes, at: start, size: 8)))
        default:
            let high = Self.bigEndian(bytes, at: start, size: 8)
            let low = Self.bigEndian(bytes, at: start + 8, size: 8)
            if high == 0 { return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low) }
            if high == UInt64.max, Int64(bitPattern: low) < 0 { return .integer(Int64(bitPattern: low)) }
            throw objectError(index, offset, "16-byte integer does not fit in 64 bits")
        }
    }

    /// Checks that a container's `count` references of `referenceSize` bytes from `start` lie in the object area.
    private func checkReferences(_ index: Int, _ offset: Int, start: Int, count: Int, what: String) throws {
        let size = try multiply(index, offset, count, referenceSize, what: what)
        try requireContent(index, offset, start: start, size: size, what: what)
    }

    /// The object number in a container's reference `entry` (checked by `checkReferences` to lie in the file).
    private func reference(_ index: Int, _ offset: Int, start: Int, entry: Int, what: String) throws -> Int {
        let raw = Self.bigEndian(bytes, at: start + entry * referenceSize, size: referenceSize)
        guard raw < UInt64(objectCount) else {
            throw objectError(index, offset, "\(what) entry \(entry) refers to object \(raw), not below the object count \(objectCount)")
        }
        return Int(raw)
    }

    /// Takes `count` values from the decode's budget, before they are allocated.
    private mutating func spend(_ count: Int, _ index: Int, _ offset: Int) throws {
        guard count <= valueBudget else {
            let limit = min(offsetTableOffset - Self.header.count, Self.maximumValues)
            throw objectError(index, offset, "the file decodes into more than \(limit) values (objects and container entries), "
                              + "the most its \(bytes.count) bytes may hold (one a byte of the object area, \(Self.maximumValues) in all)")
        }
        valueBudget -= count
    }

    private func multiply(_ index: Int, _ offset: Int, _ count: Int, _ size: Int, what: String) throws -> Int {
        let (product, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow else { throw objectError(index, offset, "\(what) of \(count) entries overflows its size") }
        return product
    }

    /// Checks that `size` bytes from `start` lie inside the object area (before the offset table).
    private func requireContent(_ index: Int, _ offset: Int, start: Int, size: Int, what: String) throws {
        let (end, overflow) = start.addingReportingOverflow(size)
        guard !overflow, size >= 0, end <= offsetTableOffset else {
            throw objectError(index, offset, "\(what) of \(size) bytes runs past the object area (ends at byte \(offsetTableOffset))")
        }
    }

    static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[start + i]) }
        return value
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }

    private func objectError(_ index: Int, _ offset: Int, _ problem: String) -> ModelReadError {
        Self.error("object \(index) at byte \(offset): \(problem)")
    }

    static func error(_ problem: String) -> ModelReadError { ModelReadError("binary property list: " + problem) }
}
