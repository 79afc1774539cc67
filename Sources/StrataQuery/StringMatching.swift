import Foundation
import SQLiteKit
import StrataCore

/// The string operators of the query language, as SQL functions registered on each connection that runs
/// queries: SQLite's own `lower()` and `LIKE` only fold ASCII, and RQL's `[c]` and `[d]` fold all of Unicode.
enum StringMatching {
    /// What `[c]` and `[d]` ask of a comparison, as the mode that `strata_fold` and `strata_match` take.
    struct Folding: OptionSet, Sendable {
        let rawValue: Int64

        static let caseInsensitive = Folding(rawValue: 1)
        static let diacriticInsensitive = Folding(rawValue: 2)

        init(rawValue: Int64) { self.rawValue = rawValue }

        init(caseInsensitive: Bool, diacriticInsensitive: Bool) {
            self = []
            if caseInsensitive { insert(.caseInsensitive) }
            if diacriticInsensitive { insert(.diacriticInsensitive) }
        }
    }

    /// Case and diacritic folding as `[c]`, `[d]` and `[cd]` ask.
    static func fold(_ text: String, _ folding: Folding) -> String {
        var options: String.CompareOptions = []
        if folding.contains(.caseInsensitive) { options.insert(.caseInsensitive) }
        if folding.contains(.diacriticInsensitive) { options.insert(.diacriticInsensitive) }
        guard !options.isEmpty else { return text }
        // Folding through Foundation, then lower-casing: folding alone keeps some capitals (ß, Σ).
        let folded = text.folding(options: options, locale: nil)
        return folding.contains(.caseInsensitive) ? folded.lowercased() : folded
    }

    enum Operation: Int64 {
        case equal = 0, beginsWith, endsWith, contains, like
    }

    /// Compares text (or the bytes of a blob) by an operation; Unicode scalars are compared one by one
    /// after folding, so that "e\u{301}" and "é" stay distinct unless `[d]` folds them.
    static func matches(_ operation: Operation, _ value: String, _ pattern: String) -> Bool {
        let text = Array(value.unicodeScalars), needle = Array(pattern.unicodeScalars)
        switch operation {
        case .equal: return text == needle
        case .beginsWith: return text.starts(with: needle)
        case .endsWith: return text.count >= needle.count && Array(text.suffix(needle.count)) == needle
        case .contains: return needle.isEmpty || contains(text, needle)
        case .like: return like(text[...], needle[...])
        }
    }

    /// `bytes` with ASCII capitals lower-cased when `folding` ignores case; as they are otherwise.
    static func asciiFolded(_ bytes: [UInt8], _ folding: Folding) -> [UInt8] {
        guard folding.contains(.caseInsensitive) else { return bytes }
        return bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    static func matches(_ operation: Operation, bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        switch operation {
        case .equal: return bytes == pattern
        case .beginsWith: return bytes.starts(with: pattern)
        case .endsWith: return bytes.count >= pattern.count && Array(bytes.suffix(pattern.count)) == pattern
        case .contains: return pattern.isEmpty || contains(bytes, pattern)
        case .like:
            let text = String(decoding: bytes, as: UTF8.self), needle = String(decoding: pattern, as: UTF8.self)
            return like(Array(text.unicodeScalars)[...], Array(needle.unicodeScalars)[...])
        }
    }

    /// `strata_match`'s pattern folded, in memory SQLite keeps beside the pattern argument: the folding (8 bytes),
    /// the folded pattern's length, or −1 when it is not ASCII (8 bytes), then its bytes.
    enum FoldedPattern {
        /// The kept fold for `folding`, as bytes, or nil when it is not ASCII; `made` is set when it was folded now
        /// (to be given to SQLite once the call is done with it).
        static func of(_ raw: RawArguments, _ folding: Folding, made: inout UnsafeMutableRawPointer?) -> UnsafeRawBufferPointer? {
            if let kept = raw.auxiliary(2), kept.load(as: Int64.self) == folding.rawValue {
                return bytes(kept)
            }
            let pattern = raw.bytes(2, asText: true)
            let decoded = String(decoding: pattern, as: UTF8.self)
            let folded = Array(StringMatching.fold(decoded, folding).utf8)
            // Invalid UTF-8 (repaired when decoded) and a folded pattern that is not ASCII take the general path.
            let ascii = decoded.utf8.elementsEqual(pattern) && folded.allSatisfy { $0 < 0x80 }
            guard let memory = raw.allocateAuxiliary(16 + folded.count) else { return nil }
            memory.storeBytes(of: folding.rawValue, as: Int64.self)
            memory.storeBytes(of: ascii ? Int64(folded.count) : -1, toByteOffset: 8, as: Int64.self)
            folded.withUnsafeBytes { memory.advanced(by: 16).copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(memory), byteCount: $0.count) }
            made = memory
            return bytes(UnsafeRawPointer(memory))
        }

        private static func bytes(_ memory: UnsafeRawPointer) -> UnsafeRawBufferPointer? {
            let count = memory.load(fromByteOffset: 8, as: Int64.self)
            return count < 0 ? nil : UnsafeRawBufferPointer(start: memory + 16, count: Int(count))
        }
    }

