/// What the values of one array are: the element type, its nullability, and for links the target and whether the
/// keys are stored + 1 (a link column) or as they are (a B+tree of keys in a collection).
struct RealmElement {
    let type: RealmColumnType
    let isNullable: Bool
    let target: Int?
    let linkAdjust: Int64
    /// An enumerated string column's values, decoded once.
    var enumValues: [RealmValue]?
    /// Decoded as realm core 5 and earlier wrote it (file formats 2–9): bools and old DateTimes as integer arrays,
    /// a medium string array's null flags inverted (`ArrayStringLong`: 1 means a value).
    var isLegacy = false
    /// An old DateTime's unit in its integers: 1 for seconds (realm-core's definition; realm-cocoa, realm-java), 1000
    /// for milliseconds (realm-js, which converted them itself when realm core upgraded the column), as the reader's
    /// `oldDateTimeUnit` says.
    var oldDateTimeUnit: Int64 = 1

    init(type: RealmColumnType, isNullable: Bool, target: Int?, linkAdjust: Int64, isLegacy: Bool = false) {
        (self.type, self.isNullable, self.target, self.linkAdjust, self.isLegacy) = (type, isNullable, target, linkAdjust, isLegacy)
    }
}

/// One array of values (a column in a cluster leaf, or a leaf of a collection's B+tree) decoded per element,
/// every element access bounds-checked (realm-core `cluster.cpp` `Cluster::create`, the `Array*` leaf classes).
public final class RealmLeaf {
    enum Form {
        case integers(RealmArray)
        /// `ArrayIntNull`: element 0 is the null sentinel, values start at 1.
        case nullableIntegers(RealmArray)
        /// `ArrayBool[Null]`: 0/1, 3 = null.
        case bools(RealmArray)
        case floats(RealmArray)
        case doubles(RealmArray)
        case shortStrings(RealmArray)
        /// `ArraySmallBlobs`: end offsets, the bytes, null flags (strings carry a trailing zero). `nullFlag` is the
        /// flag's value for null: 1, or 0 in a legacy string array (`ArrayStringLong`).
        case smallBlobs(offsets: RealmArray, blob: RealmArray, nulls: RealmArray?, nullFlag: Int64)
        /// `ArrayBigBlobs`: one ref per value to a blob, 0 for null.
        case bigBlobs(RealmArray)
        case enumStrings(RealmArray, [RealmValue])
        case timestamps(seconds: RealmArray, nanoseconds: RealmArray)
        case decimals(RealmArray)
        case fixedBytes(RealmArray, size: Int)
        case keys(RealmArray)
        case typedLinks(RealmArray)
        indirect case mixed(RealmMixedLeaf)
        /// `ArrayRef`: per object 0 or the ref of a collection.
        case collections(RealmArray)
        /// A legacy timestamp column's two B+trees, read leaf by leaf: the seconds (nullable ints) and nanoseconds.
        indirect case pairedTimestamps(seconds: RealmLeaf, nanoseconds: RealmLeaf)
        /// A legacy column Strata cannot decode (a subtable of several columns): every value reads as null, and
        /// `unreadable` says why.
        case unreadable(String)
        /// A legacy Mixed column (realm core 5 `MixedColumn`): per row a type and a 63-bit payload, strings and
        /// binaries in a side column by index, timestamps in another.
        indirect case legacyMixed(types: RealmLeaf, data: RealmArray, side: RealmLegacyMixedSide)
    }

    let form: Form
    let element: RealmElement
    public let count: Int
    let reader: RealmFileReader
    /// The index in the underlying array of this leaf's element 0: a window of a longer leaf starts past 0.
    let base: Int

    /// What a leaf of a column Strata cannot decode is (`old Mixed`), nil for every other leaf.
    public var unreadable: String? {
        if case .unreadable(let what) = form { what } else { nil }
    }

    /// Elements `start ..< start + count` of `leaf`, read as `leaf` reads them (or as `element` says).
    init(window leaf: RealmLeaf, start: Int, count: Int, element: RealmElement? = nil) {
        (form, self.element, reader) = (leaf.form, element ?? leaf.element, leaf.reader)
        base = leaf.base + start
        self.count = count
    }

    /// A legacy timestamp leaf made of windows of the same length of its seconds and nanoseconds leaves.
    init(seconds: RealmLeaf, nanoseconds: RealmLeaf, element: RealmElement) {
        (form, self.element, reader, base, count) = (.pairedTimestamps(seconds: seconds, nanoseconds: nanoseconds), element, seconds.reader, 0, seconds.count)
    }

