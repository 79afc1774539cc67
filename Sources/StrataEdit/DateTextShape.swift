import StrataCore

/// How a column writes its dates as text, learnt from one of its values: `2026-11-29`,
/// `2026-11-29 21:28:29` (SQLite's datetime()), or `2026-11-29T21:28:29.123Z` (Strata's own, the default).
struct DateTextShape: Equatable {
    var dateOnly = false
    var separator: Character = "T"
    var fractionDigits = 3
    var zone = "Z"

    init(sample: String?) {
        guard let sample, sample.count >= 10 else { return }
        let characters = Array(sample)
        if characters.count == 10 { dateOnly = true; return }
        separator = characters[10]
        let time = String(characters[11...])
        if let dot = time.firstIndex(where: { $0 == "." || $0 == "," }) {
            fractionDigits = time[time.index(after: dot)...].prefix { $0.isASCIIDigit }.count
        } else {
            fractionDigits = 0
        }
        if time.hasSuffix("Z") || time.hasSuffix("z") {
            zone = "Z"
        } else if time.contains(where: { $0 == "+" || $0 == "-" }) {
            // Another zone's offset: dates are written in UTC, with the offset spelled the same way.
            zone = "+00:00"
        } else {
            zone = ""
        }
    }

    /// The date in this shape, in UTC.
    func format(_ milliseconds: Int64) -> String {
        let full = ISODate.format(unixMilliseconds: milliseconds)  // 2026-11-29T21:28:29.123Z
        let date = String(full.prefix(10))
        let timeOfDay = full.dropFirst(11).prefix(8)
        if dateOnly && milliseconds % 86_400_000 == 0 { return date }
        var text = date + String(dateOnly ? "T" : separator) + timeOfDay
        let fraction = String(full.dropFirst(20).prefix(3))
        if fractionDigits > 0 {
            text += "." + String((fraction + String(repeating: "0", count: max(0, fractionDigits - 3))).prefix(fractionDigits))
        } else if fraction != "000" {
            text += "." + fraction
        }
        return text + (dateOnly ? "Z" : zone)
    }
}
