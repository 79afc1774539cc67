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
        guard let command = Commands.named(name) else {
            throw StrataError.usage("no help for unknown command '\(name)'" + Suggestion.hint(for: name, in: Commands.all.map(\.name)))
        }
        context.stdout.write(HelpFormatter.help(for: command))
    }
}
