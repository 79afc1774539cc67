import Foundation
import SQLiteKit
import Testing

/// `strata completion`: the scripts, driven in bash, zsh and fish as each shell calls them, and
/// `strata completion classes`, which they run for class names.
@Suite struct CompletionTests {
    // MARK: - The command

    @Test func printsAScriptForEachShell() throws {
        for (shell, start) in [("bash", "# bash completion for strata"), ("zsh", "#compdef strata"), ("fish", "# fish completion for strata")] {
            let result = try StrataProcess.run(["completion", shell])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix(start), "\(shell)")
            #expect(result.stderr.isEmpty)
        }
    }

    @Test(arguments: [["completion"], ["completion", "tcsh"], ["completion", "classes"], ["completion", "bash", "extra"],
                      ["completion", "bash", "--shout"]])
    func usageErrors(_ arguments: [String]) throws {
        let result = try StrataProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("strata: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    @Test func helpDescribesIt() throws {
        let result = try StrataProcess.run(["help", "completion"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("strata completion SHELL [FILE]"))
        #expect(result.stdout.contains("completion classes FILE"))
    }

    @Test func classesPrintsTheNamesOneALine() throws {
        let workspace = try Workspace()
        #expect(try StrataProcess.run(["demo", workspace.file("demo.sqlite"), "--rows", "3"]).status == 0)
        let demo = try StrataProcess.run(["completion", "classes", workspace.file("demo.sqlite")])
        #expect(demo.status == 0)
        #expect(demo.stdout == "RealmTestClass0\nRealmTestClass1\nRealmTestClass2\n")
        #expect(demo.stderr.isEmpty)

        // As strata classes lists them: list tables and internal tables left out, views in.
        let tasks = try workspace.database("tasks.sqlite", Workspace.tasks)
        let listed = try StrataProcess.run(["classes", tasks, "--format", "json"]).stdout
        let names = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(try StrataProcess.run(["completion", "classes", tasks]).stdout == names.map { $0 + "\n" }.joined())

        // A .realm file, read as every read command reads one.
        let realm = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Realm/Files/all-types.realm").path
        let realmListed = try StrataProcess.run(["classes", realm, "--format", "json"]).stdout
        let realmNames = try #require(try JSONSerialization.jsonObject(with: Data(realmListed.utf8)) as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(!realmNames.isEmpty)
        #expect(try StrataProcess.run(["completion", "classes", realm]).stdout == realmNames.map { $0 + "\n" }.joined())
    }

    @Test func namesThatWouldBreakALineAreLeftOut() throws {
        let workspace = try Workspace()
        let file = try workspace.database("odd.sqlite", """
            CREATE TABLE "two
            lines" (x); CREATE TABLE "cr\r\nlf" (x); CREATE TABLE "a\ttab" (x); CREATE TABLE "it's ""quoted"" $HOME" (x); CREATE TABLE "$(touch pwned)" (x);
            """)
        let result = try StrataProcess.run(["completion", "classes", file])
        #expect(result.status == 0)
        #expect(result.stdout == "$(touch pwned)\nit's \"quoted\" $HOME\n")
        #expect(!FileManager.default.fileExists(atPath: workspace.file("pwned")))
    }

    /// A completion must never print into the user's line: any failure is silent, with status 1.
    @Test func classesOfWhatCannotBeReadPrintsNothing() throws {
        let workspace = try Workspace()
        #expect(FileManager.default.createFile(atPath: workspace.file("text.sqlite"), contents: Data("not a database, just some text here".utf8)))
        try FileManager.default.createDirectory(atPath: workspace.file("folder"), withIntermediateDirectories: false)
        #expect(mkfifo(workspace.file("fifo.sqlite"), 0o600) == 0)
        for name in ["missing.sqlite", "text.sqlite", "folder", "fifo.sqlite"] {
            let started = Date()
            let result = try StrataProcess.run(["completion", "classes", workspace.file(name)])
            #expect(result.status == 1, "\(name)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(name): \(result.stdout)\(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 5, "\(name)")
        }
    }

    @Test func classesOfALockedFileGiveUpQuickly() throws {
        let workspace = try Workspace()
        let path = try workspace.database("locked.sqlite", "CREATE TABLE Task (id INTEGER PRIMARY KEY); INSERT INTO Task VALUES (1);")
        let writer = try Connection(path: path, mode: .readWrite)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO Task VALUES (2);")
        defer { try? writer.execute("ROLLBACK") }
        let started = Date()
        let result = try StrataProcess.run(["completion", "classes", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(Date().timeIntervalSince(started) < 4)
    }

    // MARK: - bash

    /// A workspace with the demo database, a class named with a space, quotes and a `$`, a folder and a file
    /// whose name has a space.
    static func completionWorkspace() throws -> Workspace {
        let workspace = try Workspace()
        #expect(try StrataProcess.run(["demo", workspace.file("demo.sqlite"), "--rows", "2"]).status == 0)
        try workspace.database("my db.sqlite", #"CREATE TABLE "My ""Quoted"" Class $HOME" (x); CREATE TABLE "$(touch pwned)" (x); CREATE TABLE Plain (x);"#)
        try FileManager.default.createDirectory(atPath: workspace.file("Migrations"), withIntermediateDirectories: false)
        return workspace
    }

    /// Calls the bash script's function as bash would for `words` (the last is the word being completed),
    /// and returns COMPREPLY.
    static func bashCompletions(_ words: [String], in workspace: Workspace) throws -> [String] {
        let script = workspace.file("strata.bash")
        if !FileManager.default.fileExists(atPath: script) {
            try StrataProcess.run(["completion", "bash"]).stdout.write(toFile: script, atomically: true, encoding: .utf8)
        }
        let driver = """
            source "$1" || exit 9
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            _strata strata "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try Shell.run("bash", ["--norc", "--noprofile", "-c", driver, "bash", script] + words, in: workspace.path)
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let workspace = try Self.completionWorkspace()
        let commands = try Self.bashCompletions(["strata", ""], in: workspace)
        for command in ["classes", "schema", "query", "migrate", "completion", "help", "open"] { #expect(commands.contains(command)) }
        #expect(!commands.contains("migrate-status"))
        #expect(try Self.bashCompletions(["strata", "sch"], in: workspace) == ["schema"])
        // A word that is no command: a file, for the browser.
        #expect(try Self.bashCompletions(["strata", "dem"], in: workspace) == ["demo"])
        #expect(try Self.bashCompletions(["strata", "demo."], in: workspace) == ["demo.sqlite"])
        #expect(try Self.bashCompletions(["strata", "my"], in: workspace) == ["my db.sqlite"])

        let options = try Self.bashCompletions(["strata", "query", "demo.sqlite", "--"], in: workspace)
        for option in ["--format", "--arg", "--explain", "--width", "--timeout", "--help"] { #expect(options.contains(option)) }
        #expect(!options.contains("--write") && !options.contains("--all"))
        #expect(try Self.bashCompletions(["strata", "schema", "demo.sqlite", "-"], in: workspace).contains("-f"))

        #expect(try Self.bashCompletions(["strata", "query", "demo.sqlite", "--format", ""], in: workspace)
                == ["table", "vertical", "json", "ndjson", "csv", "markdown"])
        #expect(try Self.bashCompletions(["strata", "classes", "demo.sqlite", "-f", "j"], in: workspace) == ["json"])
        // bash splits --format=value at the =.
        #expect(try Self.bashCompletions(["strata", "classes", "demo.sqlite", "--format", "="], in: workspace) == ["table", "json"])
        #expect(try Self.bashCompletions(["strata", "query", "demo.sqlite", "--format", "=", "nd"], in: workspace) == ["ndjson"])
        // After an option's value, the arguments go on where they were.
        #expect(try Self.bashCompletions(["strata", "schema", "--format", "json", "demo.sqlite", "RealmTestClass2"], in: workspace)
                == ["RealmTestClass2"])

        #expect(try Self.bashCompletions(["strata", "migrate", ""], in: workspace).starts(with: ["status", "plan", "validate", "baseline", "new", "lint"]))
        #expect(try Self.bashCompletions(["strata", "migrate", "status", "demo.sqlite", "--j"], in: workspace) == ["--jobs", "--json"])
        #expect(try Self.bashCompletions(["strata", "migrate", "demo.sqlite", "--dir", ""], in: workspace) == ["Migrations"])
        #expect(try Self.bashCompletions(["strata", "migrate", "lint", "M"], in: workspace) == ["Migrations"])
        #expect(try Self.bashCompletions(["strata", "completion", ""], in: workspace) == ["bash", "zsh", "fish", "classes"])
        #expect(try Self.bashCompletions(["strata", "help", "migrate", "l"], in: workspace) == ["lint"])
        #expect(try Self.bashCompletions(["strata", "update", "demo.sqlite", "RealmTestClass0 where integerValue > 3", ""], in: workspace) == ["set"])
        // Free text: nothing, and never files.
        #expect(try Self.bashCompletions(["strata", "get", "demo.sqlite", "RealmTestClass0", ""], in: workspace).isEmpty)
        #expect(try Self.bashCompletions(["strata", "query", "demo.sqlite", "--arg", ""], in: workspace).isEmpty)
    }

    @Test func bashCompletesClassNamesOfTheFileOnTheLine() throws {
        let workspace = try Self.completionWorkspace()
        let demoClasses = ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"]
        #expect(try Self.bashCompletions(["strata", "schema", "demo.sqlite", ""], in: workspace) == demoClasses)
        #expect(try Self.bashCompletions(["strata", "get", "demo.sqlite", "RealmTestClass1"], in: workspace) == ["RealmTestClass1"])
        #expect(try Self.bashCompletions(["strata", "demo.sqlite", "--write", "--timeout", "1", ""], in: workspace).isEmpty)
        // The class word at the start of a query; nothing once the query goes on.
        #expect(try Self.bashCompletions(["strata", "query", "demo.sqlite", "Realm"], in: workspace) == demoClasses)
        #expect(try Self.bashCompletions(["strata", "query", "demo.sqlite", "'RealmTestClass0 where"], in: workspace).isEmpty)
        // A file named as the user typed it, quoted or escaped.
        for file in ["my\\ db.sqlite", "'my db.sqlite'", "\"my db.sqlite\"", "./my\\ db.sqlite"] {
            #expect(try Self.bashCompletions(["strata", "schema", file, "P"], in: workspace) == ["Plain"], "\(file)")
        }
        // A file that cannot be read: nothing, and no message.
        #expect(try Self.bashCompletions(["strata", "schema", "missing.sqlite", ""], in: workspace).isEmpty)
    }

    /// A class named with a space, quotes and `$` completes to a word the shell reads back as that name,
    /// and nothing in a name is ever run.
    @Test func bashQuotesClassNames() throws {
        let workspace = try Self.completionWorkspace()
        let quotedName = #"My "Quoted" Class $HOME"#
        let replies = try Self.bashCompletions(["strata", "schema", "my db.sqlite", "M"], in: workspace)
        #expect(replies.count == 1)
        let reply = try #require(replies.first)
        #expect(reply != quotedName)
        // What bash inserts, read back by bash as a word, is the name.
        let read = try Shell.run("bash", ["--norc", "--noprofile", "-c", #"eval "words=($1)"; printf '%s' "${words[0]}""#, "bash", reply], in: workspace.path)
        #expect(read.stdout == quotedName)
        let all = try Self.bashCompletions(["strata", "schema", "my db.sqlite", ""], in: workspace)
        #expect(all.count == 3)
        for reply in all {
            _ = try Shell.run("bash", ["--norc", "--noprofile", "-c", #"eval "words=($1)""#, "bash", reply], in: workspace.path)
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.file("pwned")))
        // Inside a quote the user opened, the name is written for that quote (bash closes it).
        #expect(try Self.bashCompletions(["strata", "schema", "my db.sqlite", "'My"], in: workspace) == [#"My "Quoted" Class $HOME"#])
        #expect(try Self.bashCompletions(["strata", "schema", "my db.sqlite", "\"My"], in: workspace) == [#"My \"Quoted\" Class \$HOME"#])
        #expect(try Self.bashCompletions(["strata", "schema", "my db.sqlite", "My\\ \\\"Q"], in: workspace) == [reply])
    }

    // MARK: - zsh and fish

    /// The zsh script's function run by zsh, with the completion system's builtins (compadd, _describe,
    /// _files, compset) replaced by ones that print what they were given: zsh's own line editor cannot run
    /// without a terminal, so this checks what the script offers, not how zsh shows it.
    static func zshOffers(_ words: [String], in workspace: Workspace) throws -> [String]? {
        guard Shell.find("zsh") != nil else {
            #expect(ProcessInfo.processInfo.environment["STRATA_REQUIRE_SHELLS"] != "1", "zsh is not on PATH")
            return nil
        }
        let script = workspace.file("_strata")
        if !FileManager.default.fileExists(atPath: script) {
            try StrataProcess.run(["completion", "zsh"]).stdout.write(toFile: script, atomically: true, encoding: .utf8)
        }
        let driver = """
            compdef() { : }
            compadd() { [[ $1 == -a ]] && print -rl -- "${(@P)2}" }
            _describe() { local name=${@[-1]} entry; for entry in "${(@P)name}"; do print -r -- "${entry%%:*}"; done }
            _files() { if [[ $1 == -/ ]]; then print -r -- '<directories>'; else print -r -- '<files>'; fi }
            compset() { : }
            source $1 || exit 9
            shift
            words=("$@")
            CURRENT=$#
            PREFIX=${words[CURRENT]}
            _strata
            """
        let output = try Shell.run("zsh", ["-f", "-c", driver, "zsh", script] + words, in: workspace.path)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init)
    }

    @Test func zshOffersWhatTheTableSays() throws {
        let workspace = try Self.completionWorkspace()
        guard let commands = try Self.zshOffers(["strata", ""], in: workspace) else { return }
        for command in ["classes", "schema", "query", "migrate", "completion", "help"] { #expect(commands.contains(command)) }
        let options = try #require(try Self.zshOffers(["strata", "query", "demo.sqlite", "--"], in: workspace))
        for option in ["--format", "-f", "--arg", "--explain", "--help"] { #expect(options.contains(option)) }
        #expect(try Self.zshOffers(["strata", "query", "demo.sqlite", "--format", ""], in: workspace)
                == ["table", "vertical", "json", "ndjson", "csv", "markdown"])
        #expect(try Self.zshOffers(["strata", "classes", "demo.sqlite", "--format=j"], in: workspace) == ["table", "json"])
        #expect(try Self.zshOffers(["strata", "schema", "demo.sqlite", ""], in: workspace) == ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"])
        #expect(try Self.zshOffers(["strata", "schema", "'my db.sqlite'", ""], in: workspace) == ["$(touch pwned)", #"My "Quoted" Class $HOME"#, "Plain"])
        #expect(try Self.zshOffers(["strata", "migrate", "--dir", ""], in: workspace) == ["<directories>"])
        #expect(try Self.zshOffers(["strata", "classes", ""], in: workspace) == ["<files>"])
        #expect(try Self.zshOffers(["strata", "migrate", ""], in: workspace) == ["status", "plan", "validate", "baseline", "new", "lint", "<files>"])
        #expect(!FileManager.default.fileExists(atPath: workspace.file("pwned")))
    }

    /// fish completes a real command line (`complete -C`), as it does at the prompt.
    static func fishCompletions(_ line: String, in workspace: Workspace) throws -> [String]? {
        guard Shell.find("fish") != nil else {
            #expect(ProcessInfo.processInfo.environment["STRATA_REQUIRE_SHELLS"] != "1", "fish is not on PATH")
            return nil
        }
        let script = workspace.file("strata.fish")
        if !FileManager.default.fileExists(atPath: script) {
            try StrataProcess.run(["completion", "fish"]).stdout.write(toFile: script, atomically: true, encoding: .utf8)
        }
        let output = try Shell.run("fish", ["--no-config", "-c", "source $argv[1]; or exit 9; complete -C $argv[2]", script, line], in: workspace.path)
        #expect(output.status == 0 && output.stderr.isEmpty, "\(output.stderr)")
        // Each line is a completion, then a tab and its description.
        return output.stdout.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
    }

    @Test func fishCompletesARealLine() throws {
        let workspace = try Self.completionWorkspace()
        guard let schema = try Self.fishCompletions("strata sch", in: workspace) else { return }
        #expect(schema == ["schema"])
        let options = try #require(try Self.fishCompletions("strata query demo.sqlite --", in: workspace))
        for option in ["--format", "--arg", "--explain", "--help"] { #expect(options.contains(option)) }
        #expect(try Self.fishCompletions("strata query demo.sqlite --format ", in: workspace)?.sorted()
                == ["csv", "json", "markdown", "ndjson", "table", "vertical"])
        #expect(try Self.fishCompletions("strata classes demo.sqlite --format=j", in: workspace) == ["--format=json"])
        #expect(try Self.fishCompletions("strata schema demo.sqlite ", in: workspace) == ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"])
        #expect(try Self.fishCompletions("strata schema 'my db.sqlite' My", in: workspace) == [#"My "Quoted" Class $HOME"#])
        #expect(try Self.fishCompletions("strata migrate lint Mi", in: workspace) == ["Migrations/"])
        #expect(try Self.fishCompletions("strata classes my", in: workspace) == ["my db.sqlite"])
        #expect(!FileManager.default.fileExists(atPath: workspace.file("pwned")))
    }

    // MARK: - At a real prompt

    /// Each shell at a prompt in a pseudo-terminal (tmux), its script loaded as an installed one would be (zsh:
    /// autoloaded from $fpath by compinit), completing what a person types and presses Tab after.
    @Test(arguments: PromptShell.allCases)
    func completesAtARealPrompt(_ shell: PromptShell) throws {
        guard let tmux = TerminalTests.tmux, Shell.find(shell.rawValue) != nil else {
            #expect(!TerminalTests.required && ProcessInfo.processInfo.environment["STRATA_REQUIRE_SHELLS"] != "1",
                    "tmux or \(shell.rawValue) is not installed")
            return
        }
        let workspace = try Self.completionWorkspace()
        try Tmux.configure(workspace)
        defer { _ = try? Tmux.run(tmux, ["kill-server"], in: workspace) }
        let script = try StrataProcess.run(["completion", shell.rawValue]).stdout
        let binaries = URL(fileURLWithPath: StrataProcess.binary).deletingLastPathComponent().path
        let start: String
        let prompt: String
        switch shell {
        case .bash:
            try script.write(toFile: workspace.file("strata.bash"), atomically: true, encoding: .utf8)
            try "PS1='$ '\nsource \(Tmux.quoted(workspace.file("strata.bash")))\n".write(toFile: workspace.file("bashrc"), atomically: true, encoding: .utf8)
            (start, prompt) = ("bash --rcfile \(Tmux.quoted(workspace.file("bashrc"))) -i", "$")
        case .zsh:
            try FileManager.default.createDirectory(atPath: workspace.file("functions"), withIntermediateDirectories: false)
            try script.write(toFile: workspace.file("functions/_strata"), atomically: true, encoding: .utf8)
            try "PS1='%% '\nfpath=(\(Tmux.quoted(workspace.file("functions"))) $fpath)\nautoload -U compinit\ncompinit -u -D\n"
                .write(toFile: workspace.file(".zshrc"), atomically: true, encoding: .utf8)
            (start, prompt) = ("ZDOTDIR=\(Tmux.quoted(workspace.path)) zsh -i", "%")
        case .fish:
            try script.write(toFile: workspace.file("strata.fish"), atomically: true, encoding: .utf8)
            let setup = "source \(Tmux.quoted(workspace.file("strata.fish"))); function fish_prompt; echo '> '; end"
            (start, prompt) = ("fish --no-config -i -C \(Tmux.quoted(setup))", ">")
        }
        let command = "cd \(Tmux.quoted(workspace.path)) && env HOME=\(Tmux.quoted(workspace.path)) PATH=\(Tmux.quoted(binaries)):\"$PATH\" TERM=xterm-256color " + start
        _ = try Tmux.run(tmux, ["new-session", "-d", "-s", "c", "-x", "120", "-y", "30", command], in: workspace)
        func screen() throws -> [String] { Tmux.lines(try Tmux.run(tmux, ["capture-pane", "-p", "-t", "c"], in: workspace)) }
        func waitFor(_ line: String) throws {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                if try screen().last == line { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Issue.record("\(shell.rawValue): expected the line '\(line)'; the screen shows:\n\(try screen().joined(separator: "\n"))")
        }
        try waitFor(prompt)
        for (typed, completed) in [("strata sch", "strata schema"),
                                   ("strata query demo.sqlite --format=nd", "strata query demo.sqlite --format=ndjson"),
                                   ("strata schema my\\ db.sqlite My", #"strata schema my\ db.sqlite My\ \"Quoted\"\ Class\ \$HOME"#),
                                   ("strata migrate --dir Mig", "strata migrate --dir Migrations/")] {
            _ = try Tmux.run(tmux, ["send-keys", "-t", "c", "-l", typed], in: workspace)
            _ = try Tmux.run(tmux, ["send-keys", "-t", "c", "Tab"], in: workspace)
            try waitFor(prompt + " " + completed)
            _ = try Tmux.run(tmux, ["send-keys", "-t", "c", "C-u"], in: workspace)
            try waitFor(prompt)
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.file("pwned")))
    }
}

/// The shells there are completion scripts for.
enum PromptShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// Runs programs (shells, mandoc, example lines) for the completion, install and manual tests, in a folder that is
/// also their HOME, with the built strata first on PATH.
enum Shell {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `program` on PATH, or nil.
    static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ program: String, _ arguments: [String], in directory: String, environment: [String: String] = [:],
                    input: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: find(program) ?? program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        let binaries = URL(fileURLWithPath: StrataProcess.binary).deletingLastPathComponent().path
        env["PATH"] = binaries + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["HOME"] = directory
        env["XDG_CONFIG_HOME"] = directory + "/.config"
        env["XDG_DATA_HOME"] = directory + "/.local/share"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let feed = input.map { _ in Pipe() }
        process.standardInput = feed ?? FileHandle.nullDevice
        try process.run()
        if let feed, let input {
            // Written beside the reads of finish(_:_:_:), so that a large input and output cannot block each other.
            DispatchQueue.global().async {
                feed.fileHandleForWriting.write(Data(input.utf8))
                try? feed.fileHandleForWriting.close()
            }
        }
        let result = StrataProcess.finish(process, out, err)
        return Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
