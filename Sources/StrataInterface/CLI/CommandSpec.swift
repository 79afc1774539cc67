

/// A subcommand: everything the parser checks and the help prints, and what running it does.
public struct CommandSpec: Sendable {
    /// Runs the command on its parsed arguments.
    public typealias Runner = @Sendable (ParsedArguments, CLIContext) throws -> Void

    public var name: String
    public var summary: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    /// Paragraphs printed under the usage by `strata help COMMAND`.
    public var discussion: String
    public var examples: [String]
    /// What the command does; nil for a spec that only parses (the browser's `export`).
    public var run: Runner?
    /// The commands below this one (`migrate status`, `migrate plan`, …), each chosen by its `word` wherever
    /// it stands among the options (see `ArgumentParser.resolve`).
    public var subcommands: [CommandSpec]

    public init(name: String, summary: String, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
                discussion: String = "", examples: [String] = [], subcommands: [CommandSpec] = [], run: Runner? = nil)
    {
        self.run = run
        self.subcommands = subcommands
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.discussion = discussion
        self.examples = examples
    }

    public func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
    public func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }

    /// The word that names this command under its parent: `status` for `migrate status`.
    public var word: String { String(displayName.split(separator: " ").last ?? Substring(name)) }

    /// The subcommand named `word`, if this command has one.
    public func subcommand(named word: String) -> CommandSpec? { subcommands.first { $0.word == word } }

    /// `strata classes FILE [--all] [--format FORMAT]`
    /// The name as a person types it: `migrate lint` for the command table's `migrate-lint`.
    public var displayName: String {
        name.hasPrefix("migrate-") ? "migrate " + name.dropFirst("migrate-".count) : name
    }

    public var usage: String {
        var parts = ["strata", displayName]
        for argument in arguments {
            let name = argument.name + (argument.isVariadic ? "..." : "")
            parts.append(argument.isOptional ? "[\(name)]" : name)
        }
        for option in options where option.name != "help" {
            parts.append("[--\(option.name)\(option.valueName.map { " " + $0 } ?? "")]")
        }
        return parts.joined(separator: " ")
    }
}
