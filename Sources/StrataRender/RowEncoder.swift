import SQLiteKit
import StrataCore

/// Encodes result rows as CSV lines or JSON objects into one buffer: the streaming formats of large exports.
///
/// Values are written by `ValueFormatter.encode`, read straight from a statement's column bytes (or from
/// values already read) without intermediate strings; this type adds the keys, separators and line ends.
struct RowEncoder {
    let columns: [ResultColumn]
    /// Per column, read once: copying a `ResultColumn` per value costs more than encoding it.
    private let types: [PropertyType]
    private let storages: [DateStorage?]
    /// Whether a column is a Mixed value whose Realm type each row holds, read by it (`ValueFormatter.shownType`).
    private let typedByRow: [Bool]
    /// `"name":` for each column, escaped once.
    private let jsonKeys: [[UInt8]]
    var buffer = ByteBuffer()

    init(columns: [ResultColumn]) {
        self.columns = columns
        types = columns.map(\.property.type)
        storages = columns.map(\.dateStorage)
        typedByRow = columns.map { $0.property.type == .any && $0.typeIndex != nil }
        jsonKeys = columns.map { column in
            var key = ByteBuffer(capacity: column.name.utf8.count + 3)
            var name = column.name
            name.withUTF8 { key.appendJSONString(UnsafeRawBufferPointer($0)) }
            key.append(UInt8(ascii: ":"))
            return key.bytes
        }
    }

    /// The header line: the property names as CSV fields.
    mutating func csvHeader() {
        for (index, column) in columns.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            var name = column.name
            name.withUTF8 { buffer.appendCSVField(UnsafeRawBufferPointer($0)) }
        }
        buffer.append("\r\n" as StaticString)
    }

    /// - Parameter flush: writes out and empties the buffer; called between values once it holds 32 KiB, so that
    ///   a row of several huge values holds one of them at a time, not all.
    mutating func csvRow<Row: StoredRow>(_ row: Row, flush: (inout ByteBuffer) -> Void = { _ in }) {
        for index in columns.indices {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            encode(row, index, json: false)
            if buffer.count >= 1 << 15 { flush(&buffer) }
        }
        buffer.append("\r\n" as StaticString)
    }

    mutating func jsonObject<Row: StoredRow>(_ row: Row, flush: (inout ByteBuffer) -> Void = { _ in }) {
        buffer.append(UInt8(ascii: "{"))
        for index in columns.indices {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            jsonKeys[index].withUnsafeBytes { buffer.append($0) }
            encode(row, index, json: true)
            if buffer.count >= 1 << 15 { flush(&buffer) }
        }
        buffer.append(UInt8(ascii: "}"))
    }

    private mutating func encode<Row: StoredRow>(_ row: Row, _ index: Int, json: Bool) {
        if typedByRow[index] {
            let (type, dateStorage) = ValueFormatter.shownType(row, columns[index])
            ValueFormatter.encode(row, index, type: type, dateStorage: dateStorage, json: json, into: &buffer)
        } else {
            ValueFormatter.encode(row, index, type: types[index], dateStorage: storages[index], json: json, into: &buffer)
        }
    }
}
