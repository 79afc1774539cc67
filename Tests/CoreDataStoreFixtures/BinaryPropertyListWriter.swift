import CoreDataModel

/// Writes `PropertyListValue`s as binary property lists (`bplist00`), for fixtures only (model caches, store
/// metadata, transformable values, hostile inputs): every value becomes an
/// object of its own (no sharing), with the smallest offset size and a chosen object-reference size.
public struct BinaryPropertyListWriter {
    public var referenceSize = 1
    private var objects: [[UInt8]] = []

    public static func write(_ value: PropertyListValue, referenceSize: Int? = nil) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        // Count objects first so that the reference size fits them.
        let count = objectCount(value)
        writer.referenceSize = referenceSize ?? (count < 256 ? 1 : count < 65_536 ? 2 : 4)
        let top = writer.add(value)
        return writer.finish(top: top)
    }

    public static func objectCount(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements), .set(let elements): 1 + elements.map(objectCount).reduce(0, +)
        case .dictionary(let entries): 1 + entries.map { 1 + objectCount($0.value) }.reduce(0, +)
        default: 1
        }
    }

    /// Adds `value` (and what it contains) and returns its object number.
    public mutating func add(_ value: PropertyListValue) -> Int {
        let index = objects.count
        objects.append([])
        var body: [UInt8]
        switch value {
        case .null: body = [0x00]
        case .bool(let flag): body = [flag ? 0x09 : 0x08]
        case .integer(let number):
            if number >= 0, number <= 0xFF { body = [0x10] + Self.bigEndian(UInt64(number), size: 1) }
            else if number >= 0, number <= 0xFFFF { body = [0x11] + Self.bigEndian(UInt64(number), size: 2) }
            else if number >= 0, number <= 0xFFFF_FFFF { body = [0x12] + Self.bigEndian(UInt64(number), size: 4) }
            else { body = [0x13] + Self.bigEndian(UInt64(bitPattern: number), size: 8) }
        case .unsignedInteger(let number): body = [0x14] + [UInt8](repeating: 0, count: 8) + Self.bigEndian(number, size: 8)
        case .real(let number): body = [0x23] + Self.bigEndian(number.bitPattern, size: 8)
        case .date(let seconds): body = [0x33] + Self.bigEndian(seconds.bitPattern, size: 8)
        case .data(let bytes): body = Self.marker(0x4, bytes.count) + bytes
        case .string(let text):
            if text.unicodeScalars.allSatisfy({ $0.value < 0x80 }) {
                body = Self.marker(0x5, text.utf8.count) + Array(text.utf8)
            } else {
                let units = Array(text.utf16)
                body = Self.marker(0x6, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        case .uid(let number):
            let size = number <= 0xFF ? 1 : number <= 0xFFFF ? 2 : number <= 0xFFFF_FFFF ? 4 : 8
            body = [0x80 | UInt8(size - 1)] + Self.bigEndian(number, size: size)
        case .array(let elements), .set(let elements):
            let references = elements.map { add($0) }
            if case .set = value { body = Self.marker(0xC, references.count) } else { body = Self.marker(0xA, references.count) }
            body += references.flatMap { Self.bigEndian(UInt64($0), size: referenceSize) }
        case .dictionary(let entries):
            let sorted = entries.sorted { $0.key < $1.key }
            let keys = sorted.map { add(.string($0.key)) }
            let values = sorted.map { add($0.value) }
            body = Self.marker(0xD, sorted.count) + (keys + values).flatMap { Self.bigEndian(UInt64($0), size: referenceSize) }
        }
        objects[index] = body
        return index
    }

    public func finish(top: Int) -> [UInt8] {
        var file = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(file.count)
            file += object
        }
        let tableOffset = file.count
        let offsetSize = tableOffset <= 0xFF ? 1 : tableOffset <= 0xFFFF ? 2 : tableOffset <= 0xFFFF_FFFF ? 4 : 8
        for offset in offsets { file += Self.bigEndian(UInt64(offset), size: offsetSize) }
        file += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        file += Self.bigEndian(UInt64(objects.count), size: 8)
        file += Self.bigEndian(UInt64(top), size: 8)
        file += Self.bigEndian(UInt64(tableOffset), size: 8)
        return file
    }

    public static func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
        if count < 15 { return [kind << 4 | UInt8(count)] }
        if count <= 0xFF { return [kind << 4 | 0xF, 0x10] + bigEndian(UInt64(count), size: 1) }
        if count <= 0xFFFF { return [kind << 4 | 0xF, 0x11] + bigEndian(UInt64(count), size: 2) }
        return [kind << 4 | 0xF, 0x12] + bigEndian(UInt64(count), size: 4)
    }

    public static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }
}

/// Hand-made binary property lists: objects given as raw bytes, with the offset table and trailer built around
/// them, and every trailer field overridable for hostile cases.
public struct RawBinaryPropertyList {
    public var objects: [[UInt8]]
    public var top: UInt64
    public var offsetSize: UInt8
    public var referenceSize: UInt8
    public var objectCount: UInt64?
    public var tableOffset: UInt64?
    public var offsets: [UInt64]?

    public init(objects: [[UInt8]], top: UInt64 = 0, offsetSize: UInt8 = 1, referenceSize: UInt8 = 1,
                objectCount: UInt64? = nil, tableOffset: UInt64? = nil, offsets: [UInt64]? = nil)
    {
        self.objects = objects
        self.top = top
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = objectCount
        self.tableOffset = tableOffset
        self.offsets = offsets
    }

    public var bytes: [UInt8] {
        var file = Array("bplist00".utf8)
        var computed: [UInt64] = []
        for object in objects {
            computed.append(UInt64(file.count))
            file += object
        }
        let table = UInt64(file.count)
        for offset in offsets ?? computed { file += BinaryPropertyListWriter.bigEndian(offset, size: Int(offsetSize)) }
        file += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        file += BinaryPropertyListWriter.bigEndian(objectCount ?? UInt64((offsets ?? computed).count), size: 8)
        file += BinaryPropertyListWriter.bigEndian(top, size: 8)
        file += BinaryPropertyListWriter.bigEndian(tableOffset ?? table, size: 8)
        return file
    }
}
