import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataRender

/// Text output decodes only a bounded prefix of a value, and with no width to fit no cell is wider than
/// `TextTable.unboundedCellLimit`.
@Suite struct ShownTextTests {
    static let limit = ValueFormatter.shownTextBytes

    /// The value, and what its shown text must be.
    static let cases: [(String, String)] = [
        ("short", "short"),
        ("a\nb", "a\\nb"),
        (String(repeating: "x", count: limit), String(repeating: "x", count: limit)),
        (String(repeating: "x", count: limit + 1), String(repeating: "x", count: limit) + "…"),
        // Two-byte characters: the cut falls inside one, and backs off to where it starts.
        ("x" + String(repeating: "é", count: limit), "x" + String(repeating: "é", count: (limit - 1) / 2) + "…"),
        // Four-byte characters.
        (String(repeating: "😀", count: limit), String(repeating: "😀", count: limit / 4) + "…"),
        (String(repeating: "\t", count: limit * 3), String(repeating: "\\t", count: limit) + "…"),
    ]

    @Test(arguments: cases)
    func decodesABoundedPrefix(_ value: String, _ shown: String) {
        let formatter = ValueFormatter(style: Style(isEnabled: false))
        let column = ResultColumn(property: Property(name: "s", type: .string))
        let text = formatter.text(.text(value), column)
        #expect(text == shown)
        #expect(!text.contains("\u{FFFD}"))
    }

    /// Invalid UTF-8, a long run of continuation bytes: cut at the limit and repaired, not emptied.
    @Test func invalidTextIsCutNotEmptied() {
        let raw = [UInt8(ascii: "a")] + [UInt8](repeating: 0x80, count: Self.limit * 3)
        let text = raw.withUnsafeBytes { ValueFormatter.shownText($0) }
        #expect(text.hasPrefix("a") && text.hasSuffix("…") && text.unicodeScalars.count > Self.limit - 4, "\(text.prefix(20))")
    }

    @Test func aHugeValueIsCutWithoutReadingItAll() {
        let formatter = ValueFormatter(style: Style(isEnabled: false))
        let column = ResultColumn(property: Property(name: "s", type: .string))
        let text = formatter.text(.text(String(repeating: "数", count: 5_000_000)), column)
        #expect(text.unicodeScalars.count == Self.limit / 3 + 1 && text.hasSuffix("…"))
    }

    @Test(arguments: [nil, 40] as [Int?])
    func tablesWithoutAWidthCapEveryCell(_ maxWidth: Int?) {
        var table = TextTable(columns: [.init("A"), .init("B")])
        table.append([String(repeating: "y", count: 500), "b"])
        table.append(["a", "c"])
        let lines = table.render(maxWidth: maxWidth).split(separator: "\n")
        let limit = maxWidth ?? (TextTable.unboundedCellLimit + 2 + 1)
        #expect(lines.allSatisfy { TextWidth.width(String($0)) <= limit }, "\(lines)")
        #expect(lines[1].hasPrefix("yyy") && lines[1].contains("…"))
    }

    @Test(arguments: [OutputFormat.table, .vertical, .markdown])
    func writersWithoutAWidthCapEveryCell(_ format: OutputFormat) {
        let columns = [ResultColumn(property: Property(name: "s", type: .string)),
                       ResultColumn(property: Property(name: "t", type: .string))]
        let sink = ValueEncodingTests.CollectingSink()
        let writer = ResultWriter(format: format, columns: columns, className: "T", sink: sink, style: Style(isEnabled: false),
                                  maxWidth: nil)
        writer.begin()
        writer.write([.text(String(repeating: "z", count: 100_000)), .text("end")])
        writer.write([.text("a"), .text("b")])
        writer.end()
        let lines = sink.text.split(separator: "\n")
        #expect(lines.allSatisfy { TextWidth.width(String($0)) <= TextTable.unboundedCellLimit + 20 }, "\(sink.text.prefix(300))")
        #expect(sink.text.contains("z…") && sink.text.contains("end"))
    }

    @Test func completeFormatsAreNotCut() {
        let columns = [ResultColumn(property: Property(name: "s", type: .string))]
        for format in [OutputFormat.csv, .json, .ndjson] {
            let sink = ValueEncodingTests.CollectingSink()
            let writer = ResultWriter(format: format, columns: columns, className: "T", sink: sink, style: Style(isEnabled: false),
                                      maxWidth: nil)
            writer.begin()
            writer.write([.text(String(repeating: "z", count: 100_000))])
            writer.end()
            #expect(sink.text.filter { $0 == "z" }.count == 100_000, "\(format)")
        }
    }
}
