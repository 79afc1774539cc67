import StrataCore
import StrataRender

extension REPL {
    /// The page size that lets a page shown as vertical records fit the screen, when it is smaller than
    /// `browser`'s: a record takes a line a property, a heading and a blank line. Nil when the page is shown
    /// as a table (or in a format that is not paged to a screen), already fits, or the session is a script.
    func verticalPageSize(_ browser: Browser) -> Int? {
        guard reader.isInteractive, format == .table || format == .vertical, !browser.rows.isEmpty else { return nil }
        // Laid out as `showPage` lays it out, into a string, to learn whether the rows go vertical.
        let writer = ResultWriter(format: format, columns: browser.columns, className: browser.className ?? "row",
                                  sink: StringSink(), style: Style(isEnabled: false), maxWidth: width)
        writer.verticalWhenTooWide = true
        writer.begin()
        for row in browser.rows { writer.write(row) }
        writer.end()
        guard writer.isVertical else { return nil }
        let fitting = max(1, pageSize() / (browser.columns.count + 2))
        return fitting < browser.pageSize ? fitting : nil
    }
}
