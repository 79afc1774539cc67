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
    ])
    func formats(_ milliseconds: Int64, _ text: String) {
        #expect(ISODate.format(unixMilliseconds: milliseconds) == text)
    }

    @Test func daysRoundTrip() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let (year, month, day) = ISODate.civil(fromDays: days)
            #expect(ISODate.days(year: year, month: month, day: day) == days)
        }
    }
}
