import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataRender

/// Rows read to be shown keep only the first bytes of huge texts and blobs (`ShownRow`), and are shown exactly as
/// the whole rows would be.
@Suite struct ShownRowTests {
    static let limit = ShownRow.limit

    /// The current row of `SELECT <values>`, read shortened with `limit`.
    static func shown(_ values: [SQLiteValue], limit: Int = limit, keepWhole: (Int) -> Bool = { _ in false }) throws -> ShownRow {
        let db = try Connection(path: "", mode: .memory)
        let statement = try db.prepare("SELECT " + values.indices.map { "?\($0 + 1)" }.joined(separator: ", "))
        try statement.bind(values)
        #expect(try statement.step())
        return statement.shownRow(limit: limit, keepWhole: keepWhole)
    }

    /// A value, what the shortened row holds in its place (nil: the value itself), and its whole count.
    static let cases: [(SQLiteValue, SQLiteValue?, Int?)] = [
        (.null, nil, nil),
        (.integer(7), nil, nil),
        (.real(2.5), nil, nil),
        (.text(""), nil, nil),
        (.text(String(repeating: "x", count: limit)), nil, nil),
        (.blob([UInt8](repeating: 1, count: limit)), nil, nil),
        (.text(String(repeating: "x", count: limit + 1)), .text(String(repeating: "x", count: limit)), limit + 1),
        (.blob([UInt8](repeating: 2, count: limit + 5)), .blob([UInt8](repeating: 2, count: limit)), limit + 5),
        // A cut inside a two-byte character backs off to where it starts.
        (.text("x" + String(repeating: "é", count: limit)), .text("x" + String(repeating: "é", count: (limit - 1) / 2)), 1 + 2 * limit),
        // Inside a four-byte one.
        (.text(String(repeating: "😀", count: limit / 2)), .text(String(repeating: "😀", count: limit / 4)), 2 * limit),
    ]

    @Test(arguments: cases)
    func keepsTheFirstBytesOfHugeValues(_ value: SQLiteValue, _ kept: SQLiteValue?, _ wholeCount: Int?) throws {
        let row = try Self.shown([.integer(1), value])
        #expect(row.values[0] == .integer(1))
        #expect(row.values[1] == (kept ?? value))
        #expect(row.wholeCounts[1] == wholeCount)
        #expect(row.wholeCounts[0] == nil && row.isShortened == (wholeCount != nil))
    }

    /// Text that is not UTF-8, a long run of continuation bytes, is cut at the limit, not emptied.
    @Test func invalidTextIsCutNotEmptied() throws {
        let db = try Connection(path: "", mode: .memory)
        let statement = try db.prepare("SELECT CAST(?1 AS TEXT)")
        let bytes = [0x61] + [UInt8](repeating: 0x80, count: Self.limit * 2)
        try statement.bind([.blob(bytes)])
        #expect(try statement.step())
        let row = statement.shownRow()
        #expect(row.wholeCounts[0] == Self.limit * 2 + 1)
        let text = try #require(row.values[0].string)
        #expect(text.hasPrefix("a\u{FFFD}") && text.unicodeScalars.count >= Self.limit - 3)
        // Shown as the whole value is: its first 4 KiB, each invalid byte a U+FFFD.
        let formatter = ValueFormatter(style: Style(isEnabled: false))
        let shown = formatter.text(row, 0, Self.columns[1])
        #expect(shown == formatter.text(.text(String(decoding: bytes, as: UTF8.self)), Self.columns[1]))
        #expect(shown.hasPrefix("a\u{FFFD}") && shown.hasSuffix("…") && shown.unicodeScalars.count > 1300)
    }

    @Test func keepsWholeWhatItIsTold() throws {
        let huge = SQLiteValue.text(String(repeating: "k", count: Self.limit * 2))
        let row = try Self.shown([huge, huge], keepWhole: { $0 == 0 })
        #expect(row.values[0] == huge && row.wholeCounts[0] == nil)
        #expect(row.values[1] != huge && row.wholeCounts[1] == Self.limit * 2)
    }

    static let columns = [
        ResultColumn(property: Property(name: "id", type: .int)),
        ResultColumn(property: Property(name: "body", type: .string)),
        ResultColumn(property: Property(name: "data", type: .data)),
        ResultColumn(property: Property(name: "photo", type: .data, model: ModelFacts(allowsExternalStorage: true))),
        ResultColumn(property: Property(name: "any", type: .any)),
    ]

