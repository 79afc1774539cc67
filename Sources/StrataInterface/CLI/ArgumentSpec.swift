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
