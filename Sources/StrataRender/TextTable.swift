/// A table of text laid out in columns that fit a width, measured in terminal cells.
///
/// When the columns do not fit, the widest ones shrink first and their cells are cut with `…`.
public struct TextTable {
    public struct Column {
        public var title: String
        public var rightAligned: Bool
        public init(_ title: String, rightAligned: Bool = false) {
            self.title = TextWidth.visible(title)
            self.rightAligned = rightAligned
        }
    }

    public var columns: [Column]
    public var rows: [[String]] = []
    /// Spaces before every line.
    public var indent = 0
    public var separator = "  "

    public init(columns: [Column]) { self.columns = columns }

    public mutating func append(_ row: [String]) { rows.append(row.map(TextWidth.visible)) }

    /// How wide a cell may be when there is no width to fit (output to a pipe or a file): a long value is
    /// cut there rather than every row of its column padded to its width.
    public static let unboundedCellLimit = 80

    /// The table as lines, at most `maxWidth` cells wide (nil: no limit, but no cell is wider than
    /// `unboundedCellLimit`); the header uses `style`.
    public func render(maxWidth: Int?, style: Style = Style(isEnabled: false)) -> String {
        var widths = columns.indices.map { index in
            rows.reduce(TextWidth.width(columns[index].title)) { max($0, TextWidth.width($1[index])) }
        }
        if maxWidth == nil { widths = widths.map { min($0, Self.unboundedCellLimit) } }
        var dateForms: [ShownDate.Form?] = columns.map { _ in nil }
        if let maxWidth {
            let available = maxWidth - indent - separator.count * max(0, columns.count - 1)
            // Numbers (right-aligned) are never cut: a cut count reads as another number.
            let least = columns.indices.map { index in
                columns[index].rightAligned ? rows.reduce(3) { max($0, TextWidth.width($1[index])) } : 3
            }
            let dates = columns.indices.map { index in
                columns[index].rightAligned ? nil : ShownDate.column(rows.map { $0[index] }, isDate: false)
            }
            dateForms = Self.fit(&widths, toFit: available, least: least, dates: dates)
        }
        var output = ""
        func line(_ cells: [String], header: Bool) {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let shown = !header ? dateForms[index].map { ShownDate.fitted(cell, form: $0, width: widths[index]) } ?? cell : cell
                let cut = TextWidth.truncate(shown, to: widths[index])
                let isLast = index == cells.count - 1
                let padded = isLast && !columns[index].rightAligned
                    ? cut : TextWidth.pad(cut, to: widths[index], right: columns[index].rightAligned)
                parts.append(header ? style.bold(padded) : padded)
            }
            var text = String(repeating: " ", count: indent) + parts.joined(separator: separator)
            while text.hasSuffix(" ") { text.removeLast() }
            output += text + "\n"
        }
        line(columns.map(\.title), header: true)
        for row in rows { line(row, header: false) }
        return output
    }

    /// True when the table fits `maxWidth` with its first `whole` columns uncut and the others cut to no
    /// fewer than `cutTo` cells.
    public func isReadable(within maxWidth: Int, whole: Int, cutTo least: Int) -> Bool {
        let needed = columns.indices.map { index in
            let widest = rows.reduce(TextWidth.width(columns[index].title)) { max($0, TextWidth.width($1[index])) }
            return index < whole ? widest : min(widest, least)
        }
        return indent + needed.reduce(0, +) + separator.count * max(0, columns.count - 1) <= maxWidth
    }

    /// Narrows `widths` to fit `available` as `shrink` does, and a column of `dates` only as far as a form
    /// of them that says the same moments (`ShownDate`), else to their date part; never cut mid-value.
    /// The cells a date column gives back go to the others.
    /// - Returns: for each column of dates, the form to show its dates in; nil for the other columns.
    static func fit(_ widths: inout [Int], toFit available: Int, least: [Int], dates: [[ShownDate]?]) -> [ShownDate.Form?] {
        var least = least
        for (index, column) in dates.enumerated() {
            if let column { least[index] = max(least[index], ShownDate.least(column)) }
        }
        let full = widths
        shrink(&widths, toFit: available, least: least)
        var forms: [ShownDate.Form?] = dates.map { $0 == nil ? nil : .whole }
        var gaveBack = false
        for (index, column) in dates.enumerated() {
            guard let column else { continue }
            if widths[index] < full[index] {
                let (form, width) = ShownDate.form(column, fitting: widths[index])
                forms[index] = form
                if width < widths[index] { widths[index] = width; gaveBack = true }
            }
            least[index] = widths[index]
        }
        if gaveBack {
            for index in widths.indices where dates[index] == nil { widths[index] = full[index] }
            shrink(&widths, toFit: available, least: least)
        }
        return forms
    }

    /// Narrows the widest columns, one cell at a time, until the sum fits or every column is at its least
    /// (3 cells unless `least` says otherwise).
    static func shrink(_ widths: inout [Int], toFit available: Int, least: [Int]? = nil) {
        let least = least ?? widths.map { _ in 3 }
        var total = widths.reduce(0, +)
        while total > available {
            let narrowable = widths.indices.filter { widths[$0] > least[$0] }
            guard let widest = narrowable.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            total -= 1
        }
    }
}
