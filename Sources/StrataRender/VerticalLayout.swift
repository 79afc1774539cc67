/// Name–value lines that fit a width, for one object a record (`get`, `open`, vertical results): names
/// right-aligned in a column that takes at most half the width (longer names are cut), values cut to the
/// rest. A number that does not fit is never cut: it goes on a line of its own; a date that does not fit is
/// shown in a shorter form that is still a date (`ShownDate`), or on a line of its own.
struct VerticalLayout {
    let nameWidth: Int
    let maxWidth: Int?

    /// - Parameter names: the names as shown (escaped for the terminal).
    init(names: [String], maxWidth: Int?) {
        let widest = names.map(TextWidth.width).max() ?? 0
        self.nameWidth = maxWidth.map { min(widest, max(4, ($0 - 2) / 2)) } ?? widest
        self.maxWidth = maxWidth
    }

    /// `name  value` as one line, or two for a number that does not fit beside its name; each ends in "\n".
    /// A value's own trailing spaces are kept unless `trimming`.
    func lines(_ name: String, _ value: String, numeric: Bool = false, trimming: Bool = false) -> String {
        let prefix = TextWidth.pad(TextWidth.truncate(name, to: nameWidth), to: nameWidth, right: true) + "  "
        func line(_ value: String) -> String {
            value.isEmpty || trimming ? Self.trimmed(prefix + value) + "\n" : prefix + value + "\n"
        }
        guard let maxWidth else { return line(value) }
        let room = max(1, maxWidth - nameWidth - 2)
        if numeric && TextWidth.width(value) > room {
            return line("") + TextWidth.pad(TextWidth.truncate(value, to: maxWidth), to: maxWidth, right: true) + "\n"
        }
        if TextWidth.width(value) > room, ShownDate(value) != nil {
            // A date is shortened to a form that fits, never cut; when even its date part does not fit, it goes
            // on a line of its own.
            let fitted = ShownDate.fitted(value, form: .whole, width: room)
            if TextWidth.width(fitted) <= room { return line(fitted) }
            return line("") + TextWidth.truncate(ShownDate.fitted(value, form: .whole, width: maxWidth), to: maxWidth) + "\n"
        }
        return line(TextWidth.truncate(value, to: room))
    }

    /// A record's heading, `name` cut so that the whole fits the width and what follows it stays whole.
    func heading(_ name: String, before: String = "", after: String = "") -> String {
        guard let maxWidth else { return before + name + after }
        let room = maxWidth - TextWidth.width(before) - TextWidth.width(after)
        return room >= 2 ? before + TextWidth.truncate(name, to: room) + after : TextWidth.truncate(before + name + after, to: maxWidth)
    }

    static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
