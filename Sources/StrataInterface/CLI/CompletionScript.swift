/// A shell's completion script for strata, generated from a `CompletionTable`.
///
/// Each script has two parts. The data is generated: functions that say, for a command, its options, what
/// each option's value and each positional argument is, and the words that may follow `strata` and
/// `strata migrate`. The engine is the same for every table: it walks the words before the cursor as
/// `ArgumentParser` would (options that take a value skip it, `--` ends the options, `strata FILE` and
/// `strata --write` browse, `strata migrate status` is `migrate-status`) and offers what the data says goes
/// where the cursor is. Class names come from `strata completion classes FILE`, run by the same program the
/// line names, with FILE unquoted but never expanded; every name offered is quoted for the shell, never
/// evaluated.
struct CompletionScript {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    var table: CompletionTable
    var shell: Shell

    var text: String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// The words of a word list, each quoted for a POSIX shell (bash and zsh), on one line.
    static func quotedWords(_ words: [String]) -> String {
        words.map(shellQuoted).joined(separator: " ")
    }

    /// `text` as one word of bash or zsh: bare when it has only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./=+,@%:".unicodeScalars.contains(scalar))
        }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` as one word of fish: in single quotes, where only `\\` and `\'` are escapes.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// A help line short enough to stand beside a completion: at most 60 characters, and of an option's help
    /// (`firstClause`) only the first clause.
    static func description(_ help: String, firstClause: Bool = true) -> String {
        var text = help
        for separator in ["; ", ": ", " (", ", or "] where firstClause {
            if let range = text.range(of: separator) { text = String(text[..<range.lowerBound]) }
        }
        text = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
        guard text.count > 60 else { return text }
        let cut = text.prefix(59)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "…"
    }

    /// The name a values kind has in the scripts' data.
    static func kindName(_ values: CompletionTable.Values?) -> String {
        switch values {
        case nil: ""
        case .none?: "none"
        case .files?: "files"
        case .directories?: "directories"
        case .classes?: "classes"
        case .query?: "query"
        case .words?: "words"
        }
    }

    /// The words of a `.words` kind, else none.
    static func words(_ values: CompletionTable.Values?) -> [String] {
        if case .words(let words)? = values { return words }
        return []
    }

    /// Each command's options, after the options of the first word ('', the browser's and `--version`).
    var optionLists: [(command: String, options: [CompletionTable.Option])] {
        let first = table.command(named: table.defaultCommand)
        return [("", (first?.options ?? []) + table.topLevelOptions)] + table.commands.map { ($0.name, $0.options) }
    }

    /// The arms of `_strata_option`'s `case`, one for each option that takes a value, in every shell's order:
    /// `arm` writes one from the `command:spelling` keys that name the option and what its value is.
    func optionArms(_ arm: (_ keys: [String], _ values: CompletionTable.Values) -> String) -> String {
        table.commands.flatMap { command in
            command.options.compactMap { option in
                option.values.map { arm(option.spellings.map { command.name + ":" + $0 }, $0) }
            }
        }.joined()
    }

    /// The arms of `_strata_argument`'s `case`, one for each positional argument of each command, in order (the
    /// first match wins): `arm` writes one from the command, the argument's index (nil: any index from there on,
    /// for a variadic last one) and what the argument is.
    func argumentArms(_ arm: (_ command: String, _ index: Int?, _ values: CompletionTable.Values) -> String) -> String {
        table.commands.flatMap { command in
            command.arguments.enumerated().map { index, values in
                arm(command.name, command.lastIsVariadic && index == command.arguments.count - 1 ? nil : index, values)
            }
        }.joined()
    }
}
