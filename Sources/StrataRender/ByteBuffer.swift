import StrataCore

/// Output bytes built without intermediate strings: the one place that quotes CSV fields and escapes JSON
/// strings, for the streaming formats and for `JSONValue` alike.
///
/// Text is written as UTF-8: bytes that are not valid UTF-8 are replaced as `String(decoding:as:)` replaces
/// them (U+FFFD for each bad sequence), so that every output agrees with the text one `SQLiteValue` holds;
/// `repairedInvalidUTF8` then says so, for the writer to warn once.
public struct ByteBuffer {
    public private(set) var bytes: [UInt8] = []
    /// True once some text was not valid UTF-8 and was written repaired; `removeAll` keeps it.
    public private(set) var repairedInvalidUTF8 = false

    /// Reserves `capacity` bytes: the streaming writers flush at 32 KiB, one value needs a few dozen.
    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    public var count: Int { bytes.count }
    /// Empties the buffer, keeping its room unless a huge value grew it past 4 MiB (that room is given back).
    public mutating func removeAll() {
        if bytes.capacity > 1 << 22 {
            bytes = []
            bytes.reserveCapacity(1 << 16)
        } else {
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Makes room for `count` more bytes at once: a huge value then takes one allocation of its size, not a
    /// doubling whose old and new arrays are both alive while it copies.
    public mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }
    /// Sets `repairedInvalidUTF8`, for text repaired in another buffer and copied in.
    mutating func noteRepairedInvalidUTF8() { repairedInvalidUTF8 = true }

    public mutating func append(_ byte: UInt8) { bytes.append(byte) }
    public mutating func append(_ raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Decimal digits of an integer, without allocating.
    public mutating func append(_ number: Int64) {
        if number == 0 { bytes.append(UInt8(ascii: "0")); return }
        var magnitude = number.magnitude
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// JSON text made elsewhere, such as SQLite's arrays: as it is, but with invalid UTF-8 repaired and the
    /// characters `appendJSONString` escapes for terminals escaped (they can only stand inside its strings,
    /// JSON's own syntax being ASCII).
    public mutating func appendJSONText(_ raw: UnsafeRawBufferPointer) {
        guard raw.contains(where: { $0 >= 0x80 }) else { bytes.append(contentsOf: raw); return }
        if !Self.isValidUTF8(raw) {
            repairedInvalidUTF8 = true
            Self.withRepairedUTF8(raw) { appendJSONText($0) }
            return
        }
        var index = 0
        while index < raw.count {
            if let (scalar, length) = Self.terminalControl(raw, at: index) {
                appendEscape(scalar)
                index += length
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
    }

    // MARK: - CSV

    /// A CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces, and when it is
    /// empty: `""` is the empty text, an empty field is NULL (ARCHITECTURE.md §3; `strata import` reads them so).
    public mutating func appendCSVField(_ raw: UnsafeRawBufferPointer) {
        var needsQuotes = raw.isEmpty || raw[0] == 0x20 || raw[raw.count - 1] == 0x20
        var isASCII = true
        for byte in raw {
            if byte >= 0x80 {
                isASCII = false
            } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
                needsQuotes = true
            }
        }
        if !isASCII && !Self.isValidUTF8(raw) {
            repairedInvalidUTF8 = true
            Self.withRepairedUTF8(raw) { appendCSVField($0) }
            return
        }
        guard needsQuotes else { bytes.append(contentsOf: raw); return }
        bytes.append(UInt8(ascii: "\""))
        for byte in raw {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: - JSON

    /// A JSON string with its quotes and escapes: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, and `\u00XX` for
    /// the other C0 controls and DEL; also `\uXXXX` for what JSON allows raw but a terminal or a JavaScript parser
    /// must not see raw: C1 controls (U+0080–U+009F; U+009B is a one-byte CSI), the line and paragraph
    /// separators U+2028 and U+2029, and the bidi controls U+202A–U+202E and U+2066–U+2069. Everything else
    /// as it is; invalid UTF-8 repaired (see the type).
    public mutating func appendJSONString(_ raw: UnsafeRawBufferPointer) {
        let start = bytes.count
        var isASCII = true
        bytes.append(UInt8(ascii: "\""))
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: append("\\n" as StaticString)
            case 0x0D: append("\\r" as StaticString)
            case 0x09: append("\\t" as StaticString)
            case 0x08: append("\\b" as StaticString)
            case 0x0C: append("\\f" as StaticString)
            case 0..<0x20, 0x7F:
                append("\\u00" as StaticString)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            case 0x80...:
                isASCII = false
                if let (scalar, length) = Self.terminalControl(raw, at: index - 1) {
                    appendEscape(scalar)
                    index += length - 1
                } else {
                    bytes.append(byte)
                }
            default:
                bytes.append(byte)
            }
        }
        if !isASCII && !Self.isValidUTF8(raw) {
            bytes.removeSubrange(start...)
            repairedInvalidUTF8 = true
            Self.withRepairedUTF8(raw) { appendJSONString($0) }
            return
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX` (lower-case hex) for a scalar of the Basic Multilingual Plane.
    private mutating func appendEscape(_ scalar: UInt16) {
        append("\\u" as StaticString)
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int((scalar >> UInt16(shift)) & 0x0F)])
        }
    }

    /// The scalar and length of the UTF-8 sequence at `index` when it is one that JSON escapes for
    /// terminals: C2 80–C2 9F (C1 controls), E2 80 A8–E2 80 AE (U+2028, U+2029, U+202A–U+202E) and
    /// E2 81 A6–E2 81 A9 (U+2066–U+2069). Only meaningful at the start of a sequence of valid UTF-8.
    @inline(__always)
    private static func terminalControl(_ raw: UnsafeRawBufferPointer, at index: Int) -> (UInt16, Int)? {
        let lead = raw[index]
        if lead == 0xC2, index + 1 < raw.count, (0x80...0x9F).contains(raw[index + 1]) {
            return (UInt16(raw[index + 1]), 2)
        }
        guard lead == 0xE2, index + 2 < raw.count else { return nil }
        let (second, third) = (raw[index + 1], raw[index + 2])
        if second == 0x80, (0xA8...0xAE).contains(third) { return (0x2000 + UInt16(third - 0x80), 3) }
        if second == 0x81, (0xA6...0xA9).contains(third) { return (0x2040 + UInt16(third - 0x80), 3) }
        return nil
    }

    /// A JSON number (`JSONValue.number`), or `null` for an infinity or NaN, which JSON cannot hold.
    public mutating func appendJSONNumber(_ number: Double) {
        if number.isFinite { append(JSONValue.number(number)) } else { append("null" as StaticString) }
    }

    /// Base64 of some bytes, straight into the buffer.
    public mutating func appendBase64(_ raw: UnsafeRawBufferPointer) { Base64.append(raw, to: &bytes) }

    // MARK: - UTF-8

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func isValidUTF8(_ raw: UnsafeRawBufferPointer) -> Bool { UTF8Validation.isValid(raw) }

    /// Calls `body` with `raw` decoded as Swift decodes UTF-8, bad sequences replaced by U+FFFD.
    private static func withRepairedUTF8(_ raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        var text = String(decoding: raw, as: UTF8.self)
        text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
