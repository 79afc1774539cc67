import StrataCore

/// Reads the rows of a JSON import one at a time: the objects of one top-level array (`[{…}, {…}]`), or of
/// NDJSON (one object a line; any whitespace between objects will do).
///
/// Streams: it holds one row, never the input. Bounded: a row nests at most `maximumDepth` levels (a value
/// nested 100,000 deep is an error at level 101, never a deep recursion) and holds at most `maximumValues`
/// values and `maximumStringBytes` in a string. Strings must be UTF-8 without NUL (raw or `\u0000`).
public final class JSONRowReader {
    public enum Layout: Sendable { case array, lines }

    public static let maximumDepth = 100
    /// Each value a row holds takes some 50 to 100 bytes once read (`[1,1,…]` is 2 bytes of input a value): a
    /// million keeps one row under 100 MB.
    public static let maximumValues = 1_000_000
    public static let maximumStringBytes = 1 << 30

    private let input: ImportInput?
    private let layout: Layout
    /// Bytes for `parseValue(_:)`, read instead of `input`.
    private var memory: [UInt8] = []
    private var memoryPosition = 0
    private var line = 1
    /// The offset of the current line's first byte, for columns.
    private var lineStart: Int64 = 0
    private var offset: Int64 = 0
    private var began = false
    private var ended = false
    private var values = 0

    public init(_ input: ImportInput, layout: Layout) {
        self.input = input
        self.layout = layout
    }

    private init(bytes: [UInt8]) {
        input = nil
        layout = .lines
        memory = bytes
    }

    /// The one JSON value that `bytes` holds (a CSV field holding a list as `query --format csv` writes it).
    /// - Throws: `ImportError` with the line and column inside the bytes.
    public static func parseValue(_ bytes: UnsafeRawBufferPointer) throws -> ImportJSON {
        let reader = JSONRowReader(bytes: Array(bytes))
        try reader.skipSpace()
        guard try reader.peek() != nil else { throw reader.error("expected a JSON value, found nothing") }
        let value = try reader.value(depth: 1)
        try reader.skipSpace()
        if try reader.peek() != nil { throw reader.error("expected the end of the JSON value") }
        return value
    }

    // MARK: - Bytes

    @inline(__always)
    private func peek() throws -> UInt8? {
        if let input { return try input.peek() }
        return memoryPosition < memory.count ? memory[memoryPosition] : nil
    }

    @inline(__always)
    private func advance() {
        if let input { input.advance() } else { memoryPosition += 1 }
        offset += 1
    }

    private var column: Int { Int(offset - lineStart) + 1 }

    private func error(_ message: String) -> ImportError { ImportError(line: line, column: column, message) }

