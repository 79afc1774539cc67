import Testing
@testable import StrataCore

@Suite struct ISODateTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (1_767_225_600_000, "2026-01-01T00:00:00.000Z"),
        (1_795_987_709_123, "2026-11-29T21:28:29.123Z"),
        (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        (253_402_300_800_000, "+10000-01-01T00:00:00.000Z"),
        (-62_217_244_800_000, "-0002-06-01T00:00:00.000Z"),
        (8_640_000_000_000_000, "+275760-09-13T00:00:00.000Z"),
    ])
    func formats(_ milliseconds: Int64, _ text: String) {
        #expect(ISODate.format(unixMilliseconds: milliseconds) == text)
        #expect(ISODate.parse(text) == milliseconds, "every year written reads back")
    }

    /// Years beyond 0000–9999: signed with four to six digits (ISO 8601's expanded years, JavaScript's
    /// `+275760`), and the unsigned five digits Strata wrote before it signed them; nothing else.
    @Test(arguments: [
        ("+10000-01-01", Int64?(253_402_300_800_000)),
        ("10000-01-01T00:00:00Z", 253_402_300_800_000),
        ("-0002-06-01", -62_217_244_800_000),
        ("+2020-01-01", 1_577_836_800_000),
        ("-271821-04-20", -8_640_000_000_000_000),
        ("+1000000-01-01", nil),
        ("02020-01-01", nil),
        ("+202-01-01", nil),
        ("-", nil),
        ("+-2020-01-01", nil),
    ])
    func readsYearsBeyondFourDigits(_ text: String, _ milliseconds: Int64?) {
        #expect(ISODate.parse(text) == milliseconds, "\(text)")
    }

    /// Item 14: a fraction longer than milliseconds is kept whole when the moment moves to UTC.
    @Test(arguments: [
        ("2021-11-09 11:41:52.207729+00:00", "2021-11-09T11:41:52.207729Z"),
        ("2021-11-09T00:41:52.2077-02:30", "2021-11-09T03:11:52.2077Z"),
        ("2021-12-31T23:59:59.999999999-01:00", "2022-01-01T00:59:59.999999999Z"),
        ("2021-11-09 11:41:52.207+00:00", nil),
        ("2021-11-09 11:41:52+00:00", nil),
    ])
    func keepsEveryFractionDigit(_ text: String, _ expected: String?) throws {
        let reading = try #require(ISODate.reading(text))
        var bytes = text
        let utc = bytes.withUTF8 { ISODate.utcText(reading, of: UnsafeRawBufferPointer($0)) }
        #expect(utc == expected)
    }

    @Test func daysRoundTrip() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let (year, month, day) = ISODate.civil(fromDays: days)
            #expect(ISODate.days(year: year, month: month, day: day) == days)
        }
    }
}
