import SQLiteKit
import StrataCore

/// An open database with its schema and a runner for compiled queries: what the commands, the browser and
/// the editor read through.
///
/// A session names its file the way the user did (`path`), for messages; the browser makes a new session
/// when it switches between its read-only and its write connection.
public struct DatabaseSession {
    /// The file as the user named it, or a description (`the demo database`), for messages.
    public let path: String
    public let connection: Connection
    public let schema: Schema
    public let runner: QueryRunner
    /// Milliseconds to wait for another process's lock.
    public let timeout: Int32
    /// Opens one more read-only connection to the same file, for work on other threads; nil for an
    /// in-memory database.
    public let openAnother: (@Sendable () throws -> Connection)?
    /// Object counts by table name that are known without counting: a `.realm` file's, which its cluster trees
    /// keep (its classes are converted only when read).
    public var knownCounts: [String: Int]?

    /// A session on an open connection whose schema was read already.
    ///
    /// - Throws: when the query functions cannot be registered on `connection`.
    public init(connection: Connection, schema: Schema, path: String, timeout: Int32 = 5000,
                openAnother: (@Sendable () throws -> Connection)? = nil) throws
    {
        self.path = path
        self.connection = connection
        self.schema = schema
        self.timeout = timeout
        self.openAnother = openAnother
        runner = try QueryRunner(connection: connection)
    }

    /// Opens `path` read-only (or for writing) and reads its schema.
    ///
    /// - Returns: the session and what the schema reader found odd (for the caller to show as warnings).
    /// - Throws: `StrataError` naming the file: missing, not a database, locked, damaged, read-only.
    /// - Parameters:
    ///   - recoverHotJournal: for commands about to write: a hot journal is rolled back (see
    ///     `DatabaseFile.openForReading`).
    ///   - note: told in one line what opening did besides (a hot journal rolled back, a private copy read).
    ///   - model: where a Core Data store's model comes from (`--model`).
    public static func open(_ path: String, timeout: Int32 = 5000, forWriting: Bool = false, recoverHotJournal: Bool = false,
                            model: SchemaReader.ModelChoice = .fromStore,
                            note: (String) -> Void = DatabaseFile.noteOnStandardError) throws -> (DatabaseSession, warnings: [SchemaWarning])
    {
        let connection = forWriting ? try DatabaseFile.openForWriting(path, timeout: timeout)
            : try DatabaseFile.openForReading(path, timeout: timeout, recoverHotJournal: recoverHotJournal, note: note)
        var reader = SchemaReader(connection: connection, model: model)
        let schema: Schema
        do {
            schema = try reader.read()
        } catch let error as StrataError {
            throw error
        } catch {
            throw DatabaseFile.describe(error, path: path, timeout: timeout)
        }
        for line in reader.notes { note(line) }
        let session = try DatabaseSession(connection: connection, schema: schema, path: path, timeout: timeout,
                                          openAnother: { try DatabaseFile.openForReading(path, timeout: timeout, note: { _ in }) })
        return (session, (!forWriting && DatabaseFile.lacksWAL(path) ? [.missingWAL(path: path)] : []) + reader.warnings)
    }

    /// The same file and schema through another connection (the browser's write connection, or its
    /// read-only one again); background work still opens its connections with `openAnother`.
    public func reconnected(_ connection: Connection) throws -> DatabaseSession {
        var session = try DatabaseSession(connection: connection, schema: schema, path: path, timeout: timeout, openAnother: openAnother)
        session.knownCounts = knownCounts
        return session
    }

    /// The class a user named: exact, else the only one that matches ignoring case (see `Schema.findClass`).
    public func findClass(_ name: String, includeHidden: Bool) throws -> ClassInfo {
        try schema.findClass(name, includeHidden: includeHidden, in: path)
    }
}