    /// A legacy Mixed leaf: windows of the same length of its types and data leaves.
    init(mixedTypes types: RealmLeaf, data: RealmLeaf, side: RealmLegacyMixedSide, element: RealmElement) throws {
        guard case .collections(let array) = data.form else { throw RealmReadError(.damaged, "\(types.reader.name): an old Mixed column's data has no refs") }
        (form, self.element, reader, base, count) = (.legacyMixed(types: types, data: array, side: side), element, types.reader, data.base, types.count)
    }

    /// Why element `position` cannot be read (`subtable in an old Mixed`), or nil when it can.
    public func unreadable(at position: Int, walk: inout RealmNodeWalk) throws -> String? {
        switch form {
        case .unreadable(let what): return what
        case .legacyMixed(let types, _, _):
            let type = try types.value(at: position, walk: &walk)
            return type == .int(5) ? "subtable in an old Mixed" : type == .int(6) ? "Mixed in an old Mixed" : nil
        default: return nil
        }
    }

    /// A leaf of `count` values that cannot be decoded, each read as null.
    init(unreadable what: String, count: Int, element: RealmElement, reader: RealmFileReader) {
        (form, self.element, self.reader, base, self.count) = (.unreadable(what), element, reader, 0, count)
    }

    /// Reads the leaf at `ref` as holding elements of `element`'s type.
    convenience init(_ ref: UInt64, element: RealmElement, collection: Bool = false, walk: inout RealmNodeWalk) throws {
        try self.init(array: try walk.leaf(ref), element: element, collection: collection, walk: &walk)
    }

    /// Reads `array`, already read and counted by `walk`, as holding elements of `element`'s type.
    init(array: RealmArray, element: RealmElement, collection: Bool = false, walk: inout RealmNodeWalk) throws {
        reader = walk.reader
        self.element = element
        base = 0
        if collection {
            guard array.header.hasRefs || array.header.width == 0 else { throw array.error("a collection column has no refs") }
            form = .collections(array)
            count = array.count
            return
        }
        switch element.type {
        case .int, .oldDateTime:
            try Self.expectBits(array, "an int column")
            if element.isNullable {
                guard array.count >= 1 else { throw array.error("a nullable int array has no null sentinel") }
                form = .nullableIntegers(array)
                count = array.count - 1
            } else {
                form = .integers(array)
                count = array.count
            }
        case .bool:
            try Self.expectBits(array, "a bool column")
            if element.isLegacy && element.isNullable {
                // Realm core 5 kept bools in integer columns: a nullable one has the null sentinel first.
                guard array.count >= 1 else { throw array.error("a nullable bool array has no null sentinel") }
                form = .nullableIntegers(array)
                count = array.count - 1
            } else {
                form = element.isLegacy ? .integers(array) : .bools(array)
                count = array.count
            }
        case .float, .double:
            let size = element.type == .float ? 4 : 8
            guard array.header.widthType == .multiply || array.count == 0, array.header.width == size || array.count == 0 else {
                throw array.error("a \(element.type) array has width \(array.header.width) (\(array.header.widthType)), not \(size) bytes")
            }
            form = element.type == .float ? .floats(array) : .doubles(array)
            count = array.count
        case .string, .oldStringEnum:
            (form, count) = try Self.stringForm(array, element: element, walk: &walk)
        case .binary:
            if array.header.hasRefs {
                (form, count) = try Self.blobForm(array, element: element, walk: &walk)
            } else {
                throw array.error("a binary array has no refs")
            }
        case .timestamp:
            guard array.header.hasRefs, array.count >= 2 else { throw array.error("a timestamp array is not [seconds, nanoseconds]") }
            let seconds = try walk.leaf(try array.ref(at: 0, "seconds"))
            let nanoseconds = try walk.leaf(try array.ref(at: 1, "nanoseconds"))
            try Self.expectBits(seconds, "timestamp seconds")
            try Self.expectBits(nanoseconds, "timestamp nanoseconds")
            guard seconds.count >= 1, nanoseconds.count == seconds.count - 1 else {
                throw array.error("a timestamp array has \(seconds.count) seconds (with the null sentinel) and \(nanoseconds.count) nanoseconds")
            }
            form = .timestamps(seconds: seconds, nanoseconds: nanoseconds)
            count = nanoseconds.count
        case .decimal:
            let width = array.header.width
            guard !array.header.hasRefs, array.header.widthType == .multiply || width == 0, [0, 4, 8, 16].contains(width) else {
                throw array.error("a decimal128 array has width \(width) (\(array.header.widthType))")
            }
            form = .decimals(array)
            count = array.count
        case .objectId, .uuid:
            let size = element.type == .objectId ? 12 : 16
            guard !array.header.hasRefs else { throw array.error("an \(element.type) array has refs") }
            // One null-flag byte per block of 8 values: n values take n × size + ceil(n / 8) bytes.
            // Width 0: every value is null (realm-core `ArrayFixedBytes::is_null`); the count is still in bytes.
            let bytes = array.count
            let block = size * 8 + 1
            let values = (bytes - (bytes + block - 1) / block) / size
            guard array.header.width <= 1, values * size + (values + 7) / 8 == bytes else {
                throw array.error("an \(element.type) array of \(array.count) bytes (width \(array.header.width)) is not whole values")
            }
            form = .fixedBytes(array, size: size)
            count = values
        case .link:
            try Self.expectBits(array, "a link column")
            form = .keys(array)
            count = array.count
        case .typedLink:
            try Self.expectBits(array, "a typed link column")
            guard array.count % 2 == 0 else { throw array.error("a typed link array has an odd \(array.count) elements") }
            form = .typedLinks(array)
            count = array.count / 2
        case .mixed where element.isLegacy:
            throw array.error("an old Mixed column is read as unreadable values, not as a leaf")
        case .mixed:
            let mixed = try RealmMixedLeaf(array, walk: &walk)
            form = .mixed(mixed)
            count = mixed.count
        case .backlink, .linkList, .oldTable:
            throw array.error("a \(element.type) column cannot be read as values")
        }
    }

