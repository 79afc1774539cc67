/// The command table (`Commands.all`) read for shell completion: what may be typed where.
///
/// The completion scripts are generated from this, never written by hand: a command, an argument or an
/// option added to the table appears in every script with no other change. What a value is comes from the
/// names the table already uses:
///
/// - arguments named `FILE`, `IN` or `OUT` are files, `DIR` a directory, `CLASS` a class of the FILE on the
///   line, `QUERY` a query that starts with one; `COMMAND` is a command (help's topic), `SUBCOMMAND` one of
///   migrate's, `SHELL` one of `strata completion`'s words; an argument named in lower case is that literal
///   word (update's `set`); any other argument is free text;
/// - options with `choices` complete them; a value named `FILE` or `PATH` is a file, `DIR` a directory.
struct CompletionTable: Sendable {
    /// What a completion script offers at one place of the line.
    enum Values: Equatable, Sendable {
        /// Free text (a key, a number, a name): nothing to offer.
        case none
        case files
        case directories
        /// The class names of the database file already on the line.
        case classes
        /// A query: class names while its first word is being typed.
        case query
        /// Exactly these words.
        case words([String])
    }

    struct Option: Sendable {
        var long: String
        var short: Character?
        /// What the option's value is; nil for a flag.
        var values: Values?
        var help: String

        /// `--long` and `-s`, as they are typed.
        var spellings: [String] { ["--" + long] + (short.map { ["-" + String($0)] } ?? []) }
    }

    struct Command: Sendable {
        /// The table's name: `migrate-status`.
        var name: String
        var summary: String
        var options: [Option]
        /// What each positional argument is, in order.
        var arguments: [Values]
        /// The last argument takes every positional value left.
        var lastIsVariadic: Bool
        /// Which argument is the database file whose classes complete a CLASS or a QUERY; nil when none.
        var fileArgument: Int?

        /// What goes at positional `index`: the variadic last argument repeats, past the end is nothing.
        func argument(at index: Int) -> Values {
            if index < arguments.count { return arguments[index] }
            return lastIsVariadic ? arguments.last ?? Values.none : Values.none
        }
    }

    /// A word that may follow `strata`, with its one-line summary.
    struct Word: Sendable {
        var word: String
        var summary: String
    }

    var commands: [Command]
    /// What may follow `strata`: the command names, `migrate` once.
    var commandWords: [Word]
    /// What may follow `strata migrate`.
    var subcommandWords: [Word]
    /// The command a word that is not a command starts (`strata FILE` and `strata --write FILE` browse).
    var defaultCommand: String
    /// Options only the first word may be: `--version`.
    var topLevelOptions: [Option]

    func command(named name: String) -> Command? { commands.first { $0.name == name } }

    /// The table as the CLI reads it.
    static let strata = CompletionTable(Commands.all)

    init(_ specs: [CommandSpec]) {
        var words: [Word] = []
        var subcommands: [Word] = []
        for spec in specs {
            if spec.name.hasPrefix(Commands.migrate.name + "-") {
                let subcommand = String(spec.name.dropFirst(Commands.migrate.name.count + 1))
                if Commands.migrateSubcommands.contains(subcommand) { subcommands.append(Word(word: subcommand, summary: spec.summary)) }
            } else {
                words.append(Word(word: spec.name, summary: spec.summary))
            }
        }
        commandWords = words
        subcommandWords = subcommands
        commands = specs.map { Self.command($0, commandWords: words.map(\.word)) }
        defaultCommand = Commands.open.name
        topLevelOptions = [Option(long: "version", short: "V", values: nil, help: "print strata's version and SQLite's")]
    }

    private static func command(_ spec: CommandSpec, commandWords: [String]) -> Command {
        let arguments = spec.arguments.map { values(of: $0, commandWords: commandWords) }
        let file = spec.arguments.firstIndex { $0.name == Arguments.file.name }
        return Command(name: spec.name, summary: spec.summary,
                       options: spec.options.map { Option(long: $0.name, short: $0.short, values: values(of: $0), help: $0.help) },
                       arguments: arguments, lastIsVariadic: spec.arguments.last?.isVariadic ?? false,
                       fileArgument: arguments.contains { $0 == .classes || $0 == .query } ? file : nil)
    }

    /// What a positional argument is, from its name; help's COMMAND is one of `commandWords`.
    static func values(of argument: ArgumentSpec, commandWords: [String]) -> Values {
        switch argument.name {
        case "FILE", "IN", "OUT": return .files
        case "DIR": return .directories
        case "CLASS": return .classes
        case "QUERY": return .query
        case "COMMAND": return .words(commandWords)
        case "SUBCOMMAND": return .words(Commands.migrateSubcommands)
        case CompletionCommand.topic.name: return .words(CompletionCommand.topics)
        default:
            // A literal word of the syntax, such as update's `set`.
            return argument.name.allSatisfy({ $0.isLowercase }) ? .words([argument.name]) : .none
        }
    }

    /// What an option's value is; nil for a flag.
    static func values(of option: OptionSpec) -> Values? {
        guard let valueName = option.valueName else { return nil }
        if !option.choices.isEmpty { return .words(option.choices) }
        switch valueName {
        case "FILE", "PATH": return .files
        case "DIR": return .directories
        default: return Values.none
        }
    }
}

extension CompletionTable {
    /// Every word a script must know: commands, subcommands, option spellings and values, for the tests.
    var allWords: Set<String> {
        var words = Set(commandWords.map(\.word) + subcommandWords.map(\.word))
        for option in commands.flatMap(\.options) + topLevelOptions {
            words.formUnion(option.spellings)
            if case .words(let values)? = option.values { words.formUnion(values) }
        }
        for case .words(let values) in commands.flatMap(\.arguments) { words.formUnion(values) }
        return words
    }
}
