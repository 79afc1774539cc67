import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLiteKit
import Testing

/// Issue 16, defects 10 and 8 at a real terminal (tmux): a slow statement says how long it has run and that
/// Ctrl-C stops it, and the line goes before anything else is written; at 40 columns the browser's vertical
/// pages fit the screen. Skipped without tmux, as `TerminalTests` are.
@Suite(.serialized) struct TerminalSlowQueryTests {
    static let tmux = TerminalTests.tmux

    /// A statement that never ends on its own.
    static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"

    /// A pane of its own tmux server (the small driver of `TerminalTests`, with a size and any command).
    final class Pane {
        let workspace: Workspace
        let name = "slow"

        init(_ workspace: Workspace) throws {
            self.workspace = workspace
            try Tmux.configure(workspace)
        }

        deinit { _ = try? tmux(["kill-server"]) }

        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            try Tmux.run(TerminalSlowQueryTests.tmux!, arguments, in: workspace)
        }

        static func quoted(_ word: String) -> String { Tmux.quoted(word) }

        /// Starts a shell command line in a `width`×`height` terminal; the shell prints `[exit N]` after it.
        func start(_ commandLine: String, width: Int = 100, height: Int = 30) throws {
            let history = "STRATA_HISTORY=" + Self.quoted(workspace.file("history"))
            try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                      "env TERM=xterm-256color \(history) " + commandLine + "; echo \"[exit $?]\""])
        }

        /// `strata ARGUMENTS`, quoted for the shell.
        static func strata(_ arguments: [String]) -> String {
            ([StrataProcess.binary] + arguments).map(quoted).joined(separator: " ")
        }

        func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

        func enter(_ line: String) throws {
            try tmux(["send-keys", "-t", name, "-l", line])
            try send("Enter")
        }

        func screen() throws -> [String] {
            Tmux.lines(try tmux(["capture-pane", "-p", "-t", name]))
        }

        /// Polls the screen until `condition` holds, for at most 20 seconds.
        func wait(_ what: String, _ condition: ([String]) -> Bool) throws {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if condition(try screen()) { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("timed out waiting for \(what); the screen shows:\n\(try screen().joined(separator: "\n"))")
            throw CancellationError()
        }
    }

    static func showsStatus(_ screen: [String]) -> Bool {
        screen.contains { $0.contains("running ") && $0.contains(" s · Ctrl-C stops it") }
    }

    /// `strata sql` at a terminal: after a second the line shows and counts up; Ctrl-C stops the statement
    /// (exit status 130) and the line is gone.
    @Test(.enabled(if: tmux != nil)) func sqlAtATerminalShowsHowLongItRunsUntilCtrlC() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let pane = try Pane(workspace)
        try pane.start(Pane.strata(["sql", db, Self.endless]))
        try pane.wait("the status line") { Self.showsStatus($0) }
        try pane.wait("the status line to count on") { $0.contains { $0.hasPrefix("running 2 s · Ctrl-C stops it") } }
        try pane.send("C-c")
        try pane.wait("the statement to stop") { $0.contains("[exit 130]") }
        let screen = try pane.screen()
        #expect(!Self.showsStatus(screen), "the status line was not erased: \(screen)")
    }

    /// `strata query` too (on a view that never ends): the same line, gone when Ctrl-C stops it.
    @Test(.enabled(if: tmux != nil)) func queryAtATerminalShowsTheLineToo() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks + """
            ;
            CREATE VIEW Endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
            """)
        let pane = try Pane(workspace)
        try pane.start(Pane.strata(["query", db, "Endless where x < 0"]))
        try pane.wait("the status line") { Self.showsStatus($0) }
        try pane.send("C-c")
        try pane.wait("the query to stop") { $0.contains("[exit 130]") }
        let screen = try pane.screen()
        #expect(!Self.showsStatus(screen), "\(screen)")
    }

    /// In the browser: a statement held up by another process's lock shows the line; when the lock goes, the
    /// result replaces it. Then Ctrl-C on an endless one: the error replaces it.
    @Test(.enabled(if: tmux != nil)) func theBrowserShowsTheLineUntilTheResult() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let pane = try Pane(workspace)
        try pane.start(Pane.strata([db, "--timeout", "60"]))
        try pane.wait("the first prompt") { $0.last?.hasPrefix("strata>") == true }
        let holder = try Connection(path: db, mode: .readWrite)
        try holder.execute("BEGIN EXCLUSIVE; INSERT INTO Tag VALUES ('x', NULL)")
        try pane.enter("sql SELECT count(*) AS tags FROM Tag")
        try pane.wait("the status line") { Self.showsStatus($0) }
        try holder.execute("ROLLBACK")
        try pane.wait("the result") { $0.contains { $0.hasSuffix("· 1 row") } && $0.last == "strata>" }
        var screen = try pane.screen()
        #expect(!Self.showsStatus(screen), "\(screen)")
        #expect(screen.contains { $0.hasPrefix("tags") }, "the header is whole: \(screen)")

        try pane.enter("sql " + Self.endless)
        try pane.wait("the status line") { Self.showsStatus($0) }
        try pane.send("C-c")
        try pane.wait("the statement to stop") { $0.contains("error: interrupted") && $0.last == "strata>" }
        screen = try pane.screen()
        #expect(!Self.showsStatus(screen), "\(screen)")
        try pane.send("C-d")
        try pane.wait("strata to exit") { $0.contains("[exit 0]") }
    }

    /// With stdout in a pipe (`| cat`), or stderr in a file, no line is drawn, however long the statement runs.
    @Test(.enabled(if: tmux != nil)) func noLineWhenStdoutOrStderrIsNotTheTerminal() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let errors = workspace.file("errors.txt")
        let pane = try Pane(workspace)
        try pane.start(Pane.strata(["sql", db, Self.endless]) + " 2>" + Pane.quoted(errors) + "; " + Pane.strata(["sql", db, Self.endless]) + " | cat")
        // Long enough for the line to have shown twice over, had it been drawn.
        Thread.sleep(forTimeInterval: 2.5)
        try pane.send("C-c")
        Thread.sleep(forTimeInterval: 2.5)
        let during = try pane.screen()
        #expect(!Self.showsStatus(during), "\(during)")
        // Ctrl-C again until both have ended: on a loaded machine a press may reach the first while it is still
        // ending, and the second would then run on; a press between the two stops the shell itself (tmux then
        // shows "Pane is dead").
        func ended(_ screen: [String]) -> Bool { screen.contains { $0.hasPrefix("[exit") || $0.hasPrefix("Pane is dead") } }
        for _ in 0..<10 {
            try pane.send("C-c")
            Thread.sleep(forTimeInterval: 1)
            if ended(try pane.screen()) { break }
        }
        try pane.wait("both to end", ended)
        #expect(!Self.showsStatus(try pane.screen()))
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "strata: interrupted\n")
    }

    /// Defect 8 in the browser: at 40 columns RealmTestClass1 is shown as records, and only as many as fit the
    /// screen, so that the page's heading is still on it.
    @Test(.enabled(if: tmux != nil)) func verticalPagesFitTheScreen() throws {
        let workspace = try Workspace()
        let db = workspace.file("demo.sqlite")
        let demo = try StrataProcess.run(["demo", db, "--rows", "100", "--seed", "2"])
        try #require(demo.status == 0, "\(demo.stderr)")
        let pane = try Pane(workspace)
        try pane.start(Pane.strata([db]), width: 40, height: 30)
        try pane.wait("the first prompt") { $0.last?.hasPrefix("strata>") == true }
        try pane.send("C-l")
        try pane.enter("RealmTestClass1")
        try pane.wait("the page") { $0.last == "strata>" && $0.contains { $0.contains("── RealmTestClass1 #1 ──") } }
        let screen = try pane.screen()
        #expect(screen.contains { $0.hasPrefix("RealmTestClass1 · page 1") }, "the heading scrolled away: \(screen)")
        #expect(screen.allSatisfy { $0.count <= 40 })
        // 24 lines for a page (30 less the heading and the prompt), 10 for a record: two of them.
        let shown = screen.filter { $0.contains("── RealmTestClass1 #") }.count
        #expect(shown == 2, "\(screen)")
        // The next page has the same size, and fits too.
        try pane.send("C-l")
        try pane.enter("next")
        try pane.wait("page 2") { $0.last == "strata>" && $0.contains { $0.contains("── RealmTestClass1 #1 ──") } }
        let second = try pane.screen()
        #expect(second.contains { $0.hasPrefix("RealmTestClass1 · page 2") }, "\(second)")
        try pane.send("C-d")
        try pane.wait("strata to exit") { $0.contains("[exit 0]") }
    }
}
