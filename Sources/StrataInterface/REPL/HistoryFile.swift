import StrataCore

/// Where the REPL keeps its history: `STRATA_HISTORY`, else `$XDG_STATE_HOME/strata/history`, else
/// `~/.local/state/strata/history`.
public enum HistoryFile {
    /// The history path for an environment; nil when there is no home to put it in.
    public static func path(environment: (String) -> String?) -> String? {
        if let explicit = environment("STRATA_HISTORY"), !explicit.isEmpty { return explicit }
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/strata/history" }
        if let home = environment("HOME"), !home.isEmpty { return home + "/.local/state/strata/history" }
        return nil
    }

    /// Lines kept in the file, the newest last.
    public static let limit = 1000

    /// The lines of a history file, the newest last, at most `limit`: one entry a line, as GNU readline writes
    /// them (libedit's `_HiStOrY_V2_` first line is skipped). A file grown past the limit is cut back to it, through
    /// a new file renamed over the old one, so that another session appending meanwhile loses at most its line.
    public static func load(_ path: String) -> [String] {
        // A FIFO or a device in its place is not read: the browser starts with no history rather than hang.
        guard case .success(let bytes) = Platform.readRegularFile(path, limit: 64 << 20) else { return [] }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        if lines.first == "_HiStOrY_V2_" { lines.removeFirst() }
        guard lines.count > limit else { return lines }
        lines.removeFirst(lines.count - limit)
        let temporary = path + ".strata-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return lines }
        let written = Platform.write(descriptor, lines.map { $0 + "\n" }.joined())
        close(descriptor)
        if !written || rename(temporary, path) != 0 { unlink(temporary) }
        return lines
    }

    /// Adds a line at the end of a history file (made with mode 0600 if it is not there), in one write; never
    /// waits on a FIFO in the file's place.
    public static func append(_ line: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        Platform.write(descriptor, line + "\n")
        close(descriptor)
    }
}
