import SQLiteKit
import StrataCore
import StrataQuery
import StrataEdit

extension ParsedArguments {
    /// `--max-blob SIZE` in bytes, where the command has it; else the default (1 GiB).
    func maxBlobBytes() -> Int64 {
        guard command.option(named: Options.maxBlob.name) != nil, let bytes = integer(Options.maxBlob) else { return BlobLimit.defaultBytes }
        return Int64(bytes)
    }
}

/// `strata set`, `insert`, `delete` and `update`: edits from the command line, each one transaction on a
/// connection opened for writing with foreign keys on.
///
/// Each edit is first checked on a read-only connection: its class, key, values, that the object exists,
/// what a delete cascades to. The file is opened for writing only when the edit will really be made, so a
/// refused edit or a dry run never changes it (a WAL file is not checkpointed, a hot journal not rolled
/// back; ARCHITECTURE.md §4).
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
        let checker = try openChecker()
        let info = try checker.editableClass(parsed.required(Arguments.className))
        let key = try QueryCompiler.parseKey(parsed.required(Arguments.key), for: info)
        let edit = try checker.prepareSet(info, key: key, try EditWords.assignments(parsed.rest), allowKeyChange: parsed.flag(Options.allowKeyChange))
        let outcome = try openEditor(checker, recording: false).perform(edit)
        context.stdout.write(Self.report(outcome))
    }

    /// The outcome's message, then each of its details on a line of its own, indented.
    static func report(_ outcome: Editor.Outcome) -> String {
        ([outcome.message] + outcome.details.map { "  " + $0 }).map { $0 + "\n" }.joined()
    }

    /// `strata insert FILE CLASS [PROPERTY=VALUE…]`: prints the new object's key.
    func insert() throws {
        let checker = try openChecker()
        let info = try checker.editableClass(parsed.required(Arguments.className))
        let edit = try checker.prepareInsert(info, try EditWords.assignments(parsed.rest))
        let outcome = try openEditor(checker, recording: false).perform(edit)
        let parts = outcome.key.map(Self.plain)
        context.stdout.write((parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")") + "\n")
    }

    /// `strata delete FILE CLASS KEY [--yes]`: says what cascades and asks at a terminal; needs --yes elsewhere.
    func delete() throws {
        let checker = try openChecker(recovering: parsed.flag(Options.yesDelete))
        let info = try checker.editableClass(parsed.required(Arguments.className))
        let key = try QueryCompiler.parseKey(parsed.required(Arguments.key), for: info)
        try checker.requireObject(info, key: key)
        if !parsed.flag(Options.yesDelete) {
            let question = try checker.deletePreview(info, key: key)
            guard Platform.isTerminal(0) else {
                // Say what it would do, then refuse: a script must mean it.
                throw StrataError("\(question) needs --yes when not run at a terminal (nothing was deleted)")
            }
            guard context.confirm(question + "?") else {
                context.stderr.write("strata: nothing deleted\n")
                return
            }
        }
        // The change log says what the delete cascaded to. A question at the terminal is left to end the
        // process as usual; the delete itself is interruptible.
        let editor = try openEditor(checker, recording: true)
        guard let outcome = try editor.delete(info, key: key) else { return }
        context.stdout.write(outcome.message + "\n")
    }

    /// `strata update FILE QUERY set PROPERTY=VALUE… [--dry-run]`
    func update() throws {
        guard parsed.argument(Commands.setWord)?.lowercased() == "set" else {
            throw StrataError.usage("expected the word set after the query, as in: strata update FILE 'Task where done == true' set archived=true")
        }
        let assignments = try EditWords.assignments(Array(parsed.rest))
        guard !assignments.isEmpty else { throw StrataError.usage("missing PROPERTY=VALUE for 'update'") }
        let dryRun = parsed.flag(Options.dryRunCount)
        let checker = try openChecker(recovering: !dryRun)
        if dryRun {
            // Counting reads only: the read-only connection does it.
            context.stdout.write(Self.report(try checker.update(parsed.required(Arguments.query), assignments, dryRun: true)))
            return
        }
        let (edit, _) = try checker.prepareUpdate(parsed.required(Arguments.query), assignments)
        let outcome = try openEditor(checker, recording: false).perform(edit)
        context.stdout.write(outcome.message + "\n")
    }

    /// FILE opened read-only with its schema read, and an editor on it that checks edits without making
    /// them.
    ///
    /// - Parameter recovering: the edit is about to write: a hot journal left by a crashed writer is rolled
    ///   back (saying so) instead of refused. Dry runs and deletes that will ask or refuse do not.
    private func openChecker(recovering: Bool = true) throws -> Editor {
        let maxBlob = parsed.maxBlobBytes()
        let stderr = context.stderr
        let (session, _) = try DatabaseSession.open(parsed.required(Arguments.file), timeout: parsed.timeoutMilliseconds(),
                                                    recoverHotJournal: recovering, model: try parsed.modelChoice(), note: { stderr.write("strata: note: \($0)\n") })
        let checker = try Editor(session: session, recording: false)
        checker.maxBlobBytes = maxBlob
        return checker
    }

    /// FILE opened for writing, with the schema `checker` read, and an editor on it.
    ///
    /// - Parameter recording: keep a change log (a bulk update of a million objects records nothing: there
    ///   is no undo on the command line; a delete records what it cascaded to).
    private func openEditor(_ checker: Editor, recording: Bool) throws -> Editor {
        if checker.session.schema.keepsPersistentHistory { context.stderr.write("strata: warning: \(Schema.persistentHistoryWarning)\n") }
        let session = try checker.session.reconnected(try DatabaseFile.openForWriting(checker.session.path, timeout: checker.session.timeout))
        // Ctrl-C stops a long statement and rolls the edit back (exit 130).
        watcher = InterruptWatcher(session.connection.interruptHandle)
        let editor = try Editor(session: session, recording: recording)
        editor.maxBlobBytes = checker.maxBlobBytes
        return editor
    }

    /// A key as scripts want it: numbers and text as they are.
    static func plain(_ value: SQLiteValue) -> String {
        if case .text(let text) = value { return text }
        return value.sqlLiteral
    }
}
