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
    public let isInteractive: Bool
    /// Called with each line as it is read, to show it as a terminal would.
    private let echo: ((String) -> Void)?

    public init(_ lines: [String], interactive: Bool = false, echo: ((String) -> Void)? = nil) {
        self.lines = lines
        self.isInteractive = interactive
        self.echo = echo
    }

    public func readLine(prompt: String) -> String? {
        guard !lines.isEmpty else { return nil }
        let line = lines.removeFirst()
        echo?(line)
        return line
    }

    public func remember(_ line: String) { remembered.append(line) }
}
