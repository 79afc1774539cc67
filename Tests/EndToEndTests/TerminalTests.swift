import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// The REPL in a real pseudo-terminal, driven through tmux as a person would type: Tab completion,
/// history across sessions, Ctrl-C during a statement and at the prompt, Ctrl-D.
///
/// tmux is a test prerequisite (`.ci/run` installs it). Without it these tests are skipped, unless
/// `STRATA_REQUIRE_TMUX=1` (set by CI) makes its absence a failure.
@Suite(.serialized) struct TerminalTests {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let required = ProcessInfo.processInfo.environment["STRATA_REQUIRE_TMUX"] == "1"

    @Test func tmuxIsThereWhenRequired() {
        #expect(!Self.required || Self.tmux != nil, "STRATA_REQUIRE_TMUX=1 but tmux is not installed")
    }

    /// A strata session in its own tmux server, so no one else's tmux is touched.
    final class Terminal {
        let workspace: Workspace
        let history: String
        private var sessions = 0

        init(_ workspace: Workspace) throws {
            self.workspace = workspace
            history = workspace.file("history")
            try Tmux.configure(workspace)
        }

        deinit { _ = try? tmux(["kill-server"]) }

        /// A terminal over a workspace holding `app.sqlite`, the tasks database.
        static func withTasks() throws -> (Terminal, database: String) {
            let workspace = try Workspace()
            return (try Terminal(workspace), try workspace.database("app.sqlite", Workspace.tasks))
        }

        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            try Tmux.run(TerminalTests.tmux!, arguments, in: workspace)
        }

        static func quoted(_ word: String) -> String { Tmux.quoted(word) }

        /// Starts `strata ARGUMENTS` in a new 100×30 terminal; returns when its prompt shows.
        /// - Parameters:
        ///   - environment: `env` arguments instead of the workspace's `STRATA_HISTORY`.
        ///   - directory: the current directory strata starts in.
        /// - Parameter prompted: wait for the browser's first prompt (not for a question asked before it).
        func start(_ arguments: [String], environment: [String]? = nil, directory: String? = nil, prompted: Bool = true) throws -> String {
            sessions += 1
            let name = "s\(sessions)"
            // The shell prints strata's exit status when it ends (tmux's own record of it is unreliable).
            let command = (directory.map { "cd " + Self.quoted($0) + " && " } ?? "")
                + (["env"] + (environment ?? ["STRATA_HISTORY=" + history]) + ["TERM=xterm-256color", StrataProcess.binary] + arguments)
                .map(Self.quoted).joined(separator: " ") + "; echo \"[exit $?]\""
            try tmux(["new-session", "-d", "-s", name, "-x", "100", "-y", "30", command])
            if prompted { try wait(name, "the first prompt") { $0.last?.hasPrefix("strata>") == true } }
            return name
        }

        func send(_ name: String, _ keys: String...) throws {
            try tmux(["send-keys", "-t", name] + keys)
        }

        func type(_ name: String, _ text: String) throws {
            try tmux(["send-keys", "-t", name, "-l", text])
        }

        /// Types text and waits until the line editor shows it. A key such as Ctrl-C sent before the editor has
        /// read what was typed would find it still in the terminal's input queue, which the interrupt empties.
        func typeAndShow(_ name: String, _ text: String) throws {
            try type(name, text)
            try wait(name, "the typed text") { $0.last?.hasSuffix(text) == true }
        }

        /// Types a line and presses Enter.
        func enter(_ name: String, _ line: String) throws {
            try type(name, line)
            try send(name, "Enter")
        }

        /// Presses Ctrl-D at the prompt and returns strata's exit status.
        func leave(_ name: String) throws -> Int {
            try send(name, "C-d")
            return try exitStatus(name)
        }

