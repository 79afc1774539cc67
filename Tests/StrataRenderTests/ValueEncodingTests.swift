import Foundation
import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataRender

/// Random values of every property type, written both ways a value becomes text: through the
/// `ValueFormatter` API (object views, browser pages, `sql`) and through `ResultWriter` streaming from a
/// statement (`strata query`, `export`), in every format. The outputs must agree with one another, and
/// with what Foundation says the stored value is.
///
/// Each seed makes the same values every run: a failure names its seed, row, column and stored value.
@Suite struct ValueEncodingTests {
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func bothPathsWriteEveryValueAlike(seed: UInt64) throws {
        let table = try Generator(seed: seed).table(rows: 150)
        let outputs = try table.write()
        var report = Report(seed: seed)
        Self.compare(table, outputs, &report)
        let problems = report.problems.count
        #expect(problems == 0, "\(report.summary)")
    }

    /// The edge values on their own, so that each is certain to be seen by every type.
    @Test func edgeValuesOfEveryType() throws {
        let table = try Generator.edgeTable()
        let outputs = try table.write()
        var report = Report(seed: 0)
        Self.compare(table, outputs, &report)
        let problems = report.problems.count
        #expect(problems == 0, "\(report.summary)")
    }

    @Test func aNullIsNeverAnEmptyStringOrZero() throws {
        let columns = [ResultColumn(property: Property(name: "s", type: .string)),
                       ResultColumn(property: Property(name: "i", type: .int))]
        let style = Style(isEnabled: false)
        let formatter = ValueFormatter(style: style)
        #expect(formatter.json(.null, columns[0]).serialized() == "null")
        #expect(formatter.json("", columns[0]).serialized() == #""""#)
        #expect(formatter.text(.null, columns[1]) == "nil")
        #expect(formatter.text(0, columns[1]) == "0")
        #expect(formatter.json(.real(.infinity), columns[1]).serialized() == "null")
        let sink = CollectingSink()
        let writer = ResultWriter(format: .csv, columns: columns, className: "T", sink: sink, style: style, maxWidth: nil)
        writer.begin()
        writer.write([.null, .real(-.infinity)])
        writer.write(["", .real(.infinity)])
        writer.end()
        #expect(sink.text == "s,i\r\n,-inf\r\n\"\",inf\r\n")
    }
}

// MARK: - The table of values

extension ValueEncodingTests {
    /// Generated rows over one column of each type, stored in an in-memory database without declared types,
    /// so that every value keeps exactly the storage class it was written with.
    struct Table {
        struct Column {
            let name: String
            let type: PropertyType
            let storage: DateStorage?
            var result: ResultColumn { ResultColumn(property: Property(name: name, type: type), dateStorage: storage) }
            var isNumeric: Bool { [.int, .float, .double, .decimal].contains(type) }
        }

        /// One value to store, and for text in a date column what it must show as when known.
        struct Cell {
            enum Stored { case null, integer(Int64), real(Double), text([UInt8]), blob([UInt8]) }
            var stored: Stored
            var dateText: DateText = .unknown
        }

        /// `asStored`: a date without a zone, which every output shows as it is stored (issue 16, defect 6).
        enum DateText: Equatable { case unknown, notADate, date(Int64), asStored }

        /// A list: its keys in list order (JSON made by SQLite from a list table), or a value stored instead.
        enum List { case keys([Cell.Stored]), stored(Cell.Stored) }

        static let columns: [Column] = [
            Column(name: "bool", type: .bool, storage: nil), Column(name: "int", type: .int, storage: nil),
            Column(name: "float", type: .float, storage: nil), Column(name: "double", type: .double, storage: nil),
            Column(name: "decimal", type: .decimal, storage: nil), Column(name: "string", type: .string, storage: nil),
            Column(name: "note, \"quoted\"", type: .string, storage: nil),
            Column(name: "dateISO", type: .date, storage: .isoText),
            Column(name: "dateSeconds", type: .date, storage: .unixSeconds),
            Column(name: "dateMillis", type: .date, storage: .unixMilliseconds),
            Column(name: "dateReference", type: .date, storage: .referenceSeconds),
            Column(name: "dateUnknown", type: .date, storage: nil), Column(name: "data", type: .data, storage: nil),
            Column(name: "uuid", type: .uuid, storage: nil), Column(name: "object", type: .object, storage: nil),
            Column(name: "any", type: .any, storage: nil), Column(name: "list", type: .list, storage: nil),
        ]
        /// Every column but the last, the list, is stored as it is.
        static var storedColumns: ArraySlice<Column> { columns.dropLast() }

        var rows: [[Cell]]
        var lists: [List]
        let connection: Connection

