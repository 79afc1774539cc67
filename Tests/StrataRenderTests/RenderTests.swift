import Testing
@testable import StrataRender

@Suite struct TextWidthTests {
    @Test(arguments: [
        ("", 0), ("abc", 3), ("数据", 4), ("🎉", 2), ("e\u{301}", 1), ("한국어", 6), ("ｈｉ", 4),
        ("❤️", 2), ("a\u{200D}b", 2), ("👩‍👩‍👧", 2), ("\u{1B}", 0), ("naïve", 5),
    ])
    func measuresCells(_ text: String, _ cells: Int) {
        #expect(TextWidth.width(text) == cells)
    }

    @Test(arguments: [
        ("hello world", 5, "hell…"), ("short", 10, "short"), ("数据数据", 5, "数据…"), ("数据数据", 4, "数…"),
        ("abc", 1, "…"), ("abc", 0, ""),
    ])
    func truncates(_ text: String, _ limit: Int, _ expected: String) {
        let cut = TextWidth.truncate(text, to: limit)
        #expect(cut == expected)
        #expect(TextWidth.width(cut) <= limit)
    }

    @Test func makesControlCharactersVisible() {
        #expect(TextWidth.visible("a\nb\tc\u{1B}") == "a\\nb\\tc\\e")
        #expect(TextWidth.visible("plain") == "plain")
    }
}

@Suite struct TextTableTests {
    func sample() -> TextTable {
        var table = TextTable(columns: [.init("NAME"), .init("COUNT", rightAligned: true), .init("NOTE")])
        table.append(["数据", "12", "wide"])
        table.append(["a very long class name indeed", "1234567", "x"])
        return table
    }

    @Test func alignsColumnsInCells() {
        #expect(sample().render(maxWidth: nil) == """
            NAME                             COUNT  NOTE
            数据                                12  wide
            a very long class name indeed  1234567  x

            """)
    }

    @Test(arguments: [20, 30, 40, 80])
    func neverWiderThanTheLimit(_ width: Int) {
        let lines = sample().render(maxWidth: width).split(separator: "\n")
        #expect(lines.allSatisfy { TextWidth.width(String($0)) <= width })
        #expect(lines.count == 3)
    }

    @Test func shrinksTheWidestColumnFirst() {
        #expect(sample().render(maxWidth: 30) == """
            NAME               COUNT  NOTE
            数据                  12  wide
            a very long cl…  1234567  x

            """)
    }
}

@Suite struct JSONValueTests {
    @Test func keepsKeyOrderAndEscapes() {
        let value = JSONValue.object([
            ("z", .int(Int64.max)), ("a", .string("q\"\\\n\t\u{1}é")), ("n", .null), ("b", .bool(false)),
            ("d", .double(0.1)), ("w", .double(2)), ("i", .double(.infinity)), ("e", .array([])), ("o", .object([])),
        ])
        #expect(value.serialized() == #"{"z":9223372036854775807,"a":"q\"\\\n\t\u0001é","n":null,"b":false,"d":0.1,"w":2,"i":null,"e":[],"o":{}}"#)
    }

    @Test func prettyPrintsWithTwoSpaces() {
        let value = JSONValue.array([.object([("name", .string("Task")), ("count", .int(3))])])
        #expect(value.serialized(pretty: true) == """
            [
              {
                "name": "Task",
                "count": 3
              }
            ]
            """)
    }
}
