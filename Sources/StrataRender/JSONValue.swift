import SQLiteKit
import StrataCore

/// A JSON value whose objects keep their keys in order, written by Strata's own serializer.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// JSON text made elsewhere, written as it is.
    case raw(String)
    /// A stored value, encoded as its property's type reads it (`ValueFormatter.json`) only when written: an
    /// object's 200 MB value is not held a second time as JSON text.
    case stored(SQLiteValue, ResultColumn)

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.stored, _), (_, .stored): lhs.serialized() == rhs.serialized()
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.string(a), .string(b)), let (.raw(a), .raw(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value as JSON text: indented by two spaces when `pretty`, else on one line.
    public func serialized(pretty: Bool = false) -> String {
        var buffer = ByteBuffer(capacity: 256)
        write(to: &buffer, pretty: pretty, depth: 0, flush: nil)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Writes the value as `serialized` makes it, a piece at a time: what is held at once is the biggest of
    /// its values, not the whole text.
    public func write(to sink: TextSink, pretty: Bool = false) {
        var buffer = ByteBuffer(capacity: 1 << 16)
        let flush: (inout ByteBuffer) -> Void = { buffer in
            guard buffer.count >= 1 << 16 else { return }
            sink.write(bytes: buffer.bytes)
            buffer.removeAll()
        }
        write(to: &buffer, pretty: pretty, depth: 0, flush: flush)
        sink.write(bytes: buffer.bytes)
    }

    /// - Parameter flush: called after each member and item, to pass on what the buffer holds.
    private func write(to buffer: inout ByteBuffer, pretty: Bool, depth: Int, flush: ((inout ByteBuffer) -> Void)?) {
        switch self {
        case .null: buffer.append("null" as StaticString)
        case .bool(let value): buffer.append(value ? "true" as StaticString : "false")
        case .int(let value): buffer.append(value)
        case .double(let value): buffer.appendJSONNumber(value)
        case .string(var value): value.withUTF8 { buffer.appendJSONString(UnsafeRawBufferPointer($0)) }
        case .raw(let text): buffer.append(text)
        case .stored(let value, let column):
            ValueFormatter.encode(CollectionOfOne(value), 0, type: column.property.type, dateStorage: column.dateStorage, json: true,
                                  into: &buffer)
        case .array(let items):
            guard !items.isEmpty else { buffer.append("[]" as StaticString); return }
            buffer.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&buffer, depth: depth + 1) }
                item.write(to: &buffer, pretty: pretty, depth: depth + 1, flush: flush)
                flush?(&buffer)
            }
            if pretty { Self.newline(&buffer, depth: depth) }
            buffer.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { buffer.append("{}" as StaticString); return }
            buffer.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&buffer, depth: depth + 1) }
                JSONValue.string(key).write(to: &buffer, pretty: pretty, depth: depth + 1, flush: nil)
                buffer.append(pretty ? ": " as StaticString : ":")
                value.write(to: &buffer, pretty: pretty, depth: depth + 1, flush: flush)
                flush?(&buffer)
            }
            if pretty { Self.newline(&buffer, depth: depth) }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ buffer: inout ByteBuffer, depth: Int) {
        buffer.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { buffer.append("  " as StaticString) }
    }

    /// The shortest text that reads back as the same `Double` or `Float`; whole numbers below 1e15 keep
    /// no `.0`. An infinity is `inf` or `-inf`: callers writing JSON use `ByteBuffer.appendJSONNumber`.
    static func number<Number: BinaryFloatingPoint & CustomStringConvertible>(_ value: Number) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }
}