    static func expectBits(_ array: RealmArray, _ what: String) throws {
        guard array.header.widthType == .bits, !array.header.hasRefs else {
            throw array.error("\(what) is not an integer array (width type \(array.header.widthType), has refs: \(array.header.hasRefs))")
        }
    }

    /// The four string forms (realm-core `array_string.cpp`, `init_from_mem`).
    static func stringForm(_ array: RealmArray, element: RealmElement, walk: inout RealmNodeWalk) throws -> (Form, Int) {
        if !array.header.hasRefs {
            if array.header.widthType == .bits && array.header.width > 0 || element.enumValues != nil && array.header.widthType == .bits {
                guard let values = element.enumValues else { throw array.error("an enumerated string array has no enum keys") }
                return (.enumStrings(array, values), array.count)
            }
            guard array.header.widthType == .multiply || array.header.width == 0 else {
                throw array.error("a string array has width type \(array.header.widthType)")
            }
            return (.shortStrings(array), array.count)
        }
        return try blobForm(array, element: element, walk: &walk)
    }

    /// Small blobs (refs, no context flag) or big blobs (refs and context flag).
    static func blobForm(_ array: RealmArray, element: RealmElement, walk: inout RealmNodeWalk) throws -> (Form, Int) {
        if array.header.contextFlag { return (.bigBlobs(array), array.count) }
        guard array.count >= 2 else { throw array.error("a small-blob array has \(array.count) slots, not [offsets, blob, nulls]") }
        let offsets = try walk.leaf(try array.ref(at: 0, "offsets"))
        let blob = try walk.leaf(try array.ref(at: 1, "blob"))
        try expectBits(offsets, "the offsets of a small-blob array")
        guard blob.header.widthType == .ignore || blob.count == 0 else { throw blob.error("the bytes of a small-blob array are not a blob") }
        var nulls: RealmArray?
        if array.count >= 3 {
            let array = try walk.leaf(try array.ref(at: 2, "nulls"))
            try expectBits(array, "the null flags of a small-blob array")
            guard array.count == offsets.count else {
                throw array.error("\(array.count) null flags for \(offsets.count) values")
            }
            nulls = array
        }
        // Realm core 5's medium strings (`ArrayStringLong`) flag a value with 1; its binaries, like today's arrays, flag a null.
        let nullFlag: Int64 = element.isLegacy && (element.type == .string || element.type == .oldStringEnum) ? 0 : 1
        return (.smallBlobs(offsets: offsets, blob: blob, nulls: nulls, nullFlag: nullFlag), offsets.count)
    }

    // MARK: - Values

