import StrataCore

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
        let see = " (see '\(helpCommand ?? "strata help \(command.displayName)")')"

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
                    throw StrataError.usage("unknown option '--\(name)' for '\(command.displayName)'" + (hint.isEmpty ? see : hint))
                }
                option = spec
                inlineValue = value
            case .short(let letter):
                guard let spec = command.option(short: letter) else {
                    throw StrataError.usage("unknown option '-\(letter)' for '\(command.displayName)'" + see)
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
                throw StrataError.usage("missing \(argument.name) for '\(command.displayName)'" + see)
            }
        }
        if positionals.count > command.arguments.count {
            throw StrataError.usage("unexpected argument '\(positionals[command.arguments.count])' for '\(command.displayName)'" + see)
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
