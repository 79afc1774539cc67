/// Where the REPL gets its lines: readline on a terminal, plain lines from a script, a list in tests.
public protocol LineReader: AnyObject {
    /// The next line without its line break, or nil at the end of input (Ctrl-D).
    func readLine(prompt: String) -> String?
    /// True on a terminal: prompts, colors and history apply.
    var isInteractive: Bool { get }
    /// Remembers a line for the up arrow and the history file.
    func remember(_ line: String)
}

/// Lines from standard input when it is not a terminal: no prompt, no history.
public final class ScriptLineReader: LineReader {
    public init() {}
    public var isInteractive: Bool { false }
    public func readLine(prompt: String) -> String? { Swift.readLine(strippingNewline: true) }
    public func remember(_ line: String) {}
}

/// Lines given up front, for tests and for commands passed on the command line.
public final class ScriptedLineReader: LineReader {
    private var lines: [String]
    public private(set) var remembered: [String] = []

    public init(_ lines: [String]) { self.lines = lines }
    public var isInteractive: Bool { false }

    public func readLine(prompt: String) -> String? {
        lines.isEmpty ? nil : lines.removeFirst()
    }

    public func remember(_ line: String) { remembered.append(line) }
}
