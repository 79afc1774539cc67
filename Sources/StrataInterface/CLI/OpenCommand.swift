import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender
import StrataDemo
import RealmConvert

/// `strata FILE`, `strata open FILE` and `strata` alone: the interactive browser.
struct OpenCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let maxBlob = parsed.maxBlobBytes()
        let session: DatabaseSession
        var intro: String
        let interactive = Platform.isTerminal(0)
        var overviewShown = false
        if let file = parsed.argument(Arguments.file) {
            // A .realm file is read through a SQLite copy, which takes seconds for a large one: its overview, read
            // from the file's own tables, shows first, and the file opened for it is the one converted.
            var realm: RealmConverter?
            // An encrypted .realm without its key: at a terminal, asked for, without echo (never on the command line).
            if interactive, !DatabaseFile.isRealmFile(file), RealmConversionFile.isRealm(file), try parsed.realmKey() == nil {
                try RealmKeyPrompt.ask(for: file)
            }
            if interactive && !parsed.flag(Options.write) && RealmConversionFile.isRealm(file) {
                // A file that cannot be read is said now, as the conversion below would say it.
                let converter = try RealmConversionFile.open(file, oldDateTimes: parsed.realmDates(), key: try parsed.realmKey())
                context.stdout.write(RealmOverview.text(converter, file: file, maxWidth: context.terminalWidth, style: parsed.style(context)))
                context.stdout.flush()
                overviewShown = true
                realm = converter
            }
            // With --write the file is about to be opened for writing: a hot journal is rolled back first.
            session = try DatabaseSession(parsed, context: context, recovering: parsed.flag(Options.write), reportsTableProblems: true,
                                          realm: realm)
            intro = ""
        } else {
            let connection = try Connection(path: ":memory:", mode: .memory)
            let generator = DemoGenerator(seed: Platform.randomSeed(), nowMilliseconds: Platform.nowMilliseconds())
            try connection.transaction { try generator.write(into: connection) }
            var reader = SchemaReader(connection: connection)
            session = try DatabaseSession(connection: connection, schema: try reader.read(), path: "the demo database",
                                          timeout: parsed.timeoutMilliseconds())
            intro = "Strata \(Version.number): Realm Browser's demo database, in memory (strata demo FILE writes it to a file)\n"
        }
        let schema = session.schema
        let style = parsed.style(context)
        let completer = Completer(schema: schema, commands: REPLCommands.all.map(\.name))
        var reader: LineReader = interactive
            ? ReadlineLineReader(historyPath: HistoryFile.path(environment: Platform.environment), completer: completer,
                                 warn: { context.stderr.write("strata: warning: \($0)\n") })
            : ScriptLineReader()
        // At a terminal, a command that runs over a second says so; whatever it prints (or asks) erases that line first.
        let slowStatus = interactive && context.stdoutIsTerminal && context.stderrIsTerminal ? SlowStatusLine() : nil
        if let slowStatus { reader = StatusErasingReader(base: reader, status: slowStatus) }
        // Asked again for each result, so that a resized terminal gets pages that fit it.
        let onTerminal = context.stdoutIsTerminal
        func pageSize() -> Int {
            (onTerminal ? Platform.terminalHeight(1) : nil).map { max(5, $0 - 6) } ?? 20
        }
        // Only results go to a stdout that is a file or a pipe; headings, notes and echoes go to stderr.
        let out = slowStatus?.erasingBefore(context.stdout) ?? context.stdout
        let err = slowStatus?.erasingBefore(context.stderr) ?? context.stderr
        let repl = REPL(session: session, reader: reader, out: out, err: err, status: context.stdoutIsTerminal ? nil : err,
                        style: interactive ? style : Style(isEnabled: false),
                        terminalWidth: { context.stdoutIsTerminal ? Platform.terminalWidth(1) : context.terminalWidth },
                        pageSize: pageSize())
        repl.maxBlobBytes = maxBlob
        repl.slowStatus = slowStatus
        repl.completion = completer.context
        if parsed.flag(Options.write) { try repl.enableWriting(announce: false) }
        // A script gets no overview: its output is only what its commands print.
        if !interactive {
            intro = ""
        } else {
            if !overviewShown {
                let overview = Overview(connection: session.connection, schema: schema)
                intro += try overview.text(file: parsed.argument(Arguments.file) ?? session.path, budget: 0.08, maxWidth: context.terminalWidth, style: style)
            }
            if parsed.flag(Options.write) { intro += "\nWriting is on: each edit (set, new, delete, list, update) is committed at once; undo takes it back.\n" }
            intro += "\nType a class name to browse it, a query such as '\(schema.visibleClasses.first.map { QueryParser.quotedName($0.name) } ?? "Class") where …', or help.\n"
        }
        let status = repl.run(banner: intro)
        if status != .success { throw StrataError("", status: status) }
    }
}

/// A line reader that erases the slow-command line before it prompts (`delete` asking at a terminal).
private final class StatusErasingReader: LineReader {
    let base: LineReader
    let status: SlowStatusLine

    init(base: LineReader, status: SlowStatusLine) {
        self.base = base
        self.status = status
    }

    var isInteractive: Bool { base.isInteractive }

    func readLine(prompt: String) -> String? {
        status.outputBegins()
        return base.readLine(prompt: prompt)
    }

    func remember(_ line: String) { base.remember(line) }
}
