import SQLiteKit
import StrataCore

/// The output formats of query results.
public enum OutputFormat: String, Sendable, CaseIterable {
    case table, vertical, json, ndjson, csv, markdown

    /// JSON and CSV carry every value whole; tables, vertical and markdown show each in a line.
    public var isForMachines: Bool { self == .json || self == .ndjson || self == .csv }
}

/// Writes result rows to a sink as they arrive, in constant memory: tables measure their columns on
/// the first rows and keep those widths.
public final class ResultWriter {
    let format: OutputFormat
    let columns: [ResultColumn]
    let sink: TextSink
    let formatter: ValueFormatter
    let maxWidth: Int?
    /// The class name, for vertical headings.
    let className: String
    private var pending: [[String]] = []
    private var encoder: RowEncoder
    /// The column names and class name as a terminal shows them.
    private let shownNames: [String]
    private let shownClassName: String
    private var widths: [Int]?
    /// For each column of dates, the form its dates are shown in once the widths are set (`ShownDate`).
    private var dateForms: [ShownDate.Form?] = []
    private var rowsWritten = 0
    static let measuredRows = 200
    /// A table whose rows cannot fit `maxWidth` even with every column cut to a few cells is written
    /// vertically instead (like psql's `\x auto`, but only when a table would be unreadable).
    public var verticalWhenTooWide = false
    private var switchedToVertical = false
    /// True when the rows are written as vertical records: asked for, or switched to (known once measured).
    public var isVertical: Bool { format == .vertical || switchedToVertical }
    /// The most cells one value takes in table, vertical and markdown output: by default
    /// `TextTable.unboundedCellLimit` when there is no width to fit, else none.
    public var cellLimit: Int?
    /// What a column of text may be cut down to before a row counts as not fitting (`dataV…` does not tell).
    static let readableCells = 8

    public init(format: OutputFormat, columns: [ResultColumn], className: String, sink: TextSink, style: Style, maxWidth: Int?) {
        self.format = format
        self.columns = columns
        self.className = className
        self.sink = sink
        self.formatter = ValueFormatter(style: style)
        self.maxWidth = maxWidth
        self.cellLimit = maxWidth == nil ? TextTable.unboundedCellLimit : nil
        self.encoder = RowEncoder(columns: columns)
        self.shownNames = columns.map { TextWidth.visible($0.name) }
        self.shownClassName = TextWidth.visible(className)
    }

    public var count: Int { rowsWritten }

    /// True once a json, ndjson or csv value was not valid UTF-8 and was written with U+FFFD in place of
    /// its bad bytes: the caller warns once (`invalidUTF8Warning`).
    public var repairedInvalidUTF8: Bool { encoder.buffer.repairedInvalidUTF8 }

    /// The warning for `repairedInvalidUTF8`, a line for stderr.
    public static let invalidUTF8Warning =
        "strata: warning: some text was not valid UTF-8: it is written with U+FFFD in place of each bad sequence\n"

    public func begin() {
        switch format {
        case .csv:
            encoder.csvHeader()
            flushEncoder()
        case .markdown:
            sink.write("| " + columns.map { Self.markdownCell($0.name) }.joined(separator: " | ") + " |\n")
            sink.write("|" + columns.map { _ in " --- |" }.joined() + "\n")
        case .json:
            sink.write("[")
        default:
            break
        }
    }

    /// Writes the current row of a statement, read straight from its bytes.
    public func write(_ statement: Statement) { write(row: statement) }

    /// Writes values already read.
    public func write(_ row: [SQLiteValue]) { write(row: row) }

    /// Writes a row read to be shown, such as a browser page's: in the formats for people only, unless it holds
    /// every value whole (`ShownRow.isShortened` false).
    public func write(_ row: ShownRow) {
        precondition(!row.isShortened || !format.isForMachines, "a shortened row written as \(format.rawValue)")
        write(row: row)
    }

    /// Writes a row of a `PipedResultWriter`'s batch.
    func write(batched row: PipedResultWriter.BatchRow) { write(row: row) }

    private func write<Row: StoredRow>(row: Row) {
        defer { rowsWritten += 1 }
        let sink = sink
        let flush: (inout ByteBuffer) -> Void = { buffer in
            sink.write(bytes: buffer.bytes)
            buffer.removeAll()
        }
        switch format {
        case .csv:
            encoder.csvRow(row, flush: flush)
        case .json:
            encoder.buffer.append(rowsWritten == 0 ? "\n  " as StaticString : ",\n  ")
            encoder.jsonObject(row, flush: flush)
        case .ndjson:
            encoder.jsonObject(row, flush: flush)
            encoder.buffer.append(UInt8(ascii: "\n"))
        case .markdown:
            sink.write("| " + cells(row).map(Self.markdownCell).joined(separator: " | ") + " |\n")
        case .vertical:
            writeVertical(cells(row))
        case .table:
            let cells = cells(row)
            if switchedToVertical {
                writeVertical(cells)
            } else if let widths {
                sink.write(line(cells, widths: widths, header: false))
            } else {
                pending.append(cells)
                if pending.count >= Self.measuredRows { flushPending() }
            }
        }
        if encoder.buffer.count >= 1 << 15 { flushEncoder() }
    }

    /// The row's cells as text, each cut to `cellLimit`, so that no column is padded to a huge value's width.
    private func cells<Row: StoredRow>(_ row: Row) -> [String] {
        let cells = columns.indices.map { index in
            formatter.linkText(row, index, columns[index], showingClass: format == .vertical) ?? formatter.text(row, index, columns[index])
        }
        guard let cellLimit else { return cells }
        return cells.map { TextWidth.truncate($0, to: cellLimit) }
    }

