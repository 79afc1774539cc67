/// Whether bytes are UTF-8 text: well-formed UTF-8 (Unicode 15, table 3-7: no overlong forms, no
/// surrogates, nothing above U+10FFFF) with no NUL byte. SQLite stops reading SQL at a NUL, and
/// `String(decoding:)` turns a bad byte into U+FFFD: either would run something other than the file.
enum TextCheck {
    /// The first byte that breaks the rule.
    struct BadByte: Equatable {
        /// From 0.
        var offset: Int
        /// The 1-based line it is on.
        var line: Int
        /// A NUL byte, rather than a byte that is not UTF-8.
        var isNUL: Bool
    }

    /// The first NUL byte or byte that starts no well-formed UTF-8 sequence, if there is one. One pass.
    static func firstBadByte(_ bytes: [UInt8]) -> BadByte? {
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0, line = 1
            let count = bytes.count
            func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
                offset < count && bytes[offset] >= low && bytes[offset] <= high
            }
            while index < count {
                // ASCII, the common case, a byte at a time without the rest.
                var byte = bytes[index]
                while byte < 0x80 && byte != 0 {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                    guard index < count else { return nil }
                    byte = bytes[index]
                }
                if byte == 0 { return BadByte(offset: index, line: line, isNUL: true) }
                // The length of the sequence `byte` starts, and the range its second byte must be in.
                let length: Int, low: UInt8, high: UInt8
                switch byte {
                case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
                case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
                case 0xED: (length, low, high) = (3, 0x80, 0x9F)
                case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
                case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
                case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
                default: return BadByte(offset: index, line: line, isNUL: false)
                }
                guard continuation(index + 1, low, high) else { return BadByte(offset: index, line: line, isNUL: false) }
                for next in index + 2..<index + length where !continuation(next) {
                    return BadByte(offset: index, line: line, isNUL: false)
                }
                index += length
            }
            return nil
        }
    }
}
