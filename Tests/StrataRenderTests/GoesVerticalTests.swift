import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataRender

/// `ResultWriter.goesVertical` says, from the rows and the width alone, what a table writer with
/// `verticalWhenTooWide` does once it has measured them: the browser sizes a page of records by it.
@Suite struct GoesVerticalTests {
    static let columns = [
        ResultColumn(property: Property(name: "id", type: .int)),
        ResultColumn(property: Property(name: "name", type: .string)),
        ResultColumn(property: Property(name: "note", type: .string)),
        ResultColumn(property: Property(name: "when", type: .date), dateStorage: .isoText),
        ResultColumn(property: Property(name: "amount", type: .double)),
    ]

    static func row(_ id: Int64, _ name: String, _ note: String, _ amount: Double) -> ShownRow {
        ShownRow(values: [.integer(id), .text(name), .text(note), .text("2026-12-03T07:22:40.123Z"), .real(amount)])
    }

    /// Rows, a width, and whether they go vertical at that width.
    static let cases: [(String, [ShownRow], Int?, Bool)] = [
        ("short rows, wide screen", [row(1, "a", "b", 1.5)], 120, false),
        ("short rows, no width to fit", [row(1, "a", "b", 1.5)], nil, false),
        ("long texts cut to fit a wide screen", [row(1, String(repeating: "n", count: 300), String(repeating: "x", count: 300), 2)], 100, false),
        ("too narrow for five readable columns", [row(1, "abcdefghij", "klmnopqrst", 2)], 30, true),
        ("a number that is never cut", [row(123_456_789_012_345, "a", "b", 1_234_567_890.125)], 45, true),
        ("the same number with room", [row(123_456_789_012_345, "a", "b", 1_234_567_890.125)], 80, false),
        ("no rows, narrow", [], 20, true),
        ("no rows, wide", [], 80, false),
    ]

    @Test(arguments: cases) func saysWhatTheWriterDoes(_ name: String, _ rows: [ShownRow], _ width: Int?, _ vertical: Bool) {
        #expect(ResultWriter.goesVertical(rows, format: .table, columns: Self.columns, maxWidth: width) == vertical, "\(name)")
        let writer = ResultWriter(format: .table, columns: Self.columns, className: "Item", sink: StringSink(),
                                  style: Style(isEnabled: false), maxWidth: width)
        writer.verticalWhenTooWide = true
        writer.begin()
        for row in rows { writer.write(row) }
        writer.end()
        #expect(writer.isVertical == vertical, "\(name)")
    }

    @Test func theOtherFormats() {
        let rows = [Self.row(1, "a", "b", 1)]
        #expect(ResultWriter.goesVertical(rows, format: .vertical, columns: Self.columns, maxWidth: 200))
        for format in [OutputFormat.json, .ndjson, .csv, .markdown] {
            #expect(!ResultWriter.goesVertical(rows, format: format, columns: Self.columns, maxWidth: 10), "\(format)")
        }
    }
}
