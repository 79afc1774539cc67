import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataRender

/// How dates are shown (issue 16, defect 6): a text date without a zone as it is stored, never given a zone
/// or moved to one; a text date with `Z` or an offset, and a number, in UTC with `Z`; in every output. And
/// in a narrowed grid or record a date is shortened to a form that is still a date, never cut mid-value.
@Suite struct DateDisplayTests {
    private final class Sink: TextSink {
        var bytes: [UInt8] = []
        var text: String { String(decoding: bytes, as: UTF8.self) }
        func write(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func write(bytes: [UInt8]) { self.bytes.append(contentsOf: bytes) }
    }

    static let formatter = ValueFormatter(style: Style(isEnabled: false))

    static func column(_ storage: DateStorage?) -> ResultColumn {
        ResultColumn(property: Property(name: "d", type: .date, isOptional: true), dateStorage: storage)
    }

    // MARK: - What each stored shape shows

    /// A stored value, the column's storage, and what every output shows for it (JSON as that string).
    static let shapes: [(SQLiteValue, DateStorage, String)] = [
        // Without a zone: as stored.
        (.text("2005-05-24"), .isoText, "2005-05-24"),
        (.text("2005-05-24 22:53"), .isoText, "2005-05-24 22:53"),
        (.text("2005-05-24 22:53:30"), .isoText, "2005-05-24 22:53:30"),
        (.text("2009-01-01 00:00:00"), .isoText, "2009-01-01 00:00:00"),
        (.text("2005-05-24 22:53:30.120"), .isoText, "2005-05-24 22:53:30.120"),
        (.text("2005-05-24T22:53:30"), .isoText, "2005-05-24T22:53:30"),
        (.text("2005-05-24T22:53:30.5"), .isoText, "2005-05-24T22:53:30.5"),
        (.text("2005-05-24@22:53:30"), .isoText, "2005-05-24@22:53:30"),
        // With a zone: the moment in UTC.
        (.text("2005-05-24T22:53:30Z"), .isoText, "2005-05-24T22:53:30.000Z"),
        (.text("2005-05-24 22:53:30z"), .isoText, "2005-05-24T22:53:30.000Z"),
        (.text("2005-05-25 03:00:00+05:30"), .isoText, "2005-05-24T21:30:00.000Z"),
        (.text("2005-05-24T22:53:30.123-04:00"), .isoText, "2005-05-25T02:53:30.123Z"),
        (.text("2005-05-24T22:53:30+0100"), .isoText, "2005-05-24T21:53:30.000Z"),
        (.text("2026-11-29T21:28:29.123Z"), .isoText, "2026-11-29T21:28:29.123Z"),
        // More fraction digits than milliseconds: every one kept (issue 29, item 14).
        (.text("2005-12-31T23:59:59.9995Z"), .isoText, "2005-12-31T23:59:59.9995Z"),
        (.text("2005-12-31T20:59:59.999400-03:00"), .isoText, "2005-12-31T23:59:59.999400Z"),
        // Numbers: the moment in UTC, by the column's storage.
        (.integer(1_116_975_210), .unixSeconds, "2005-05-24T22:53:30.000Z"),
        (.real(1_116_975_210.5), .unixSeconds, "2005-05-24T22:53:30.500Z"),
        (.integer(1_116_975_210_123), .unixMilliseconds, "2005-05-24T22:53:30.123Z"),
        (.real(138_668_010), .referenceSeconds, "2005-05-24T22:53:30.000Z"),
        (.integer(1_116_975_210), .isoText, "2005-05-24T22:53:30.000Z"),
        // Not dates: as stored.
        (.text("2005-02-30 10:00:00"), .isoText, "2005-02-30 10:00:00"),
        (.text("soon"), .isoText, "soon"),
        (.text(""), .isoText, ""),
    ]

