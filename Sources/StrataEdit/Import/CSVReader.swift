import StrataCore

/// Reads CSV records one at a time (RFC 4180): fields separated by commas, records by CRLF, LF or CR, quoted
/// fields with doubled quotes and line breaks inside, a UTF-8 byte order mark at the start skipped.
///
/// Streams: it holds one record (its fields back to back in `storage`), never the input. It refuses what a
/// database text cannot faithfully hold, naming the line and the field: a NUL byte, bytes that are not UTF-8, a
/// quote closed in the middle of a field, a quoted field never closed, a record past `maximumRecordBytes` or
/// `maximumFields`. A line with nothing on it is skipped. Whether a field was quoted is kept: `""` is the empty
/// text, an empty unquoted field is nil (as `strata query --format csv` writes them).
public final class CSVReader {
    public static let maximumRecordBytes = 1 << 30
    public static let maximumFields = 100_000

    private let input: ImportInput
    /// The current record's fields, back to back.
    private(set) var storage: [UInt8] = []
    /// Where each field of the record ends in `storage`.
    private var ends: [Int] = []
    private var quotedFlags: [Bool] = []
    /// The line each field starts on (a quoted line break moves the later ones down).
    private var fieldLines: [Int] = []
    /// The line the current record starts on, from 1.
    public private(set) var recordLine = 1

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }
    private var state = State.fieldStart
    private var line = 1
    private var fieldQuoted = false
    private var fieldOffset = 0
    /// Every byte of the field ORed: a high bit set means it needs checking as UTF-8.
    private var high: UInt8 = 0
    /// The record ended on a CR: an LF right after it belongs to it.
    private var afterCR = false
    private var checkedBOM = false
    private var finished = false

    public init(_ input: ImportInput) {
        self.input = input
    }

    /// How many fields the current record has.
    public var fieldCount: Int { ends.count }

    /// The line field `index` starts on.
    public func line(of index: Int) -> Int { fieldLines[index] }

    /// Whether field `index` was in quotes.
    public func isQuoted(_ index: Int) -> Bool { quotedFlags[index] }

    /// The bytes of field `index`, valid UTF-8 without NUL.
    @inline(__always)
    public func withField<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let start = index == 0 ? 0 : ends[index - 1]
        return try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// Field `index` as a string.
    public func text(_ index: Int) -> String {
        withField(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Every field of the current record as strings.
    public var fields: [String] { (0..<fieldCount).map(text) }

    /// Reads the next record; false at the end of the input.
    /// - Throws: `ImportError` for malformed CSV, `StrataError` when the input cannot be read.
    public func next() throws -> Bool {
        guard !finished else { return false }
        storage.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        quotedFlags.removeAll(keepingCapacity: true)
        fieldLines.removeAll(keepingCapacity: true)
        state = .fieldStart
        recordLine = line
        if !checkedBOM { try skipBOM() }
        var complete = false
        while !complete {
            let more = try input.withNextBytes { bytes in try scan(bytes, complete: &complete) }
            if !more {
                finished = true
                return try finishAtEnd()
            }
        }
        return true
    }

    private func skipBOM() throws {
        checkedBOM = true
        guard try input.peek() == 0xEF else { return }
        input.advance()
        guard try input.peek() == 0xBB else { throw invalidUTF8(at: 1) }
        input.advance()
        guard try input.peek() == 0xBF else { throw invalidUTF8(at: 1) }
        input.advance()
    }

    private func invalidUTF8(at field: Int) -> ImportError {
        ImportError(line: line, column: field, "the field is not UTF-8 text (convert the file to UTF-8 first)")
    }

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// Consumes bytes until the record is complete or the bytes run out; how many it consumed.
    @inline(__always)
    private func scan(_ bytes: UnsafeBufferPointer<UInt8>, complete: inout Bool) throws -> Int {
        let count = bytes.count
        var index = 0
        while index < count {
            switch state {
            case .fieldStart:
                if afterCR {
                    afterCR = false
                    if bytes[index] == Self.lf {
                        index += 1
                        continue
                    }
                }
                guard ends.count < Self.maximumFields else {
                    throw ImportError(line: recordLine, "a record has more than \(Self.maximumFields) fields")
                }
                fieldLines.append(line)
                fieldOffset = storage.count
                high = 0
                if bytes[index] == Self.quote {
                    fieldQuoted = true
                    state = .quoted
                    index += 1
                } else {
                    fieldQuoted = false
                    state = .unquoted
                }
            case .unquoted:
                var end = index
                var bits: UInt8 = 0
                while end < count {
                    let byte = bytes[end]
                    // One compare for most bytes: every byte that matters is below '-'.
                    if byte <= Self.comma && (byte == Self.comma || byte == Self.lf || byte == Self.cr || byte == 0) { break }
                    bits |= byte
                    end += 1
                }
                high |= bits
                try append(bytes, index, end)
                index = end
                guard end < count else { break }
                let byte = bytes[end]
                index += 1
                if try endField(byte) {
                    complete = true
                    return index
                }
            case .quoted:
                var end = index
                var bits: UInt8 = 0
                while end < count {
                    let byte = bytes[end]
                    if byte == Self.quote || byte == 0 { break }
                    if byte == Self.lf { line += 1 }
                    bits |= byte
                    end += 1
                }
                high |= bits
                try append(bytes, index, end)
                index = end
                guard end < count else { break }
                if bytes[end] == 0 { throw nul() }
                state = .quoteInQuoted
                index += 1
            case .quoteInQuoted:
                let byte = bytes[index]
                index += 1
                if byte == Self.quote {
                    storage.append(Self.quote)
                    state = .quoted
                } else if byte == Self.comma || byte == Self.lf || byte == Self.cr {
                    if try endField(byte) {
                        complete = true
                        return index
                    }
                } else {
                    throw ImportError(line: line, column: ends.count + 1,
                                      "a quoted field goes on after its closing quote (a quote inside quotes is written twice: \"\")")
                }
            }
        }
        return index
    }

    @inline(__always)
    private func append(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws {
        guard end > start else { return }
        guard storage.count + (end - start) <= Self.maximumRecordBytes else {
            throw ImportError(line: recordLine, "a record is longer than \(Self.maximumRecordBytes >> 20) MiB")
        }
        storage.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    private func nul() -> ImportError {
        ImportError(line: line, column: ends.count + 1, "the field holds a NUL byte, which text cannot hold")
    }

    /// Ends the field at `separator` (a comma or a line break); true when that ends the record too (a blank
    /// line is skipped, and the record goes on).
    @inline(__always)
    private func endField(_ separator: UInt8) throws -> Bool {
        if separator == 0 { throw nul() }
        if high & 0x80 != 0, !Self.isUTF8(storage, from: fieldOffset) { throw invalidUTF8(at: ends.count + 1) }
        ends.append(storage.count)
        quotedFlags.append(fieldQuoted)
        state = .fieldStart
        guard separator != Self.comma else { return false }
        line += 1
        if separator == Self.cr { afterCR = true }
        if ends.count == 1 && ends[0] == 0 && !quotedFlags[0] {
            // A blank line.
            ends.removeAll(keepingCapacity: true)
            quotedFlags.removeAll(keepingCapacity: true)
            fieldLines.removeAll(keepingCapacity: true)
            recordLine = line
            return false
        }
        return true
    }

    /// At the end of the input: the record begun, if any.
    private func finishAtEnd() throws -> Bool {
        switch state {
        case .quoted:
            throw ImportError(line: fieldLines.last ?? line, column: ends.count + 1, "a quoted field is not closed before the end of the input")
        case .unquoted, .quoteInQuoted:
            if high & 0x80 != 0, !Self.isUTF8(storage, from: fieldOffset) { throw invalidUTF8(at: ends.count + 1) }
            ends.append(storage.count)
            quotedFlags.append(fieldQuoted)
        case .fieldStart:
            guard !ends.isEmpty else { return false }
            // `a,b,` at the very end: the last field is empty.
            fieldLines.append(line)
            ends.append(storage.count)
            quotedFlags.append(false)
        }
        if ends.count == 1 && ends[0] == 0 && !quotedFlags[0] { return false }
        return true
    }

    /// Whether `bytes` from `start` are well-formed UTF-8.
    static func isUTF8(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { ImportText.isUTF8(UnsafeBufferPointer(rebasing: $0[start...])) }
    }
}

/// Checks of text shared by the readers.
enum ImportText {
    /// Whether the bytes are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { UTF8Validation.isValid(UnsafeRawBufferPointer(bytes)) }
}
