import Foundation

/// What the tmux-driven tests share: each test runs its own tmux server on a socket in its workspace, so no
/// one else's tmux is touched, and keeps the pane after strata exits, to read its exit status.
enum Tmux {
    /// Writes the server's configuration into the workspace.
    static func configure(_ workspace: Workspace) throws {
        try "set -g remain-on-exit on\nset -g history-limit 2000\n".write(toFile: workspace.file("tmux.conf"), atomically: true, encoding: .utf8)
    }

    /// Runs tmux with these arguments on the workspace's server and returns what it printed.
    ///
    /// Not through Foundation's `Process`: on Linux its `waitUntilExit` never returns for the tmux client
    /// that starts a server (the client exits, but is never reaped). A shell started with posix_spawn and
    /// waited for with waitpid has no such trouble.
    static func run(_ tmux: String, _ arguments: [String], in workspace: Workspace) throws -> String {
        let output = workspace.file("tmux.out")
        let words = [tmux, "-S", workspace.file("tmux.sock"), "-f", workspace.file("tmux.conf")] + arguments
        let command = words.map(quoted).joined(separator: " ") + " </dev/null >" + quoted(output) + " 2>/dev/null"
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) == 0 else { throw CancellationError() }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A pane's captured text as lines, trailing blanks and blank lines dropped.
    static func lines(_ captured: String) -> [String] {
        var lines = captured.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}
