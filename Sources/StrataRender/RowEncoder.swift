import SQLiteKit
import StrataCore

/// Encodes result rows as CSV or JSON straight from the statement's column bytes: the streaming
/// formats of large exports, kept free of intermediate strings. Values follow `ValueFormatter`.
struct RowEncoder {
    let columns: [ResultColumn]
    /// Per column, read once: copying a `ResultColumn` per value costs more than encoding it.
    private let types: [PropertyType]
    private let storages: [DateStorage?]
    /// `"name":` for each column, escaped once.
    private let jsonKeys: [[UInt8]]
    var buffer = ByteBuffer()

    init(columns: [ResultColumn]) {
        self.columns = columns
        types = columns.map(\.property.type)
        storages = columns.map(\.dateStorage)
        jsonKeys = columns.map { column in
            var key = ByteBuffer(capacity: column.name.utf8.count + 3)
            var name = column.name
            name.withUTF8 { key.appendJSONString(UnsafeRawBufferPointer($0)) }
            key.append(UInt8(ascii: ":"))
            return key.bytes
        }
    }

    mutating func csvRow(_ statement: Statement) {
        for index in columns.indices {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            value(statement, index, json: false)
        }
        buffer.append("\r\n" as StaticString)
    }

    mutating func jsonObject(_ statement: Statement) {
        buffer.append(UInt8(ascii: "{"))
        for index in columns.indices {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            jsonKeys[index].withUnsafeBytes { buffer.append($0) }
            value(statement, index, json: true)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    private mutating func text(_ text: String, json: Bool) {
        var text = text
        text.withUTF8 { bytes in
            if json { buffer.appendJSONString(UnsafeRawBufferPointer(bytes)) } else { buffer.appendCSVField(UnsafeRawBufferPointer(bytes)) }
        }
    }

    private mutating func date(_ milliseconds: Int64?, fallback: SQLiteValue, json: Bool) {
        if let milliseconds {
            text(ISODate.format(unixMilliseconds: milliseconds), json: json)
        } else if case .text(let raw) = fallback {
            text(raw, json: json)
        } else if let number = fallback.double {
            buffer.append(JSONValue.number(number))
        }
    }

    private mutating func value(_ statement: Statement, _ index: Int, json: Bool) {
        let type = types[index]
        switch statement.storageClass(index) {
        case .null:
            if json { buffer.append("null" as StaticString) }
        case .integer:
            let number = statement.int64(index) ?? 0
            if type == .bool && (number == 0 || number == 1) {
                buffer.append(number == 1 ? "true" as StaticString : "false")
            } else if type == .date, let storage = storages[index] {
                date(storage.milliseconds(.integer(number)), fallback: .integer(number), json: json)
            } else {
                buffer.append(number)
            }
        case .real:
            let number = statement.double(index)
            if type == .float, Float(number).isFinite, Double(Float(number)) == number {
                buffer.append(ValueFormatter.shortest(Float(number)))
            } else if type == .date, let storage = storages[index] {
                date(storage.milliseconds(.real(number)), fallback: .real(number), json: json)
            } else if number.isFinite {
                buffer.append(JSONValue.number(number))
            } else if json {
                buffer.append("null" as StaticString)
            }
        case .text:
            statement.withBytes(index) { raw in
                if type == .list && json {
                    buffer.append(raw)
                } else if type == .date, !Self.isCanonicalDate(raw) {
                    let value = String(decoding: raw, as: UTF8.self)
                    date(ISODate.parse(value), fallback: .text(value), json: json)
                } else if json {
                    buffer.appendJSONString(raw)
                } else {
                    buffer.appendCSVField(raw)
                }
            }
        case .blob:
            statement.withBytes(index) { raw in
                if type == .uuid && raw.count == 16 {
                    text(UUIDText.canonical(Array(raw)), json: json)
                    return
                }
                if json { buffer.append(UInt8(ascii: "\"")) }
                buffer.appendBase64(raw)
                if json { buffer.append(UInt8(ascii: "\"")) }
            }
        }
    }

    /// `2026-11-29T21:28:29.123Z` exactly: already what Strata shows, so written as it is.
    static func isCanonicalDate(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard raw.count == 24 else { return false }
        let pattern: [(Int, UInt8)] = [(4, 0x2D), (7, 0x2D), (10, 0x54), (13, 0x3A), (16, 0x3A), (19, 0x2E), (23, 0x5A)]
        for (offset, byte) in pattern where raw[offset] != byte { return false }
        for offset in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22] where !(0x30...0x39).contains(raw[offset]) {
            return false
        }
        return true
    }
}
