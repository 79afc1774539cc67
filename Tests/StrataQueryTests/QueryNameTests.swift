import Testing
import StrataCore
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
        ("`a`.`b``c`", [.quotedName("a"), .symbol(.dot), .quotedName("b`c"), .end]),
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

/// Issue 29, items 15 and 23: strings and names as SQLite quotes them, and the one quoting the browser uses for
/// every value it writes into a query.
@Suite struct QueryQuotingTests {
    static let lexed: [(String, [QueryToken.Kind])] = [
        (#""a""b""#, [.string("a\"b"), .end]),
        ("'it''s'", [.string("it's"), .end]),
        (#""""#, [.string(""), .end]),
        (#""""""#, [.string("\""), .end]),
        (#"{"", ""}"#, [.symbol(.openBrace), .string(""), .symbol(.comma), .string(""), .symbol(.closeBrace), .end]),
        (#""a\"b""#, [.string("a\"b"), .end]),
    ]

    @Test(arguments: lexed)
    func lexes(_ text: String, _ kinds: [QueryToken.Kind]) throws {
        #expect(try QueryLexer.tokens(text).map(\.kind) == kinds)
    }

    @Test(arguments: ["C:\\new", "say \"hi\"\\", "a\nb\r\nc\t\0", "", "\\", "\"", "é\u{301}\"", "`x`"])
    func quotedStringRoundTrips(_ text: String) throws {
        #expect(try QueryLexer.tokens(QueryParser.quotedString(text)).map(\.kind) == [.string(text), .end])
    }

    @Test func literalsOfEveryStorageClass() throws {
        #expect(QueryParser.literal(.integer(-42)) == "-42")
        #expect(QueryParser.literal(.real(2.5)) == "2.5")
        #expect(QueryParser.literal(.text("C:\\new")) == #""C:\\new""#)
        #expect(QueryParser.literal(.blob([0, 0xab])) == "x'00ab'")
        #expect(QueryParser.literal(.null) == "nil")
        #expect(try QueryLexer.tokens(QueryParser.literal(.blob([1, 2]))).map(\.kind) == [.data([1, 2]), .end])
    }

    @Test(arguments: [
        ("Calories%Table", "unexpected character '%' (a name that holds it is written in backticks: `Calories%Table`)"),
        ("Task where my#col == 1", "unexpected character '#' (a name that holds it is written in backticks: `my#col`)"),
        ("Task where a == 1 # 2", "unexpected character '#'"),
    ])
    func aGluedCharacterSuggestsBackticksFor(_ text: String, _ message: String) {
        do {
            _ = try QueryLexer.tokens(text)
            Issue.record("expected an error for \(text)")
        } catch let error as QueryError {
            #expect(error.message == message)
        } catch {
            Issue.record("\(error)")
        }
    }

    /// As realm-core's lexer reads names: a `-` between two word characters is part of one (`T2017-12-04`), and a
    /// backslash before a space, n, r or t stands for that character.
    @Test(arguments: [
        ("Calories-Table", [QueryToken.Kind.name("Calories-Table"), .end]),
        ("T2017-12-04 == T399:0", [.name("T2017-12-04"), .symbol(.equal), .date(Moment(seconds: 399, nanoseconds: 0)), .end]),
        ("float\\ fees", [.name("float fees"), .end]),
        ("nullable\\tdata", [.name("nullable\tdata"), .end]),
    ])
    func realmNamesHoldDashesAndEscapes(_ text: String, _ kinds: [QueryToken.Kind]) throws {
        #expect(try QueryLexer.tokens(text).map(\.kind) == kinds)
    }

    /// A word of the language names a property where a path stands, as in Realm; backticks still work.
    @Test func wordsOfTheLanguageNameProperties() throws {
        let fixture = try QueryFixture.tasks()
        let plain = try fixture.keys("Task where desc == nil SORT(desc DESC, id ASC)")
        #expect(plain == (try fixture.keys("Task where `desc` == nil SORT(`desc` DESC, id ASC)")))
        #expect(try fixture.keys("Task where limit > 0 LIMIT(3)") == (try fixture.keys("Task where `limit` > 0 LIMIT(3)")))
    }
}
