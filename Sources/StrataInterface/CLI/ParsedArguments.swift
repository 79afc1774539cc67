/// A command line checked against a command's spec.
public struct ParsedArguments: Sendable {
    public var command: CommandSpec
    /// Positional values by argument name; optional arguments that were not given are absent.
    var arguments: [String: String] = [:]
    /// Option values by option name, as their specs read them (`OptionSpec.read`); a flag given is `.flag`.
    var options: [String: OptionValue] = [:]
    /// Every value of each option, in order, for options that may repeat (`--arg`).
    var repeated: [String: [OptionValue]] = [:]
    /// Every value of a variadic last argument.
    public internal(set) var rest: [String] = []

    public init(command: CommandSpec) {
        self.command = command
    }

    /// True when the flag was given.
    public func flag(_ option: OptionSpec) -> Bool { options[declared(option).name] != nil }

    /// The text of an option whose value is text, the last one when it was given more than once; nil when not given.
    public func value(_ option: OptionSpec) -> String? {
        guard let value = options[declared(option).name] else { return nil }
        guard case .text(let text) = value else { preconditionFailure("--\(option.name) is not text but \(value)") }
        return text
    }

    /// The parsed value of an option (the last one when it was given more than once); nil when not given.
    public func parsed(_ option: OptionSpec) -> OptionValue? { options[declared(option).name] }

    /// A whole-number option's value; nil when not given.
    public func integer(_ option: OptionSpec) -> Int? {
        if case .integer(let number)? = parsed(option) { return number }
        return nil
    }

    /// Every text value of an option that may repeat, in order.
    public func values(_ option: OptionSpec) -> [String] {
        (repeated[declared(option).name] ?? []).compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

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
