import StrataCore

/// How a column writes its dates as text, learnt from one of its values: `2026-11-29`,
/// `2026-11-29 21:28:29` (SQLite's datetime()), or `2026-11-29T21:28:29.123Z` (Strata's own, the default).
///
/// A sample is read where `ISODate.reading` finds its parts; a sample that is no date teaches nothing.
struct DateTextShape: Equatable {
    var dateOnly = false
    var separator: Character = "T"
    var fractionDigits = 3
    var zone = "Z"

    init(sample: String?) {
        guard let sample, let parts = ISODate.reading(sample)?.parts else { return }
        let bytes = Array(sample.utf8)
        guard !parts.hourMinute.isEmpty else {
            dateOnly = true
            return
        }
        separator = Character(Unicode.Scalar(bytes[parts.hourMinute.lowerBound]))
        // Digits after `.` or `,`; Realm's `:nanoseconds` and no fraction write none.
        let mark = parts.fraction.first.map { bytes[$0] }
        fractionDigits = mark == UInt8(ascii: ".") || mark == UInt8(ascii: ",") ? parts.fraction.count - 1 : 0
        if parts.zone.isEmpty {
            zone = ""
        } else if bytes[parts.zone.lowerBound] == UInt8(ascii: "Z") || bytes[parts.zone.lowerBound] == UInt8(ascii: "z") {
            zone = "Z"
        } else {
            // Another zone's offset: dates are written in UTC, with the offset spelled the same way.
            zone = "+00:00"
        }
    }

    /// The date in this shape, in UTC.
    func format(_ milliseconds: Int64) -> String {
        let full = ISODate.format(unixMilliseconds: milliseconds)  // 2026-11-29T21:28:29.123Z
        guard let parts = ISODate.reading(full)?.parts else { return full }
        let bytes = Array(full.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let date = text(parts.date)
        if dateOnly && milliseconds % 86_400_000 == 0 { return date }
        // `21:28` and `:29`, without the writer's `T`; `123`, without its `.`.
        let timeOfDay = text(parts.hourMinute.dropFirst()) + text(parts.seconds)
        let fraction = text(parts.fraction.dropFirst())
        var result = date + String(dateOnly ? "T" : separator) + timeOfDay
        if fractionDigits > 0 {
            result += "." + String((fraction + String(repeating: "0", count: max(0, fractionDigits - 3))).prefix(fractionDigits))
        } else if fraction != "000" {
            result += "." + fraction
        }
        return result + (dateOnly ? "Z" : zone)
    }
}
