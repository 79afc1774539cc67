import SQLiteKit
import StrataCore

/// Turns stored values into what each output shows, by the property's type (ARCHITECTURE.md §3).
public struct ValueFormatter: Sendable {
    public var style: Style
    /// The glyph for NULL in text output: a dim ∅ with color, else the word NULL.
    public var nullText: String { style.isEnabled ? style.dim("∅") : "NULL" }

    public init(style: Style) { self.style = style }

    /// For JSON and NDJSON.
    public func json(_ value: SQLiteValue, _ column: ResultColumn) -> JSONValue {
        if case .null = value { return .null }
        switch column.property.type {
        case .bool:
            if let number = value.int64, number == 0 || number == 1 { return .bool(number == 1) }
        case .date:
            if let milliseconds = column.dateStorage?.milliseconds(value) { return .string(ISODate.format(unixMilliseconds: milliseconds)) }
        case .list:
            if case .text(let text) = value { return .raw(text) }
        case .uuid:
            if case .blob(let bytes) = value, bytes.count == 16 { return .string(UUIDText.canonical(bytes)) }
        case .float:
            // A float property holds Float values in a REAL column: show the Float's shortest digits.
            if let number = value.double, case .real = value, Float(number).isFinite, Double(Float(number)) == number {
                return .raw(Self.shortest(Float(number)))
            }
        default:
            break
        }
        switch value {
        case .null: return .null
        case .integer(let number): return .int(number)
        case .real(let number): return .double(number)
        case .text(let text): return .string(text)
        case .blob(let bytes): return .string(Base64.encode(bytes))
        }
    }

    /// For CSV: the JSON text of lists, ISO dates, base64 data, and nothing for NULL.
    public func csv(_ value: SQLiteValue, _ column: ResultColumn) -> String? {
        switch json(value, column) {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return JSONValue.number(number)
        case .string(let text), .raw(let text): return text
        case let other: return other.serialized()
        }
    }

    /// For tables, vertical and markdown output: one line of text.
    public func text(_ value: SQLiteValue, _ column: ResultColumn) -> String {
        switch value {
        case .null:
            return nullText
        case .blob(let bytes) where column.property.type != .uuid || bytes.count != 16:
            return Self.describe(bytes)
        default:
            break
        }
        if column.property.type == .list, case .text(let text) = value {
            // SQLite's JSON array of keys: numbers as they are, strings without their quotes.
            let keys = text.dropFirst().dropLast().split(separator: ",").map { key in
                key.hasPrefix("\"") && key.hasSuffix("\"") && key.count >= 2 ? key.dropFirst().dropLast() : key
            }
            return "[\(keys.count)]" + (keys.isEmpty ? "" : " " + keys.joined(separator: ", "))
        }
        switch json(value, column) {
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return "\(number)"
        case .string(let text), .raw(let text): return TextWidth.visible(text)
        default: return "?"
        }
    }

    /// The shortest text that reads back as the same Float, without a needless `.0`.
    static func shortest(_ value: Float) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `<12 bytes> 0a1b2c3d4e5f6a7b…`
    static func describe(_ bytes: [UInt8]) -> String {
        let shown = bytes.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return "<\(bytes.count) bytes>" + (bytes.isEmpty ? "" : " " + shown + (bytes.count > 8 ? "…" : ""))
    }
}