    private func skipSpace() throws {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: advance()
            case 0x0A:
                advance()
                line += 1
                lineStart = offset
            case 0xEF where offset == 0:
                // A byte order mark at the very start.
                advance()
                guard try peek() == 0xBB else { throw error("the input is not UTF-8 text") }
                advance()
                guard try peek() == 0xBF else { throw error("the input is not UTF-8 text") }
                advance()
                lineStart = offset
            default: return
            }
        }
    }

    private func expect(_ byte: UInt8, _ what: String) throws {
        guard try peek() == byte else { throw error("expected \(what), found \(try found())") }
        advance()
    }

    /// What is at the current place, for messages.
    private func found() throws -> String {
        guard let byte = try peek() else { return "the end of the input" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16)
    }

    // MARK: - Rows

    /// The next row; nil at the end of the input.
    /// - Throws: `ImportError` for malformed JSON or a value that is not an object.
    public func next() throws -> ImportJSONRow? {
        guard !ended else { return nil }
        values = 0
        try skipSpace()
        switch layout {
        case .array:
            if !began {
                began = true
                guard try peek() == UInt8(ascii: "[") else {
                    throw error(try peek() == UInt8(ascii: "{")
                        ? "expected an array of objects, found an object (one object a line is --format ndjson)"
                        : "expected an array of objects, found \(try found())")
                }
                advance()
                try skipSpace()
                if try peek() == UInt8(ascii: "]") { return try endArray() }
            } else {
                if try peek() == UInt8(ascii: "]") { return try endArray() }
                try expect(UInt8(ascii: ","), "',' or ']' after an object")
                try skipSpace()
            }
            return try row()
        case .lines:
            guard try peek() != nil else {
                ended = true
                return nil
            }
            return try row()
        }
    }

    private func endArray() throws -> ImportJSONRow? {
        advance()
        ended = true
        try skipSpace()
        if try peek() != nil { throw error("expected the end of the input after the array, found \(try found())") }
        return nil
    }

    private func row() throws -> ImportJSONRow {
        let (startLine, startColumn) = (line, column)
        guard try peek() == UInt8(ascii: "{") else { throw error("expected an object (a row), found \(try describeNext())") }
        guard case .object(let members) = try value(depth: 1) else { throw error("expected an object") }
        return ImportJSONRow(members: members, line: startLine, column: startColumn)
    }

    private func describeNext() throws -> String {
        switch try peek() {
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        default: try found()
        }
    }

    // MARK: - Values

    /// One value, at nesting level `depth` (a row is level 1).
    private func value(depth: Int) throws -> ImportJSON {
        guard depth <= Self.maximumDepth else { throw error("values are nested deeper than \(Self.maximumDepth) levels") }
        values += 1
        guard values <= Self.maximumValues else { throw error("a row holds more than \(Self.maximumValues) values") }
        guard let byte = try peek() else { throw error("expected a value, found the end of the input") }
        switch byte {
        case UInt8(ascii: "{"):
            advance()
            var members: [ImportJSON.Member] = []
            try skipSpace()
            if try peek() == UInt8(ascii: "}") {
                advance()
                return .object(members)
            }
            while true {
                try skipSpace()
                guard try peek() == UInt8(ascii: "\"") else { throw error("expected a member's name in double quotes, found \(try found())") }
                let key = try string()
                try skipSpace()
                try expect(UInt8(ascii: ":"), "':' after a member's name")
                try skipSpace()
                let (valueLine, valueColumn) = (line, column)
                let item = try value(depth: depth + 1)
                members.append(ImportJSON.Member(key: key, value: item, line: valueLine, column: valueColumn))
                try skipSpace()
                if try peek() == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                try expect(UInt8(ascii: "}"), "',' or '}' in an object")
                return .object(members)
            }
        case UInt8(ascii: "["):
            advance()
            var items: [ImportJSON] = []
            try skipSpace()
            if try peek() == UInt8(ascii: "]") {
                advance()
                return .array(items)
            }
            while true {
                try skipSpace()
                items.append(try value(depth: depth + 1))
                try skipSpace()
                if try peek() == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                try expect(UInt8(ascii: "]"), "',' or ']' in an array")
                return .array(items)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try word("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try word("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try word("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        default:
            throw error("expected a value, found \(try found())")
        }
    }

    private func word(_ text: StaticString) throws {
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for byte in bytes {
            guard try peek() == byte else { throw error("expected a value, found \(try found())") }
            advance()
        }
    }

    /// A number by JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private func number() throws -> String {
        var bytes: [UInt8] = []
        func digits() throws -> Int {
            var count = 0
            while let byte = try peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                bytes.append(byte)
                advance()
                count += 1
                guard bytes.count <= 10_000 else { throw error("a number is longer than 10000 characters") }
            }
            return count
        }
        if try peek() == UInt8(ascii: "-") {
            bytes.append(UInt8(ascii: "-"))
            advance()
        }
        let first = try peek()
        if first == UInt8(ascii: "0") {
            bytes.append(UInt8(ascii: "0"))
            advance()
        } else if try digits() == 0 {
            throw error("expected a digit in a number, found \(try found())")
        }
        if try peek() == UInt8(ascii: ".") {
            bytes.append(UInt8(ascii: "."))
            advance()
            guard try digits() > 0 else { throw error("expected a digit after '.' in a number, found \(try found())") }
        }
        if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            bytes.append(byte)
            advance()
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes.append(sign)
                advance()
            }
            guard try digits() > 0 else { throw error("expected a digit in a number's exponent, found \(try found())") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A string, its escapes undone.
    private func string() throws -> String {
        advance()  // the opening quote
        var bytes: [UInt8] = []
        var high: UInt8 = 0
        while true {
            guard let byte = try peek() else { throw error("a string is not closed before the end of the input") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                if high & 0x80 != 0 {
                    let valid = bytes.withUnsafeBufferPointer { ImportText.isUTF8($0) }
                    guard valid else { throw error("a string is not UTF-8 text") }
                }
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                guard let escape = try peek() else { throw error("a string is not closed before the end of the input") }
                advance()
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        // A high surrogate: its low one must follow.
                        guard try peek() == UInt8(ascii: "\\") else { throw error("a \\u escape holds half a surrogate pair") }
                        advance()
                        guard try peek() == UInt8(ascii: "u") else { throw error("a \\u escape holds half a surrogate pair") }
                        advance()
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error("a \\u escape holds half a surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        throw error("a \\u escape holds half a surrogate pair")
                    }
                    guard scalar != 0, let character = Unicode.Scalar(scalar) else {
                        throw error("a string holds NUL (\\u0000), which text cannot hold")
                    }
                    bytes.append(contentsOf: String(Character(character)).utf8)
                default:
                    throw error("'\\\(Character(Unicode.Scalar(escape)))' is not an escape JSON knows")
                }
            case 0:
                throw error("a string holds a NUL byte, which text cannot hold")
            case 0x01..<0x20:
                throw error("a string holds a raw control character (byte 0x\(String(byte, radix: 16))); JSON writes it escaped")
            default:
                high |= byte
                bytes.append(byte)
                advance()
            }
            guard bytes.count <= Self.maximumStringBytes else { throw error("a string is longer than \(Self.maximumStringBytes >> 20) MiB") }
        }
    }

    private func hex4() throws -> UInt32 {
        var scalar: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek(), let digit = Self.hexValue(byte) else { throw error("expected four hex digits after \\u") }
            advance()
            scalar = scalar << 4 | digit
        }
        return scalar
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
