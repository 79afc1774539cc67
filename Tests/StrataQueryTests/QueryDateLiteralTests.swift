import Testing
@testable import StrataQuery
import StrataCore

/// Date literals: digits, a dash and a digit start one, so a bad one is named whole with the accepted forms.
@Suite struct QueryDateLiteralTests {
    static let forms = "(expected YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD@HH:MM:SS)"

    static let refused: [(String, String, Int)] = [
        ("d > 1234567-01-01", "invalid date '1234567-01-01' \(forms)", 5),
        ("d > 999-01-01", "invalid date '999-01-01' \(forms)", 5),
        ("d > 2015-13-01", "invalid date '2015-13-01' \(forms)", 5),
        ("d > 2015-02-30", "invalid date '2015-02-30' \(forms)", 5),
        ("d >\n  12-1-", "invalid date '12-1-' \(forms)", 3),
        ("d == 2015-01-01T25:00:00Z", "invalid date '2015-01-01T25:00:00Z' \(forms)", 6),
    ]

    @Test(arguments: refused)
    func namesTheBadLiteral(_ text: String, _ message: String, _ column: Int) {
        expectLexerRefuses(text, message, column)
    }

    static let accepted: [(String, [QueryToken.Kind])] = [
        ("2015-01-01", [.date(Moment(milliseconds: 1_420_070_400_000)), .end]),
        ("9999-12-31", [.date(Moment(milliseconds: 253_402_214_400_000)), .end]),
        ("2017-12-01T12:07:53.000000505Z", [.date(Moment(seconds: 1_512_130_073, nanoseconds: 505)), .end]),
        ("{1,-1}", [.symbol(.openBrace), .integer(1), .symbol(.comma), .integer(-1), .symbol(.closeBrace), .end]),
        ("n == 5 -3", [.name("n"), .symbol(.equal), .integer(5), .integer(-3), .end]),
        ("12.5", [.decimal(12.5, text: "12.5"), .end]),
        // Each operator a symbol of its own; =< and => read as <= and >=; [c], [d], [cd], [DC] as options.
        ("a =< 1 => <> != && || ! ( ) .", [.name("a"), .symbol(.lessOrEqual), .integer(1), .symbol(.greaterOrEqual), .symbol(.lessOrGreater),
                                           .symbol(.notEqual), .symbol(.and), .symbol(.or), .symbol(.not), .symbol(.openParenthesis),
                                           .symbol(.closeParenthesis), .symbol(.dot), .end]),
        ("x ==[c] y =[DC] z", [.name("x"), .symbol(.equal), .options("c"), .name("y"), .symbol(.assign), .options("dc"), .name("z"), .end]),
    ]

    /// Keywords in any case; a word that is none stays a name, and so does a keyword in backticks.
    @Test func keywordsAreReadInAnyCase() throws {
        let tokens = try QueryLexer.tokens("beginsWith Sort `SORT` sorted AS")
        #expect(tokens.map(\.keyword) == [.beginsWith, .sort, nil, nil, .as, nil])
        #expect(Keyword.allCases.filter { !$0.isReserved } == [.as])
    }

    @Test(arguments: accepted)
    func lexes(_ text: String, _ kinds: [QueryToken.Kind]) throws {
        #expect(try QueryLexer.tokens(text).map(\.kind) == kinds)
    }

    /// Milliseconds beyond Int64 (a T literal of 10^17 seconds) saturate instead of wrapping to a moment in 1970.
    static let farMoments: [(Moment, Int64)] = [
        (Moment(seconds: 100_000_000_000_000_000, nanoseconds: 0), Int64.max),
        (Moment(seconds: -100_000_000_000_000_000, nanoseconds: 0), Int64.min),
        (Moment(seconds: Int64.max / 1000, nanoseconds: 999_999_999), Int64.max),
        (Moment(seconds: -1, nanoseconds: 500_000_000), -500),
    ]

    @Test(arguments: farMoments)
    func millisecondsSaturate(moment: Moment, expected: Int64) {
        #expect(moment.milliseconds == expected)
    }
}
