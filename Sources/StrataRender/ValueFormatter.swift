import SQLiteKit
import StrataCore

/// Turns stored values into what each output shows, by the property's type (ARCHITECTURE.md §3): the one
/// owner of how a value becomes text, JSON or a CSV field.
///
/// Every value is read once by `read` into a `PropertyValue`, which `encode` writes as JSON or CSV and `text`
/// as one line for people. `RowEncoder` streams whole rows through `encode` straight from a statement's
/// bytes; the methods that take an `SQLiteValue` serve object views, the browser and `sql`.
public struct ValueFormatter: Sendable {
    public var style: Style
    /// A missing value in text output: `nil`, dim with color. One word for people everywhere, the word a query and
    /// an edit take (`== nil`, `set name nil`), so that what is shown can be typed back.
    public var nullText: String { style.isEnabled ? style.dim("nil") : "nil" }

    public init(style: Style) { self.style = style }

    // MARK: - One value

    /// The value as the `json` and `ndjson` formats write it, encoded when the JSON is written (`JSONValue.stored`).
    public func json(_ value: SQLiteValue, _ column: ResultColumn) -> JSONValue { .stored(value, column) }

    /// For tables, vertical and markdown output and object views: one line of text.
    public func text(_ value: SQLiteValue, _ column: ResultColumn) -> String {
        text(CollectionOfOne(value), 0, column)
    }

    /// Value `index` of an object as one line of text; a value read shortened shows its whole length.
    public func text(_ object: StoredObject, _ index: Int) -> String {
        text(ShownRow(values: object.values, wholeCounts: object.wholeCounts), index, object.columns[index])
    }

    /// Column `index` of `row` as one line of text.
    ///
    /// A value `row` holds shortened shows as the whole would: a text's first bytes are more than a line shows,
    /// and a blob is described by its whole length.
    func text<Row: StoredRow>(_ row: Row, _ index: Int, _ column: ResultColumn) -> String {
        let wholeCount = row.wholeCount(index)
        let (type, dateStorage) = Self.shownType(row, column)
        return Self.read(row, index, type: type, dateStorage: dateStorage) { value in
            // A collection's strings are quoted, apart from its numbers (and, in Mixed, from its other values); its
            // dates, ids and keys are not.
            if case .collection(let raw) = value, let element = column.property.collection?.element {
                return Self.collectionSummary(raw, nullText: nullText, quotesStrings: element == PropertyType.string.rawValue || element == PropertyType.any.rawValue)
                    ?? TextWidth.visible(String(decoding: raw, as: UTF8.self))
            }
            guard case .data(let raw) = value else { return text(value) }
            // A Core Data attribute kept outside the store when large: show where its bytes are.
            if column.property.model?.allowsExternalStorage == true, let reference = ExternalData.reference(raw) {
                switch reference {
                case .inline(let count): return "<\(wholeCount.map { $0 - 1 } ?? count) bytes, in the store>"
                case .file(let name): return "<external file \(name)>"
                }
            }
            return Self.describe(raw, count: wholeCount ?? raw.count)
        }
    }

    // MARK: - Reading by type

    /// The type a column's value is read as in this row: its property's, except for a Mixed value whose Realm type the
    /// row holds (`ResultColumn.typeIndex`), read as that type where it is stored otherwise than shown: a bool (stored
    /// 0 or 1), a float, a timestamp (ISO text).
    static func shownType<Row: StoredRow>(_ row: Row, _ column: ResultColumn) -> (PropertyType, DateStorage?) {
        guard column.property.type == .any, let typeIndex = column.typeIndex, row.storageClass(typeIndex) == .text else {
            return (column.property.type, column.dateStorage)
        }
        return row.withBytes(typeIndex) { name -> (PropertyType, DateStorage?) in
            if name.elementsEqual("bool".utf8) { return (.bool, nil) }
            if name.elementsEqual("float".utf8) { return (.float, nil) }
            if name.elementsEqual("timestamp".utf8) { return (.date, .isoText) }
            return (.any, column.dateStorage)
        }
    }

