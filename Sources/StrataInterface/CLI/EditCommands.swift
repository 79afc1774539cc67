import SQLiteKit
import StrataCore
import StrataQuery
import StrataEdit
import StrataMigrate
import StrataRender
import StrataDemo

/// `strata set`, `insert`, `delete` and `update`: edits from the command line, each one transaction on a
/// connection opened for writing with foreign keys on.
struct EditCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let path = parsed.arguments["FILE"] ?? ""
        let timeout = try parsed.timeoutMilliseconds()
        let connection = try DatabaseFile.openForWriting(path, timeout: timeout)
        var reader = SchemaReader(connection: connection)
        let schema: Schema
        do {
            schema = try reader.read()
        } catch {
            throw DatabaseFile.describe(error, path: path, timeout: timeout)
        }
        // A bulk update of a million objects records nothing: there is no undo on the command line.
        let editor = try Editor(connection: connection, schema: schema, path: path, timeout: timeout,
                                recording: parsed.command.name == Commands.delete.name)
        // Ctrl-C stops a long update's statement and rolls it back (exit 130); a delete's question at the
        // terminal is left to end the process as usual.
        let watcher = parsed.command.name == Commands.delete.name ? nil : InterruptWatcher(connection.interruptHandle)
        defer { _ = watcher }
        switch parsed.command.name {
        case Commands.set.name:
            let info = try editor.editableClass(parsed.arguments["CLASS"] ?? "")
            let key = try QueryCompiler.parseKey(parsed.arguments["KEY"] ?? "", for: info)
            let outcome = try editor.set(info, key: key, try EditWords.assignments(parsed.rest), allowKeyChange: parsed.has("allow-key-change"))
            context.stdout.write(outcome.message + "\n")
        case Commands.insert.name:
            let info = try editor.editableClass(parsed.arguments["CLASS"] ?? "")
            let outcome = try editor.insert(info, try EditWords.assignments(parsed.rest))
            let parts = outcome.key.map(Self.plain)
            context.stdout.write((parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")") + "\n")
        case Commands.delete.name:
            let info = try editor.editableClass(parsed.arguments["CLASS"] ?? "")
            let key = try QueryCompiler.parseKey(parsed.arguments["KEY"] ?? "", for: info)
            var confirm: ((String) -> Bool)?
            if !parsed.has("yes") {
                guard Platform.isTerminal(0) else {
                    // Say what it would do, then refuse: a script must mean it.
                    var preview = ""
                    _ = try editor.delete(info, key: key) { question in preview = String(question.dropLast()); return false }
                    throw StrataError("\(preview) needs --yes when not run at a terminal (nothing was deleted)")
                }
                confirm = context.confirm
            }
            guard let outcome = try editor.delete(info, key: key, confirm: confirm) else {
                context.stderr.write("strata: nothing deleted\n")
                return
            }
            context.stdout.write(outcome.message + "\n")
        default:
            guard parsed.arguments["set"]?.lowercased() == "set" else {
                throw StrataError.usage("expected the word set after the query, as in: strata update FILE 'Task where done == true' set archived=true")
            }
            let assignments = try EditWords.assignments(Array(parsed.rest))
            guard !assignments.isEmpty else { throw StrataError.usage("missing PROPERTY=VALUE for 'update'") }
            let outcome = try editor.update(parsed.arguments["QUERY"] ?? "", assignments, dryRun: parsed.has("dry-run"))
            context.stdout.write(outcome.message + "\n")
        }
    }

    /// A key as scripts want it: numbers and text as they are.
    static func plain(_ value: SQLiteValue) -> String {
        if case .text(let text) = value { return text }
        return value.sqlLiteral
    }
}
