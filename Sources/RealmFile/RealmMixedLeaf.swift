/// A leaf of Mixed values (realm-core `array_mixed.hpp/.cpp`): a has-refs array of [composite, ints, int pairs,
/// strings, refs, keys]. A composite value 0 is null; otherwise its low 5 bits are the data type + 1, bits 5–7 the
/// payload array, and the rest (value >> 8) the value itself or its index in the payload array.
struct RealmMixedLeaf {
    let composite: RealmArray
    let ints: RealmArray?
    let pairs: RealmArray?
    let strings: RealmLeaf?
    let refs: RealmArray?
    let reader: RealmFileReader

    var count: Int { composite.count }

    init(_ array: RealmArray, walk: inout RealmNodeWalk) throws {
        reader = walk.reader
        guard array.header.hasRefs, array.count >= 1 else { throw array.error("a mixed array has no refs or no slots") }
        composite = try walk.leaf(try array.ref(at: 0, "mixed composite values"))
        try RealmLeaf.expectBits(composite, "the composite values of a mixed array")
        func payload(_ slot: Int) throws -> UInt64? {
            guard slot < array.count else { return nil }
            return try array.refOrTagged(at: slot).ref
        }
        ints = try payload(1).map { try walk.leaf($0) }
        pairs = try payload(2).map { try walk.leaf($0) }
        let stringElement = RealmElement(type: .string, isNullable: true, target: nil, linkAdjust: 0)
        strings = try payload(3).map { try RealmLeaf($0, element: stringElement, walk: &walk) }
        refs = try payload(4).map { try walk.leaf($0) }
        for case let payload? in [ints, pairs] { try RealmLeaf.expectBits(payload, "a mixed payload") }
    }

    func value(at index: Int, walk: inout RealmNodeWalk) throws -> RealmValue {
        let value = try composite.integer(at: index)
        if value == 0 { return .null }
        let inline = value >> 8
        let payloadSlot = (value >> 5) & 7
        func int(_ at: Int64) throws -> Int64 {
            guard let ints else { throw composite.error("mixed value \(index) needs the int payload, which is missing") }
            return try ints.integer(at: Int(clamping: at))
        }
        func pair(_ at: Int64) throws -> (Int64, Int64) {
            guard let pairs else { throw composite.error("mixed value \(index) needs the pair payload, which is missing") }
            let first = Int(clamping: at) &* 2
            guard first >= 0 else { throw composite.error("mixed value \(index) has the pair index \(at)") }
            return (try pairs.integer(at: first), try pairs.integer(at: first + 1))
        }
        func bytes(_ at: Int64) throws -> [UInt8] {
            guard let strings else { throw composite.error("mixed value \(index) needs the string payload, which is missing") }
            switch try strings.value(at: Int(clamping: at), walk: &walk) {
            case .string(let text): return Array(text.utf8)
            case .null: return []
            default: return []
            }
        }
        switch (value & 0x1F) - 1 {
        case 0: return .int(payloadSlot != 0 ? try int(inline) : inline)
        case 1: return .bool(inline != 0)
        case 2:
            guard let strings else { throw composite.error("mixed value \(index) needs the string payload, which is missing") }
            let text = try strings.value(at: Int(clamping: inline), walk: &walk)
            return text == .null ? .string("") : text
        case 4: return .binary(try rawBytes(inline, walk: &walk))
        case 8:
            let (seconds, nanoseconds) = try pair(inline)
            return .timestamp(RealmTimestamp(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: nanoseconds)))
        case 9: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: try int(inline))))
        case 10: return .double(Double(bitPattern: UInt64(bitPattern: try int(inline))))
        case 11:
            let (low, high) = try pair(inline)
            return .decimal(RealmDecimal128(low: UInt64(bitPattern: low), high: UInt64(bitPattern: high)))
        case 12: return .link(table: -1, key: try int(inline))
        case 15, 17:
            let bytes = try rawBytes(inline, walk: &walk)
            let size = (value & 0x1F) - 1 == 15 ? 12 : 16
            guard bytes.count >= size else { throw composite.error("mixed value \(index) holds \(bytes.count) bytes, not an id of \(size)") }
            return size == 12 ? .objectId(RealmObjectId(bytes: Array(bytes[0..<12]))) : .uuid(RealmUUID(bytes: Array(bytes[0..<16])))
        case 16:
            let (table, key) = try pair(inline)
            return .link(table: Int(UInt32(truncatingIfNeeded: table) & 0xFFFF), key: key)
        case 19, 20, 21:
            guard payloadSlot == 4, let refs else { throw composite.error("mixed value \(index) is a collection without a ref") }
            let ref = try refs.refOrTagged(at: Int(clamping: inline))
            return try reader.nestedCollection(kind: (value & 0x1F) - 1, ref: ref.ref, walk: &walk)
        default:
            throw composite.error("mixed value \(index) has the data type \((value & 0x1F) - 1), which strata does not know")
        }
    }

    /// The raw bytes of a string-payload entry (binary, ObjectId and UUID are stored as strings without decoding).
    private func rawBytes(_ at: Int64, walk: inout RealmNodeWalk) throws -> [UInt8] {
        guard let strings else { throw composite.error("a mixed value needs the string payload, which is missing") }
        return try strings.rawBytes(at: Int(clamping: at), walk: &walk) ?? []
    }
}
