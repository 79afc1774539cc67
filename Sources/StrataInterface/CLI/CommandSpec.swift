/// An option of a command, as the parser and the help see it.
public struct OptionSpec: Sendable {
    public var name: String
    public var short: Character?
    /// The placeholder of the option's value (`SECONDS`); nil for a flag.
    public var valueName: String?
    /// The values the option accepts; empty when any.
    public var choices: [String]
    public var help: String

    public init(_ name: String, short: Character? = nil, value: String? = nil, choices: [String] = [], help: String) {
        self.name = name
        self.short = short
        self.valueName = value
        self.choices = choices
        self.help = help
    }
}

/// A positional argument of a command.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var isOptional: Bool
    /// The last argument only: takes every positional value left (`PROPERTY=VALUE...`).
    public var isVariadic: Bool
    public var help: String

    public init(_ name: String, optional: Bool = false, variadic: Bool = false, help: String) {
        self.name = name
        self.isOptional = optional
        self.isVariadic = variadic
        self.help = help
    }
}

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

    public init(name: String, summary: String, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
                discussion: String = "", examples: [String] = [], run: Runner? = nil)
    {
        self.run = run
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.discussion = discussion
        self.examples = examples
    }

    public func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
    public func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }

    /// `strata classes FILE [--all] [--format FORMAT]`
    public var usage: String {
        var parts = ["strata", name]
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
