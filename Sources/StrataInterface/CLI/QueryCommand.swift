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
            compiled = try QueryCompiler.compile(text, schema: session.schema, connection: session.connection,
                                                 parameters: parsed.values(Options.arg),
                                                 labelsLinks: [.table, .vertical, .markdown].contains(parsed.format))
        } catch let error as QueryError {
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
        try Self.stream(compiled, statement: statement, runner: runner, session: session, format: parsed.format,
                        style: parsed.style(context), context: context)
    }

    /// Streams every row of `statement` (compiled from `compiled`) to stdout; Ctrl-C stops the statement,
    /// a closed stdout ends quietly.
    static func stream(_ compiled: CompiledQuery, statement: Statement, runner: QueryRunner, session: DatabaseSession,
                       format: OutputFormat, style: Style, context: CLIContext) throws
    {
        let sink = context.output(for: format)
        let writer = ResultWriter(format: format, columns: compiled.columns, className: compiled.classInfo.name,
                                  sink: sink, style: style, maxWidth: context.terminalWidth)
        let watcher = InterruptWatcher(session.connection.interruptHandle)
        writer.begin()
        do {
            try runner.step(statement) { statement in
                writer.write(statement)
                return !sink.isClosed
            }
        } catch {
            if watcher.wasInterrupted { throw StrataError.interrupted }
            throw DatabaseFile.describe(error, path: session.path, timeout: session.timeout)
        }
        if watcher.wasInterrupted { throw StrataError.interrupted }
        writer.end()
        if writer.repairedInvalidUTF8 { context.stderr.write(ResultWriter.invalidUTF8Warning) }
        if format == .table || format == .vertical, context.stderrIsTerminal, context.stdoutIsTerminal {
            context.stdout.flush()
            context.stderr.write(style.dim("(\(writer.count) \(writer.count == 1 ? "object" : "objects"))") + "\n")
        }
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
