/// The one escaping function for text that a terminal shows: values, names, messages, file names and echoed
/// input. A terminal acts on some characters instead of showing them — C0 controls (ESC starts sequences that
/// move the cursor, clear the screen or set the window title), DEL, C1 controls (U+009B is a one-byte CSI) — and
/// bidi overrides and isolates reorder what follows them. Each of these is shown escaped (`\e`, `\u{9b}`,
/// `\u{202e}`), never raw, so a hostile name or value can neither drive the terminal nor disguise itself.
public enum TerminalText {
    /// Whether line breaks and tabs pass: kept in output that is laid out in lines (what a sink receives),
    /// escaped in a name, a value or a message, which must stay on one line.
    public enum Breaks: Sendable {
        case kept
        case escaped
    }

    /// `text` with every character a terminal would act on written as an escape.
    public static func escaped(_ text: String, breaks: Breaks = .escaped) -> String {
        guard needsEscaping(text, breaks: breaks) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if isActive(scalar, breaks: breaks), !isLineEnd(scalar, before: next, in: scalars, breaks: breaks) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
            index = next
        }
        return result
    }

    /// True when `text` holds a character that `escaped` would change: one pass over its UTF-8 bytes, since
    /// every active character is a byte below 0x20, DEL, or a two- or three-byte sequence starting C2 or E2.
    public static func needsEscaping(_ text: String, breaks: Breaks = .escaped) -> Bool {
        var text = text
        return text.withUTF8 { containsActive($0, breaks: breaks) }
    }

    /// The byte-level test behind `needsEscaping`, for UTF-8 that is known to be valid.
    public static func containsActive(_ bytes: UnsafeBufferPointer<UInt8>, breaks: Breaks) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 {
                switch byte {
                case 0x0A, 0x09: if breaks == .escaped { return true }
                case 0x0D: if breaks == .escaped || index + 1 >= count || bytes[index + 1] != 0x0A { return true }
                default: return true
                }
            } else if byte == 0x7F {
                return true
            } else if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) {
                return true
            } else if byte == 0xE2, index + 2 < count {
                let (second, third) = (bytes[index + 1], bytes[index + 2])
                if second == 0x80 && (0xA8...0xAE).contains(third) || second == 0x81 && (0xA6...0xA9).contains(third) {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// A carriage return that ends a line (CSV's CRLF) moves the cursor nowhere a line break does not.
    private static func isLineEnd(_ scalar: Unicode.Scalar, before next: String.UnicodeScalarView.Index,
                                  in scalars: String.UnicodeScalarView, breaks: Breaks) -> Bool
    {
        breaks == .kept && scalar == "\r" && next != scalars.endIndex && scalars[next] == "\n"
    }

    /// True for the characters a terminal acts on rather than shows.
    public static func isActive(_ scalar: Unicode.Scalar, breaks: Breaks = .escaped) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return breaks == .escaped
        case 0x00..<0x20, 0x7F, 0x80...0x9F: return true
        // Bidi embeddings and overrides (LRE RLE PDF LRO RLO), isolates (LRI RLI FSI PDI), and the line and
        // paragraph separators some terminals break lines at.
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// How one active character is shown: the C escapes people know, else its code point.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        case "\u{1B}": "\\e"
        default: "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }
}

/// A sink that shows what it is given on a terminal safely: everything passes `TerminalText.escaped` (line
/// breaks and tabs kept), so no command, error path or renderer can forget to escape. Strata's own styling (bold,
/// dim, reset) passes only when styling is on; any other escape sequence is shown escaped.
public final class TerminalSink: TextSink {
    /// The sink the escaped text goes to.
    public let base: TextSink
    public let allowsStyling: Bool

    public init(_ base: TextSink, allowsStyling: Bool) {
        self.base = base
        self.allowsStyling = allowsStyling
    }

    /// The styling sequences `Style` writes.
    static let styling: [[UInt8]] = ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m"].map { Array($0.utf8) }

    public var isClosed: Bool { base.isClosed }
    public func flush() { base.flush() }

    public func write(_ text: String) {
        if !TerminalText.needsEscaping(text, breaks: .kept) {
            base.write(text)
        } else {
            base.write(escapedKeepingStyle(text))
        }
    }

    public func write(bytes: [UInt8]) {
        // Plain ASCII without controls, the common case, goes through untouched; anything else is decoded
        // (invalid UTF-8 becomes U+FFFD, so no stray byte reaches the terminal either) and escaped.
        if !bytes.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 >= 0x7F }) {
            base.write(bytes: bytes)
        } else {
            write(String(decoding: bytes, as: UTF8.self))
        }
    }

    private func escapedKeepingStyle(_ text: String) -> String {
        guard allowsStyling, text.utf8.contains(0x1B) else { return TerminalText.escaped(text, breaks: .kept) }
        // Split around the styling sequences, escape the rest.
        var result = ""
        var pending: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        func flushPending() {
            if !pending.isEmpty { result += TerminalText.escaped(String(decoding: pending, as: UTF8.self), breaks: .kept) }
            pending.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            if bytes[index] == 0x1B, let sequence = Self.styling.first(where: { bytes[index...].starts(with: $0) }) {
                flushPending()
                result += String(decoding: sequence, as: UTF8.self)
                index += sequence.count
            } else {
                pending.append(bytes[index])
                index += 1
            }
        }
        flushPending()
        return result
    }
}

extension TextSink {
    /// This sink made safe for a terminal, unless it already is.
    public func escapingForTerminal(allowsStyling: Bool) -> TextSink {
        if let sink = self as? TerminalSink, sink.allowsStyling == allowsStyling { return sink }
        return TerminalSink((self as? TerminalSink)?.base ?? self, allowsStyling: allowsStyling)
    }
}
