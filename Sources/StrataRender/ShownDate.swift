import StrataCore

/// A date as a cell shows it (`2021-02-11T08:15:00.000Z`, `2005-05-24 22:53:30`, `2009-01-01`), and the
/// shorter forms it takes when its column is narrowed, so that a date is never cut mid-value.
///
/// The forms, longest first: the whole date; without a fraction of zeros (`.000`); also without `:00`
/// seconds; the date alone when the time is midnight (with `Z` or no zone); and, when nothing else fits,
/// the date part alone. All but the last say the same moment as the whole.
struct ShownDate {
    enum Form: Int, CaseIterable, Comparable {
        case whole, withoutFraction, withoutSeconds, dateOnly, datePart

        static func < (a: Form, b: Form) -> Bool { a.rawValue < b.rawValue }
    }

    /// `2021-02-11` (or `-0044-03-15`, `+10000-01-01`).
    let date: Substring
    /// `T`, a space or `@`, and `08:15`; empty for a date alone.
    let hourMinute: Substring
    /// `:00`, or empty.
    let seconds: Substring
    /// `.000`, `,5` or Realm's `:000000000`, or empty.
    let fraction: Substring
    /// `Z`, `+05:30`, or empty.
    let zone: Substring

    /// Nil unless `cell` is wholly a date as `ISODate.reading` reads one: cut where that reading says its parts are.
    init?(_ cell: String) {
        guard cell.utf8.count <= 64, let reading = ISODate.reading(cell) else { return nil }
        let utf8 = cell.utf8
        func part(_ range: Range<Int>) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
        date = part(reading.parts.date)
        hourMinute = part(reading.parts.hourMinute)
        seconds = part(reading.parts.seconds)
        fraction = part(reading.parts.fraction)
        zone = part(reading.parts.zone)
    }

    /// The date in `form`, or nil when that form would not say the same moment (a fraction that is not
    /// zeros, a time that is not midnight).
    func text(_ form: Form) -> String? {
        let zeroFraction = fraction.dropFirst().allSatisfy { $0 == "0" }
        let zeroSeconds = seconds.isEmpty || seconds == ":00"
        let midnight = hourMinute.isEmpty || (hourMinute.hasSuffix("00:00") && zeroSeconds && zeroFraction
                                              && (zone.isEmpty || zone == "Z" || zone == "z"))
        switch form {
        case .whole:
            return String(date) + hourMinute + seconds + fraction + zone
        case .withoutFraction:
            return zeroFraction ? String(date) + hourMinute + seconds + zone : nil
        case .withoutSeconds:
            return zeroFraction && zeroSeconds ? String(date) + hourMinute + zone : nil
        case .dateOnly:
            return midnight ? String(date) : nil
        case .datePart:
            return String(date)
        }
    }

    /// The cells of a column that is one of dates, parsed; nil when it is not: `isDate` (its property is a
    /// date) or every cell is a date or no wider than a date's date part (nil, an empty string).
    static func column(_ cells: [String], isDate: Bool) -> [ShownDate]? {
        var dates: [ShownDate] = []
        var others: [String] = []
        for cell in cells {
            if let date = ShownDate(cell) { dates.append(date) } else { others.append(cell) }
        }
        if isDate { return dates.isEmpty ? nil : dates }
        guard let narrowest = dates.map({ $0.date.count }).max(),
              others.allSatisfy({ TextWidth.width($0) <= narrowest })
        else { return nil }
        return dates
    }

    /// The fewest cells `dates` take whole, in their date part: what their column is never narrowed below.
    static func least(_ dates: [ShownDate]) -> Int {
        dates.reduce(3) { max($0, $1.date.count) }
    }

    /// The longest form that every one of `dates` takes and that fits `width`, and how wide it is; the
    /// date part when none does.
    static func form(_ dates: [ShownDate], fitting width: Int) -> (form: Form, width: Int) {
        for form in Form.allCases {
            var widest = 0
            for date in dates {
                guard let text = date.text(form) else { widest = Int.max; break }
                widest = max(widest, text.utf8.count)
            }
            if widest <= width { return (form, widest) }
        }
        return (.datePart, least(dates))
    }

    /// `cell` in its column's `form`, or in the next shorter form it takes that fits `width`: a date that is
    /// longer than the ones its column was measured on is shortened, not cut. Any other cell is left as it is.
    static func fitted(_ cell: String, form: Form, width: Int) -> String {
        if form == .whole, cell.utf8.count <= width { return cell }
        guard let date = ShownDate(cell) else { return cell }
        for candidate in Form.allCases where candidate >= form {
            if let text = date.text(candidate), text.utf8.count <= width { return text }
        }
        return String(date.date)
    }
}
