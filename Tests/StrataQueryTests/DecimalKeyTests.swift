import Testing
@testable import StrataQuery

/// Decimals kept as text (issue 29, item 8): read exactly, ordered by key, summed exactly.
@Suite struct DecimalKeyTests {
    @Test(arguments: [
        ("12.5", "12.5"), ("1.50", "1.5"), ("15E-1", "1.5"), ("-0.005", "-0.005"), ("+123E-2", "1.23"), ("0", "0"),
        ("-0", "0"), ("0.000", "0"), ("100", "100"), ("007", "7"), ("1e41", "1E+41"), ("-1.25e-45", "-1.25E-45"), ("-1.25e-41", "-0.0000000000000000000000000000000000000000125"),
        ("12345678901234567890.25", "12345678901234567890.25"), ("Inf", "+Inf"), ("-Infinity", "-Inf"), ("+inf", "+Inf"),
        (".5", "0.5"), ("5.", "5"),
    ])
    func readsAndWritesEveryDigit(_ text: String, _ expected: String) throws {
        let decimal = try #require(DecimalText(text))
        #expect(decimal.text == expected)
        #expect(DecimalText(key: decimal.key) == decimal, "the key reads back")
    }

    @Test(arguments: ["NaN", "+NaN", "", "+", "-", ".", "1.2.3", "1e", "1e+", "abc", "1e99999", "12a", "0x10", "1 2"])
    func refusesWhatIsNoDecimal(_ text: String) {
        #expect(DecimalText(text) == nil, "\(text)")
    }

    /// Numbers in order; each key sorts as its number does, equal numbers have equal keys.
    static let ordered = ["-Inf", "-1e40", "-12345678901234567890.9", "-12345678901234567890.25", "-1.25", "-1.2", "-1",
                          "-0.001", "0", "0.001", "0.0011", "1", "1.2", "1.25", "9", "10", "12345678901234567890.25",
                          "12345678901234567890.5", "1e40", "+Inf"]

    @Test func keysSortAsTheNumbers() throws {
        let keys = try Self.ordered.map { try #require(DecimalText($0)).key }
        for index in keys.indices.dropFirst() {
            #expect(keys[index - 1] < keys[index], "\(Self.ordered[index - 1]) < \(Self.ordered[index])")
        }
        #expect(DecimalText("1.50")?.key == DecimalText("15e-1")?.key)
        #expect(DecimalText("-0.0")?.key == DecimalText("0")?.key)
    }

    @Test(arguments: [
        (["12345678901234567890.25", "12345678901234567890.9", "-0.001"], "24691357802469135781.149"),
        (["0.1", "0.2"], "0.3"),
        (["1", "-1"], "0"),
        (["-5", "3"], "-2"),
        (["1e30", "1e-30", "-1e30"], "0.000000000000000000000000000001"),
        (["999", "1"], "1000"),
        (["-0.5", "0.25", "-0.25"], "-0.5"),
        (["+Inf", "1"], "+Inf"),
    ])
    func sumsExactly(_ values: [String], _ expected: String) throws {
        var sum = DecimalText.Sum()
        for value in values { sum.add(try #require(DecimalText(value))) }
        #expect(sum.result?.text == expected)
    }

    /// A mean is the exact sum divided as Decimal128 divides: 34 significant digits, rounded half to even.
    @Test(arguments: [
        ("19.66332999", 3, "6.55444333"), ("1", 3, "0." + String(repeating: "3", count: 34)),
        ("2", 3, "0." + String(repeating: "6", count: 33) + "7"), ("-2", 3, "-0." + String(repeating: "6", count: 33) + "7"),
        ("10", 4, "2.5"), ("0", 5, "0"), ("+Inf", 2, "+Inf"), ("7", 1, "7"), ("1e-30", 8, "0." + String(repeating: "0", count: 30) + "125"),
        ("1" + String(repeating: "0", count: 33) + "1", 2, "5" + String(repeating: "0", count: 33)),
        ("1" + String(repeating: "0", count: 33) + "3", 2, "5" + String(repeating: "0", count: 32) + "2"),
        ("1." + String(repeating: "9", count: 36) + "8", 2, "1"),
    ])
    func dividesAsDecimal128Divides(_ value: String, _ count: Int, _ expected: String) throws {
        #expect(try #require(DecimalText(value)).divided(by: count).text == expected)
    }

    /// A sum whose numbers span more places than the limit is not kept exactly (the aggregate then adds doubles),
    /// and +∞ plus −∞ is no number: the work per value stays bounded whatever a hostile file holds.
    @Test func aSumTooWideOrOfBothInfinitiesIsNoExactSum() throws {
        var wide = DecimalText.Sum()
        wide.add(try #require(DecimalText("1e5000")))
        wide.add(try #require(DecimalText("1e-5000")))
        #expect(wide.result == nil)
        var infinities = DecimalText.Sum()
        infinities.add(try #require(DecimalText("+Inf")))
        infinities.add(try #require(DecimalText("-Inf")))
        #expect(infinities.result == nil)
    }
}