    @Test(arguments: shapes)
    func showsEachStoredShape(_ value: SQLiteValue, _ storage: DateStorage, _ expected: String) {
        let column = Self.column(storage)
        #expect(Self.formatter.text(value, column) == expected)
        #expect(Self.formatter.json(value, column) == .raw("\"" + expected + "\""))
        let sink = Sink()
        let writer = ResultWriter(format: .csv, columns: [column], className: "T", sink: sink, style: Style(isEnabled: false), maxWidth: nil)
        writer.begin()
        writer.write([value])
        writer.end()
        // The empty text is `""` in CSV: an empty field is nil.
        #expect(sink.text == "d\r\n" + (expected.isEmpty ? "\"\"" : expected) + "\r\n")
    }

    /// SQLite as the oracle over many moments and shapes: text without a zone is shown byte for byte as
    /// stored, text with a zone as `strftime('%Y-%m-%dT%H:%M:%fZ', value)` says the moment is in UTC.
    @Test func agreesWithSQLiteOnEveryShape() throws {
        let connection = try Connection(path: "", mode: .memory)
        let moments: [Int64] = [0, 951_782_400_000, 1_116_975_210_120, 1_230_768_000_000, 1_709_164_799_999, 253_402_214_400_000]
        let shapes: [(String, String)] = [
            ("%Y-%m-%d", ""), ("%Y-%m-%d %H:%M", ""), ("%Y-%m-%d %H:%M:%S", ""), ("%Y-%m-%d %H:%M:%f", ""),
            ("%Y-%m-%dT%H:%M:%S", ""), ("%Y-%m-%dT%H:%M:%fZ", "Z"), ("%Y-%m-%dT%H:%M:%S", "+05:30"),
            ("%Y-%m-%d %H:%M:%f", "-04:00"), ("%Y-%m-%dT%H:%M", "+14:00"),
        ]
        var checked = 0
        for moment in moments {
            for (format, zone) in shapes {
                let stored = try connection.scalar(
                    "SELECT strftime(?1, ?2 / 1000.0, 'unixepoch') || ?3", [.text(format), .integer(moment), .text(zone == "Z" ? "" : zone)]
                ).string ?? ""
                let shown = Self.formatter.text(.text(stored), Self.column(.isoText))
                if zone.isEmpty {
                    #expect(shown == stored)
                } else {
                    let utc = try connection.scalar("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?1)", [.text(stored)]).string
                    #expect(shown == utc, "\(stored)")
                }
                checked += 1
            }
        }
        #expect(checked == moments.count * shapes.count)
    }

    /// Hostile text in a date column: each is shown (escaped, cut at the usual length), never a crash.
    static let hostile: [(String, String)] = [
        ("2005-05-2", "2005-05-2"),
        ("2005-05-24 22:5", "2005-05-24 22:5"),
        ("2005-05-24 22:53:30+05:3", "2005-05-24 22:53:30+05:3"),
        ("2005-05-24T22:53:30.", "2005-05-24T22:53:30."),
        ("2005-05-24T25:00:00Z", "2005-05-24T25:00:00Z"),
        ("2005-05-24\u{1B}[2J", "2005-05-24\\e[2J"),
        ("2005-05-24\u{0}Z", "2005-05-24\\u{0}Z"),
        ("99999-01-01T00:00:00Z", "+99999-01-01T00:00:00.000Z"),
        ("1234567-01-01T00:00:00Z", "1234567-01-01T00:00:00Z"),
    ]

    /// A fraction of 5,000 digits is kept, as every fraction is, and cut where any long text is cut.
    @Test func aHugeFractionWithAZoneIsKeptAndShownCut() {
        let stored = "2005-05-24T22:53:30." + String(repeating: "9", count: 5000) + "+01:00"
        let shown = Self.formatter.text(.text(stored), Self.column(.isoText))
        #expect(shown.hasPrefix("2005-05-24T21:53:30.999") && shown.hasSuffix("…"), "\(shown.prefix(40))")
    }

    @Test(arguments: hostile)
    func showsHostileTextAsStored(_ stored: String, _ expected: String) {
        #expect(Self.formatter.text(.text(stored), Self.column(.isoText)) == expected)
    }

