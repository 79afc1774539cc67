/// Text broken into lines that fit a width in terminal cells.
extension TextWidth {
    /// `text` as lines of at most `width` cells, broken at spaces; a word longer than a line is cut into pieces.
    /// Lines after the first start with `indent` spaces (which count towards `width`).
    public static func wrap(_ text: String, to width: Int, indent: Int = 0) -> [String] {
        let limit = max(1, width)
        let padding = String(repeating: " ", count: min(max(0, indent), limit - 1))
        var lines: [String] = []
        var line = ""  // the words of the current line, without its indent
        var used = 0
        func finish() {
            lines.append((lines.isEmpty ? "" : padding) + line)
            line = ""
            used = 0
        }
        for word in text.split(separator: " ") {
            var rest = String(word)
            while !rest.isEmpty {
                let room = limit - (lines.isEmpty ? 0 : padding.count)
                let gap = line.isEmpty ? 0 : 1
                let cells = self.width(rest)
                if used + gap + cells <= room {
                    line += (gap == 1 ? " " : "") + rest
                    used += gap + cells
                    rest = ""
                } else if !line.isEmpty {
                    finish()
                } else {
                    // A word wider than a whole line goes in pieces.
                    let (piece, remainder) = split(rest, atCells: room)
                    line = piece
                    finish()
                    rest = remainder
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { finish() }
        return lines
    }

    /// The first characters of `word` that take at most `cells` cells (at least one character), and the rest.
    static func split(_ word: String, atCells cells: Int) -> (String, String) {
        var used = 0
        var index = word.startIndex
        while index != word.endIndex {
            let next = width(word[index])
            if used + next > cells && index != word.startIndex { break }
            used += next
            index = word.index(after: index)
        }
        return (String(word[..<index]), String(word[index...]))
    }
}
