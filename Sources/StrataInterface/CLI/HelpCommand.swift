import StrataCore

/// `strata help [COMMAND]`: the overview, or one command's usage, options and examples.
struct HelpCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        guard var name = parsed.argument(Commands.helpTopic) else {
            context.stdout.write(HelpFormatter.overview())
            return
        }
        // `strata help migrate lint`, as the command is typed.
        if let subcommand = parsed.argument(Commands.helpSubtopic) {
            guard name == Commands.migrate.name, Commands.migrateSubcommands.contains(subcommand) else {
                throw StrataError.usage("no help for '\(name) \(subcommand)'"
                                        + (name == Commands.migrate.name ? Suggestion.hint(for: subcommand, in: Commands.migrateSubcommands) : ""))
            }
            name = "migrate-" + subcommand
        }
        guard let command = Commands.named(name) else {
            throw StrataError.usage("no help for unknown command '\(name)'" + Suggestion.hint(for: name, in: Commands.all.map(\.name)))
        }
        context.stdout.write(HelpFormatter.help(for: command))
    }
}
