import Testing
@testable import StrataRender

@Suite struct TextWrapTests {
    @Test(arguments: [
        ("", 10, 0, [""]),
        ("short", 10, 0, ["short"]),
        ("the quick brown fox", 10, 0, ["the quick", "brown fox"]),
        ("the quick brown fox", 10, 2, ["the quick", "  brown", "  fox"]),
        ("supercalifragilistic", 8, 0, ["supercal", "ifragili", "stic"]),
        ("a supercalifragilistic b", 8, 2, ["a", "  superc", "  alifra", "  gilist", "  ic b"]),
        ("数据数据数据", 5, 0, ["数据", "数据", "数据"]),
        ("many   spaces  here", 20, 0, ["many spaces here"]),
        ("one two", 1, 4, ["o", "n", "e", "t", "w", "o"]),
    ])
    func wrapsAtSpacesWithinTheWidth(_ text: String, _ width: Int, _ indent: Int, _ expected: [String]) {
        let lines = TextWidth.wrap(text, to: width, indent: indent)
        #expect(lines == expected)
        for line in lines { #expect(TextWidth.width(line) <= max(1, width)) }
    }
}
