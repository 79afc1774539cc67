import StrataCore
import StrataQuery
import StrataRender

extension REPL {
    /// The page size that lets a page shown as vertical records fit the screen, when it is smaller than
    /// `browser`'s: a record takes a line a property, a heading and a blank line. Nil when the page is shown
    /// as a table (or in a format that is not paged to a screen), already fits, or the session is a script.
    func verticalPageSize(_ browser: ResultPager) -> Int? {
        guard reader.isInteractive, format == .table || format == .vertical, !browser.rows.isEmpty else { return nil }
        guard ResultWriter.goesVertical(browser.rows, format: format, columns: browser.columns, maxWidth: width) else { return nil }
        let fitting = max(1, pageSize() / (browser.columns.count + 2))
        return fitting < browser.pageSize ? fitting : nil
    }
}
