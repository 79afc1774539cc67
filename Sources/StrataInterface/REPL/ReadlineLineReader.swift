import CReadline
import StrataCore

/// Line editing on a terminal through GNU readline (libedit on macOS): history kept in a file, and tab
/// completion from a `Completer`.
///
/// Readline is one global state per process, so only one reader may exist at a time.
public final class ReadlineLineReader: LineReader {
    private let historyPath: String?

    /// The completion source readline's C callbacks reach; readline is process-global, and so is this.
    nonisolated(unsafe) static var completer: Completer?

    /// - Parameter warn: told once, in one line, when the history file cannot be made: the browser then goes on
    ///   without one.
    public init(historyPath: String?, completer: Completer?, warn: (String) -> Void = { _ in }) {
        var usable = historyPath
        if let historyPath, let problem = Self.makeDirectory(for: historyPath) {
            warn("no history is kept: \(problem)")
            usable = nil
        }
        self.historyPath = usable
        Self.completer = completer
        using_history()
        // The file is read and written here, not by the library: GNU readline and libedit write history files in
        // different formats, and libedit's append_history writes entries again that are already in the file.
        if let usable { for line in HistoryFile.load(usable) { add_history(line) } }
        strata_rl_ignore_case()
        strata_rl_set_completion { text, start, _ in
            // Offer our words only: no file names when nothing matches.
            strata_rl_completion_over()
            guard let text else { return nil }
            let word = String(cString: text)
            let line = strata_rl_line_buffer().map { String(cString: $0) } ?? ""
            let before = String(decoding: line.utf8.prefix(Int(start)), as: UTF8.self) + word
            let candidates = ReadlineLineReader.completer?.candidates(line: before, word: word) ?? []
            let continues = candidates.count == 1
                && ReadlineLineReader.completer?.continuesAfter(candidates[0], line: before, word: word) == true
            strata_rl_append_space(continues ? 0 : 1)
            return ReadlineLineReader.matchArray(candidates, typed: word)
        }
    }

    /// What a completion function gives the line editor: the text that replaces the word, then the candidates
    /// (one candidate too: libedit reads a third entry to tell one match from several), then NULL, each from malloc
    /// (the editor frees them); nil for no candidate.
    static func matchArray(_ candidates: [String], typed: String) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard !candidates.isEmpty else { return nil }
        let words = [Completer.replacement(candidates, typed: typed)] + candidates
        guard let array = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (words.count + 1))?
            .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: words.count + 1) else { return nil }
        for (index, word) in words.enumerated() { array[index] = strdup(word) }
        array[words.count] = nil
        return array
    }

    public var isInteractive: Bool { true }

    public func readLine(prompt: String) -> String? {
        // Ctrl-C at the prompt clears the line; while a command runs, the REPL's own watcher takes it.
        strata_rl_install_sigint()
        while true {
            _ = strata_rl_take_interrupt()
            guard let pointer = readline(prompt) else {
                // libedit ends the line at Ctrl-C as at the end of input: only the end of input leaves. (GNU readline
                // goes on reading after Ctrl-C, so its NULL is always the end of input, Ctrl-D after a Ctrl-C too.)
                if strata_rl_ends_line_at_interrupt() != 0 && strata_rl_take_interrupt() != 0 { continue }
                return nil
            }
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    public func remember(_ line: String) {
        guard !line.isEmpty else { return }
        add_history(line)
        if let historyPath { HistoryFile.append(line, to: historyPath) }
    }

    /// Creates the folders of the history file's path as given, as `mkdir -p` would (mode 0700), and the file
    /// itself (0600), which `append_history` needs.
    /// - Returns: why that failed, or nil.
    static func makeDirectory(for path: String) -> String? {
        // An absolute path's folders start at /, a relative one's at the current directory.
        var directory = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/").dropLast() {
            directory += "/" + part
            if mkdir(directory, 0o700) != 0 && errno != EEXIST { return "cannot make \(directory): \(Platform.errorText())" }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot open \(path): \(Platform.errorText())" }
        close(descriptor)
        return nil
    }
}