    private func flushEncoder() {
        guard encoder.buffer.count > 0 else { return }
        sink.write(bytes: encoder.buffer.bytes)
        encoder.buffer.removeAll()
    }

    public func end() {
        flushEncoder()
        switch format {
        case .json: sink.write(rowsWritten == 0 ? "]\n" : "\n]\n")
        case .table: flushPending()
        default: break
        }
    }

    // MARK: - Table

    private func flushPending() {
        guard widths == nil, !switchedToVertical else { return }
        var measure = TableMeasure(names: shownNames, cells: pending, columns: columns, maxWidth: maxWidth)
        // Dates are never cut mid-value: a narrowed column of them shows a shorter form.
        dateForms = measure.dates.map { $0 == nil ? nil : .whole }
        if let available = measure.available {
            if verticalWhenTooWide && measure.isTooWide {
                switchedToVertical = true
                let (rows, written) = (pending, rowsWritten)
                pending = []
                for (index, row) in rows.enumerated() {
                    rowsWritten = index  // numbers the objects
                    writeVertical(row)
                }
                rowsWritten = written
                return
            }
            dateForms = TextTable.fit(&measure.widths, toFit: available, least: measure.least, dates: measure.dates)
        }
        widths = measure.widths
        sink.write(line(shownNames, widths: measure.widths, header: true))
        for row in pending { sink.write(line(row, widths: measure.widths, header: false)) }
        pending = []
    }

    /// True when `rows` would be written as vertical records by a writer of `format` with `verticalWhenTooWide`
    /// set: the format is vertical, or a table of them could not fit `maxWidth` even with every column cut to a few
    /// cells. A function of the rows and the width alone, as the writer measures them (its first `measuredRows`).
    public static func goesVertical(_ rows: [ShownRow], format: OutputFormat, columns: [ResultColumn], maxWidth: Int?) -> Bool {
        if format == .vertical { return true }
        guard format == .table, maxWidth != nil else { return false }
        let formatter = ValueFormatter(style: Style(isEnabled: false))
        let cells = rows.prefix(measuredRows).map { row in
            columns.indices.map { formatter.linkText(row, $0, columns[$0], showingClass: false) ?? formatter.text(row, $0, columns[$0]) }
        }
        return TableMeasure(names: columns.map { TextWidth.visible($0.name) }, cells: cells, columns: columns, maxWidth: maxWidth).isTooWide
    }

    /// A table's columns measured on its first rows: each column's widest cell, the least each may be cut to,
    /// and the cells a row needs to stay readable.
    private struct TableMeasure {
        var widths: [Int]
        /// Numbers are never cut (a cut number reads as another number); other columns down to 3 cells.
        let least: [Int]
        /// For each column of dates, its dates (`ShownDate.column`).
        let dates: [[ShownDate]?]
        /// The cells `maxWidth` leaves for the columns, between their separators; nil without a width.
        let available: Int?
        /// The cells a row takes with each column cut to what still reads (`readableCells`, a date's least form).
        let readable: Int

        init(names: [String], cells: [[String]], columns: [ResultColumn], maxWidth: Int?) {
            var widths = names.map(TextWidth.width)
            for row in cells {
                for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TextWidth.width(cell)) }
            }
            let dates = columns.indices.map { index in
                columns[index].property.type.isNumber ? nil
                    : ShownDate.column(cells.map { $0[index] }, isDate: columns[index].property.type == .date)
            }
            let least = columns.indices.map { index in
                columns[index].property.type.isNumber ? cells.reduce(3) { max($0, TextWidth.width($1[index])) } : 3
            }
            self.widths = widths
            self.least = least
            self.dates = dates
            available = maxWidth.map { $0 - 2 * max(0, columns.count - 1) }
            readable = widths.indices.reduce(0) { total, index in
                total + max(least[index], min(widths[index], max(ResultWriter.readableCells, dates[index].map(ShownDate.least) ?? 0)))
            }
        }

        var isTooWide: Bool { available.map { readable > $0 } ?? false }
    }

    private func isNumeric(_ column: ResultColumn) -> Bool {
        column.property.type.isNumber
    }

    private func line(_ cells: [String], widths: [Int], header: Bool) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            let shown = !header && index < dateForms.count ? dateForms[index].map { ShownDate.fitted(cell, form: $0, width: widths[index]) } ?? cell : cell
            let cut = TextWidth.truncate(shown, to: widths[index])
            let right = isNumeric(columns[index])
            var padded = index == cells.count - 1 && !right ? cut : TextWidth.pad(cut, to: widths[index], right: right)
            if header { padded = formatter.style.bold(padded) }
            parts.append(padded)
        }
        var text = parts.joined(separator: "  ")
        while text.hasSuffix(" ") { text.removeLast() }
        return text + "\n"
    }

    // MARK: - Vertical

    private func writeVertical(_ cells: [String]) {
        let layout = VerticalLayout(names: shownNames, maxWidth: maxWidth)
        if rowsWritten > 0 { sink.write("\n") }
        sink.write(formatter.style.bold(layout.heading(shownClassName, before: "── ", after: " #\(rowsWritten + 1) ──")) + "\n")
        for (index, (name, cell)) in zip(shownNames, cells).enumerated() {
            sink.write(layout.lines(name, cell, numeric: isNumeric(columns[index])))
        }
    }

    // MARK: - Escaping

    static func markdownCell(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in TextWidth.visible(text).unicodeScalars {
            if scalar == "|" { result.append("\\") }
            result.append(scalar)
        }
        return String(result)
    }
}