        init(rows: [[Cell]], lists: [List]) throws {
            self.rows = rows
            self.lists = lists
            connection = try Connection(path: "", mode: .memory)
            let names = Self.storedColumns.indices.map { "c\($0)" }
            try connection.execute("CREATE TABLE t (" + names.joined(separator: ", ") + ", listValue)")
            try connection.execute("CREATE TABLE tl (owner, position, target, PRIMARY KEY (owner, position)) WITHOUT ROWID")
            let parameters = Array(repeating: "?", count: names.count + 1).joined(separator: ", ")
            let insert = try connection.prepare("INSERT INTO t VALUES (" + parameters + ")")
            let insertKey = try connection.prepare("INSERT INTO tl VALUES (?, ?, ?)")
            for (rowIndex, (row, list)) in zip(rows, lists).enumerated() {
                for (index, cell) in row.enumerated() { try Self.bind(cell.stored, at: index + 1, in: insert) }
                if case .stored(let value) = list {
                    try Self.bind(value, at: names.count + 1, in: insert)
                } else {
                    try insert.bind(.null, at: names.count + 1)
                }
                try insert.run()
                if case .keys(let keys) = list {
                    for (position, key) in keys.enumerated() {
                        try insertKey.bind([.integer(Int64(rowIndex + 1)), .integer(Int64(position))])
                        try Self.bind(key, at: 3, in: insertKey)
                        try insertKey.run()
                    }
                }
            }
        }

        static func bind(_ stored: Cell.Stored, at index: Int, in statement: Statement) throws {
            switch stored {
            case .null: try statement.bind(.null, at: index)
            case .integer(let number): try statement.bind(.integer(number), at: index)
            case .real(let number): try statement.bind(.real(number), at: index)
            case .text(let bytes): try bytes.withUnsafeBytes { try statement.bindText($0, at: index) }
            case .blob(let bytes): try bytes.withUnsafeBytes { try statement.bindBlob($0, at: index) }
            }
        }

        /// The rows as the query compiler selects them: a list as SQLite's JSON array of its keys (or NULL now and
        /// then, as when its list table is missing), unless a value was stored in its place.
        var selectSQL: String {
            let stored = Self.storedColumns.indices.map { "c\($0)" }
            let keys = "SELECT target FROM tl WHERE owner = t.rowid ORDER BY position"
            let list = "CASE WHEN listValue IS NOT NULL OR NOT EXISTS (\(keys)) AND rowid % 7 = 0 THEN listValue "
                + "ELSE (SELECT json_group_array(target) FROM (\(keys))) END"
            return "SELECT " + stored.joined(separator: ", ") + ", " + list + " FROM t ORDER BY rowid"
        }

        // MARK: - Writing

        /// What each path wrote: per format, from the statement and from values; and the values as read.
        struct Outputs {
            var fromStatement: [OutputFormat: [UInt8]] = [:]
            var fromValues: [OutputFormat: [UInt8]] = [:]
            var values: [[SQLiteValue]] = []
            /// `ValueFormatter.json` of each value, `ObjectRenderer.json` of each row, `ValueFormatter.text` of each value.
            var json: [[String]] = []
            var objectViews: [String] = []
            var text: [[String]] = []
        }

        func write() throws -> Outputs {
            let columns = Self.columns.map(\.result)
            let style = Style(isEnabled: false)
            let formatter = ValueFormatter(style: style)
            let renderer = ObjectRenderer(formatter: formatter)
            let info = ClassInfo(name: "T", kind: .table)
            func writers() -> [(OutputFormat, CollectingSink, ResultWriter)] {
                OutputFormat.allCases.map { format in
                    let sink = CollectingSink()
                    let writer = ResultWriter(format: format, columns: columns, className: "T", sink: sink, style: style, maxWidth: nil)
                    return (format, sink, writer)
                }
            }
            let streaming = writers()
            let paging = writers()
            for (_, _, writer) in streaming + paging { writer.begin() }
            var outputs = Outputs()
            let statement = try connection.prepare(selectSQL)
            var rowNumber: Int64 = 0
            while try statement.step() {
                rowNumber += 1
                for (_, _, writer) in streaming { writer.write(statement) }
                let values = (0..<columns.count).map(statement.column)
                for (_, _, writer) in paging { writer.write(values) }
                outputs.values.append(values)
                outputs.json.append(zip(values, columns).map { formatter.json($0, $1).serialized() })
                outputs.text.append(zip(values, columns).map { formatter.text($0, $1) })
                let object = StoredObject(info: info, key: [.integer(rowNumber)], columns: columns, values: values)
                let detail = ObjectDetail(object: object, links: [:], lists: [:], backlinks: [])
                outputs.objectViews.append(renderer.json(detail).serialized())
            }
            for (format, sink, writer) in streaming {
                writer.end()
                outputs.fromStatement[format] = sink.bytes
            }
            for (format, sink, writer) in paging {
                writer.end()
                outputs.fromValues[format] = sink.bytes
            }
            return outputs
        }
    }
}

