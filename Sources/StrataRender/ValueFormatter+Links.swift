import SQLiteKit
import StrataCore

extension ValueFormatter {
    /// A link's cell when the query named its targets (`ResultColumn.labelIndex`): the key, then the target's
    /// first text property in quotes (`1 "For Those About To Rock"`), or `(missing)` when no object has the
    /// key; with `showingClass`, after `→ Class` as vertical records show it. Nil for a nil link or a column
    /// without labels, which read as any other value.
    func linkText<Row: StoredRow>(_ row: Row, _ index: Int, _ column: ResultColumn, showingClass: Bool) -> String? {
        guard let label = column.labelIndex, row.storageClass(index) != .null else { return nil }
        let key = text(row, index, column)
        let target = showingClass ? "→ " + TextWidth.visible(column.property.target ?? "") + " " : ""
        switch row.storageClass(label) {
        case .null: return target + key + " (missing)"
        case .text: return target + key + " " + row.withBytes(label) { "\"" + Self.shownText($0) + "\"" }
        default: return target + key
        }
    }
}