    /// `matches` on UTF-8 bytes in place, for a folded pattern of ASCII bytes: nil when the answer depends on a byte
    /// that is not ASCII (which folding may change, or which may attach to the character before it), so that the
    /// general path decides. With `caseInsensitive`, ASCII letters compare folded to lower case; `[d]` leaves
    /// ASCII as it is.
    static func asciiMatch(_ operation: Operation, _ value: UnsafeRawBufferPointer, _ pattern: UnsafeRawBufferPointer,
                           caseInsensitive: Bool) -> Bool? {
        @inline(__always) func lower(_ byte: UInt8) -> UInt8 {
            caseInsensitive && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        @inline(__always) func allASCII(_ range: Range<Int>) -> Bool {
            for index in range where value[index] >= 0x80 { return false }
            return true
        }
        /// The pattern at `start`, the byte after it ASCII (no combining mark joins its last character).
        @inline(__always) func matchesAt(_ start: Int) -> Bool? {
            let end = start + pattern.count
            guard allASCII(start..<min(end + 1, value.count)) else { return nil }
            for offset in 0..<pattern.count where lower(value[start + offset]) != pattern[offset] { return false }
            return true
        }
        let n = pattern.count, count = value.count
        switch operation {
        case .equal:
            guard allASCII(0..<count) else { return nil }
            return count == n && matchesAt(0) == true
        case .beginsWith:
            if n == 0 { return true }
            if count < n { return allASCII(0..<count) ? false : nil }
            return matchesAt(0)
        case .endsWith:
            if n == 0 { return true }
            if count < n { return allASCII(0..<count) ? false : nil }
            return matchesAt(count - n)
        case .contains:
            if n == 0 { return true }
            // One pass: a window of ASCII that matches decides true; else any byte beyond ASCII leaves it undecided.
            var sawOther = false
            let first = pattern[0]
            var start = 0
            while start < count {
                let byte = value[start]
                if byte >= 0x80 {
                    sawOther = true
                } else if lower(byte) == first, start + n <= count, matchesAt(start) == true {
                    return true
                }
                start += 1
            }
            return sawOther ? nil : false
        case .like:
            guard allASCII(0..<count) else { return nil }
            return asciiLike(value, pattern, lower)
        }
    }

    /// `like` on ASCII bytes.
    private static func asciiLike(_ text: UnsafeRawBufferPointer, _ pattern: UnsafeRawBufferPointer, _ lower: (UInt8) -> UInt8) -> Bool {
        wildcardMatch(textCount: text.count, pattern: pattern, star: UInt8(ascii: "*"), question: UInt8(ascii: "?")) { p, t in
            p == lower(text[t])
        }
    }

    private static func contains<T: Equatable>(_ haystack: [T], _ needle: [T]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    /// RQL's LIKE: `*` matches any run, `?` one character, everything else itself (as in Realm, there is
    /// no escape character, and `%` and `_` are ordinary). Iterative, with one backtracking point, so no
    /// input can make it slow.
    static func like(_ text: ArraySlice<Unicode.Scalar>, _ pattern: ArraySlice<Unicode.Scalar>) -> Bool {
        let text = Array(text), pattern = Array(pattern)
        return wildcardMatch(textCount: text.count, pattern: pattern, star: "*", question: "?") { p, t in p == text[t] }
    }

    /// The one matcher of `*` and `?` (iterative, one backtracking point): `matches(patternElement, textIndex)`
    /// compares an ordinary pattern element with the text's element at that index.
    @inline(__always)
    private static func wildcardMatch<Pattern: RandomAccessCollection>(
        textCount: Int, pattern: Pattern, star: Pattern.Element, question: Pattern.Element,
        _ matches: (Pattern.Element, Int) -> Bool
    ) -> Bool where Pattern.Element: Equatable, Pattern.Index == Int {
        var t = 0, p = pattern.startIndex
        var starPattern = -1, starText = 0
        while t < textCount {
            if p < pattern.endIndex {
                if pattern[p] == star {
                    starPattern = p
                    starText = t
                    p += 1
                    continue
                }
                if pattern[p] == question || matches(pattern[p], t) {
                    p += 1
                    t += 1
                    continue
                }
            }
            guard starPattern >= 0 else { return false }
            p = starPattern + 1
            starText += 1
            t = starText
        }
        while p < pattern.endIndex, pattern[p] == star { p += 1 }
        return p == pattern.endIndex
    }

    /// Registers `strata_fold(text, mode)` and `strata_match(operation, value, pattern, mode)`, the mode
    /// being a `Folding`. NULL in, NULL out for folding; no match for matching.
    static func register(on connection: Connection) throws {
        try connection.createFunction("strata_fold", argumentCount: 2) { arguments in
            guard case .text(let text) = arguments[0] else { return arguments[0] }
            return .text(fold(text, Folding(rawValue: arguments[1].int64 ?? 0)))
        }
        try connection.createRawFunction("strata_match", argumentCount: 4) { raw in
            guard let operation = Operation(rawValue: raw.int64(0)) else { return .integer(0) }
            let folding = Folding(rawValue: raw.int64(3))
            // Text against a pattern whose folded form is ASCII: decided on the bytes in place when the bytes the
            // answer depends on are ASCII too (every text of most files), else as below. The pattern is folded
            // once per statement (SQLite keeps the fold while the pattern is one bound value).
            if raw.isText(1), raw.isText(2) {
                var made: UnsafeMutableRawPointer? = nil
                // SQLite takes the new fold last: it may free it at once.
                defer { if let made { raw.keepAuxiliary(2, made) } }
                if let pattern = FoldedPattern.of(raw, folding, made: &made),
                   let answer = asciiMatch(operation, raw.bytes(1, asText: true), pattern, caseInsensitive: folding.contains(.caseInsensitive))
                {
                    return .integer(answer ? 1 : 0)
                }
            }
            let arguments = (0..<raw.count).map(raw.value)
            func folded(_ text: String) -> String { fold(text, folding) }
            switch (arguments[1], arguments[2]) {
            case (.text(let value), .text(let pattern)):
                return .integer(matches(operation, folded(value), folded(pattern)) ? 1 : 0)
            // Bytes with [c]: ASCII letters in either case, as realm-core folds binary data.
            case (.blob(let value), .blob(let pattern)):
                return .integer(matches(operation, bytes: asciiFolded(value, folding), asciiFolded(pattern, folding)) ? 1 : 0)
            case (.blob(let value), .text(let pattern)):
                return .integer(matches(operation, bytes: asciiFolded(value, folding), asciiFolded(Array(pattern.utf8), folding)) ? 1 : 0)
            case (.text(let value), .blob(let pattern)):
                return .integer(matches(operation, bytes: asciiFolded(Array(value.utf8), folding), asciiFolded(pattern, folding)) ? 1 : 0)
            case (.integer, _), (.real, _):
                guard let pattern = arguments[2].string else { return .integer(0) }
                let value = arguments[1].int64.map(String.init) ?? arguments[1].double.map { "\($0)" } ?? ""
                return .integer(matches(operation, folded(value), folded(pattern)) ? 1 : 0)
            default:
                return .integer(0)
            }
        }
        try connection.createFunction("strata_uuid", argumentCount: 1) { arguments in
            switch arguments[0] {
            case .blob(let bytes) where bytes.count == 16: return .text(UUIDText.canonical(bytes))
            case .text(let text): return .text(text.uppercased())
            default: return arguments[0]
            }
        }
        try connection.createFunction("strata_moment", argumentCount: 2) { arguments in
            if arguments[1].int64 == -1 {
                guard case .text(let text) = arguments[0], let moment = ISODate.moment(text) else { return .null }
                return .blob(moment.key)
            }
            guard let storage = arguments[1].int64.flatMap({ DateStorage(code: Int($0)) }),
                  let moment = storage.moment(arguments[0]) else { return .null }
            return .blob(moment.key)
        }
        // A moment's key as ISO 8601 text, for @min and @max of dates shown.
        try connection.createFunction("strata_moment_text", argumentCount: 1) { arguments in
            guard case .blob(let bytes) = arguments[0], let moment = Moment(key: bytes) else { return .null }
            return .text(moment.isoText)
        }
    }
}