// MARK: - Comparing

extension ValueEncodingTests {
    /// Checks what `table.write()` wrote: both paths alike, each format reading back to the same values.
    static func compare(_ table: Table, _ outputs: Table.Outputs, _ report: inout Report) {
        report.check(outputs.values.count == table.rows.count, "read \(outputs.values.count) rows of \(table.rows.count)")
        for format in OutputFormat.allCases where outputs.fromStatement[format] != outputs.fromValues[format] {
            report.fail("\(format): the statement and the values wrote different bytes\n"
                + Report.firstDifference(outputs.fromStatement[format] ?? [], outputs.fromValues[format] ?? []))
        }
        for (format, bytes) in outputs.fromStatement where String(validating: bytes, as: UTF8.self) == nil {
            report.fail("\(format): output is not valid UTF-8")
        }
        compareJSON(outputs, &report)
        compareCSV(outputs, &report)
        compareText(outputs, &report)
        for (rowIndex, values) in outputs.values.enumerated() {
            for (index, value) in values.enumerated() {
                let context = Report.Context(row: rowIndex, column: Table.columns[index], value: value)
                let row = table.rows[rowIndex]
                let dateText = index < row.count ? row[index].dateText : .unknown
                let json = outputs.json[rowIndex][index]
                Oracle.checkJSON(json, of: value, in: Table.columns[index], dateText: dateText, context, &report)
                Oracle.checkText(outputs.text[rowIndex][index], json: json, of: value, in: Table.columns[index], context, &report)
            }
        }
    }

    /// ndjson lines are the object views; json is the same lines in an array; each line is JSON.
    private static func compareJSON(_ outputs: Table.Outputs, _ report: inout Report) {
        let ndjson = outputs.fromStatement[.ndjson] ?? []
        let lines = Self.lines(ndjson).map { String(decoding: $0, as: UTF8.self) }
        report.check(lines.count == outputs.objectViews.count, "ndjson has \(lines.count) lines for \(outputs.values.count) objects")
        for (rowIndex, (line, view)) in zip(lines, outputs.objectViews).enumerated() where line != view {
            report.fail("row \(rowIndex + 1): the ndjson line is not the object view's JSON\n  ndjson: \(line)\n  object: \(view)")
        }
        let array = lines.isEmpty ? "[]\n" : "[\n  " + lines.joined(separator: ",\n  ") + "\n]\n"
        report.check(outputs.fromStatement[.json] == Array(array.utf8), "json is not the ndjson lines in an array")
        for (rowIndex, line) in lines.enumerated() {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            report.check(object?.count == Table.columns.count, "row \(rowIndex + 1): not a JSON object of every column: \(line)")
        }
    }

    /// Each CSV field parses back to the JSON value's text: strings without quotes, NULL empty.
    private static func compareCSV(_ outputs: Table.Outputs, _ report: inout Report) {
        guard let records = CSV.parse(outputs.fromStatement[.csv] ?? []) else {
            report.fail("csv does not parse as RFC 4180")
            return
        }
        report.check(records.first?.map(\.text) == Table.columns.map(\.name), "csv header \(records.first ?? [])")
        for field in records.joined() {
            let scalars = field.text.unicodeScalars
            // An empty field is nil, `""` the empty text: checked below, against the value.
            guard !scalars.isEmpty else { continue }
            let needsQuotes = scalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
                || scalars.first == " " || scalars.last == " "
            report.check(field.isQuoted == needsQuotes, "csv field \(field.text.debugDescription): quoted is \(field.isQuoted)")
        }
        report.check(records.count == outputs.values.count + 1, "csv has \(records.count) records for \(outputs.values.count) rows")
        for (rowIndex, record) in records.dropFirst().enumerated() where rowIndex < outputs.values.count {
            for (index, quotedField) in record.enumerated() where index < Table.columns.count {
                let field = quotedField.text
                let value = outputs.values[rowIndex][index]
                if field.isEmpty {
                    let isNil = outputs.json[rowIndex][index] == "null"
                    report.check(quotedField.isQuoted == !isNil, "csv empty field of \(outputs.json[rowIndex][index]): quoted is \(quotedField.isQuoted)")
                }
                let expected = Oracle.csvText(json: outputs.json[rowIndex][index], of: value)
                if field != expected {
                    let context = Report.Context(row: rowIndex, column: Table.columns[index], value: value)
                    let json = outputs.json[rowIndex][index]
                    report.fail(context, "csv field \(field.debugDescription), from json \(json): \(expected.debugDescription)")
                }
            }
        }
    }

