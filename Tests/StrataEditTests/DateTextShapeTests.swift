import Testing
@testable import StrataEdit

/// A date written into a text column takes the shape of the column's other dates, read where `ISODate.reading`
/// finds their parts: the separator, the fraction's digits, the zone; years past 9999 and before 0 too.
@Suite struct DateTextShapeTests {
    static let morning: Int64 = 1_613_031_300_000  // 2021-02-11T08:15:00.000Z
    static let midnight: Int64 = 1_612_915_200_000  // 2021-02-10T00:00:00.000Z
    static let late: Int64 = 253_402_300_800_123  // +10000-01-01T00:00:00.123Z

    static let cases: [(String?, Int64, String)] = [
        (nil, morning, "2021-02-11T08:15:00.000Z"),
        ("2020-01-01", midnight, "2021-02-10"),
        ("2020-01-01", morning, "2021-02-11T08:15:00.000Z"),
        ("2005-05-24 22:53:30", morning, "2021-02-11 08:15:00"),
        ("2005-05-24 22:53:30", late, "+10000-01-01 00:00:00.123"),
        ("2005-05-24 22:53", morning, "2021-02-11 08:15:00"),
        ("2005-05-24 22:53:30.5", morning, "2021-02-11 08:15:00.0"),
        ("2005-05-24t22:53:30,123456+02:00", morning, "2021-02-11t08:15:00.000000+00:00"),
        ("+10000-01-01T00:00:00.000Z", morning, "2021-02-11T08:15:00.000Z"),
        ("-0044-03-15 12:00:00", -62_198_755_200_000, "-0001-01-01 00:00:00"),
        ("2021-02-11@08:15:00:123456789", late, "+10000-01-01@00:00:00.123"),
        // Not a date: the column teaches nothing, and Strata's own shape is written.
        ("hello there, world", morning, "2021-02-11T08:15:00.000Z"),
        ("2021-02-30 10:00:00", morning, "2021-02-11T08:15:00.000Z"),
    ]

    @Test(arguments: cases) func writesTheColumnsShape(_ sample: String?, _ milliseconds: Int64, _ expected: String) {
        #expect(DateTextShape(sample: sample).format(milliseconds) == expected, "\(sample ?? "nil")")
    }
}