        /// The row the cursor is on, from 0 (-1 when tmux cannot say).
        func cursorRow(_ name: String) -> Int {
            let text = (try? tmux(["display-message", "-p", "-t", name, "#{cursor_y}"])) ?? ""
            return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        /// The lines on screen, trailing blank lines dropped.
        func screen(_ name: String) throws -> [String] {
            Tmux.lines(try tmux(["capture-pane", "-p", "-t", name]))
        }

        /// Polls the screen until `condition` holds, for at most 15 seconds.
        func wait(_ name: String, _ what: String, _ condition: ([String]) -> Bool) throws {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                if condition(try screen(name)) { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            let shown = try screen(name).joined(separator: "\n")
            Issue.record("timed out waiting for \(what); the screen shows:\n\(shown)")
            throw CancellationError()
        }

        /// Waits until strata has exited and returns its exit status.
        func exitStatus(_ name: String) throws -> Int {
            var status = -1
            try wait(name, "strata to exit") { screen in
                guard let line = screen.last(where: { $0.hasPrefix("[exit ") }) else { return false }
                status = Int(line.dropFirst(6).dropLast()) ?? -1
                return true
            }
            return status
        }
    }

    /// An encrypted `.realm` opened at a terminal without its key: asked for, the digits typed never shown, then
    /// browsed as any file.
    @Test(.enabled(if: tmux != nil)) func theBrowserAsksForAnEncryptedRealmsKeyWithoutEcho() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let realm = try RealmFileCommandTests.copy("Files/encrypted.realm", into: workspace)
        let name = try terminal.start([realm], prompted: false)
        try terminal.wait(name, "the question") { $0.joined().contains("is encrypted; its key (128 hex digits, not shown):") }
        let key = (0..<64).map { String(format: "%02x", $0) }.joined()
        try terminal.type(name, key)
        try terminal.send(name, "Enter")
        try terminal.wait(name, "the overview") { $0.last == "strata>" }
        #expect(try !terminal.screen(name).contains { $0.contains("0001020304") }, "the key was shown")
        #expect(try terminal.screen(name).contains { $0.hasPrefix("Dog ") })
        try terminal.typeAndShow(name, "Dog")
        try terminal.send(name, "Enter")
        try terminal.wait(name, "the page") { $0.contains { $0.contains("Rex") } && $0.last == "strata>" }
        // Ctrl-C at the question: nothing opened, exit 1, and the terminal echoes again.
        let cancelled = try terminal.start([realm], prompted: false)
        try terminal.wait(cancelled, "the question") { $0.joined().contains("(128 hex digits, not shown):") }
        try terminal.type(cancelled, "00ff")
        try terminal.send(cancelled, "C-c")
        #expect(try terminal.exitStatus(cancelled) == 1)
        #expect(try terminal.screen(cancelled).joined().contains("is encrypted: give its key with --key-file PATH"))
        #expect(try !terminal.screen(cancelled).joined().contains("00ff"))
    }