    /// Table, vertical and markdown cells all read back to `ValueFormatter.text`, cut (with no width to fit)
    /// to `TextTable.unboundedCellLimit`.
    private static func compareText(_ outputs: Table.Outputs, _ report: inout Report) {
        let names = Table.columns.map(\.name)
        let shown = outputs.text.map { $0.map { TextWidth.truncate($0, to: TextTable.unboundedCellLimit) } }
        // vertical: a heading per object, then `name  cell` lines with names right-aligned.
        let nameWidth = names.map(\.utf8.count).max() ?? 0
        var vertical: [[String]] = []
        for line in Self.lines(outputs.fromStatement[.vertical] ?? []) where !line.isEmpty {
            if line.starts(with: Array("── T #".utf8)) { vertical.append([]); continue }
            guard !vertical.isEmpty else { report.fail("vertical output starts without a heading"); break }
            vertical[vertical.count - 1].append(String(decoding: line.dropFirst(nameWidth + 2), as: UTF8.self))
        }
        // markdown: `| a | b |` with `|` in a cell written `\|`.
        let markdown = Self.lines(outputs.fromStatement[.markdown] ?? []).dropFirst(2).map(Self.markdownCells)
        // table: every row measured (fewer than 200), so each cell is padded to its column's widest.
        let widths = names.indices.map { index in
            shown.reduce(TextWidth.width(names[index])) { max($0, TextWidth.width($1[index])) }
        }
        let table = Self.lines(outputs.fromStatement[.table] ?? [])
        report.check(table.first.map { String(decoding: $0, as: UTF8.self) } == tableLine(names, widths), "table header")
        for (rowIndex, cells) in shown.enumerated() {
            let verticalCells = rowIndex < vertical.count ? vertical[rowIndex] : []
            report.check(verticalCells == cells, "row \(rowIndex + 1): vertical \(verticalCells)\n  text:     \(cells)")
            let markdownCells = rowIndex < markdown.count ? markdown[rowIndex] : nil
            report.check(markdownCells == cells, "row \(rowIndex + 1): markdown \(markdownCells ?? [])\n  text:     \(cells)")
            let line = rowIndex + 1 < table.count ? String(decoding: table[rowIndex + 1], as: UTF8.self) : ""
            let expected = tableLine(cells, widths)
            report.check(line == expected, "row \(rowIndex + 1): table line\n  table:    \(line)\n  expected: \(expected)")
        }
    }

    private static func tableLine(_ cells: [String], _ widths: [Int]) -> String {
        var line = cells.enumerated().map { index, cell in
            let right = Table.columns[index].isNumeric
            return index == cells.count - 1 && !right ? cell : TextWidth.pad(cell, to: widths[index], right: right)
        }.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        Array(bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast())
    }

    private static func markdownCells(_ line: ArraySlice<UInt8>) -> [String]? {
        guard line.count >= 4, line.starts(with: Array("| ".utf8)), line.reversed().starts(with: Array("| ".utf8)) else {
            return nil
        }
        var cells: [String] = []
        var cell: [UInt8] = []
        let inner = Array(line.dropFirst(2).dropLast(2))
        var index = 0
        while index < inner.count {
            if inner[index...].starts(with: Array(" | ".utf8)) {
                cells.append(String(decoding: cell, as: UTF8.self))
                cell = []
                index += 3
            } else if inner[index...].starts(with: Array("\\|".utf8)) {
                cell.append(UInt8(ascii: "|"))
                index += 2
            } else {
                cell.append(inner[index])
                index += 1
            }
        }
        cells.append(String(decoding: cell, as: UTF8.self))
        return cells
    }
}

// MARK: - Reporting

extension ValueEncodingTests {
    /// Collects what disagreed, so that one broken rule reports a few examples, not every value.
    struct Report {
        struct Context {
            let row: Int
            let column: Table.Column
            let value: SQLiteValue
        }

        let seed: UInt64
        var problems: [String] = []

        mutating func fail(_ problem: String) { problems.append(problem) }

        mutating func fail(_ context: Context, _ problem: String) {
            fail("row \(context.row + 1), column \(context.column.name) (\(context.column.type)"
                + (context.column.storage.map { ", \($0)" } ?? "") + "), stored \(String(reflecting: context.value)): " + problem)
        }

        mutating func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
            if !condition { fail(problem()) }
        }

        var summary: String {
            "seed \(seed): \(problems.count) problems\n" + problems.prefix(12).joined(separator: "\n")
        }

        static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
            let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            let start = max(0, index - 80)
            return "  first: \(String(decoding: a[start..<min(a.count, index + 80)], as: UTF8.self).debugDescription)\n"
                + "  other: \(String(decoding: b[start..<min(b.count, index + 80)], as: UTF8.self).debugDescription)"
        }
    }

    /// A sink that keeps every byte written to it.
    final class CollectingSink: TextSink {
        var bytes: [UInt8] = []
        var text: String { String(decoding: bytes, as: UTF8.self) }
        func write(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func write(bytes: [UInt8]) { self.bytes.append(contentsOf: bytes) }
    }
}