    @Test func aHugeFractionWithoutAZoneIsShownCut() {
        let stored = "2005-05-24 22:53:30." + String(repeating: "1", count: 10_000)
        let shown = Self.formatter.text(.text(stored), Self.column(.isoText))
        #expect(shown.hasPrefix("2005-05-24 22:53:30.111") && shown.hasSuffix("…") && shown.count <= ValueFormatter.shownTextBytes + 1)
        #expect(Self.formatter.json(.text(stored), Self.column(.isoText)) == .raw("\"" + stored + "\""))
    }

    // MARK: - Shorter forms

    static let cell = "2021-02-11T08:15:00.000Z"

    /// The cells of a column, a width, and the form and texts they are shown in.
    static let forms: [([String], Int, ShownDate.Form, [String])] = [
        ([cell, "2021-02-12T09:00:00.000Z"], 24, .whole, [cell, "2021-02-12T09:00:00.000Z"]),
        ([cell, "2021-02-12T09:00:00.000Z"], 23, .withoutFraction, ["2021-02-11T08:15:00Z", "2021-02-12T09:00:00Z"]),
        ([cell, "2021-02-12T09:00:00.000Z"], 19, .withoutSeconds, ["2021-02-11T08:15Z", "2021-02-12T09:00Z"]),
        ([cell, "2021-02-12T09:00:00.000Z"], 16, .datePart, ["2021-02-11", "2021-02-12"]),
        (["2021-02-11T00:00:00.000Z", "2021-02-12T00:00:00.000Z"], 12, .dateOnly, ["2021-02-11", "2021-02-12"]),
        (["2021-02-11T08:15:00.123Z", cell], 23, .datePart, ["2021-02-11", "2021-02-11"]),
        (["2021-02-11T08:15:30.000Z", cell], 19, .datePart, ["2021-02-11", "2021-02-11"]),
        (["2005-05-24 22:53:30", "2005-05-25 00:00:00"], 18, .datePart, ["2005-05-24", "2005-05-25"]),
        (["2009-01-01 00:00:00", "2009-01-02 00:00:00"], 15, .dateOnly, ["2009-01-01", "2009-01-02"]),
        (["2009-01-01 10:00:00", "2009-01-02 11:00:00"], 16, .withoutSeconds, ["2009-01-01 10:00", "2009-01-02 11:00"]),
        (["2009-01-01T00:00:00+05:30"], 22, .withoutSeconds, ["2009-01-01T00:00+05:30"]),
        (["2009-01-01T00:00:00+05:30"], 15, .datePart, ["2009-01-01"]),
        (["-0044-03-15T12:00:00.000Z"], 12, .datePart, ["-0044-03-15"]),
    ]