    @Test(.enabled(if: tmux != nil)) func tabCompletesClassesPropertiesAndKeyPaths() throws {
        let (terminal, db) = try Terminal.withTasks()
        let name = try terminal.start([db])
        // A class: "TaskL" has one completion.
        try terminal.type(name, "TaskL")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the class to complete") { $0.last == "strata> TaskList" }
        try terminal.send(name, "C-u")
        // A property after a class and WHERE, then one along a link.
        try terminal.type(name, "Task where isC")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the property to complete") { $0.last == "strata> Task where isCompleted" }
        try terminal.type(name, "== false AND list.na")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the key path to complete") { $0.last == "strata> Task where isCompleted == false AND list.name" }
        try terminal.enter(name, "== \"Wishlist\"")
        try terminal.wait(name, "the query's page") { $0.contains { $0.hasPrefix(" 3  Bike") } }
        // Two classes begin with "Ta": a second Tab lists both.
        try terminal.type(name, "Ta")
        try terminal.send(name, "Tab")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the list of completions") { screen in
            screen.contains { $0.contains("Task") && $0.contains("TaskList") && !$0.hasPrefix("strata>") }
        }
        try terminal.send(name, "C-u")
        #expect(try terminal.leave(name) == 0)
    }

    @Test(.enabled(if: tmux != nil)) func historyCarriesOverToTheNextSession() throws {
        let (terminal, db) = try Terminal.withTasks()
        let first = try terminal.start([db])
        for line in ["Tag", "TaskList SORT(name DESC)"] {
            try terminal.enter(first, line)
        }
        try terminal.wait(first, "the second page") { $0.contains { $0.contains("TaskList SORT(name DESC) · page 1") } }
        try terminal.enter(first, "quit")
        #expect(try terminal.exitStatus(first) == 0)
        #expect(try String(contentsOfFile: terminal.history, encoding: .utf8).contains("TaskList SORT(name DESC)"))

        let second = try terminal.start([db])
        try terminal.send(second, "Up")
        try terminal.wait(second, "the last line of the first session") { $0.last == "strata> quit" }
        try terminal.send(second, "Up")
        try terminal.wait(second, "the line before it") { $0.last == "strata> TaskList SORT(name DESC)" }
        try terminal.send(second, "Enter")
        try terminal.wait(second, "the recalled query to run") { $0.contains { $0.contains("TaskList SORT(name DESC) · page 1") } }
        #expect(try terminal.leave(second) == 0)
    }

    /// Issue 16, defect 3: Tab on a word that several candidates match in different cases (`n` against `NOT`, `NONE`,
    /// `nil`, `name`) shortened the line to their case-sensitive common prefix; it keeps what was typed, and one match
    /// completes whatever the case typed.
    @Test(.enabled(if: tmux != nil)) func tabNeverShortensWhatWasTyped() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let db = try workspace.database("crm.sqlite", "CREATE TABLE Customer (id INTEGER PRIMARY KEY, Subject TEXT, SupportRepId INTEGER);")
        let name = try terminal.start([db])
        // SUBQUERY, Subject and SupportRepId: their case-sensitive common prefix is "S", shorter than "Su".
        try terminal.type(name, "Customer where Su")
        try terminal.send(name, "Tab")
        try terminal.type(name, "x")
        try terminal.wait(name, "the typed text kept") { $0.last == "strata> Customer where Sux" }
        try terminal.send(name, "C-u")
        try terminal.type(name, "Customer where subj")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the one match") { $0.last == "strata> Customer where Subject" }
        try terminal.send(name, "C-u")
        // Issue 29, item 24: a keyword completes in the case it was begun in (it was BEGINSWITH whatever was typed).
        try terminal.type(name, "Customer where Subject beg")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the keyword") { $0.last == "strata> Customer where Subject beginswith" }
        try terminal.send(name, "C-u")
        #expect(try terminal.leave(name) == 0)
    }

    /// A `.realm` file in the browser: its overview (from the file's own tables, before the conversion), then the
    /// prompt, and its classes browse as a SQLite file's do.
    @Test(.enabled(if: tmux != nil)) func aRealmFileOpensInTheBrowser() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let realm = workspace.file("app.realm")
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Realm/Files/all-types.realm").path, toPath: realm)
        let name = try terminal.start([realm])
        let screen = try terminal.screen(name)
        // The facts line breaks between facts where the workspace's long path would not fit.
        let facts = screen.prefix(3).joined(separator: " ")
        #expect(facts.contains("Realm file format 24") && facts.contains("schema version 3"), "\(screen)")
        #expect(screen.contains { $0.hasPrefix("Address") && $0.contains("embedded") && $0.hasSuffix(" 4") }, "\(screen)")
        try terminal.enter(name, "Dog")
        try terminal.wait(name, "the Dog page") { $0.contains { $0.contains("Rex") } }
        #expect(try terminal.leave(name) == 0)
    }

    /// Issue 16, defect 3: `follow ` + Tab offered class names; it offers the open object's links and lists.
    @Test(.enabled(if: tmux != nil)) func tabAfterFollowOffersTheOpenObjectsLinks() throws {
        let (terminal, db) = try Terminal.withTasks()
        let name = try terminal.start([db])
        try terminal.enter(name, "Task")
        try terminal.enter(name, "open 1")
        try terminal.wait(name, "the open task") { $0.contains { $0.hasPrefix("Task 1") } }
        try terminal.type(name, "follow ta")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the list to complete") { $0.last == "strata> follow tags" }
        try terminal.send(name, "C-u")
        #expect(try terminal.leave(name) == 0)
    }

    /// Issue 16, defect 1: with no `~/.local/state/strata`, its folders were made relative to the current directory
    /// (`./root/.local/state/strata`) and nothing was recalled after a restart.
    @Test(.enabled(if: tmux != nil)) func historyGoesToAFreshHomeAndNothingIntoTheCurrentDirectory() throws {
        let (terminal, db) = try Terminal.withTasks()
        let home = terminal.workspace.file("home")
        let here = terminal.workspace.file("here")
        for folder in [home, here] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) }
        let environment = ["-u", "STRATA_HISTORY", "-u", "XDG_STATE_HOME", "HOME=" + home]
        let first = try terminal.start([db], environment: environment, directory: here)
        try terminal.enter(first, "Tag")
        try terminal.wait(first, "the Tag page") { $0.contains { $0.contains("Tag · page 1") } }
        #expect(try terminal.leave(first) == 0)
        let second = try terminal.start([db], environment: environment, directory: here)
        try terminal.enter(second, "TaskList")
        try terminal.wait(second, "the TaskList page") { $0.contains { $0.contains("TaskList · page 1") } }
        #expect(try terminal.leave(second) == 0)
        let history = home + "/.local/state/strata/history"
        let lines = try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("_HiStOrY") }
        #expect(lines == ["Tag", "TaskList"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: here).isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: history)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: home + "/.local/state/strata")
        #expect((folder[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
    }

    /// A history file that cannot be made: one warning, and the browser goes on.
    @Test(.enabled(if: tmux != nil)) func anUnwritableHistorySaysSoOnceAndGoesOn() throws {
        let (terminal, db) = try Terminal.withTasks()
        let blocker = terminal.workspace.file("blocker")
        try "a file, not a folder".write(toFile: blocker, atomically: true, encoding: .utf8)
        let first = try terminal.start([db], environment: ["STRATA_HISTORY=" + blocker + "/history"])
        // The line is longer than the terminal: read it across its wrapped lines.
        let screen = try terminal.screen(first).joined()
        #expect(screen.components(separatedBy: "strata: warning: no history is kept: cannot open \(blocker)/history: not a directory").count == 2,
                "\(screen)")
        try terminal.enter(first, "Tag")
        try terminal.wait(first, "the Tag page") { $0.contains { $0.contains("Tag · page 1") } }
        #expect(try terminal.leave(first) == 0)
    }

    @Test(.enabled(if: tmux != nil)) func ctrlCStopsAStatementAndClearsTheLine() throws {
        let (terminal, db) = try Terminal.withTasks()
        let before = try terminal.workspace.fingerprint("app.sqlite")
        let name = try terminal.start([db])
        // A statement that never ends on its own.
        try terminal.enter(name, "sql WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
        // Running: readline has taken the line (the cursor went below it) and no prompt came back. On a busy
        // machine a fixed pause could send Ctrl-C while the line was still being typed.
        try terminal.wait(name, "the statement to run") { screen in
            screen.last?.hasPrefix("strata> sql WITH") == true && terminal.cursorRow(name) >= screen.count
        }
        Thread.sleep(forTimeInterval: 0.3)
        try terminal.send(name, "C-c")
        try terminal.wait(name, "the statement to stop") { screen in
            screen.contains("error: interrupted") && screen.last == "strata>"
        }
        // At the prompt, Ctrl-C drops the line typed so far; the session goes on.
        try terminal.typeAndShow(name, "half a line")
        try terminal.send(name, "C-c")
        try terminal.wait(name, "a fresh prompt") { $0.last == "strata>" && $0.dropLast().last?.contains("half a line") == true }
        try terminal.enter(name, "count")
        try terminal.wait(name, "the session to go on") { $0.contains("error: no result yet: type a class name or a query") }
        try terminal.enter(name, "TaskList")
        try terminal.wait(name, "a page") { $0.contains { $0.hasPrefix("TaskList · page 1") } }
        // Errors shown at a terminal do not make the session fail: only a script's status reports them.
        #expect(try terminal.leave(name) == 0)
        let after = try terminal.workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
    }

    /// Ctrl-D right after a Ctrl-C at the prompt leaves at once (with GNU readline it was taken for the Ctrl-C that
    /// libedit ends the line with, and ignored).
    @Test(.enabled(if: tmux != nil)) func ctrlDAfterCtrlCLeaves() throws {
        let (terminal, db) = try Terminal.withTasks()
        let name = try terminal.start([db])
        try terminal.typeAndShow(name, "half a line")
        try terminal.send(name, "C-c")
        try terminal.wait(name, "a fresh prompt") { $0.last == "strata>" && $0.dropLast().last?.contains("half a line") == true }
        #expect(try terminal.leave(name) == 0)
    }

    @Test(.enabled(if: tmux != nil)) func deleteAtATerminalSaysWhatCascadesAndAsks() throws {
        let (terminal, db) = try Terminal.withTasks()
        let before = try terminal.workspace.fingerprint("app.sqlite")
        let name = try terminal.start(["--write", db])
        try terminal.enter(name, "delete TaskList 1")
        try terminal.wait(name, "the question") { $0.last == "delete TaskList 1 (which removes 2 entries from Task.tags lists, deletes 2 Task objects)? [y/N]" }
        try terminal.enter(name, "n")
        try terminal.wait(name, "the refusal") { $0.contains("nothing deleted") && $0.last == "strata>" }
        let declined = try terminal.workspace.fingerprint("app.sqlite")
        #expect(declined.0 == before.0 && declined.1 == before.1)
        try terminal.enter(name, "delete TaskList 1")
        try terminal.wait(name, "the question again") { $0.last?.hasSuffix("[y/N]") == true }
        try terminal.enter(name, "y")
        try terminal.wait(name, "the delete") { $0.contains("deleted TaskList 1 (which removes 2 entries from Task.tags lists, deletes 2 Task objects)") && $0.last == "strata>" }
        try terminal.enter(name, "undo")
        try terminal.wait(name, "the undo") { $0.contains("undid delete TaskList 1") && $0.last == "strata>" }
        #expect(try terminal.leave(name) == 0)

        // The command line asks the same question at a terminal.
        let command = [StrataProcess.binary, "delete", db, "TaskList", "1"].map(Terminal.quoted).joined(separator: " ") + "; echo \"[exit $?]\""
        try terminal.tmux(["new-session", "-d", "-s", "cli", "-x", "100", "-y", "30", command])
        try terminal.wait("cli", "the command line's question") { $0.last?.hasSuffix("[y/N]") == true }
        try terminal.enter("cli", "y")
        #expect(try terminal.exitStatus("cli") == 0)
        #expect(try terminal.screen("cli").contains { $0.hasPrefix("deleted TaskList 1") })
    }
}
