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
