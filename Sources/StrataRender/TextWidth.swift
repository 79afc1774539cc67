import StrataCore

/// Widths of text in terminal cells, as wcwidth counts them: wide East Asian characters and emoji take
/// two cells, combining marks and other zero-width characters none.
public enum TextWidth {
    /// The number of terminal cells `text` takes.
    public static func width(_ text: String) -> Int {
        // Printable ASCII, most text, is one cell a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        var inEscape = false
        for character in text {
            // Terminal styling (ESC [ … letter) takes no cells.
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), character != "[" { inEscape = false }
                continue
            }
            if character == "\u{1B}" { inEscape = true; continue }
            total += width(character)
        }
        return total
    }

    public static func width(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value >= 0x20 && first.value < 0x7F && scalars.count == 1 { return 1 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if isZeroWidth(first) { return 0 }
        if isWide(first) { return 2 }
        // A text-style symbol followed by VARIATION SELECTOR-16 renders as an emoji.
        if scalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
        return 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return scalar.value != 0xAD
        default: return (0x1160...0x11FF).contains(scalar.value)  // Hangul medial vowels and final consonants
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        if scalar.properties.isEmojiPresentation { return true }
        for range in wideRanges where range.contains(value) { return true }
        return false
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, by block).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Cuts `text` to at most `limit` cells, ending with `…` when anything was cut.
    public static func truncate(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        if width(text) <= limit { return text }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return String(decoding: text.utf8.prefix(limit - 1), as: UTF8.self) + "…"
        }
        var result = ""
        var used = 0
        for character in text {
            let cells = width(character)
            if used + cells > limit - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `width` cells (or preceded by them when right-aligned).
    public static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let missing = max(0, width - self.width(text))
        let padding = String(repeating: " ", count: missing)
        return right ? padding + text : text + padding
    }

    /// Makes control characters visible so that one value stays on one line and drives no terminal: `\n`, `\t`,
    /// `\r`, `\e`, C1 controls and bidi overrides (`TerminalText.escaped`).
    public static func visible(_ text: String) -> String { TerminalText.escaped(text) }
}
