import SQLiteKit
import StrataCore
import StrataQuery
import StrataEdit

extension ParsedArguments {
    /// `--max-blob SIZE` in bytes, where the command has it; else the default (1 GiB).
    func maxBlobBytes() throws -> Int64 {
        guard command.option(named: Options.maxBlob.name) != nil, let text = value(Options.maxBlob) else { return BlobLimit.defaultBytes }
        return try BlobLimit.parse(text)
    }
}

/// `strata set`, `insert`, `delete` and `update`: edits from the command line, each one transaction on a
/// connection opened for writing with foreign keys on.
final class EditCommand {
    let parsed: ParsedArguments
    let context: CLIContext
    /// Watches for Ctrl-C while the edit runs.
    private var watcher: InterruptWatcher?

    init(parsed: ParsedArguments, context: CLIContext) {
        self.parsed = parsed
        self.context = context
    }

    /// `strata set FILE CLASS KEY PROPERTY=VALUE…`
    func set() throws {
        let editor = try openEditor(recording: false)
        let info = try editor.editableClass(parsed.required(Arguments.className))
        let key = try QueryCompiler.parseKey(parsed.required(Arguments.key), for: info)
        let outcome = try editor.set(info, key: key, try EditWords.assignments(parsed.rest), allowKeyChange: parsed.flag(Options.allowKeyChange))
        context.stdout.write(outcome.message + "\n")
    }

    /// `strata insert FILE CLASS [PROPERTY=VALUE…]`: prints the new object's key.
    func insert() throws {
        let editor = try openEditor(recording: false)
        let info = try editor.editableClass(parsed.required(Arguments.className))
        let outcome = try editor.insert(info, try EditWords.assignments(parsed.rest))
        let parts = outcome.key.map(Self.plain)
        context.stdout.write((parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")") + "\n")
    }

    /// `strata delete FILE CLASS KEY [--yes]`: says what cascades and asks at a terminal; needs --yes elsewhere.
    func delete() throws {
        // The trial run that finds what cascades reads the change log.
        let editor = try openEditor(recording: true, interruptible: false)
        let info = try editor.editableClass(parsed.required(Arguments.className))
        let key = try QueryCompiler.parseKey(parsed.required(Arguments.key), for: info)
        var confirm: ((String) -> Bool)?
        if !parsed.flag(Options.yesDelete) {
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
    }

    /// `strata update FILE QUERY set PROPERTY=VALUE… [--dry-run]`
    func update() throws {
        let editor = try openEditor(recording: false)
        guard parsed.argument(Commands.setWord)?.lowercased() == "set" else {
            throw StrataError.usage("expected the word set after the query, as in: strata update FILE 'Task where done == true' set archived=true")
        }
        let assignments = try EditWords.assignments(Array(parsed.rest))
        guard !assignments.isEmpty else { throw StrataError.usage("missing PROPERTY=VALUE for 'update'") }
        let outcome = try editor.update(parsed.required(Arguments.query), assignments, dryRun: parsed.flag(Options.dryRunCount))
        context.stdout.write(outcome.message + "\n")
    }

    /// FILE opened for writing with its schema read, and an editor on it.
    ///
    /// - Parameters:
    ///   - recording: keep a change log (a bulk update of a million objects records nothing: there is no
    ///     undo on the command line).
    ///   - interruptible: Ctrl-C stops a long statement and rolls the edit back (exit 130); a delete's
    ///     question at the terminal is left to end the process as usual.
    private func openEditor(recording: Bool, interruptible: Bool = true) throws -> Editor {
        let maxBlob = try parsed.maxBlobBytes()
        let (session, _) = try DatabaseSession.open(parsed.required(Arguments.file), timeout: try parsed.timeoutMilliseconds(),
                                                    forWriting: true)
        if interruptible { watcher = InterruptWatcher(session.connection.interruptHandle) }
        let editor = try Editor(session: session, recording: recording)
        editor.maxBlobBytes = maxBlob
        return editor
    }

    /// A key as scripts want it: numbers and text as they are.
    static func plain(_ value: SQLiteValue) -> String {
        if case .text(let text) = value { return text }
        return value.sqlLiteral
    }
}
