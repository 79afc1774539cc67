/// One node of a `.realm` file with its payload, every element access bounds-checked.
///
/// A `RealmArray` is only made by `RealmFileReader.array(at:)`, which has checked that the header and the whole
/// payload lie inside the file; the accessors check the index and the width type, and refs read from a has-refs
/// array are checked before they are handed out.
public struct RealmArray: Sendable {
    public let header: RealmNodeHeader
    let storage: RealmBytes
    /// Offset of the first payload byte.
    let payloadStart: Int
    let dataEnd: Int

    /// The node's ref (its byte offset in the file).
    public var ref: UInt64 { header.ref }
    /// The number of elements.
    public var count: Int { header.count }

    // MARK: - Integers

    /// Element `index` of an integer array, as realm-core's `Array::get` reads it: widths 1, 2 and 4 are unsigned
    /// bit fields packed from the low bits of each byte up; widths 8, 16, 32 and 64 are signed little-endian;
    /// width 0 is all zeros.
    /// - Throws: `RealmReadError` for an index past the end or a node whose width type is not "bits".
    public func integer(at index: Int) throws -> Int64 {
        try checkBits(index)
        return signedValue(at: index)
    }

    /// Element `index` read unsigned at every width (realm-core `ArrayUnsigned`: cluster keys, B+tree offsets).
    public func unsignedInteger(at index: Int) throws -> UInt64 {
        try checkBits(index)
        let width = header.width
        if width >= 8 { return rawLittleEndian(at: index) }
        return UInt64(bitPattern: signedValue(at: index))
    }

    /// Every element, as `integer(at:)` reads them.
    ///
    /// A width-0 array stores no payload, so its count (up to 16,777,215) is not bounded by the file's size:
    /// callers bound it by what they expect (an object count) before reading all elements.
    public func integers() throws -> [Int64] {
        try checkBits(0, allowEmpty: true)
        return (0..<count).map { signedValue(at: $0) }
    }

    // MARK: - Refs

    /// Element `index` of a has-refs array: null, a checked ref, or a tagged integer.
    /// - Throws: `RealmReadError` naming this node and the element when the ref is misaligned, points into the header
    ///   or lies outside the file, or when the array has no refs.
    public func refOrTagged(at index: Int) throws -> RealmRefOrTagged {
        guard header.hasRefs else { throw error("element \(index) is read as a ref, but the node has no refs") }
        let raw = try integer(at: index)
        if raw == 0 { return .null }
        if raw & 1 == 1 { return .tagged(raw >> 1) }
        let ref = UInt64(bitPattern: raw)
        try checkRef(ref, element: index)
        return .ref(ref)
    }

    /// Element `index` as a ref that must be there (not null, not tagged).
    public func ref(at index: Int, _ what: @autoclosure () -> String) throws -> UInt64 {
        switch try refOrTagged(at: index) {
        case .ref(let ref): return ref
        case .null: throw error("element \(index) (\(what())) is a null ref")
        case .tagged(let value): throw error("element \(index) (\(what())) is the tagged value \(value), not a ref")
        }
    }

    /// Element `index` as a tagged integer that must be there.
    public func tagged(at index: Int, _ what: @autoclosure () -> String) throws -> Int64 {
        switch try refOrTagged(at: index) {
        case .tagged(let value): return value
        case .null: throw error("element \(index) (\(what())) is a null ref, not a tagged value")
        case .ref(let ref): throw error("element \(index) (\(what())) is the ref \(ref), not a tagged value")
        }
    }

    // MARK: - Bytes

    /// The `width` bytes of element `index` of a "multiply" array (a short-string cell, a float, a fixed-size value).
    public func cell(at index: Int) throws -> UnsafeRawBufferPointer {
        guard header.widthType == .multiply else {
            throw error("width type \(header.widthType) is not \"multiply\", so element \(index) has no byte cell")
        }
        try checkIndex(index)
        let start = payloadStart &+ index &* header.width
        return storage.buffer(start, header.width)
    }

    /// The payload bytes of an "ignore" array (a blob): `count` bytes.
    public func blobBytes() throws -> UnsafeRawBufferPointer {
        guard header.widthType == .ignore else {
            throw error("width type \(header.widthType) is not \"ignore\", so the node is not a blob")
        }
        return storage.buffer(payloadStart, count)
    }

    /// Element `index` of a short-string array (realm-core `ArrayStringShort`): cells of `width` bytes, the text then
    /// zero padding, the cell's last byte the number of padding zeros; a last byte equal to the width means null;
    /// width 0 means every element is null (when `nullable`) or empty.
    /// - Returns: the string's bytes, or nil for null.
    public func shortString(at index: Int, nullable: Bool) throws -> UnsafeRawBufferPointer? {
        guard !header.hasRefs, header.widthType == .multiply || header.width == 0 else {
            throw error("the node is not a short-string array (has refs: \(header.hasRefs), width type \(header.widthType))")
        }
        try checkIndex(index)
        let width = header.width
        if width == 0 { return nullable ? nil : storage.buffer(payloadStart, 0) }
        let start = payloadStart &+ index &* width
        let padding = Int(storage[start &+ width &- 1])
        if padding == width { return nullable ? nil : storage.buffer(start, 0) }
        guard padding < width else {
            throw error("short string \(index): padding \(padding) is larger than its \(width)-byte cell")
        }
        return storage.buffer(start, width &- 1 &- padding)
    }

    // MARK: - Checks

    func error(_ problem: String) -> RealmReadError {
        RealmReadError(.damaged, "\(storage.name): node at offset \(header.ref): \(problem)")
    }

    func checkIndex(_ index: Int) throws {
        guard index >= 0, index < count else {
            throw error("element \(index) is past the end of its \(count) elements")
        }
    }

    func checkBits(_ index: Int, allowEmpty: Bool = false) throws {
        guard header.widthType == .bits else {
            throw error("width type \(header.widthType) is not \"bits\", so the node is not an integer array")
        }
        if !(allowEmpty && index == 0) { try checkIndex(index) }
    }

    func checkRef(_ ref: UInt64, element index: Int) throws {
        if let problem = RealmFileReader.refProblem(ref, dataEnd: dataEnd) {
            throw error("element \(index): \(problem)")
        }
    }

    /// The value at `index` as realm-core reads it; the index is checked.
    @inline(__always)
    func signedValue(at index: Int) -> Int64 {
        switch header.width {
        case 0: return 0
        case 1, 2, 4:
            let bit = index &* header.width
            let byte = storage[payloadStart &+ bit >> 3]
            let mask = UInt8((1 << header.width) - 1)
            return Int64((byte >> UInt8(bit & 7)) & mask)
        case 8: return Int64(Int8(bitPattern: storage[payloadStart &+ index]))
        case 16: return Int64(Int16(truncatingIfNeeded: rawLittleEndian(at: index)))
        case 32: return Int64(Int32(truncatingIfNeeded: rawLittleEndian(at: index)))
        default: return Int64(bitPattern: rawLittleEndian(at: index))
        }
    }

    /// The unsigned little-endian value of element `index`, for widths of 8 bits and more.
    @inline(__always)
    func rawLittleEndian(at index: Int) -> UInt64 {
        let base = storage.base + payloadStart
        switch header.width {
        case 8: return UInt64(base.load(fromByteOffset: index, as: UInt8.self))
        case 16: return UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: index &* 2, as: UInt16.self)))
        case 32: return UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self)))
        default: return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
        }
    }
}
