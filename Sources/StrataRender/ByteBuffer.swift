import StrataCore

/// Output bytes built without intermediate strings, for the formats that stream the most (CSV, NDJSON).
public struct ByteBuffer {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    public var count: Int { bytes.count }
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

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

    /// A CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces.
    public mutating func appendCSVField(_ raw: UnsafeRawBufferPointer) {
        var needsQuotes = !raw.isEmpty && (raw[0] == 0x20 || raw[raw.count - 1] == 0x20)
        if !needsQuotes {
            for byte in raw where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
                needsQuotes = true
                break
            }
        }
        guard needsQuotes else { bytes.append(contentsOf: raw); return }
        bytes.append(UInt8(ascii: "\""))
        for byte in raw {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON string with its quotes and escapes.
    public mutating func appendJSONString(_ raw: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        for byte in raw {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: append("\\n" as StaticString)
            case 0x0D: append("\\r" as StaticString)
            case 0x09: append("\\t" as StaticString)
            case 0..<0x20:
                append("\\u00" as StaticString)
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Base64 of some bytes, straight into the buffer.
    public mutating func appendBase64(_ raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: Base64.encode(Array(raw)).utf8)
    }
}
