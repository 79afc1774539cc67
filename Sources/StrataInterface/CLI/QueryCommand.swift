import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

/// `strata query FILE QUERY`: objects matching a Realm-style query, streamed in any format.
struct QueryCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let session = try DatabaseSession(parsed, context: context)
        let text = parsed.required(Arguments.query)
        let runner = session.runner
        let compiled: CompiledQuery
        do {
            var arguments: [Expression]?
            if let list = parsed.value(Options.args) {
                guard parsed.values(Options.arg).isEmpty else { throw StrataError("give the parameters with --arg or with --args, not both") }
                do {
                    arguments = try QueryParser.parseArguments(list)
                } catch let error as QueryError {
                    throw StrataError("--args \(error.line):\(error.column): \(error.message)")
                }
            }
            compiled = try QueryCompiler.compile(text, schema: session.schema, connection: session.connection,
                                                 parameters: parsed.values(Options.arg), arguments: arguments,
                                                 labelsLinks: [.table, .vertical, .markdown].contains(parsed.format))
        } catch var error as QueryError {
            if QueryError.looksLikeSQL(text, schema: session.schema) {
                error.message += " (this is SQL, not a query: strata sql FILE STATEMENT runs it)"
            }
            throw Self.describe(error, text: text, context: context)
        }
        if parsed.flag(Options.explain) {
            try explain(compiled, runner: runner)
            return
        }
        // SQLite compiles it before anything is written: a query it rejects prints no header, no `[`.
        let statement: Statement
        do {
            statement = try runner.prepare(compiled, text: text)
        } catch let error as QueryError {
            throw Self.describe(error, text: text, context: context)
        } catch {
            throw DatabaseFile.describe(error, path: session.path, timeout: session.timeout)
        }
        try Self.stream(statement, columns: compiled.columns, className: compiled.classInfo.name, session: session,
                        format: parsed.format, style: parsed.style(context),
                        maxWidth: parsed.outputWidth(context, format: parsed.format), context: context)
    }

    /// Streams every row of `statement` to stdout, its columns read as `columns`; Ctrl-C stops the statement,
    /// a closed stdout ends quietly. A table that cannot fit `maxWidth` is written as vertical records. On a
    /// terminal, a statement that runs over a second shows how long until its first row (`SlowStatusLine`).
    ///
    /// - Parameter noun: what a row is, for the count a terminal sees at the end.
    static func stream(_ statement: Statement, columns: [ResultColumn], className: String, session: DatabaseSession,
                       format: OutputFormat, style: Style, maxWidth: Int?, noun: (one: String, many: String) = ("object", "objects"),
                       context: CLIContext) throws
    {
        let status = slowStatus(context)
        let output = context.output(for: format)
        let sink = status?.erasingBefore(output) ?? output
        let writer = ResultWriter(format: format, columns: columns, className: className, sink: sink, style: style, maxWidth: maxWidth)
        writer.verticalWhenTooWide = maxWidth != nil
        // In a pipe or a file, a long value is cut at 80 cells whatever the table's width.
        if !context.stdoutIsTerminal && context.terminalWidth == nil { writer.cellLimit = TextTable.unboundedCellLimit }
        let watcher = InterruptWatcher(session.connection.interruptHandle)
        // Rows going to a file or a pipe while a person watches the terminal: how many so far, and how long.
        let bar = !context.stdoutIsTerminal && context.stderrIsTerminal ? ProgressLine(showsElapsed: true) : nil
        defer { bar?.finish() }
        // The header (a CSV header, JSON's `[`) waits for the first row: a statement that fails at its first step
        // prints nothing but the error.
        var begun = false
        // Into a file or a pipe, a machine format is encoded on the second core while SQLite reads on this one.
        let piped = format.isForMachines && status == nil && !context.stdoutIsTerminal && Platform.processorCount > 1
        var pipe: PipedResultWriter?
        defer { pipe?.finish() }
        do {
            // Erased before the first row (or header) is written.
            status?.begin()
            defer { status?.end() }
            while try statement.step() {
                guard !columns.isEmpty else { continue }
                if !begun {
                    writer.begin()
                    if piped { pipe = PipedResultWriter(writer, sink: sink) }
                }
                begun = true
                if let pipe {
                    pipe.write(statement)
                    if pipe.isClosed { break }
                } else {
                    writer.write(statement)
                    if sink.isClosed { break }
                }
                let count = pipe?.count ?? writer.count
                if let bar, count % 1024 == 0 {
                    bar.update("writing \(Plural.counted(count, noun.one, noun.many)) · Ctrl-C stops it")
                }
            }
        } catch {
            pipe?.finish()
            if watcher.wasInterrupted { throw StrataError.interrupted }
            throw DatabaseFile.describe(error, path: session.path, timeout: session.timeout)
        }
        pipe?.finish()
        if watcher.wasInterrupted { throw StrataError.interrupted }
        guard !columns.isEmpty else { return }
        if !begun { writer.begin() }
        writer.end()
        bar?.finish()
        if writer.repairedInvalidUTF8 { context.stderr.write(ResultWriter.invalidUTF8Warning) }
        if format == .table || format == .vertical, context.stderrIsTerminal, context.stdoutIsTerminal {
            context.stdout.flush()
            context.stderr.write(style.dim("(\(writer.count) \(writer.count == 1 ? noun.one : noun.many))") + "\n")
        }
    }

    /// The line a slow statement shows, when both stdout and stderr are a terminal (never in a pipe or a file).
    static func slowStatus(_ context: CLIContext) -> SlowStatusLine? {
        context.stderrIsTerminal && context.stdoutIsTerminal ? SlowStatusLine() : nil
    }

    private func explain(_ compiled: CompiledQuery, runner: QueryRunner) throws {
        var text = "SQL:\n  " + compiled.sql + "\n"
        if !compiled.arguments.isEmpty {
            text += "Parameters:\n"
            for (index, value) in compiled.arguments.enumerated() {
                text += "  ?\(index + 1) = " + value.sqlLiteral + "\n"
            }
        }
        text += "Plan:\n" + (try runner.plan(compiled)).map { $0 + "\n" }.joined()
        context.stdout.write(text)
    }

    /// `1:14: expected ')'`, with the query and a caret under the spot when stderr is a terminal.
    static func describe(_ error: QueryError, text: String, context: CLIContext) -> StrataError {
        if context.stderrIsTerminal { context.stderr.write(error.caret(in: text)) }
        return StrataError("query \(error.line):\(error.column): \(error.message)", status: .failure)
    }
}
