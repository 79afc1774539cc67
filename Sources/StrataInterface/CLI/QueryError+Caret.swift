import StrataQuery
import StrataRender

extension QueryError {
    /// The query's line with a caret under the spot, for terminals.
    public func caret(in text: String) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard line - 1 < lines.count else { return "" }
        let source = String(lines[line - 1])
        let before = String(source.prefix(column - 1))
        let padding = String(repeating: " ", count: TextWidth.width(TextWidth.visible(before)))
        return "  " + TextWidth.visible(source) + "\n  " + padding + "^\n"
    }
}