    /// Reads column `index` of `row` as a property of `type` and passes what it is to `body`.
    ///
    /// bool: 0 and 1. float: a REAL that is exactly a `Float`. date: a number that reads as a date in
    /// `dateStorage` (without one, nothing does), or text with a zone (`Z`, `+05:30`), shown in UTC; text
    /// without a zone (`2005-05-24 22:53:30`) is shown as it is stored, as is text that is no date. list: text, taken to be the JSON array of keys that the
    /// query's `json_group_array` makes. uuid: a 16-byte blob. Every other value, including one whose
    /// storage class does not fit its type, is taken as stored.
    @inline(__always)
    static func read<Row: StoredRow, Result>(_ row: Row, _ index: Int, type: PropertyType, dateStorage: DateStorage?,
                                             _ body: (PropertyValue) -> Result) -> Result
    {
        switch row.storageClass(index) {
        case .null:
            return body(.null)
        case .integer:
            let number = row.int64(index) ?? 0
            if type == .bool, number == 0 || number == 1 { return body(.bool(number == 1)) }
            if type == .date, let milliseconds = dateStorage?.milliseconds(.integer(number)) { return body(.date(milliseconds)) }
            return body(.integer(number))
        case .real:
            let number = row.double(index)
            if type == .float, Float(number).isFinite, Double(Float(number)) == number { return body(.float(Float(number))) }
            if type == .date, let milliseconds = dateStorage?.milliseconds(.real(number)) { return body(.date(milliseconds)) }
            return body(.double(number))
        case .text:
            return row.withBytes(index) { raw in
                if type == .list { return body(.keys(raw)) }
                if type == .collection { return body(.collection(raw)) }
                // A date with a zone is shown in UTC; one without a zone, or in Strata's own form already,
                // is shown as stored: moved to no zone, and found again when copied into a query.
                if type == .date, dateStorage != nil, !isCanonicalDate(raw), let date = ISODate.reading(raw), date.hasZone {
                    // More digits than milliseconds are kept, every one (a Realm timestamp's nanoseconds, Python's
                    // microseconds): the moment in UTC, the fraction as stored.
                    guard var precise = ISODate.utcText(date, of: raw) else { return body(.date(date.milliseconds)) }
                    return precise.withUTF8 { body(.text(UnsafeRawBufferPointer($0))) }
                }
                return body(.text(raw))
            }
        case .blob:
            return row.withBytes(index) { raw in body(type == .uuid && raw.count == 16 ? .uuid(raw) : .data(raw)) }
        }
    }

    /// `2026-11-29T21:28:29.123Z` exactly, digits where digits go.
    static func isCanonicalDate(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard raw.count == 24 else { return false }
        for (offset, byte) in raw.enumerated() {
            let expected: UInt8? = switch offset {
            case 4, 7: UInt8(ascii: "-")
            case 10: UInt8(ascii: "T")
            case 13, 16: UInt8(ascii: ":")
            case 19: UInt8(ascii: ".")
            case 23: UInt8(ascii: "Z")
            default: nil
            }
            if let expected { if byte != expected { return false } } else if !(0x30...0x39).contains(byte) { return false }
        }
        return true
    }

    // MARK: - JSON and CSV

    /// Writes column `index` of `row` as JSON (`json`) or as a CSV field, without allocating for most values.
    ///
    /// JSON: numbers and booleans bare, dates (ISO 8601), uuids (canonical), data (base64) and text as
    /// strings, a list's keys as their array, NULL and infinities as `null`. CSV holds the same without the
    /// quotes around strings (quoted as RFC 4180 needs): NULL is an empty field, an infinity `inf` or `-inf`.
    @inline(__always)
    static func encode<Row: StoredRow>(_ row: Row, _ index: Int, type: PropertyType, dateStorage: DateStorage?, json: Bool,
                                       into buffer: inout ByteBuffer)
    {
        read(row, index, type: type, dateStorage: dateStorage) { encode($0, json: json, into: &buffer) }
    }

