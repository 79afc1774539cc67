import StrataCore
import StrataRender

/// What a run of `strata` can see of its surroundings.
///
/// `stdout` and `stderr` show text safely on a terminal (`TerminalSink`): whatever a command writes to them,
/// names, values and messages alike, reaches the terminal with its control characters escaped. Data that scripts
/// read byte for byte (CSV, SQL, JSON) goes to `dataOut`, which is the raw descriptor when stdout is not a terminal.
public struct CLIContext {
    public var stdout: TextSink
    public var stderr: TextSink
    /// stdout for machine-readable output: unescaped when it goes to a pipe or a file, `stdout` on a terminal.
    public var dataOut: TextSink
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// The width tables must fit, or nil for no limit (output that is not a terminal).
    public var terminalWidth: Int?
    public var colorAllowed: Bool

    public init(stdout: TextSink, stderr: TextSink, stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
                terminalWidth: Int? = nil, colorAllowed: Bool = false)
    {
        self.stdout = stdout.escapingForTerminal(allowsStyling: colorAllowed)
        self.stderr = stderr.escapingForTerminal(allowsStyling: stderrIsTerminal && colorAllowed)
        self.dataOut = stdoutIsTerminal ? self.stdout : ((stdout as? TerminalSink)?.base ?? stdout)
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.terminalWidth = terminalWidth
        self.colorAllowed = colorAllowed
    }

    /// The real process: descriptors 1 and 2, the terminal's width (or `COLUMNS`), `NO_COLOR`.
    public static func process(stdout: TextSink, stderr: TextSink) -> CLIContext {
        let stdoutIsTerminal = Platform.isTerminal(1)
        let columns = Platform.environment("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        return CLIContext(
            stdout: stdout, stderr: stderr, stdoutIsTerminal: stdoutIsTerminal,
            stderrIsTerminal: Platform.isTerminal(2),
            terminalWidth: stdoutIsTerminal ? (Platform.terminalWidth(1) ?? columns ?? 80) : columns,
            colorAllowed: stdoutIsTerminal && Platform.environment("NO_COLOR").map(\.isEmpty) ?? true)
    }
}

extension CLIContext {
    /// Asks the person at the terminal a yes/no question on stderr: only y or yes says yes.
    /// Where output in `format` goes: machine-readable formats byte for byte unless a person reads them.
    func output(for format: OutputFormat) -> TextSink {
        switch format {
        case .json, .ndjson, .csv: dataOut
        case .table, .vertical, .markdown: stdout
        }
    }

    func confirm(_ question: String) -> Bool {
        stderr.write(question + " [y/N] ")
        stderr.flush()
        let answer = readLine()?.trimmingSpaces.lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
