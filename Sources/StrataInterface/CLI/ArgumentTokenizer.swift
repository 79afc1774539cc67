/// Splits command-line arguments into options and positionals, knowing nothing of any command.
///
/// `--name=value` carries its value; `--name` and `-x` may take the next argument as a value, which only
/// the parser can tell; `-abc` is three short flags; everything after `--` is positional, as is a lone `-`.
public enum ArgumentToken: Equatable, Sendable {
    case long(name: String, value: String?)
    case short(Character)
    case positional(String)
}

public enum ArgumentTokenizer {
    public static func tokens(_ arguments: [String]) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        var onlyPositionals = false
        for argument in arguments {
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                tokens.append(.positional(argument))
            } else if argument == "--" {
                onlyPositionals = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(.long(name: String(body[..<equals]), value: String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.long(name: String(body), value: nil))
                }
            } else if let second = argument.dropFirst().first, second.isNumber {
                // A negative number such as `-5` is a value, not a flag.
                tokens.append(.positional(argument))
            } else {
                tokens.append(contentsOf: argument.dropFirst().map(ArgumentToken.short))
            }
        }
        return tokens
    }
}