    /// A row of huge values of every kind: a text of two-byte characters, a blob, a Core Data attribute held
    /// in the store (marker byte 1), and text in an untyped column.
    static let hugeRow: [SQLiteValue] = [
        .integer(1),
        .text("début " + String(repeating: "é\u{1B}[31m", count: limit)),
        .blob((0..<(limit * 3)).map { UInt8($0 % 251) }),
        .blob([1] + [UInt8](repeating: 0xAB, count: limit * 2)),
        .text(String(repeating: "z", count: limit + 1)),
    ]

    /// Tables, vertical records and markdown show a shortened row as they show it whole: the same text cut,
    /// the blob's whole length and first bytes.
    @Test(arguments: [OutputFormat.table, .vertical, .markdown], [nil, 60] as [Int?])
    func isShownAsTheWholeRowIs(_ format: OutputFormat, _ maxWidth: Int?) throws {
        let shortened = try Self.shown(Self.hugeRow)
        #expect(shortened.wholeCounts.keys.sorted() == [1, 2, 3, 4])
        func written(_ write: (ResultWriter) -> Void) -> String {
            let sink = ValueEncodingTests.CollectingSink()
            let writer = ResultWriter(format: format, columns: Self.columns, className: "Note", sink: sink, style: Style(isEnabled: false),
                                      maxWidth: maxWidth)
            writer.begin()
            write(writer)
            writer.end()
            return sink.text
        }
        let whole = written { $0.write(Self.hugeRow) }
        #expect(written { $0.write(shortened) } == whole)
        #expect(whole.contains("<\(Self.limit * 3) bytes> 0001020304050607…") || maxWidth != nil)
        #expect(whole.contains("<\(Self.limit * 2) bytes, in the store>") || maxWidth != nil)
    }

    /// An object read shortened shows each line as the whole object does.
    @Test func objectsAreShownAsWholeOnesAre() throws {
        let shortened = try Self.shown(Self.hugeRow)
        let info = ClassInfo(name: "Note", kind: .table, properties: Self.columns.map(\.property), primaryKey: ["id"])
        let formatter = ValueFormatter(style: Style(isEnabled: false))
        let whole = StoredObject(info: info, key: [.integer(1)], columns: Self.columns, values: Self.hugeRow)
        let short = StoredObject(info: info, key: [.integer(1)], columns: Self.columns, values: shortened.values,
                                 wholeCounts: shortened.wholeCounts)
        #expect(short.isShortened && !whole.isShortened)
        let renderer = ObjectRenderer(formatter: formatter)
        let detail = { (object: StoredObject) in ObjectDetail(object: object, links: [:], lists: [:], backlinks: []) }
        #expect(renderer.vertical(detail(short), maxWidth: 100) == renderer.vertical(detail(whole), maxWidth: 100))
        #expect(renderer.vertical(detail(short), maxWidth: nil) == renderer.vertical(detail(whole), maxWidth: nil))
        for index in Self.columns.indices { #expect(formatter.text(short, index) == formatter.text(whole, index)) }
    }

    @Test func onlyTheFormatsForPeopleTakeThem() {
        #expect(OutputFormat.allCases.filter(\.isForMachines) == [.json, .ndjson, .csv])
    }

    /// JSON written to a sink a piece at a time is the text `serialized` makes, stored values encoded by their
    /// types, nested objects and arrays, empty ones, and values bigger than a piece.
    @Test(arguments: [false, true])
    func jsonWrittenInPiecesIsTheWholeText(_ pretty: Bool) {
        let date = ResultColumn(property: Property(name: "d", type: .date), dateStorage: .unixSeconds)
        let value = JSONValue.object([
            ("id", .stored(.integer(1), Self.columns[0])),
            ("body", .stored(Self.hugeRow[1], Self.columns[1])),
            ("data", .stored(Self.hugeRow[2], Self.columns[2])),
            ("when", .stored(.integer(86_400), date)),
            ("none", .object([])), ("empty", .array([])),
            ("list", .array([.object([("k", .string("v")), ("n", .null)]), .stored(.text("a\"b"), Self.columns[1]), .int(3)])),
        ])
        let sink = ValueEncodingTests.CollectingSink()
        value.write(to: sink, pretty: pretty)
        let text = value.serialized(pretty: pretty)
        #expect(sink.text == text)
        #expect(text.contains(pretty ? "\"when\": \"1970-01-02T00:00:00.000Z\"" : "\"when\":\"1970-01-02T00:00:00.000Z\""))
        #expect(text.utf8.count > Self.limit * 4)
        #expect(value != .object([]) && JSONValue.stored(.integer(2), Self.columns[0]) == .raw("2"))
    }
}
