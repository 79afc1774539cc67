import Testing
@testable import StrataQuery

/// Names in backticks: `` stands for a backtick, anything else (double quotes, spaces, dots) is itself.
@Suite struct QueryNameTests {
    static let lexed: [(String, [QueryToken.Kind])] = [
        ("`a``b`", [.quotedName("a`b"), .end]),
        ("`a\"b`", [.quotedName("a\"b"), .end]),
        ("`a\"\"b`", [.quotedName("a\"\"b"), .end]),
        ("`my col.x`", [.quotedName("my col.x"), .end]),
        ("````", [.quotedName("`"), .end]),
        ("`a```", [.quotedName("a`"), .end]),
        ("```a`", [.quotedName("`a"), .end]),
        ("`a`.`b``c`", [.quotedName("a"), .symbol("."), .quotedName("b`c"), .end]),
        ("`a` `b`", [.quotedName("a"), .quotedName("b"), .end]),
        ("\"a``b\"", [.string("a``b"), .end]),
    ]

    @Test(arguments: lexed)
    func lexes(_ text: String, _ kinds: [QueryToken.Kind]) throws {
        #expect(try QueryLexer.tokens(text).map(\.kind) == kinds)
    }

    static let refused: [(String, String, Int)] = [
        ("``", "empty name in backticks", 1),
        ("`a", "unterminated name: missing closing `", 1),
        ("`a``", "unterminated name: missing closing `", 1),
        ("Task where `a``` == 1 AND `b", "unterminated name: missing closing `", 27),
    ]

    @Test(arguments: refused)
    func refuses(_ text: String, _ message: String, _ column: Int) {
        expectLexerRefuses(text, message, column)
    }

    /// `quotedName` writes what the lexer reads back as the same name.
    @Test(arguments: ["a`b", "a\"b", "my col", "x.y", "Task", "where", "Limit", "1abc", "`", "``x``", "数据", "_a1"])
    func quotedNameRoundTrips(_ name: String) throws {
        let tokens = try QueryLexer.tokens(QueryParser.quotedName(name)).map(\.kind)
        #expect(tokens == [.quotedName(name), .end] || tokens == [.name(name), .end])
        let query = try QueryParser.parse(QueryParser.quotedName(name) + " where " + QueryParser.quotedName(name) + " == 1")
        #expect(query.className == name)
    }

    @Test func plainNamesStayPlain() {
        #expect(QueryParser.quotedName("Task") == "Task")
        #expect(QueryParser.quotedName("where") == "`where`")
        #expect(QueryParser.quotedName("a`b") == "`a``b`")
    }
}