    /// Element `index`; refs it holds (big blobs, collections) are read through `walk`.
    public func value(at position: Int, walk: inout RealmNodeWalk) throws -> RealmValue {
        guard position >= 0, position < count else { throw RealmReadError(.damaged, "\(reader.name): element \(position) is past the end of a \(count)-element \(element.type) array") }
        let index = base + position
        switch form {
        case .integers(let array):
            return Self.integer(try array.integer(at: index), as: element)
        case .nullableIntegers(let array):
            let value = try array.integer(at: index + 1)
            return value == (try array.integer(at: 0)) ? .null : Self.integer(value, as: element)
        case .bools(let array):
            let value = try array.integer(at: index)
            return value == 3 && element.isNullable ? .null : .bool(value != 0)
        case .floats(let array):
            let bits = try array.cell(at: index).loadUnaligned(as: UInt32.self)
            let value = UInt32(littleEndian: bits)
            return element.isNullable && value == 0x7fc0_00aa ? .null : .float(Float(bitPattern: value))
        case .doubles(let array):
            let value = UInt64(littleEndian: try array.cell(at: index).loadUnaligned(as: UInt64.self))
            return element.isNullable && value == 0x7ff8_0000_0000_00aa ? .null : .double(Double(bitPattern: value))
        case .shortStrings, .smallBlobs, .bigBlobs, .enumStrings:
            return try bytesValue(at: position, walk: &walk)
        case .timestamps(let seconds, let nanoseconds):
            let value = try seconds.integer(at: index + 1)
            if value == (try seconds.integer(at: 0)) { return .null }
            return .timestamp(RealmTimestamp(seconds: value, nanoseconds: Int32(truncatingIfNeeded: try nanoseconds.integer(at: index))))
        case .decimals(let array):
            let decimal: RealmDecimal128
            switch array.header.width {
            case 0:
                return array.header.contextFlag ? .decimal(RealmDecimal128(low: 0, high: 0x3040_0000_0000_0000)) : .null
            case 4: decimal = RealmDecimal128(bid32: UInt32(littleEndian: try array.cell(at: index).loadUnaligned(as: UInt32.self)))
            case 8: decimal = RealmDecimal128(bid64: UInt64(littleEndian: try array.cell(at: index).loadUnaligned(as: UInt64.self)))
            default:
                let cell = try array.cell(at: index)
                decimal = RealmDecimal128(low: UInt64(littleEndian: cell.loadUnaligned(as: UInt64.self)),
                                          high: UInt64(littleEndian: cell.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            }
            return decimal.isRealmNull ? .null : .decimal(decimal)
        case .fixedBytes(let array, let size):
            if array.header.width == 0 { return .null }
            let block = index / 8, slot = index % 8
            let base = block * (size * 8 + 1)
            if try array.fixedBytes(base, 1)[0] & UInt8(1 << slot) != 0 { return .null }
            let bytes = Array(try array.fixedBytes(base + 1 + slot * size, size))
            return size == 12 ? .objectId(RealmObjectId(bytes: bytes)) : .uuid(RealmUUID(bytes: bytes))
        case .keys(let array):
            let stored = try array.integer(at: index)
            let key = stored &- element.linkAdjust
            // Unstored (0 in a link column) or unresolved (a tombstone's key, ≤ −2): no object.
            if element.linkAdjust == 1 && stored == 0 || key < 0 { return .null }
            guard let target = element.target else { return .int(key) }
            return .link(table: target, key: key)
        case .typedLinks(let array):
            let table = try array.integer(at: index * 2)
            let key = try array.integer(at: index * 2 + 1) &- 1
            if table == 0 || key < 0 { return .null }
            return .link(table: Int((table &- 1) & 0xFFFF), key: key)
        case .mixed(let mixed):
            return try mixed.value(at: index, walk: &walk)
        case .collections:
            throw RealmReadError(.damaged, "\(reader.name): a collection column read as one value")
        case .pairedTimestamps(let seconds, let nanoseconds):
            guard case .int(let value) = try seconds.value(at: position, walk: &walk) else { return .null }
            guard case .int(let nanos) = try nanoseconds.value(at: position, walk: &walk) else { return .null }
            return .timestamp(RealmTimestamp(seconds: value, nanoseconds: Int32(truncatingIfNeeded: nanos)))
        case .unreadable:
            return .null
        case .legacyMixed(let types, let data, let side):
            guard case .int(let type) = try types.value(at: position, walk: &walk) else { return .null }
            return try side.value(type: type, raw: try data.integer(at: index))
        }
    }

    /// An integer of an integer array as the element's type: a legacy bool (0 or 1), an old DateTime (seconds since
    /// 1970, which realm core 5's upgrade made timestamps of), else an int.
    private static func integer(_ value: Int64, as element: RealmElement) -> RealmValue {
        switch element.type {
        case .bool: .bool(value != 0)
        case .oldDateTime where element.oldDateTimeUnit == 1000:
            // Truncated toward zero, so that the nanoseconds' sign follows the seconds'.
            .timestamp(RealmTimestamp(seconds: value / 1000, nanoseconds: Int32(value % 1000) * 1_000_000))
        case .oldDateTime: .timestamp(RealmTimestamp(seconds: value, nanoseconds: 0))
        default: .int(value)
        }
    }

    /// The ref of element `index` of a collection column, or nil for an empty collection.
    public func collectionRef(at index: Int) throws -> UInt64? {
        guard case .collections(let array) = form else { return nil }
        if array.header.width == 0 { return nil }
        return try array.refOrTagged(at: base + index).ref
    }

    /// A string or binary element.
    private func bytesValue(at index: Int, walk: inout RealmNodeWalk) throws -> RealmValue {
        if case .enumStrings(let array, let values) = form {
            let position = try array.integer(at: base + index)
            guard position >= 0, position < values.count else {
                throw array.error("enumerated string \(index) is key \(position), past the \(values.count) keys")
            }
            return values[Int(position)]
        }
        let isString = element.type == .string || element.type == .oldStringEnum
        return try withElementBytes(at: index, walk: &walk) { bytes in
            guard let bytes else { return .null }
            return isString ? .string(String(decoding: bytes, as: UTF8.self)) : .binary(Array(bytes))
        }
    }

    /// The raw bytes of element `index` of a string or binary leaf, nil for null.
    func rawBytes(at index: Int, walk: inout RealmNodeWalk) throws -> [UInt8]? {
        if case .enumStrings = form {
            if case .string(let text) = try bytesValue(at: index, walk: &walk) { return Array(text.utf8) }
            return nil
        }
        return try withElementBytes(at: index, walk: &walk) { $0.map { Array($0) } }
    }

    /// Calls `body` with the bytes of element `index` of a string or binary leaf (nil for null), valid only during
    /// the call. A string leaf's blob forms store each value with a trailing zero, which is dropped.
    public func withElementBytes<T>(at position: Int, walk: inout RealmNodeWalk, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        guard position >= 0, position < count else {
            throw RealmReadError(.damaged, "\(reader.name): element \(position) is past the end of a \(count)-element \(element.type) array")
        }
        let index = base + position
        let terminated = element.type == .string || element.type == .oldStringEnum
        func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            terminated && bytes.count > 0 ? UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 1)]) : bytes
        }
        switch form {
        case .shortStrings(let array):
            return try body(try array.shortString(at: index, nullable: element.isNullable))
        case .smallBlobs(let offsets, let blob, let nulls, let nullFlag):
            if let nulls, try nulls.integer(at: index) == nullFlag { return try body(nil) }
            let start = index == 0 ? 0 : try offsets.integer(at: index - 1)
            let end = try offsets.integer(at: index)
            guard start >= 0, start <= end, end <= blob.count else {
                throw offsets.error("value \(index) runs from byte \(start) to \(end) of a \(blob.count)-byte blob")
            }
            if end == start { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
            let bytes = try blob.blobBytes()
            return try body(trimmed(UnsafeRawBufferPointer(rebasing: bytes[Int(start)..<Int(end)])))
        case .bigBlobs(let array):
            guard let ref = try array.refOrTagged(at: index).ref else { return try body(nil) }
            let blob = try walk.leaf(ref)
            if blob.header.contextFlag {
                // A value over 16 MB: a list of chunk refs (realm-core `ArrayBlob::get_at`).
                guard blob.header.hasRefs else { throw blob.error("a chunked blob has no refs") }
                var bytes: [UInt8] = []
                for chunk in 0..<blob.count {
                    let part = try walk.leaf(try blob.ref(at: chunk, "blob chunk \(chunk)"))
                    bytes.append(contentsOf: try part.blobBytes())
                }
                return try bytes.withUnsafeBytes { try body(trimmed($0)) }
            }
            return try body(trimmed(try blob.blobBytes()))
        default:
            throw RealmReadError(.damaged, "\(reader.name): a \(element.type) array read as bytes")
        }
    }
}

extension RealmArray {
    /// `length` payload bytes from byte `offset` of a byte-addressed array (fixed-size values in blocks).
    func fixedBytes(_ offset: Int, _ length: Int) throws -> UnsafeRawBufferPointer {
        guard offset >= 0, length >= 0, offset + length <= count else {
            throw error("bytes \(offset)..<\(offset + length) are past the end of its \(count) bytes")
        }
        return storage.buffer(payloadStart + offset, length)
    }
}
