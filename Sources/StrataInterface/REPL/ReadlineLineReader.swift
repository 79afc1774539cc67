import CReadline

#if canImport(Glibc)
import Glibc

#elseif canImport(Darwin)
import Darwin

#endif

/// Line editing on a terminal through GNU readline (libedit on macOS): history kept in a file, and tab
/// completion from a `Completer`.
///
/// Readline is one global state per process, so only one reader may exist at a time.
public final class ReadlineLineReader: LineReader {
    private let historyPath: String?

    /// The completion source readline's C callbacks reach; readline is process-global, and so is this.
    nonisolated(unsafe) static var completer: Completer?
    nonisolated(unsafe) static var pending: [String] = []

    public init(historyPath: String?, completer: Completer?) {
        self.historyPath = historyPath
        Self.completer = completer
        using_history()
        if let historyPath {
            Self.makeDirectory(for: historyPath)
            read_history(historyPath)
        }
        strata_rl_set_completion { text, start, _ in
            // Offer our words only: no file names when nothing matches.
            strata_rl_completion_over()
            guard let text else { return nil }
            let word = String(cString: text)
            let line = strata_rl_line_buffer().map { String(cString: $0) } ?? ""
            let before = String(decoding: line.utf8.prefix(Int(start)), as: UTF8.self) + word
            ReadlineLineReader.pending = ReadlineLineReader.completer?.candidates(line: before, word: word) ?? []
            return rl_completion_matches(text) { _, state in
                if state == 0 { ReadlineLineReader.pendingIndex = 0 }
                guard ReadlineLineReader.pendingIndex < ReadlineLineReader.pending.count else { return nil }
                defer { ReadlineLineReader.pendingIndex += 1 }
                return strdup(ReadlineLineReader.pending[ReadlineLineReader.pendingIndex])
            }
        }
    }

    nonisolated(unsafe) static var pendingIndex = 0

    public var isInteractive: Bool { true }

    public func readLine(prompt: String) -> String? {
        // Ctrl-C at the prompt clears the line; while a command runs, the REPL's own watcher takes it.
        strata_rl_install_sigint()
        guard let pointer = readline(prompt) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    public func remember(_ line: String) {
        guard !line.isEmpty else { return }
        add_history(line)
        if let historyPath {
            append_history(1, historyPath)
            history_truncate_file(historyPath, Int32(HistoryFile.limit))
        }
    }

    /// Creates the folders of the history file's path, as `mkdir -p` would.
    private static func makeDirectory(for path: String) {
        var directory = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for part in parts {
            directory += (directory.isEmpty && path.hasPrefix("/") ? "" : "/") + part
            if !directory.isEmpty { mkdir(directory, 0o700) }
        }
        // append_history needs the file to exist.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }
}
