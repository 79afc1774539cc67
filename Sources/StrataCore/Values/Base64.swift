/// Base64 (RFC 4648) for data values in JSON and in `B64"…"` literals.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        bytes.withUnsafeBytes { append($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the base64 of `bytes` to `output`, reading them where they are: an export of a 200 MB blob holds
    /// its base64 once, not a copy of the blob and a string of it as well.
    public static func append(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        output.reserveCapacity(output.count + (bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            var chunk = UInt32(bytes[index]) << 16
            if rest == 2 { chunk |= UInt32(bytes[index + 1]) << 8 }
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(rest == 2 ? alphabet[Int(chunk >> 6 & 63)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
    }

    /// Decodes standard or URL-safe Base64, with or without padding; nil for anything else.
    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"), UInt8(ascii: "-"): values.append(62)
            case UInt8(ascii: "/"), UInt8(ascii: "_"): values.append(63)
            case UInt8(ascii: "="): continue
            default: return nil
            }
        }
        if values.count % 4 == 1 { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < values.count {
            let group = values[index..<min(index + 4, values.count)]
            var chunk: UInt32 = 0
            for (offset, value) in group.enumerated() { chunk |= UInt32(value) << UInt32(18 - 6 * offset) }
            bytes.append(UInt8(chunk >> 16 & 0xFF))
            if group.count > 2 { bytes.append(UInt8(chunk >> 8 & 0xFF)) }
            if group.count > 3 { bytes.append(UInt8(chunk & 0xFF)) }
            index += 4
        }
        return bytes
    }
}
