/// The 8-byte header of a node (an "array") in a `.realm` file.
///
/// realm-core `node_header.hpp`: bytes 0–3 are the dummy checksum `AAAA` in files written by modern Core (older
/// writers left the capacity there, so it is only a hint); byte 4 holds the flags — bit 7 inner B+tree node, bit 6
/// has refs, bit 5 context flag, bits 4–3 the width type, bits 2–0 the width code; bytes 5–7 the element count,
/// big-endian. The width is `(1 << code) >> 1`: 0, 1, 2, 4, 8, 16, 32 or 64.
public struct RealmNodeHeader: Sendable, Equatable {
    /// How the width applies to the elements (realm-core `NodeHeader::WidthType`).
    public enum WidthType: UInt8, Sendable, Equatable, CustomStringConvertible {
        /// Width is bits per element: integer and ref arrays.
        case bits = 0
        /// Width is bytes per element: short strings, floats, doubles, fixed bytes, decimals.
        case multiply = 1
        /// One byte per element whatever the width: blobs.
        case ignore = 2

        public var description: String {
            switch self {
            case .bits: "bits"
            case .multiply: "multiply"
            case .ignore: "ignore"
            }
        }
    }

    /// The size of a node header in bytes.
    public static let size = 8
    /// The largest element count 24 bits hold.
    public static let maximumCount = (1 << 24) - 1

    /// The node's ref: its byte offset in the file.
    public let ref: UInt64
    /// Bytes 0–3 are `AAAA`, the dummy checksum modern Core writes.
    public let hasChecksumMarker: Bool
    public let isInnerNode: Bool
    public let hasRefs: Bool
    public let contextFlag: Bool
    public let widthType: WidthType
    /// Bits per element (`.bits`), bytes per element (`.multiply`), or the stored width (`.ignore`, unused).
    public let width: Int
    /// The number of elements.
    public let count: Int

    /// The payload's size in bytes (realm-core `NodeHeader::calc_byte_size` less the header), before padding to 8.
    public var payloadSize: Int {
        switch widthType {
        case .bits: (count * width + 7) / 8
        case .multiply: count * width
        case .ignore: count
        }
    }

    /// Decodes the 8 bytes at `offset` of `bytes` (which the caller has checked are there).
    /// - Throws: a bare problem text (the caller adds the file and offset) for width type 3.
    static func decode(_ bytes: RealmBytes, at offset: Int, ref: UInt64) throws(NodeProblem) -> RealmNodeHeader {
        let flags = bytes[offset &+ 4]
        let typeBits = (flags >> 3) & 3
        guard let widthType = WidthType(rawValue: typeBits) else {
            throw NodeProblem("width type \(typeBits) is not a width type realm-core writes (packed integers exist only in the unreleased format 25)")
        }
        let marker = bytes[offset] == 0x41 && bytes[offset &+ 1] == 0x41 && bytes[offset &+ 2] == 0x41 && bytes[offset &+ 3] == 0x41
        let count = Int(bytes[offset &+ 5]) << 16 | Int(bytes[offset &+ 6]) << 8 | Int(bytes[offset &+ 7])
        return RealmNodeHeader(ref: ref, hasChecksumMarker: marker, isInnerNode: flags & 0x80 != 0,
                               hasRefs: flags & 0x40 != 0, contextFlag: flags & 0x20 != 0, widthType: widthType,
                               width: (1 << Int(flags & 7)) >> 1, count: count)
    }
}

/// A problem found in a node, before the file name and offset are added to it.
struct NodeProblem: Error {
    let text: String
    init(_ text: String) { self.text = text }
}
