/// ISO 8601 dates in UTC, as Strata shows and stores them: `2026-11-29T21:28:29.123Z`.
public enum ISODate {
    /// Formats seconds since 1970 with milliseconds, rounding to the nearest millisecond.
    public static func format(unixSeconds: Double) -> String {
        let totalMilliseconds = Int64((unixSeconds * 1000).rounded())
        return format(unixMilliseconds: totalMilliseconds)
    }

    public static func format(unixMilliseconds: Int64) -> String {
        let (seconds, millisecond) = floorDivide(unixMilliseconds, 1000)
        return format(unixSeconds: seconds, nanoseconds: millisecond * 1_000_000)
    }

    /// Formats a time with nanoseconds (a Realm timestamp): milliseconds as usual when the nanoseconds are whole
    /// milliseconds, else all nine digits (`2026-11-29T21:28:29.123456789Z`), which `parse` reads back to the
    /// millisecond and the file keeps whole.
    public static func format(unixSeconds seconds: Int64, nanoseconds: Int64) -> String {
        withText(unixSeconds: seconds, nanoseconds: nanoseconds) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of `format(unixSeconds:nanoseconds:)`, made in a buffer on the stack: a million
    /// dates converted without a string each.
    public static func withText<T>(unixSeconds seconds: Int64, nanoseconds: Int64, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try withUnsafeTemporaryAllocation(byteCount: maximumLength, alignment: 1) { buffer in
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<write(unixSeconds: seconds, nanoseconds: nanoseconds, into: buffer)]))
        }
    }

    /// The most bytes a date takes: a signed twelve-digit year, the rest of the date and time, nine fraction digits
    /// and `Z`.
    static let maximumLength = 48

    /// Writes the date into `buffer` (at least `maximumLength` bytes), the one place dates are written: whole
    /// seconds carried out of `nanoseconds` (a damaged file may hold any value there), leaving 0 ..< 10⁹ of them.
    /// - Returns: the bytes written.
    static func write(unixSeconds seconds: Int64, nanoseconds: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let (carry, nanosecond) = floorDivide(nanoseconds, 1_000_000_000)
        let (extra, overflow) = seconds.addingReportingOverflow(carry)
        let (days, secondOfDay) = floorDivide(overflow ? seconds : extra, 86_400)
        let (year, month, day) = civil(fromDays: days)
        var at = 0
        /// `value` (≥ 0) in decimal, padded with zeros to `width` digits.
        func put(_ value: Int64, _ width: Int) {
            var count = 1
            var rest = value / 10
            while rest > 0 { (count, rest) = (count + 1, rest / 10) }
            let end = at + max(count, width)
            var left = value
            for index in stride(from: end - 1, through: at, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(left % 10)
                left /= 10
            }
            at = end
        }
        func char(_ character: Unicode.Scalar) {
            buffer[at] = UInt8(ascii: character)
            at += 1
        }
        // Four digits from 0000 to 9999, else signed (`-0002`, `+10000`, the expanded form), so that every year
        // `parse` reads back is told apart from a four-digit one.
        if year < 0 { char("-") } else if year > 9999 { char("+") }
        put(abs(year), year > 9999 ? 0 : 4)
        char("-"); put(month, 2); char("-"); put(day, 2); char("T")
        put(secondOfDay / 3600, 2); char(":"); put(secondOfDay / 60 % 60, 2); char(":"); put(secondOfDay % 60, 2); char(".")
        if nanosecond % 1_000_000 == 0 { put(nanosecond / 1_000_000, 3) } else { put(nanosecond, 9) }
        char("Z")
        return at
    }

    /// What a text date says: its moment, and whether the text names its zone.
    public struct Reading: Equatable, Sendable {
        /// Milliseconds since 1970, UTC; a text without a zone is read as UTC, as SQLite reads it.
        public var milliseconds: Int64
        /// True for `Z` or an offset such as `+05:30`; false for a date or date-time without one, which
        /// is shown as it is stored, never moved to a zone.
        public var hasZone: Bool
        /// The moment to the whole second (milliseconds since 1970, UTC), before the fraction is added.
        public var wholeSecond: Int64 = 0
        /// The fraction of the second in nanoseconds (nine digits of it, rounded by the tenth: 1_000_000_000 when
        /// they round up to the next second, which `moment` carries).
        public var nanoseconds: Int64 = 0
        /// Where each part of the text is, in bytes (what a narrowed column's shorter forms leave out).
        public var parts = Parts(date: 0..<0, hourMinute: 0..<0, seconds: 0..<0, fraction: 0..<0, zone: 0..<0)

        /// The parts of a text date, in bytes, in order; a part the text leaves out is empty, where it would be.
        public struct Parts: Equatable, Sendable {
            /// `2021-02-11` (or `-0044-03-15`, `+10000-01-01`).
            public var date = 0..<0
            /// `T`, `t`, a space or `@`, and `08:15`.
            public var hourMinute = 0..<0
            /// `:00`.
            public var seconds = 0..<0
            /// `.000`, `,5` or Realm's `:000000000`, the mark included.
            public var fraction = 0..<0
            /// `Z`, `+05:30`, `-0800`.
            public var zone = 0..<0
        }

        /// The moment to the nanosecond.
        public var moment: Moment { Moment(seconds: wholeSecond / 1000, nanoseconds: nanoseconds) }
    }

    /// A text date with more fraction digits than milliseconds (`2021-11-09 11:41:52.207729+00:00`) in UTC as
    /// Strata writes dates, every digit of the fraction kept (`2021-11-09T11:41:52.207729Z`): moving a moment
    /// to UTC moves it by whole minutes, so the fraction stays as the file holds it. Nil when `reading` has
    /// three fraction digits or fewer (`format(unixMilliseconds:)` then writes it whole).
    public static func utcText(_ reading: Reading, of bytes: UnsafeRawBufferPointer) -> String? {
        // Digits after `.` or `,` (Realm's `:nanoseconds` are whole nanoseconds, read to the millisecond).
        let digits = reading.parts.fraction.dropFirst()
        guard digits.count > 3, bytes[reading.parts.fraction.lowerBound] != UInt8(ascii: ":") else { return nil }
        let whole = format(unixMilliseconds: reading.wholeSecond)
        return String(whole.dropLast(4)) + String(decoding: UnsafeRawBufferPointer(rebasing: bytes[digits]), as: UTF8.self) + "Z"
    }

    /// Reads an ISO 8601 date or date-time as milliseconds since 1970, UTC.
    ///
    /// Accepts `YYYY-MM-DD` (a year of four digits, or signed with four to six: `-0002`, `+10000`, `+275760`, as
    /// ISO 8601's expanded years and JavaScript write them), then optionally `T`, a space or Realm's `@`, `HH:MM[:SS[.fraction]]` (Realm's
    /// `:nanoseconds` too), and a zone `Z` or `±HH[:MM]`; no zone means UTC. Nil for anything else,
    /// including impossible dates such as February 30.
    public static func parse(_ text: String) -> Int64? { reading(text)?.milliseconds }

    /// `parse` to the nanosecond.
    public static func moment(_ text: String) -> Moment? { reading(text)?.moment }

    /// `parse`, also telling whether the text names a zone.
    public static func reading(_ text: String) -> Reading? {
        var text = text
        return text.withUTF8 { reading(UnsafeRawBufferPointer($0)) }
    }

    /// `parse` on UTF-8 bytes, such as a column's value read straight from a statement.
    ///
    /// A fraction of a second is kept to the millisecond, rounded by its fourth digit, as SQLite's date
    /// functions read it.
    public static func reading(_ bytes: UnsafeRawBufferPointer) -> Reading? {
        var scanner = Scanner(bytes)
        guard let year = scanner.year(), scanner.eat("-"), let month = scanner.digits(2), scanner.eat("-"),
              let day = scanner.digits(2), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        var milliseconds = days(year: year, month: month, day: day) * 86_400_000
        // Where the date, the hours and minutes, the seconds and the fraction end: the zone is what follows.
        let dateEnd = scanner.index
        var (timeEnd, secondsEnd, fractionEnd) = (dateEnd, dateEnd, dateEnd)
        func parts() -> Reading.Parts {
            Reading.Parts(date: 0..<dateEnd, hourMinute: dateEnd..<timeEnd, seconds: timeEnd..<secondsEnd, fraction: secondsEnd..<fractionEnd,
                  zone: fractionEnd..<bytes.count)
        }
        if scanner.atEnd { return Reading(milliseconds: milliseconds, hasZone: false, wholeSecond: milliseconds, parts: parts()) }
        guard scanner.eat("T") || scanner.eat("t") || scanner.eat(" ") || scanner.eat("@"),
              let hour = scanner.digits(2), scanner.eat(":"), let minute = scanner.digits(2), hour < 24, minute < 60
        else { return nil }
        (timeEnd, secondsEnd, fractionEnd) = (scanner.index, scanner.index, scanner.index)
        var second: Int64 = 0
        var fraction: Int64 = 0
        var nanoseconds: Int64 = 0
        if scanner.eat(":") {
            guard let value = scanner.digits(2), value < 60 else { return nil }
            second = value
            (secondsEnd, fractionEnd) = (scanner.index, scanner.index)
            if scanner.eat(":") {
                // Realm's form: whole nanoseconds after a colon.
                guard let (digits, count) = scanner.allDigits(), count > 0, digits < 1_000_000_000 else { return nil }
                fraction = (digits + 500_000) / 1_000_000
                nanoseconds = digits
                fractionEnd = scanner.index
            } else if scanner.eat(".") || scanner.eat(",") {
                guard let (digits, count) = scanner.allDigits(), count > 0 else { return nil }
                // Keep milliseconds: the first three digits, rounded by the fourth.
                var scaled = digits
                var places = count
                while places > 4 { scaled /= 10; places -= 1 }
                while places < 4 { scaled *= 10; places += 1 }
                fraction = (scaled + 5) / 10
                // And nanoseconds: nine digits, rounded by the tenth (a carry into the next second is the moment's).
                var nanos = digits
                places = count
                while places > 10 { nanos /= 10; places -= 1 }
                while places < 10 { nanos *= 10; places += 1 }
                nanoseconds = (nanos + 5) / 10
                fractionEnd = scanner.index
            }
        }
        milliseconds += ((hour * 60 + minute) * 60 + second) * 1000
        var result = Reading(milliseconds: milliseconds + fraction, hasZone: false, wholeSecond: milliseconds, nanoseconds: nanoseconds,
                             parts: parts())
        if scanner.atEnd { return result }
        result.hasZone = true
        if scanner.eat("Z") || scanner.eat("z") { return scanner.atEnd ? result : nil }
        let sign: Int64
        if scanner.eat("+") { sign = 1 } else if scanner.eat("-") { sign = -1 } else { return nil }
        guard let zoneHours = scanner.digits(2), zoneHours < 24 else { return nil }
        _ = scanner.eat(":")
        let zoneMinutes = scanner.digits(2) ?? 0
        guard scanner.atEnd, zoneMinutes < 60 else { return nil }
        let offset = sign * (zoneHours * 60 + zoneMinutes) * 60_000
        result.milliseconds -= offset
        result.wholeSecond -= offset
        return result
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
        var atEnd: Bool { index == bytes.count }

        mutating func eat(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        /// A year: four digits, or a sign and four to six (JavaScript's dates reach ±275,760); an unsigned five or
        /// six digits too, as Strata wrote years past 9999 before it signed them.
        mutating func year() -> Int64? {
            let sign: Int64 = eat("-") ? -1 : (eat("+") ? 1 : 0)
            let start = index
            while index < bytes.count, index - start < 7, (48...57).contains(bytes[index]) { index += 1 }
            let count = index - start
            index = start
            guard (4...6).contains(count), sign != 0 || count == 4 || bytes[start] != 48, let value = digits(count) else { return nil }
            return sign < 0 ? -value : value
        }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]) {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += count
            return value
        }

        /// Every digit from here (at most 18 kept), and how many there were.
        mutating func allDigits() -> (Int64, Int)? {
            var value: Int64 = 0
            var count = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                if count < 18 { value = value * 10 + Int64(bytes[index] - 48) }
                count += 1
                index += 1
            }
            return (value, min(count, 18))
        }
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

    /// The floor of `value / divisor` and the remainder in `0 ..< divisor` (`divisor` > 0), for every `value`:
    /// Int64.min included, whose negation does not exist.
    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
