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
            // A large file takes seconds: a terminal sees how far the conversion is.
            let bar = context.stderrIsTerminal ? ProgressLine() : nil
            defer { bar?.finish() }
            self = try DatabaseSession.realm(path, timeout: parsed.timeoutMilliseconds(), converter: realm,
                                             oldDateTimes: parsed.realmDates(), key: try parsed.realmKey(), progress: { done, total in
                if total >= 100_000 { bar?.update("reading \(Platform.fileName(of: path)): " + ConvertCommand.progressText(done, total)) }
            }, warn: { warning in
                bar?.finish()
                stderr.write("strata: warning: \(warning)\n")
            })
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

    /// For `classes` and `schema`, which need nothing more: a `.realm` file's schema alone, read at once however large
    /// the file (`RealmConversionFile.schemaCopy`: its tables without a row), and each class's object count as the
    /// file keeps it, by table name; nil for any other file.
    static func realmSchema(_ parsed: ParsedArguments) throws -> (session: DatabaseSession, counts: [String: Int])? {
        let path = parsed.required(Arguments.file)
        guard RealmConversionFile.isRealm(path) else { return nil }
        let (connection, counts) = try RealmConversionFile.schemaCopy(of: path, oldDateTimes: parsed.realmDates(), key: try parsed.realmKey())
        var reader = SchemaReader(connection: connection)
        let session = try DatabaseSession(connection: connection, schema: try reader.read(), path: path, timeout: parsed.timeoutMilliseconds())
        return (session, counts)
    }

    /// The classes a command shows: visible ones, or all with `--all`.
    func classes(_ parsed: ParsedArguments) -> [ClassInfo] {
        parsed.flag(Options.all) ? schema.classes : schema.visibleClasses
    }

    /// A `.realm` file, read through its SQLite copy (`RealmConversionFile.readableCopy`): the same classes,
    /// queries and output as the converted file gives, while messages name the `.realm` file.
    /// - Parameter warn: told, once per process, what the conversion found that the reads then show differently
    ///   from the file (links to objects that do not exist, read as null), one line naming the file.
    static func realm(_ path: String, timeout: Int32, converter: RealmConverter? = nil, oldDateTimes: RealmDateUnit = .seconds,
                      key: [UInt8]? = nil, progress: (Int, Int) -> Void = { _, _ in }, warn: (String) -> Void = { _ in }) throws -> DatabaseSession {
        let readable = try RealmConversionFile.readableCopy(of: path, converter: converter, oldDateTimes: oldDateTimes, key: key, progress: progress)
        if let text = readable.summary?.danglingText { warn("\(path): \(text)") }
        if let text = readable.summary?.lateDatesText { warn("\(path): \(text)") }
        let copy = readable.path
        // An encrypted file's copy is a database in memory, which no file holds.
        let inMemory = readable.isInMemory
        let open: @Sendable () throws -> Connection = {
            inMemory ? try Connection(path: copy, mode: .readOnly, uri: true, busyTimeout: timeout)
                : try DatabaseFile.openForReading(copy, timeout: timeout, note: { _ in })
        }
        let connection = inMemory ? try open() : try DatabaseFile.openForReading(copy, timeout: timeout)
        var reader = SchemaReader(connection: connection)
        return try DatabaseSession(connection: connection, schema: try reader.read(), path: path, timeout: timeout, openAnother: open)
    }
}