    @Test(arguments: forms)
    func shortensAColumnToAFormItsDatesTake(_ cells: [String], _ width: Int, _ form: ShownDate.Form, _ texts: [String]) throws {
        let dates = try #require(ShownDate.column(cells, isDate: false))
        #expect(ShownDate.form(dates, fitting: width).form == form)
        #expect(cells.map { ShownDate.fitted($0, form: form, width: width) } == texts)
        // A lossless form says the same moment as the whole date.
        if form != .datePart {
            for (cell, text) in zip(cells, texts) { #expect(ISODate.parse(cell) == ISODate.parse(text)) }
        }
    }

    static let notDates = ["", "soon", "2021-02-11x", "2021-02-11T08", "2021-02-11T08:1", "20210211", "2021-2-11", "2021-02-11T08:15:00.", "2021-02-11T08:15+5", "∅",
                            // What ISODate does not read as a moment is no date to shorten: February 30th, hour 24.
                            "2021-02-30", "2021-02-11T24:00:00Z"]

    @Test(arguments: notDates)
    func readsOnlyWholeDates(_ cell: String) {
        #expect(ShownDate(cell) == nil)
        #expect(ShownDate.fitted(cell, form: .datePart, width: 3) == cell)
    }

    /// Every date Strata writes is one a narrowed column shortens, years past 9999 and before 0 too; its parts are
    /// where ISODate's reading found them.
    @Test func theDatesStrataWritesAreShortened() throws {
        for milliseconds: Int64 in [0, 1_612_977_300_000, 253_402_300_800_000, -62_198_755_200_000, 8_640_000_000_000_000] {
            let cell = ISODate.format(unixMilliseconds: milliseconds)
            let date = try #require(ShownDate(cell), "\(cell)")
            #expect(date.text(.whole) == cell)
            #expect(String(date.date) + date.hourMinute + date.seconds + date.fraction + date.zone == cell)
        }
        let realm = try #require(ShownDate("2021-02-11@08:15:00:123456789"))
        #expect((realm.date, realm.hourMinute, realm.seconds, realm.fraction, realm.zone) == ("2021-02-11", "@08:15", ":00", ":123456789", ""))
        let zoned = try #require(ShownDate("2021-02-11 08:15+0530"))
        #expect((zoned.hourMinute, zoned.seconds, zoned.fraction, zoned.zone) == (" 08:15", "", "", "+0530"))
    }

    @Test func aColumnOfDatesMayHoldNilsButNotLongText() {
        #expect(ShownDate.column([Self.cell, "NULL", "∅"], isDate: false)?.count == 1)
        #expect(ShownDate.column([Self.cell, "a long note about the day"], isDate: false) == nil)
        #expect(ShownDate.column([Self.cell, "a long note about the day"], isDate: true)?.count == 1)
        #expect(ShownDate.column(["NULL"], isDate: true) == nil)
    }

    // MARK: - Grids and records

    /// Every cell of `text` that begins like a date (cells are parted by two spaces or more; the fixtures'
    /// other values do not begin with a year): each must be a whole date, not one cut with `…`.
    static func dateCells(_ text: String) -> [String] {
        text.split(separator: "\n").flatMap { line in
            line.split(separator: "  ").map { $0.trimmingPrefix(" ") }.map(String.init).filter { cell in
                cell.count >= 5 && cell.prefix(4).allSatisfy(\.isNumber) && cell.dropFirst(4).first == "-"
            }
        }
    }

    static let rows: [[SQLiteValue]] = (1...12).map { index in
        [.integer(Int64(index)), .text("a_rather_long_name_for_object_number_\(index)"),
         .text(index % 3 == 0 ? "2021-02-\(10 + index)T08:15:00.000Z" : "2021-02-\(10 + index) 08:15:0\(index % 10)"),
         .integer(1_613_000_000 + Int64(index) * 86_400)]
    }

    static let gridColumns: [ResultColumn] = [
        ResultColumn(property: Property(name: "id", type: .int)),
        ResultColumn(property: Property(name: "name", type: .string)),
        ResultColumn(property: Property(name: "rentedAt", type: .date), dateStorage: .isoText),
        ResultColumn(property: Property(name: "returnedAt", type: .date), dateStorage: .unixSeconds),
    ]

    @Test(arguments: [OutputFormat.table, .vertical], [24, 30, 31, 40, 50, 60, 70, 80, 120])
    func aNarrowedGridNeverCutsADate(_ format: OutputFormat, _ width: Int) {
        let sink = Sink()
        let writer = ResultWriter(format: format, columns: Self.gridColumns, className: "Rental", sink: sink,
                                  style: Style(isEnabled: false), maxWidth: width)
        writer.begin()
        for row in Self.rows { writer.write(row) }
        writer.end()
        let cells = Self.dateCells(sink.text)
        #expect(cells.count == 2 * Self.rows.count, "\(sink.text)")
        for cell in cells {
            #expect(ShownDate(cell) != nil, "cut date '\(cell)' at \(width):\n\(sink.text)")
        }
        // A table keeps its numbers and dates whole: below 31 cells (2 + 3 + 10 + 10 and the gaps) it is wider.
        for line in sink.text.split(separator: "\n") where format == .vertical || width >= 31 {
            #expect(TextWidth.width(String(line)) <= width, "too wide at \(width): \(line)")
        }
    }

    @Test func aGridWideEnoughShowsDatesWhole() {
        let sink = Sink()
        let writer = ResultWriter(format: .table, columns: Self.gridColumns, className: "Rental", sink: sink,
                                  style: Style(isEnabled: false), maxWidth: 200)
        writer.begin()
        for row in Self.rows { writer.write(row) }
        writer.end()
        #expect(sink.text.contains("  2021-02-11 08:15:01       2021-02-11T23:33:20.000Z\n"))
        #expect(sink.text.contains("2021-02-13T08:15:00.000Z"))
    }

    @Test func aSqueezedGridGivesTheCellsADateDoesNotNeedToTheOthers() {
        // The name column gets what the dates give back by going to a shorter form.
        var table = TextTable(columns: [.init("NAME"), .init("WHEN")])
        table.append(["a rather long name for an object", "2021-02-11T00:00:00.000Z"])
        table.append(["short", "2021-02-12T00:00:00.000Z"])
        // 38 cells for the two: shrunk alike to 19 each, WHEN shows 17 (the time without seconds, the same
        // moment), and NAME gets the other 21.
        #expect(table.render(maxWidth: 40) == """
            NAME                   WHEN
            a rather long name f…  2021-02-11T00:00Z
            short                  2021-02-12T00:00Z

            """)
        // At 28 cells, 14 each: WHEN shows the date alone (midnight, the same moment), NAME gets 18.
        #expect(table.render(maxWidth: 30).contains("a rather long nam…  2021-02-11\n"))
    }

    @Test(arguments: [10, 14, 20, 26, 30, 40])
    func aRecordNeverCutsADate(_ width: Int) {
        let layout = VerticalLayout(names: ["createdAt", "id"], maxWidth: width)
        for value in [Self.cell, "2005-05-24 22:53:30", "2009-01-01 00:00:00"] {
            let text = layout.lines("createdAt", value)
            let cells = Self.dateCells(text)
            #expect(cells.count == 1 && ShownDate(cells[0]) != nil, "\(width): \(text)")
            #expect(text.split(separator: "\n").allSatisfy { TextWidth.width(String($0)) <= width }, "\(width): \(text)")
        }
    }
}

/// A Mixed value whose Realm type the row holds beside it (`ResultColumn.typeIndex`) is shown as that type in every
/// format: a bool stored as 1 is true, a float a float, a timestamp's ISO text a date; any other type as stored.
@Suite struct MixedDisplayTests {
    private final class Sink: TextSink {
        var text = ""
        func write(_ string: String) { text += string }
    }

    static var column: ResultColumn {
        var column = ResultColumn(property: Property(name: "m", type: .any, isOptional: true))
        column.typeIndex = 1
        return column
    }

    @Test(arguments: [
        (SQLiteValue.integer(1), SQLiteValue.text("bool"), "true", "true"), (.integer(0), .text("bool"), "false", "false"),
        (.integer(1), .text("int"), "1", "1"), (.real(1.5), .text("float"), "1.5", "1.5"), (.integer(7), .null, "7", "7"),
        (.text("2023-11-14T22:13:20.123456789Z"), .text("timestamp"), "2023-11-14T22:13:20.123456789Z", "\"2023-11-14T22:13:20.123456789Z\""),
        (.text("x"), .text("string"), "x", "\"x\""), (.null, .null, "nil", "null"),
    ])
    func showsTheTypeItHolds(_ value: SQLiteValue, _ type: SQLiteValue, _ text: String, _ json: String) {
        let formatter = ValueFormatter(style: Style(isEnabled: false))
        #expect(formatter.text([value, type], 0, Self.column) == text)
        let sink = Sink()
        let writer = ResultWriter(format: .ndjson, columns: [Self.column], className: "T", sink: sink, style: Style(isEnabled: false), maxWidth: nil)
        writer.begin()
        writer.write([value, type])
        writer.end()
        #expect(sink.text == "{\"m\":\(json)}\n")
    }
}
