import Foundation
import SQLiteKit
import StrataCore
import Testing
@testable import StrataInterface

/// The completion scripts are generated from the command table: every command, subcommand, option and
/// option value is in each of them, a command added to the table appears with no other change, and each
/// shell accepts its script.
@Suite struct CompletionScriptTests {
    static func script(_ shell: CompletionScript.Shell, table: CompletionTable = .strata) -> String {
        CompletionScript(table: table, shell: shell).text
    }

    @Test(arguments: CompletionScript.Shell.allCases)
    func everyCommandSubcommandOptionAndValueIsInTheScript(_ shell: CompletionScript.Shell) {
        let text = Self.script(shell)
        for command in Commands.all {
            // `migrate-lint` is typed `migrate lint`: each word is in the script.
            for word in command.displayName.split(separator: " ") {
                #expect(text.contains(String(word)), "\(shell): no \(word)")
            }
            #expect(text.contains(command.name), "\(shell): no \(command.name)")
            // The command's own list of options holds each of them, long and short.
            let spellings = command.options.flatMap { ["--" + $0.name] + ($0.short.map { ["-" + String($0)] } ?? []) }
            let list = Self.optionList(of: command.name, in: text, shell: shell)
            #expect(!list.isEmpty, "\(shell): no option list for \(command.name)")
            let words = Set(list.split(whereSeparator: { " ()':".contains($0) }).map(String.init))
            for spelling in spellings { #expect(words.contains(spelling), "\(shell): no \(spelling) for \(command.name)") }
            // Each option with a value says what it is.
            for option in command.options where option.valueName != nil {
                #expect(text.contains("\(command.name):--\(option.name)"), "\(shell): no value of --\(option.name) of \(command.name)")
                for choice in option.choices { #expect(text.contains(choice), "\(shell): no \(choice) for --\(option.name)") }
            }
        }
        for subcommand in Commands.migrateSubcommands { #expect(text.contains(subcommand)) }
        for word in CompletionCommand.topics { #expect(text.contains(word)) }
        for word in CompletionTable.strata.allWords { #expect(text.contains(word), "\(shell): no \(word)") }
    }

    /// The line of a script that lists a command's options.
    static func optionList(of name: String, in text: String, shell: CompletionScript.Shell) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch shell {
        case .bash: return lines.first { $0.hasPrefix("        \(name)) _strata_list=(") } ?? ""
        case .zsh: return lines.first { $0.hasPrefix("        (\(name)) reply=(") } ?? ""
        case .fish:
            guard let index = lines.firstIndex(of: "        case '\(name)'"), index + 1 < lines.count else { return "" }
            return lines[index + 1]
        }
    }

    @Test func theTableReadsWhatEachPlaceHolds() throws {
        let table = CompletionTable.strata
        let schema = try #require(table.command(named: "schema"))
        #expect(schema.arguments == [.files, .classes])
        #expect(schema.fileArgument == 0)
        #expect(schema.options.first { $0.long == "format" }?.values == .words(["table", "json", "mermaid", "dot", "svg"]))
        #expect(schema.options.first { $0.long == "model" }?.values == .files)
        #expect(schema.options.first { $0.long == "all" }.map { $0.values == nil } == true)
        let query = try #require(table.command(named: "query"))
        #expect(query.arguments == [.files, .query])
        #expect(query.options.first { $0.long == "format" }?.values == .words(Commands.outputFormats))
        #expect(query.options.first { $0.long == "arg" }?.values == CompletionTable.Values.none)
        let migrate = try #require(table.command(named: "migrate"))
        #expect(migrate.lastIsVariadic && migrate.argument(at: 5) == .files)
        #expect(migrate.options.first { $0.long == "dir" }?.values == .directories)
        #expect(migrate.options.first { $0.long == "from-list" }?.values == .files)
        #expect(table.command(named: "migrate-lint")?.arguments == [.directories])
        #expect(table.command(named: "migrate-new")?.arguments == [.directories, CompletionTable.Values.none])
        #expect(table.command(named: "get")?.arguments == [.files, .classes, CompletionTable.Values.none])
        #expect(table.command(named: "update")?.argument(at: 2) == .words(["set"]))
        #expect(table.command(named: "completion")?.arguments == [.words(["bash", "zsh", "fish", "classes"]), .files])
        #expect(table.command(named: "help")?.arguments == [.words(table.commandWords.map(\.word)), .words(Commands.migrateSubcommands)])
        #expect(table.commandWords.map(\.word).contains("completion"))
        #expect(!table.commandWords.map(\.word).contains("migrate-lint"))
        #expect(table.subcommandWords.map(\.word) == Commands.migrateSubcommands)
    }

    /// A command and an option that only the table knows reach every script, with their kinds.
    @Test func aNewCommandAppearsWithNoOtherChange() {
        let frob = CommandSpec(
            name: "frobnicate", summary: "frobnicate a file",
            arguments: [ArgumentSpec("FILE", help: "the file"), ArgumentSpec("CLASS", help: "a class")],
            options: [OptionSpec("wibble-dir", short: "W", value: "DIR", help: "where to wibble"),
                      OptionSpec("style", value: "STYLE", choices: ["plain", "fancy"], help: "how")])
        let table = CompletionTable(Commands.all + [frob])
        let bash = Self.script(.bash, table: table)
        #expect(bash.contains("frobnicate:--wibble-dir|frobnicate:-W) REPLY=directories ;;"))
        #expect(bash.contains("frobnicate:--style) REPLY=words; _strata_list=(plain fancy) ;;"))
        #expect(bash.contains("frobnicate:1) REPLY=classes ;;"))
        #expect(bash.contains("frobnicate) REPLY=0 ;;"))
        #expect(bash.contains("commands) _strata_list=(open classes") && bash.contains(" frobnicate)"))
        let zsh = Self.script(.zsh, table: table)
        #expect(zsh.contains("'frobnicate:frobnicate a file'"))
        #expect(zsh.contains("(frobnicate:--wibble-dir|frobnicate:-W) REPLY=directories ;;"))
        let fish = Self.script(.fish, table: table)
        #expect(fish.contains("case 'frobnicate:--wibble-dir' 'frobnicate:-W'\n            printf '%s\\n' directories"))
        #expect(fish.contains("'frobnicate' 'frobnicate a file'"))
        // help's topics are the table's commands.
        #expect(table.commandWords.last?.word == "frobnicate")
        #expect(table.command(named: "help")?.arguments.first == .words(table.commandWords.map(\.word)))
        for shell in CompletionScript.Shell.allCases {
            #expect(!Self.script(shell).contains("frobnicate"))
        }
    }

    @Test func quotingForTheShells() {
        #expect(CompletionScript.shellQuoted("--format") == "--format")
        #expect(CompletionScript.shellQuoted("it's $HOME") == "'it'\\''s $HOME'")
        #expect(CompletionScript.shellQuoted("") == "''")
        #expect(CompletionScript.fishQuoted("a\\b'c") == "'a\\\\b\\'c'")
        #expect(CompletionScript.description("output format: table, json (default table)") == "output format")
        #expect(CompletionScript.description(String(repeating: "word ", count: 30)).count <= 60)
    }

    /// `completion classes` prints names byte for byte to a pipe, for the script to quote, and escaped on a
    /// terminal, as every name strata shows there.
    @Test func classNamesReachATerminalEscaped() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-classes-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let connection = try Connection(path: path, mode: .create)
            try connection.execute("CREATE TABLE \"red\u{1b}[31mtext\" (x); CREATE TABLE Plain (x);")
        }
        let piped = StringSink(), terminal = StringSink(), err = StringSink()
        #expect(CLI(context: CLIContext(stdout: piped, stderr: err)).run(["completion", "classes", path]) == .success)
        #expect(piped.text == "Plain\nred\u{1b}[31mtext\n")
        #expect(CLI(context: CLIContext(stdout: terminal, stderr: err, stdoutIsTerminal: true)).run(["completion", "classes", path]) == .success)
        #expect(terminal.text.hasPrefix("Plain\nred") && !terminal.text.contains("\u{1b}"))
        #expect(err.text.isEmpty)
    }

    // MARK: - The shells accept the scripts

    @Test(arguments: [(CompletionScript.Shell.bash, ["-n"]), (.zsh, ["-n"]), (.fish, ["--no-execute"])])
    func theShellParsesItsScript(_ shell: CompletionScript.Shell, _ check: [String]) throws {
        guard let program = Self.find(shell.rawValue) else {
            let required = ProcessInfo.processInfo.environment["STRATA_REQUIRE_SHELLS"] == "1"
            #expect(!required && shell != .bash, "\(shell.rawValue) is not on PATH")
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strata-completion-\(UUID().uuidString).\(shell.rawValue)")
        try Self.script(shell).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, output) = try Self.run(program, check + [file.path])
        #expect(status == 0, "\(shell.rawValue) \(check.joined(separator: " ")) refused the script: \(output)")
        #expect(output.isEmpty, "\(shell.rawValue): \(output)")
    }

    /// `program` on PATH, or nil.
    static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program; its exit status and what it printed on stdout and stderr together.
    static func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
