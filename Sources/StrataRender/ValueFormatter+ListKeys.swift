import StrataCore

/// A list's keys for people: SQLite's `json_group_array` text read back into its keys.
extension ValueFormatter {
    /// The keys of SQLite's JSON array as text to show: strings without their quotes and escapes (control
    /// characters made visible), numbers as written; nil when `raw` is not a JSON array of scalars.
    static func listKeys(_ raw: UnsafeRawBufferPointer) -> [String]? {
        var index = 0
        func skipSpaces() {
            while index < raw.count, [0x20, 0x09, 0x0A, 0x0D].contains(raw[index]) { index += 1 }
        }
        skipSpaces()
        guard index < raw.count, raw[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        skipSpaces()
        var keys: [String] = []
        if index < raw.count, raw[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipSpaces()
                guard index < raw.count else { return nil }
                if raw[index] == UInt8(ascii: "\"") {
                    guard let key = jsonString(raw, at: &index) else { return nil }
                    keys.append(TextWidth.visible(key))
                } else {
                    let start = index
                    while index < raw.count, ![UInt8(ascii: ","), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(raw[index]) {
                        index += 1
                    }
                    guard index > start else { return nil }
                    keys.append(String(decoding: UnsafeRawBufferPointer(rebasing: raw[start..<index]), as: UTF8.self))
                }
                skipSpaces()
                guard index < raw.count else { return nil }
                index += 1
                if raw[index - 1] == UInt8(ascii: "]") { break }
                guard raw[index - 1] == UInt8(ascii: ",") else { return nil }
            }
        }
        skipSpaces()
        return index == raw.count ? keys : nil
    }

    /// The most elements a collection's summary names: a line shows fewer.
    static let summaryElements = 100

    /// A collection's values for people, from its JSON: `[3] "дом", "здание", "строение"` (strings quoted when
    /// `quotesStrings`, with control characters made visible), `[2] easy: 3, hard: nil` for a dictionary; nil when
    /// `raw` is not JSON of scalars.
    static func collectionSummary(_ raw: UnsafeRawBufferPointer, nullText: String, quotesStrings: Bool) -> String? {
        var index = 0
        var shown: [String] = []
        var count = 0
        func skipSpaces() {
            while index < raw.count, [0x20, 0x09, 0x0A, 0x0D].contains(raw[index]) { index += 1 }
        }
        /// Past the string that starts at `index`, undecoded: the elements after the shown ones are only counted.
        func skipString() -> Bool {
            index += 1
            while index < raw.count {
                let byte = raw[index]
                index += 1
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { return index <= raw.count }
            }
            return false
        }
        func scalar() -> String? {
            guard index < raw.count else { return nil }
            if shown.count >= summaryElements {
                if raw[index] == UInt8(ascii: "\"") { return skipString() ? "" : nil }
                let start = index
                while index < raw.count, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D].contains(raw[index]) {
                    index += 1
                }
                return index > start ? "" : nil
            }
            if raw[index] == UInt8(ascii: "\"") {
                return jsonString(raw, at: &index).map {
                    quotesStrings ? "\"" + TextWidth.visible($0).replacingOccurrences(of: "\"", with: "\\\"") + "\"" : TextWidth.visible($0)
                }
            }
            let start = index
            while index < raw.count, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D].contains(raw[index]) {
                index += 1
            }
            guard index > start else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: raw[start..<index]), as: UTF8.self)
            return text == "null" ? nullText : text
        }
        skipSpaces()
        guard index < raw.count, raw[index] == UInt8(ascii: "[") || raw[index] == UInt8(ascii: "{") else { return nil }
        let isObject = raw[index] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        skipSpaces()
        if index < raw.count, raw[index] == close {
            index += 1
        } else {
            while true {
                skipSpaces()
                var entry = ""
                if isObject, shown.count >= summaryElements {
                    guard index < raw.count, raw[index] == UInt8(ascii: "\""), skipString() else { return nil }
                    skipSpaces()
                    guard index < raw.count, raw[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    skipSpaces()
                } else if isObject {
                    guard index < raw.count, raw[index] == UInt8(ascii: "\""), let key = jsonString(raw, at: &index) else { return nil }
                    skipSpaces()
                    guard index < raw.count, raw[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    skipSpaces()
                    // A key that is not one plain word is quoted, as a query writes it: `"a b": 1`.
                    let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
                    entry = (plain ? key : "\"" + TextWidth.visible(key).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"") + ": "
                }
                guard let value = scalar() else { return nil }
                count += 1
                if shown.count < summaryElements { shown.append(entry + value) }
                skipSpaces()
                guard index < raw.count else { return nil }
                index += 1
                if raw[index - 1] == close { break }
                guard raw[index - 1] == UInt8(ascii: ",") else { return nil }
            }
        }
        skipSpaces()
        guard index == raw.count else { return nil }
        return "[\(count)]" + (shown.isEmpty ? "" : " " + shown.joined(separator: ", ") + (count > shown.count ? ", …" : ""))
    }

    /// The JSON string that starts at `index` (its opening quote), decoded; `index` moves past its end.
    private static func jsonString(_ raw: UnsafeRawBufferPointer, at index: inout Int) -> String? {
        var bytes: [UInt8] = []
        var pendingHighSurrogate: UInt32?
        index += 1
        while index < raw.count {
            let byte = raw[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                return pendingHighSurrogate == nil ? String(decoding: bytes, as: UTF8.self) : nil
            }
            guard byte == UInt8(ascii: "\\") else {
                guard pendingHighSurrogate == nil else { return nil }
                bytes.append(byte)
                continue
            }
            guard index < raw.count else { return nil }
            let escape = raw[index]
            index += 1
            let scalar: UInt32
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalar = UInt32(escape)
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                guard index + 4 <= raw.count,
                      let code = UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: raw[index..<index + 4]), as: UTF8.self),
                                        radix: 16)
                else { return nil }
                index += 4
                scalar = code
            default:
                return nil
            }
            if let high = pendingHighSurrogate {
                guard (0xDC00...0xDFFF).contains(scalar),
                      let pair = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00))
                else { return nil }
                pendingHighSurrogate = nil
                bytes.append(contentsOf: String(pair).utf8)
            } else if (0xD800...0xDBFF).contains(scalar) {
                pendingHighSurrogate = scalar
            } else {
                guard let decoded = Unicode.Scalar(scalar) else { return nil }
                bytes.append(contentsOf: String(decoded).utf8)
            }
        }
        return nil
    }
}
