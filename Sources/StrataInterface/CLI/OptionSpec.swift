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
