import StrataCore

/// An option of a command, as the parser and the help see it.
public struct OptionSpec: Sendable {
    /// Reads an option's value as typed into what the command uses, or refuses it with a usage error that names
    /// the option and what it takes: run when the line is parsed, before the command opens anything.
    public typealias Reader = @Sendable (String) throws -> OptionValue

    public var name: String
    public var short: Character?
    /// The placeholder of the option's value (`SECONDS`); nil for a flag.
    public var valueName: String?
    /// The values the option accepts; empty when any.
    public var choices: [String]
    public var help: String
    /// What the value is; nil: the text as typed (checked against `choices` when there are any).
    public var reader: Reader?

    public init(_ name: String, short: Character? = nil, value: String? = nil, choices: [String] = [], help: String,
                reader: Reader? = nil)
    {
        self.name = name
        self.short = short
        self.valueName = value
        self.choices = choices
        self.help = help
        self.reader = reader
    }

    /// The value as the command reads it.
    /// - Throws: `StrataError` with status `.usage` for a value outside `choices`, or one `reader` refuses.
    func read(_ text: String) throws -> OptionValue {
        if !choices.isEmpty && !choices.contains(text) {
            throw StrataError.usage("'\(text)' is not a valid --\(name); expected one of: \(choices.joined(separator: ", "))")
        }
        return try reader?(text) ?? .text(text)
    }
}

/// An option's value once parsed: checked and typed, as the command reads it.
public enum OptionValue: Sendable, Equatable {
    /// A flag that was given.
    case flag
    case text(String)
    case integer(Int)
    case unsigned(UInt64)
    case number(Double)
    /// A limit lifted (`--width none`).
    case unlimited
}

extension OptionSpec {
    /// A whole number in `range`, else `--NAME takes WHAT, not 'x'`.
    static func wholeNumber(in range: ClosedRange<Int>, _ what: String, option: String) -> Reader {
        { text in
            guard let number = Int(text), range.contains(number) else { throw StrataError.usage("--\(option) takes \(what), not '\(text)'") }
            return .integer(number)
        }
    }
}
