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
        var given: [(OptionSpec, String)] = []
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
                given.append((option, value))
            } else {
                if inlineValue != nil { throw StrataError.usage("option '--\(option.name)' takes no value") }
                parsed.options[option.name] = .flag
            }
        }

        // Each value read as its option says, once the whole line is known: with --help, none is (the help shows
        // whatever the values).
        let help = parsed.options[Options.help.name] != nil
        for (option, text) in given {
            let read = help ? .text(text) : try option.read(text)
            parsed.options[option.name] = read
            parsed.repeated[option.name, default: []].append(read)
        }
        if help { return parsed }
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

    // MARK: - Subcommands

    /// The command a line runs, found in the tree below `command`, and the arguments left for it: the first
    /// positional word (not an option's value) that names a subcommand chooses it wherever the options
    /// stand (`migrate --dir M status app.sqlite` is `migrate status --dir M app.sqlite`), as in git and
    /// swift-argument-parser. A line that stays with a command that has subcommands is checked too: a word
    /// where its files go that is no file but a subcommand, or near one's name (`stauts`), is a usage error
    /// naming it, so that a typo never runs the command itself.
    /// - Parameter exists: whether a path names something on disk (a file, a folder).
    /// - Throws: `StrataError` with status `.usage` for such a word.
    public static func resolve(_ arguments: [String], under command: CommandSpec,
                               exists: (String) -> Bool = { Platform.entryKind($0) != .missing }) throws -> (CommandSpec, [String])
    {
        let (found, rest) = subcommand(of: arguments, under: command)
        guard !found.subcommands.isEmpty else { return (found, rest) }
        let words = found.subcommands.map(\.word)
        for word in positionals(of: rest, for: found) where !exists(word) && !DatabasePaths.isPattern(word) {
            if found.subcommand(named: word) != nil {
                throw StrataError.usage("'\(word)' is not a file but a subcommand of \(found.displayName): it comes first "
                                        + "('strata \(found.displayName) \(word) …'; see 'strata help \(found.displayName) \(word)')")
            }
            if let near = Suggestion.closest(to: word, in: words) {
                throw StrataError.usage("unknown subcommand '\(word)' for '\(found.displayName)', and no such file "
                                        + "(did you mean '\(found.displayName) \(near)'?)")
            }
        }
        return (found, rest)
    }

    /// The deepest command the words choose, and the arguments without those words; never throws, for
    /// callers that only look (`--json` detection).
    static func subcommand(of arguments: [String], under command: CommandSpec) -> (CommandSpec, [String]) {
        var command = command, arguments = arguments
        while !command.subcommands.isEmpty, let index = positionalIndices(of: arguments, for: command).first,
              let chosen = command.subcommand(named: arguments[index])
        {
            arguments.remove(at: index)
            command = chosen
        }
        return (command, arguments)
    }

    /// The positional words of a line before `--`, options' values left out.
    static func positionals(of arguments: [String], for command: CommandSpec) -> [String] {
        positionalIndices(of: arguments, for: command).map { arguments[$0] }
    }

    /// Where the positional words before `--` stand among `arguments` (after it, every word is a file or
    /// another argument of the command, never a subcommand). Whether an option takes the next word as its
    /// value is read from `command`'s options, then its subcommands' (an option may come before the
    /// subcommand that has it).
    private static func positionalIndices(of arguments: [String], for command: CommandSpec) -> [Int] {
        let specs = [command] + command.subcommands
        func takesValue(_ token: ArgumentToken) -> Bool {
            switch token {
            case .long(let name, nil): specs.lazy.compactMap { $0.option(named: name) }.first?.valueName != nil
            case .short(let letter): specs.lazy.compactMap { $0.option(short: letter) }.first?.valueName != nil
            default: false
            }
        }
        var indices: [Int] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            let tokens = ArgumentTokenizer.tokens([argument])
            if tokens == [.positional(argument)] {
                indices.append(index)
            } else if let last = tokens.last, takesValue(last) {
                index += 1
            }
            index += 1
        }
        return indices
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
