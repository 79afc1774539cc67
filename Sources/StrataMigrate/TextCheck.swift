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

    /// The first NUL byte or byte that starts no well-formed UTF-8 sequence, if there is one. One pass,
    /// eight ASCII bytes at a time; the line is counted only for a bad byte.
    static func firstBadByte(_ bytes: [UInt8]) -> BadByte? {
        bytes.withUnsafeBufferPointer(firstBadByte)
    }

    static func firstBadByte(_ bytes: UnsafeBufferPointer<UInt8>) -> BadByte? {
        guard let offset = firstBadOffset(bytes) else { return nil }
        let line = 1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return BadByte(offset: offset, line: line, isNUL: bytes[offset] == 0)
    }

    /// The same check over bytes that come in blocks: a sequence cut in two by a block's end is checked once the
    /// next block completes it.
    struct Stream {
        /// The start of a sequence the last block ended in the middle of (at most 3 bytes), and where it is.
        private var carry: [UInt8] = []
        private var carryStart = 0
        /// Where the next block starts, from the first byte.
        private var offset = 0

        /// The offset (from the first byte) and value of the first bad byte up to the end of `block`, but for an
        /// unfinished sequence at its end, which the next call (or `finish`) checks.
        mutating func check(_ block: UnsafeBufferPointer<UInt8>) -> (offset: Int, byte: UInt8)? {
            let blockStart = offset
            offset += block.count
            var start = 0
            if !carry.isEmpty {
                let length = TextCheck.sequenceLength(carry[0])
                let need = min(length - carry.count, block.count)
                carry += block[0..<need]
                start = need
                if carry.count < length { return nil }
                let bad = carry.withUnsafeBufferPointer { firstBadOffset($0) }.map { ($0, carry[$0]) }
                carry = []
                if let (index, byte) = bad { return (carryStart + index, byte) }
            }
            var end = block.count
            // An unfinished sequence at the end: its lead byte among the last 3, followed by too few bytes.
            let floor = max(start, block.count - 3)
            var lead = block.count - 1
            while lead >= floor, block[lead] & 0xC0 == 0x80 { lead -= 1 }
            if lead >= floor, block[lead] >= 0xC2, block[lead] <= 0xF4, TextCheck.sequenceLength(block[lead]) > block.count - lead {
                end = lead
            }
            let rest = UnsafeBufferPointer(rebasing: block[start..<end])
            if let bad = firstBadOffset(rest) { return (blockStart + start + bad, rest[bad]) }
            carry = Array(block[end...])
            carryStart = blockStart + end
            return nil
        }

        /// The first byte of a sequence the bytes ended in the middle of, if they did.
        func finish() -> (offset: Int, byte: UInt8)? {
            carry.first.map { (carryStart, $0) }
        }
    }

    /// The length of the sequence `lead` starts when it is a lead byte of one; 1 otherwise.
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    fileprivate static func firstBadOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            offset < count && bytes[offset] >= low && bytes[offset] <= high
        }
        while index < count {
            // Eight bytes that are all ASCII and none 0: no high bit, and no zero byte (the classic
            // "has a zero byte" test: (w - 0x01…) & ~w & 0x80…).
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let highBits: UInt64 = 0x8080_8080_8080_8080
                guard (word | ((word &- 0x0101_0101_0101_0101) & ~word)) & highBits == 0 else { break }
                index += 8
            }
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == 0 { return index }
            if byte < 0x80 {
                index += 1
                continue
            }
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
            default: return index
            }
            guard continuation(index + 1, low, high) else { return index }
            for next in index + 2..<index + length where !continuation(next) {
                return index
            }
            index += length
        }
        return nil
    }
}