    private static func encode(_ value: PropertyValue, json: Bool, into buffer: inout ByteBuffer) {
        switch value {
        case .null:
            if json { buffer.append("null" as StaticString) }
        case .bool(let flag):
            buffer.append(flag ? "true" as StaticString : "false")
        case .integer(let number):
            buffer.append(number)
        case .float(let number):
            buffer.append(JSONValue.number(number))
        case .double(let number):
            if json { buffer.appendJSONNumber(number) } else { buffer.append(JSONValue.number(number)) }
        case .date(let milliseconds):
            var text = ISODate.format(unixMilliseconds: milliseconds)
            text.withUTF8 { encode(.text(UnsafeRawBufferPointer($0)), json: json, into: &buffer) }
        case .text(let raw):
            if raw.count > 1 << 20 { buffer.reserve(raw.count + 2) }
            if json { buffer.appendJSONString(raw) } else { buffer.appendCSVField(raw) }
        case .keys(let raw), .collection(let raw):
            if json {
                buffer.appendJSONText(raw)
            } else {
                // The field holds the same JSON text as the json formats, escapes included.
                var text = ByteBuffer(capacity: raw.count + 16)
                text.appendJSONText(raw)
                if text.repairedInvalidUTF8 { buffer.noteRepairedInvalidUTF8() }
                text.bytes.withUnsafeBytes { buffer.appendCSVField($0) }
            }
        case .uuid(let raw):
            var text = UUIDText.canonical(Array(raw))
            text.withUTF8 { encode(.text(UnsafeRawBufferPointer($0)), json: json, into: &buffer) }
        case .data(let raw):
            // Empty data in quotes in CSV too: an empty field is NULL.
            let quoted = json || raw.isEmpty
            if quoted { buffer.append(UInt8(ascii: "\"")) }
            buffer.appendBase64(raw)
            if quoted { buffer.append(UInt8(ascii: "\"")) }
        }
    }

    // MARK: - Text

    /// One line for people: NULL as `nullText`, data as `<N bytes> 0a1b…`, a list as `[N] key, key`,
    /// control characters made visible; a double keeps a whole number's `.0`, which JSON and CSV drop.
    private func text(_ value: PropertyValue) -> String {
        switch value {
        case .null: nullText
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .float(let number): JSONValue.number(number)
        case .double(let number): number.description
        case .date(let milliseconds): ISODate.format(unixMilliseconds: milliseconds)
        case .text(let raw): Self.shownText(raw)
        case .keys(let raw): Self.listKeys(raw).map(Self.summary) ?? TextWidth.visible(String(decoding: raw, as: UTF8.self))
        case .collection(let raw): Self.collectionSummary(raw, nullText: nullText, quotesStrings: true) ?? TextWidth.visible(String(decoding: raw, as: UTF8.self))
        case .uuid(let raw): UUIDText.canonical(Array(raw))
        case .data(let raw): Self.describe(raw)
        }
    }

    /// The most bytes of a text value that one line of text output decodes: more than the widest terminal
    /// shows, so that a 100 MB value costs what a line costs.
    static let shownTextBytes = 4096

    /// Text for one line: its first `shownTextBytes` (cut where a UTF-8 sequence starts) with controls made
    /// visible, then `…` when there was more.
    static func shownText(_ raw: UnsafeRawBufferPointer) -> String {
        guard raw.count > shownTextBytes else { return TextWidth.visible(String(decoding: raw, as: UTF8.self)) }
        let end = raw.utf8CharacterStart(atOrBefore: shownTextBytes)
        return TextWidth.visible(String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<end]), as: UTF8.self)) + "…"
    }

    /// `[2] errand, home`: how many keys a list holds, then the keys.
    private static func summary(_ keys: [String]) -> String {
        "[\(keys.count)]" + (keys.isEmpty ? "" : " " + keys.joined(separator: ", "))
    }

    /// `<12 bytes> 0a1b2c3d4e5f6a7b…`, or `<archived NSColor, 123 bytes>` for a keyed archive (a Core Data
    /// transformable).
    /// - Parameter count: the whole length, when `bytes` are only the first of them (an archive is then not
    ///   looked for: its table is at its end).
    static func describe(_ bytes: UnsafeRawBufferPointer, count: Int? = nil) -> String {
        let count = count ?? bytes.count
        if count == bytes.count, let className = ArchivedData.rootClassName(bytes) {
            return "<archived \(TextWidth.visible(className)), \(count) bytes>"
        }
        let shown = bytes.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return "<\(count) bytes>" + (count == 0 ? "" : " " + shown + (count > 8 ? "…" : ""))
    }
}
