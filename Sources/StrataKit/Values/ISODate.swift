/// ISO 8601 dates in UTC, as Strata shows and stores them: `2026-11-29T21:28:29.123Z`.
public enum ISODate {
    /// Formats seconds since 1970 with milliseconds, rounding to the nearest millisecond.
    public static func format(unixSeconds: Double) -> String {
        let totalMilliseconds = Int64((unixSeconds * 1000).rounded())
        return format(unixMilliseconds: totalMilliseconds)
    }

    public static func format(unixMilliseconds: Int64) -> String {
        let (days, millisecondOfDay) = floorDivide(unixMilliseconds, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let seconds = millisecondOfDay / 1000
        var text = ""
        text.reserveCapacity(24)
        text += year < 0 ? "-" + padded(-year, 4) : padded(year, 4)
        text += "-" + padded(month, 2) + "-" + padded(day, 2)
        text += "T" + padded(seconds / 3600, 2) + ":" + padded(seconds / 60 % 60, 2) + ":" + padded(seconds % 60, 2)
        text += "." + padded(millisecondOfDay % 1000, 3) + "Z"
        return text
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A proleptic Gregorian date to days since 1970-01-01 (`days_from_civil`).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
