import CReadline
import SQLiteKit
import StrataCore
import StrataRender

/// The command line: parses arguments, runs a command, maps every error to one line and an exit status.
public struct CLI {
    public var context: CLIContext

    public init(context: CLIContext) { self.context = context }

    /// The `strata` process: runs the command line's arguments on descriptors 1 and 2 and exits with its status.
    public static func main() -> Never {
        Platform.ignoreBrokenPipe()
        let stdout = FileDescriptorSink(descriptor: 1)
        let stderr = FileDescriptorSink(descriptor: 2, bufferSize: 0)
        var status = CLI(context: .process(stdout: stdout, stderr: stderr)).run(Array(CommandLine.arguments.dropFirst()))
        stdout.flush()
        // Output lost to a full disk or a failed device is a failure; a reader that went away (`| head`) is not.
        if let reason = stdout.failure, !stdout.readerWentAway {
            stderr.write("strata: cannot write to standard output: \(reason)\n")
            if status == .success { status = .failure }
        }
        Platform.exit(status.rawValue)
    }

    /// Runs `strata` with the arguments that follow the program name; returns the exit status.
    public func run(_ arguments: [String]) -> ExitStatus {
        // With --json, a failure before the command printed anything is a JSON document too (ErrorDocument).
        let json = ErrorDocument.isRequested(by: arguments)
        var context = context
        let watched = WatchedSink(context.stdout), watchedData = WatchedSink(context.dataOut)
        if json { (context.stdout, context.dataOut) = (watched, watchedData) }
        do {
            try CLI(context: context).dispatch(arguments)
            return .success
        } catch {
            let failure = error as? StrataError ?? StrataError("\(error)")
            // An empty message: whatever failed has said so already (the REPL's own error lines, a JSON document).
            if !failure.message.isEmpty {
                context.stderr.write("strata: \(TerminalText.escaped(failure.message))\n")
                if json && !watched.wasWritten && !watchedData.wasWritten { context.stdout.write(ErrorDocument.document(failure)) }
            }
            return failure.status
        }
    }

    private func dispatch(_ arguments: [String]) throws {
        guard let first = arguments.first else {
            try OpenCommand(parsed: try ArgumentParser.parse([], for: Commands.open), context: context).run()
            return
        }
        switch first {
        case "--version", "-V", "version":
            // The libraries a bug report needs: SQLite, and the line editor the browser was built with.
            context.stdout.write("strata \(Version.number) (SQLite \(Connection.sqliteVersion), \(String(cString: strata_rl_editor())))\n")
            return
        case "--help", "-h":
            context.stdout.write(HelpFormatter.overview())
            return
        default:
            break
        }
        guard let named = Commands.named(first) else {
            // `strata FILE [options]` opens the browser on an existing file.
            if !first.hasPrefix("-"), Platform.fileKind(first) != .missing {
                let parsed = try ArgumentParser.parse(arguments, for: Commands.open)
                if parsed.flag(Options.help) { context.stdout.write(HelpFormatter.help(for: Commands.open)); return }
                try OpenCommand(parsed: parsed, context: context).run()
                return
            }
            if first.hasPrefix("-") {
                // `strata --write FILE`: options of the browser before its file.
                guard Self.isOption(first, of: Commands.open) else {
                    throw StrataError.usage("unknown option '\(first)' (see 'strata help')")
                }
                let parsed = try ArgumentParser.parse(arguments, for: Commands.open)
                if parsed.flag(Options.help) { context.stdout.write(HelpFormatter.help(for: Commands.open)); return }
                try OpenCommand(parsed: parsed, context: context).run()
                return
            }
            let hint = Suggestion.hint(for: first, in: Commands.all.map(\.name))
            // A word with a / or a dot is a file that is not there (`strata missing.sqlite`), unless it is a typo
            // of a command.
            if hint.isEmpty, first.contains("/") || first.dropFirst().contains(".") {
                throw StrataError("no such file: \(first)")
            }
            throw StrataError.usage("unknown command '\(first)'" + (hint.isEmpty ? " (see 'strata help')" : hint))
        }
        // `strata migrate status FILE` (or `migrate --dir M status FILE`) runs `migrate-status`, and so on.
        let (command, rest) = try ArgumentParser.resolve(Array(arguments.dropFirst()), under: named)
        let parsed = try ArgumentParser.parse(rest, for: command)
        if parsed.flag(Options.help) {
            context.stdout.write(HelpFormatter.help(for: command))
            return
        }
        guard let run = command.run else { throw StrataError.usage("unknown command '\(command.name)'") }
        try run(parsed, context)
    }
}

extension CLI {
    /// True when `word` (`--write`, `--timeout=3`, `-w`) names one of the command's options.
    static func isOption(_ word: String, of command: CommandSpec) -> Bool {
        switch ArgumentTokenizer.tokens([word]).first {
        case .long(let name, _): command.option(named: name) != nil
        case .short(let letter): command.option(short: letter) != nil
        default: false
        }
    }
}

