import SQLiteKit

/// `strata FILE`, `strata open FILE` and `strata` alone: the interactive browser.
struct OpenCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let connection: Connection
        let schema: Schema
        let banner: String
        let path: String
        if let file = parsed.arguments["FILE"] {
            let session = try DatabaseSession(parsed, context: context)
            (connection, schema, path) = (session.connection, session.schema, file)
            let version = try connection.scalar("PRAGMA user_version").int64 ?? 0
            banner = "\(file) · SQLite \(Connection.sqliteVersion) · schema version \(version)\n"
        } else {
            connection = try Connection(path: ":memory:", mode: .memory)
            let generator = DemoGenerator(seed: Platform.randomSeed(), nowMilliseconds: Platform.nowMilliseconds())
            try connection.transaction { try generator.write(into: connection) }
            var reader = SchemaReader(connection: connection)
            schema = try reader.read()
            path = "the demo database"
            banner = "Strata \(Version.number): Realm Browser's demo database, in memory (strata demo FILE writes it to a file)\n"
        }
        let interactive = Platform.isTerminal(0)
        let style = parsed.style(context)
        let completer = Completer(schema: schema, commands: REPLCommands.all.map(\.name))
        let reader: LineReader = interactive
            ? ReadlineLineReader(historyPath: HistoryFile.path(environment: Platform.environment), completer: completer)
            : ScriptLineReader()
        let height = context.stdoutIsTerminal ? Platform.terminalHeight(1) : nil
        let repl = try REPL(connection: connection, schema: schema, path: path, reader: reader, out: context.stdout,
                            err: context.stderr, style: interactive ? style : Style(isEnabled: false),
                            terminalWidth: { context.stdoutIsTerminal ? Platform.terminalWidth(1) : context.terminalWidth },
                            pageSize: height.map { max(5, $0 - 6) } ?? 20)
        // A script gets no banner: its output is only what its commands print.
        var intro = interactive ? banner : ""
        if interactive {
            let session = try DatabaseSession(connection: connection, schema: schema, name: path)
            let sink = StringSink()
            let inner = CLIContext(stdout: sink, stderr: context.stderr, terminalWidth: context.terminalWidth, colorAllowed: style.isEnabled)
            try ClassesCommand(parsed: ParsedArguments(command: Commands.classes), context: inner).show(session)
            intro += "\n" + sink.text + "\nType a class name to browse it, a query such as '\(schema.visibleClasses.first?.name ?? "Class") where …', or help.\n"
        }
        let status = repl.run(banner: intro)
        if status != .success { throw StrataError("", status: status) }
    }
}
