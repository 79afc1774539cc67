import StrataCore

/// `strata help [COMMAND]`: the overview, or one command's usage, options and examples.
struct HelpCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        guard let name = parsed.argument(Commands.helpTopic) else {
            context.stdout.write(HelpFormatter.overview())
            return
        }
        // `strata help migrate lint`, as the command is typed.
        guard var command = Commands.named(name) else {
            throw StrataError.usage("no help for unknown command '\(name)'" + Suggestion.hint(for: name, in: Commands.all.map(\.name)))
        }
        if let word = parsed.argument(Commands.helpSubtopic) {
            guard let subcommand = command.subcommand(named: word) else {
                throw StrataError.usage("no help for '\(name) \(word)'" + Suggestion.hint(for: word, in: command.subcommands.map(\.word)))
            }
            command = subcommand
        }
        context.stdout.write(HelpFormatter.help(for: command))
    }
}
