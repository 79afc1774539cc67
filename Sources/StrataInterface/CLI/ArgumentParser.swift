import StrataCore

/// A command line checked against a command's spec.
public struct ParsedArguments: Sendable {
    public var command: CommandSpec
    /// Positional values by argument name; optional arguments that were not given are absent.
    var arguments: [String: String] = [:]
    /// Option values by option name; a flag that was given has the value "".
    var options: [String: String] = [:]
    /// Every value of each option, in order, for options that may repeat (`--arg`).
    var repeated: [String: [String]] = [:]
    /// Every value of a variadic last argument.
    public internal(set) var rest: [String] = []

    public init(command: CommandSpec) {
        self.command = command
    }

    /// True when the flag was given.
    public func flag(_ option: OptionSpec) -> Bool { options[declared(option).name] != nil }

    /// The option's value, the last one when it was given more than once; nil when not given.
    public func value(_ option: OptionSpec) -> String? { options[declared(option).name] }

    /// Every value of an option that may repeat, in order.
    public func values(_ option: OptionSpec) -> [String] { repeated[declared(option).name] ?? [] }

    /// A positional argument's value; nil for an optional one that was not given.
    public func argument(_ argument: ArgumentSpec) -> String? {
        assert(command.arguments.contains { $0.name == argument.name }, "'\(command.name)' has no argument \(argument.name)")
        return arguments[argument.name]
    }

    /// A required argument's value: the parser has checked it is there.
    public func required(_ argument: ArgumentSpec) -> String { self.argument(argument) ?? "" }

    /// An option this command defines: asking for one it does not is a mistake in Strata, caught by the tests.
    private func declared(_ option: OptionSpec) -> OptionSpec {
        assert(command.option(named: option.name) != nil, "'\(command.name)' has no option --\(option.name)")
        return option
    }
}

public enum ArgumentParser {
    /// Parses the arguments that follow the command name.
    ///
    /// - Throws: `StrataError` with status `.usage` for an unknown option, a missing or extra argument,
    ///   a missing option value, or a value outside the option's choices.
    /// - Parameter helpCommand: where to read about the command, for messages (the REPL's own `help`).
    public static func parse(_ arguments: [String], for command: CommandSpec, helpCommand: String? = nil) throws -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        var positionals: [String] = []
        var tokens = ArgumentTokenizer.tokens(arguments)[...]
        let see = " (see '\(helpCommand ?? "strata help \(command.name)")')"

        while let token = tokens.popFirst() {
            let option: OptionSpec
            var inlineValue: String?
            switch token {
            case .positional(let value):
                positionals.append(value)
                continue
            case .long(let name, let value):
                guard let spec = command.option(named: name) else {
                    let hint = Suggestion.hint(for: name, in: command.options.map(\.name))
                    throw StrataError.usage("unknown option '--\(name)' for '\(command.name)'" + (hint.isEmpty ? see : hint))
                }
                option = spec
                inlineValue = value
            case .short(let letter):
                guard let spec = command.option(short: letter) else {
                    throw StrataError.usage("unknown option '-\(letter)' for '\(command.name)'" + see)
                }
                option = spec
            }
            if let valueName = option.valueName {
                guard let value = inlineValue ?? takeValue(&tokens) else {
                    throw StrataError.usage("option '--\(option.name)' needs a value (\(valueName))")
                }
                if !option.choices.isEmpty && !option.choices.contains(value) {
                    throw StrataError.usage(
                        "'\(value)' is not a valid --\(option.name); expected one of: \(option.choices.joined(separator: ", "))")
                }
                parsed.options[option.name] = value
                parsed.repeated[option.name, default: []].append(value)
            } else {
                if inlineValue != nil { throw StrataError.usage("option '--\(option.name)' takes no value") }
                parsed.options[option.name] = ""
            }
        }

        if parsed.options[Options.help.name] != nil { return parsed }
        for (index, argument) in command.arguments.enumerated() {
            if argument.isVariadic && index < positionals.count {
                parsed.rest = Array(positionals[index...])
                parsed.arguments[argument.name] = positionals[index]
                return parsed
            } else if index < positionals.count {
                parsed.arguments[argument.name] = positionals[index]
            } else if !argument.isOptional {
                throw StrataError.usage("missing \(argument.name) for '\(command.name)'" + see)
            }
        }
        if positionals.count > command.arguments.count {
            throw StrataError.usage("unexpected argument '\(positionals[command.arguments.count])' for '\(command.name)'" + see)
        }
        return parsed
    }

    /// The next argument as an option's value, whatever it looks like (`--timeout -1` is then refused by
    /// the option's own check rather than read as a flag).
    private static func takeValue(_ tokens: inout ArraySlice<ArgumentToken>) -> String? {
        guard let next = tokens.first else { return nil }
        switch next {
        case .positional(let value):
            tokens.removeFirst()
            return value
        case .long, .short:
            return nil
        }
    }
}
