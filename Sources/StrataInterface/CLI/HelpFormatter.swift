import StrataCore
import StrataRender

/// Help text generated from the command table.
public enum HelpFormatter {
    public static func overview() -> String {
        var text = """
            strata \(Version.number) — browse, inspect and migrate SQLite files as classes, objects and properties

            Usage:
              strata COMMAND [ARGUMENTS] [OPTIONS]
              strata --version

            Commands:

            """
        let width = Commands.all.map(\.displayName.count).max() ?? 0
        for command in Commands.all {
            text += "  " + TextWidth.pad(command.displayName, to: width) + "  " + command.summary + "\n"
        }
        text += """

            Browsing, classes, schema, query, sql and get open files read-only and never change a byte of them;
            set, insert, delete, update and migrate write, each in one transaction; demo and convert write new files.
            Run 'strata help COMMAND' for a command's options, or 'man strata' for everything.

            """
        return text
    }

    public static func help(for command: CommandSpec) -> String {
        var text = "strata \(command.displayName) — \(command.summary)\n\nUsage:\n  \(command.usage)\n"
        if !command.discussion.isEmpty { text += "\n" + wrap(command.discussion, width: 78) }
        if !command.arguments.isEmpty {
            text += "\nArguments:\n" + twoColumns(command.arguments.map { ($0.name, $0.help) })
        }
        if !command.options.isEmpty {
            text += "\nOptions:\n" + twoColumns(command.options.map { option in
                var left = option.short.map { "-\($0), " } ?? "    "
                left += "--" + option.name + (option.valueName.map { " " + $0 } ?? "")
                return (left, option.help)
            })
        }
        if command.name == Commands.open.name, let browser = try? REPLCommands.help("", width: 76) {
            // The browser's own commands, as its `help` lists them.
            text += "\nIn the browser (at the strata> prompt; 'help COMMAND' there explains one):\n"
                + browser.split(separator: "\n").dropFirst().map { "  " + $0 + "\n" }.joined()
        }
        if !command.examples.isEmpty {
            text += "\nExamples:\n" + command.examples.map { "  " + $0 + "\n" }.joined()
        }
        return text
    }

    private static func twoColumns(_ rows: [(String, String)]) -> String {
        let width = rows.map { TextWidth.width($0.0) }.max() ?? 0
        return rows.map { "  " + TextWidth.pad($0.0, to: width) + "  " + $0.1 + "\n" }.joined()
    }

    /// Folds a paragraph at spaces to at most `width` columns.
    static func wrap(_ paragraph: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0 + "\n" }.joined()
    }
}
