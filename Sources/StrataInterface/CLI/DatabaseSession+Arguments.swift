import SQLiteKit
import RealmFile
import RealmConvert
import StrataCore
import StrataQuery

extension DatabaseSession {
    /// Opens `FILE` read-only and reads its schema; the schema reader's warnings go to stderr.
    ///
    /// - Parameters:
    ///   - recovering: roll back a hot journal (saying so) instead of refusing the file: for commands about to write.
    ///   - reportsTableProblems: say which tables or views cannot be read (a broken view): for the commands about
    ///     every class (`schema`, the browser's start); `onlyOf` a class, for a command about that class alone
    ///     (`schema FILE CLASS`). The others say nothing of classes they do not touch (`classes` says which it
    ///     cannot count), and a query of a broken view fails with its own error.
    ///   - realm: the `.realm` file FILE names, when the caller has opened it already.
    ///   - model: the model to read the store by, instead of the one the arguments name.
    init(_ parsed: ParsedArguments, context: CLIContext, recovering: Bool = false, reportsTableProblems: Bool = false,
         onlyOf className: String? = nil, realm: RealmConverter? = nil, model: SchemaReader.ModelChoice? = nil) throws {
        let stderr = context.stderr
        let path = parsed.required(Arguments.file)
        if RealmConversionFile.isRealm(path) {
            // --write on a .realm: refused by the write connection's check, before any conversion.
            if recovering { try DatabaseFile.checkReadable(path) }
            let report = RealmFillReport(file: path, stderr: stderr, terminal: context.stderrIsTerminal)
            self = try DatabaseSession.realm(path, timeout: parsed.timeoutMilliseconds(), converter: realm, oldDateTimes: parsed.realmDates(),
                                             key: try parsed.realmKey(), observer: report.observe)
            return
        }
        let (session, warnings) = try DatabaseSession.open(path, timeout: parsed.timeoutMilliseconds(),
                                                           recoverHotJournal: recovering, model: try model ?? parsed.modelChoice(), note: { stderr.write("strata: note: \($0)\n") })
        // A table that cannot be read is said only by the commands about it; every other warning always.
        let tables = Set(session.schema.classes.map(\.tableName))
        let reported: Set<String> = className.flatMap { session.schema.class(named: $0) }.map { [$0.tableName] }
            ?? (reportsTableProblems ? tables : [])
        for warning in warnings {
            if let table = warning.unreadableTable, tables.contains(table), !reported.contains(table) { continue }
            context.stderr.write("strata: warning: \(warning.message)\n")
        }
        self = session
    }

    /// The classes a command shows: visible ones, or all with `--all`.
    func classes(_ parsed: ParsedArguments) -> [ClassInfo] {
        parsed.flag(Options.all) ? schema.classes : schema.visibleClasses
    }

    /// A `.realm` file, read through its SQLite copy (`RealmConversionFile.readableCopy`): the same classes,
    /// queries and output as the converted file gives, while messages name the `.realm` file. The copy has the
    /// file's schema at once, each class's objects once a read needs them, and the object counts the file keeps
    /// (`knownCounts`).
    /// - Parameter observer: told of each class filled: how far a long fill is, and what it found that the reads
    ///   then show differently from the file (links to objects that do not exist, read as null).
    static func realm(_ path: String, timeout: Int32, converter: RealmConverter? = nil, oldDateTimes: RealmDateUnit = .seconds,
                      key: [UInt8]? = nil, observer: (@Sendable (RealmLazyCopy.Event) -> Void)? = nil) throws -> DatabaseSession {
        let copy = try RealmConversionFile.readableCopy(of: path, converter: converter, oldDateTimes: oldDateTimes, key: key)
        if let observer { copy.observer = observer }
        let open: @Sendable () throws -> Connection = { try copy.openReader(timeout: timeout) }
        let connection = try open()
        var reader = SchemaReader(connection: connection)
        var session = try DatabaseSession(connection: connection, schema: try reader.read(), path: path, timeout: timeout, openAnother: open)
        session.knownCounts = copy.objectCounts
        return session
    }
}

/// What the fills of a `.realm` file's copy say on stderr: a progress line while a large class is converted (at a
/// terminal), and the warnings of what each class holds.
final class RealmFillReport: @unchecked Sendable {
    private let file: String
    private let stderr: TextSink
    private let terminal: Bool
    private let lock = Lock()
    private var bar: ProgressLine?

    init(file: String, stderr: TextSink, terminal: Bool) {
        self.file = file
        self.stderr = stderr
        self.terminal = terminal
    }

    func observe(_ event: RealmLazyCopy.Event) {
        switch event {
        case .progress(let className, let done, let total):
            guard terminal, total >= 100_000 else { return }
            lock.withLock {
                if bar == nil { bar = ProgressLine() }
                bar?.update("reading \(Platform.fileName(of: file)), \(className): " + ConvertCommand.progressText(done, total))
            }
        case .finished:
            lock.withLock {
                bar?.finish()
                bar = nil
            }
        case .warning(let text):
            lock.withLock {
                bar?.finish()
                bar = nil
            }
            // Class and property names are the file's: escaped, as every message to a terminal is.
            stderr.write("strata: warning: \(TerminalText.escaped(text))\n")
        }
    }
}
