import StrataCore

/// What a section of SQL holds, found in one pass over its bytes: whether it has a statement, the first statement
/// that cannot run in a transaction, and where to cut it into chunks of whole statements.
///
/// Statements end where `SQLScript.forEachStatement` ends them (at `;`, a trigger's body kept whole), and the first
/// tokens of each are read as it reads them; but a statement whose first word says it needs nothing more (an
/// `INSERT`, an `UPDATE`, …) is skipped to its `;` byte by byte, minding only quotes and comments, which is what
/// makes a million statements cost little more than reading them.
struct SQLOutline: Sendable, Equatable {
    var hasStatement = false
    /// As `SQLScript.notInTransaction`, for the first statement that has a reason.
    var notInTransaction: String?
    /// True when a statement is an `ATTACH` (which a plan's rehearsal refuses).
    var attaches = false
    /// Offsets in the section just past a statement's `;`, increasing, each the first statement end at least
    /// `chunkSize` bytes past the one before.
    var cuts: [Int] = []

    /// The scan, fed the section's bytes in order.
    struct Scan {
        let chunkSize: Int
        private(set) var outline = SQLOutline()
        /// Where the bytes fed next start in the section.
        private var offset = 0
        private var lastCut = 0

        init(chunkSize: Int) { self.chunkSize = max(chunkSize, 1) }

        /// Reads the statements of `bytes`, which start where the last call's consumed bytes ended (at the
        /// section's start first), and returns how many bytes it consumed: up to the end of the last statement
        /// that ends in them, all of them when `final`. The caller passes the rest again, with what follows.
        mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> Int {
            var position = 0
            while true {
                guard let end = statementEnd(bytes, from: position, final: final) else { break }
                if end.hasStatement {
                    outline.hasStatement = true
                    outline.attaches = outline.attaches || end.attaches
                    if outline.notInTransaction == nil, let reason = end.reason { outline.notInTransaction = reason }
                }
                position = end.end
                let absolute = offset + position
                if end.hasStatement, absolute - lastCut >= chunkSize, !(final && position == bytes.count) {
                    outline.cuts.append(absolute)
                    lastCut = absolute
                }
                if position == bytes.count { break }
            }
            if final { position = bytes.count }
            offset += position
            return position
        }

        /// The end of the statement starting at `start` (past its `;`, or the end of `bytes` when `final`), whether
        /// it has a token, and its reason not to run in a transaction; nil when it may go on past `bytes`.
        private func statementEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, final: Bool)
            -> (end: Int, hasStatement: Bool, reason: String?, attaches: Bool)?
        {
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            var scanner = SQLTokenizer.Scanner(rest)
            guard let first = scanner.next() else {
                // White space and comments only: a comment may go on in the next bytes.
                return final ? (bytes.count, false, nil, false) : nil
            }
            // A token that reaches the end of the bytes may go on in the next ones.
            func whole(_ span: SQLTokenizer.Span) -> Bool { final || span.end < rest.count }
            guard whole(first) else { return nil }
            if Self.isSemicolon(rest, first) { return (start + first.end, false, nil, false) }
            if SQLTokenizer.isKeyword(rest, first, "CREATE") || SQLTokenizer.isKeyword(rest, first, "PRAGMA") {
                // Read token by token, as SQLScript does: a trigger's body, a pragma's name.
                return tokenEnd(rest, scanner: scanner, first: first, final: final).map { (start + $0.end, true, $0.reason, false) }
            }
            let reason = SQLScript.notInTransaction(first: first, in: rest)
            let attaches = SQLTokenizer.isKeyword(rest, first, "ATTACH")
            guard let semicolon = Self.semicolon(rest, from: first.end) else {
                return final ? (bytes.count, true, reason, attaches) : nil
            }
            return (start + semicolon + 1, true, reason, attaches)
        }

        /// A statement read token by token with `SQLScript.forEachStatement`'s rule for triggers.
        private func tokenEnd(_ bytes: UnsafeBufferPointer<UInt8>, scanner: SQLTokenizer.Scanner, first: SQLTokenizer.Span, final: Bool)
            -> (end: Int, reason: String?)?
        {
            var scanner = scanner
            var tokens = [first]
            while let span = scanner.next() {
                guard final || span.end < bytes.count else { return nil }
                guard Self.isSemicolon(bytes, span) else {
                    tokens.append(span)
                    continue
                }
                let isTrigger = SQLTokenizer.isKeyword(bytes, tokens[0], "CREATE")
                    && tokens.prefix(4).contains { SQLTokenizer.isKeyword(bytes, $0, "TRIGGER") }
                if isTrigger, let last = tokens.last, !SQLTokenizer.isKeyword(bytes, last, "END") {
                    tokens.append(span)
                    continue
                }
                return (span.end, SQLScript.notInTransaction(SQLScript.Statement(bytes: bytes, tokens: tokens)))
            }
            guard final else { return nil }
            return (bytes.count, SQLScript.notInTransaction(SQLScript.Statement(bytes: bytes, tokens: tokens)))
        }

        private static func isSemicolon(_ bytes: UnsafeBufferPointer<UInt8>, _ span: SQLTokenizer.Span) -> Bool {
            span.kind == .symbol && span.end - span.start == 1 && bytes[span.start] == UInt8(ascii: ";")
        }

        /// The offset of the next `;` from `start` outside quotes and comments, as `SQLTokenizer.Scanner` reads
        /// them (`'…'`, `"…"` and `` `…` `` with a doubled quote inside, `[…]`, `--` to the line's end, `/* … */`);
        /// nil when the bytes end first.
        private static func semicolon(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
            let count = bytes.count
            var index = start
            while index < count {
                let byte = bytes[index]
                // Only these bytes matter: ; ' " ` [ - /
                guard byte <= 0x60, (byte < 0x40 ? low : high) & (1 << UInt64(byte & 63)) != 0 else {
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: ";"):
                    return index
                case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                    let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
                    index += 1
                    while true {
                        while index < count && bytes[index] != close { index += 1 }
                        guard index < count else { return nil }
                        index += 1
                        // A doubled quote stands for itself (not in […]).
                        guard close != UInt8(ascii: "]"), index < count, bytes[index] == close else { break }
                        index += 1
                    }
                case UInt8(ascii: "-") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "-"):
                    while index < count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    guard index + 1 < count else { return nil }
                    index += 2
                default:
                    // A lone `-` or `/`; a `-` or `/` that is the last byte may start a comment.
                    guard index + 1 < count else { return nil }
                    index += 1
                }
            }
            return nil
        }

        /// Bits for `"` `'` `-` `/` `;` (below 0x40) and `[` `` ` `` (0x40 to 0x7F).
        private static let low: UInt64 = (1 << 0x22) | (1 << 0x27) | (1 << 0x2D) | (1 << 0x2F) | (1 << 0x3B)
        private static let high: UInt64 = (1 << (0x5B - 0x40)) | (1 << (0x60 - 0x40))
    }

    /// The number of newlines in `bytes`.
    static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
        return count
    }
}
