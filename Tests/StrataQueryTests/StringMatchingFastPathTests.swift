import Testing
@testable import StrataQuery

/// The ASCII fast path of `strata_match` (issue 29, item 16) decides only what the general path would decide the
/// same way: checked against it on every pairing of hostile texts and patterns, each operator, each folding.
@Suite struct StringMatchingFastPathTests {
    static let texts = [
        "", "a", "A", "ab", "AB", "Ab", "abc", "xAbc", "xab", "bab", "aab", "abab", "ABAB", "a*b", "a?b", "ab ",
        "ÁB", "Ábc", "ab\u{301}", "ab\u{301}c", "e\u{301}", "ABß", "Straße", "STRASSE", "\u{212A}elvin", "kelvin",
        "İstanbul", "istanbul", "ΣΑΣ", "ab\u{0}c", "aé", "éa", "ab😀", "😀ab", String(repeating: "ab", count: 300),
        String(repeating: "x", count: 1000) + "AB", "ǅ", "ﬃ", "ab\u{200D}", "a\u{308}b",
    ]
    static let patterns = ["", "a", "ab", "AB", "b", "abc", "a*", "*b", "a?b", "*", "?", "é", "e", "k", "K", "ss", "i", "ab\u{301}", "x"]

    static let operations: [StringMatching.Operation] = [.equal, .beginsWith, .endsWith, .contains, .like]
    static let foldings: [StringMatching.Folding] = [[], [.caseInsensitive], [.diacriticInsensitive], [.caseInsensitive, .diacriticInsensitive]]

    @Test func agreesWithTheGeneralPathWheneverItDecides() {
        var decided = 0
        for folding in Self.foldings {
            for pattern in Self.patterns {
                let folded = Array(StringMatching.fold(pattern, folding).utf8)
                guard folded.allSatisfy({ $0 < 0x80 }) else { continue }
                for text in Self.texts {
                    for operation in Self.operations {
                        let general = StringMatching.matches(operation, StringMatching.fold(text, folding), StringMatching.fold(pattern, folding))
                        var copy = text
                        let fast = copy.withUTF8 { text in
                            folded.withUnsafeBytes {
                                StringMatching.asciiMatch(operation, UnsafeRawBufferPointer(text), $0,
                                                          caseInsensitive: folding.contains(.caseInsensitive))
                            }
                        }
                        if let fast {
                            decided += 1
                            #expect(fast == general, "\(operation) \(folding.rawValue) '\(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())' '\(pattern)'")
                        }
                    }
                }
            }
        }
        #expect(decided > 5000, "the fast path decides most pairings: \(decided)")
    }

    /// Every ASCII text is decided in place: the fast path never hands it to the general one.
    @Test func decidesEveryASCIIText() {
        for text in ["", "ab", "xAbc", String(repeating: "ab", count: 5000)] {
            for operation in Self.operations {
                var copy = text
                let fast = copy.withUTF8 { text in
                    Array("ab".utf8).withUnsafeBytes { StringMatching.asciiMatch(operation, UnsafeRawBufferPointer(text), $0, caseInsensitive: true) }
                }
                #expect(fast != nil, "\(operation) \(text.prefix(10))")
            }
        }
    }
}
