import Testing
@testable import StrataCore

/// The one escaping function for the terminal, and the sink that applies it to everything.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("数据 🎉 naïve", "数据 🎉 naïve"),
        ("a\nb\tc", "a\\nb\\tc"),
        ("cr\rlf", "cr\\rlf"),
        ("T\u{1B}[31mRED\u{1B}]0;pwned\u{07}", "T\\e[31mRED\\e]0;pwned\\u{7}"),
        ("nul\u{0}del\u{7F}", "nul\\u{0}del\\u{7f}"),
        ("csi\u{9B}2J next\u{85}", "csi\\u{9b}2J next\\u{85}"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", "\\u{202a}\\u{202b}\\u{202c}\\u{202d}\\u{202e}"),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", "\\u{2066}\\u{2067}\\u{2068}\\u{2069}"),
        ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
        // Neighbours that a terminal shows as they are.
        ("\u{A0}\u{200D}\u{200E}\u{2065}\u{206A}\u{2027}\u{202F}", "\u{A0}\u{200D}\u{200E}\u{2065}\u{206A}\u{2027}\u{202F}"),
        ("é\u{301}", "é\u{301}"),
    ])
    func namesAndValuesStayOnOneLine(_ text: String, _ shown: String) {
        #expect(TerminalText.escaped(text) == shown)
        #expect(TerminalText.needsEscaping(text) == (text != shown))
        // Escaping twice changes nothing more: escaped text is safe text.
        #expect(TerminalText.escaped(shown) == shown)
    }

    @Test(arguments: [
        ("two\nlines\n", "two\nlines\n"),
        ("tab\there", "tab\there"),
        ("csv,row\r\nnext\r\n", "csv,row\r\nnext\r\n"),
        ("lone\rreturn", "lone\\rreturn"),
        ("end\r", "end\\r"),
        ("\u{1B}[2J\n", "\\e[2J\n"),
    ])
    func outputKeepsItsLines(_ text: String, _ shown: String) {
        #expect(TerminalText.escaped(text, breaks: .kept) == shown)
    }

    @Test func theSinkEscapesEverythingButItsOwnStyling() {
        let styled = StringSink()
        let sink = TerminalSink(styled, allowsStyling: true)
        sink.write("\u{1B}[1mbold\u{1B}[0m \u{1B}[2mdim\u{1B}[0m \u{1B}[31mred\u{1B}]0;t\u{07}\n")
        #expect(styled.text == "\u{1B}[1mbold\u{1B}[0m \u{1B}[2mdim\u{1B}[0m \\e[31mred\\e]0;t\\u{7}\n")

        let plain = StringSink()
        let unstyled = TerminalSink(plain, allowsStyling: false)
        unstyled.write("\u{1B}[1mbold\u{1B}[0m\n")
        unstyled.write(bytes: Array("a\u{9B}b\n".utf8) + [0xFF, 0x0A])
        unstyled.write(bytes: Array("ascii\tonly\n".utf8))
        #expect(plain.text == "\\e[1mbold\\e[0m\na\\u{9b}b\n\u{FFFD}\nascii\tonly\n")
    }

    @Test func wrappingTwiceKeepsOneSink() {
        let base = StringSink()
        let once = base.escapingForTerminal(allowsStyling: false)
        let twice = once.escapingForTerminal(allowsStyling: true)
        #expect((twice as? TerminalSink)?.base === base)
        #expect((twice as? TerminalSink)?.allowsStyling == true)
    }
}
