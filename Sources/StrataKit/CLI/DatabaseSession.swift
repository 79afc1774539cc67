import SQLiteKit

/// An open database and its schema, as the reading commands need them.
struct DatabaseSession {
    let path: String
    let connection: Connection
    let schema: Schema
    let timeout: Int32

    /// Opens `FILE` read-only and reads its schema; warnings go to stderr.
    init(_ parsed: ParsedArguments, context: CLIContext) throws {
        path = parsed.arguments["FILE"] ?? ""
        timeout = try parsed.timeoutMilliseconds()
        connection = try DatabaseFile.openForReading(path, timeout: timeout)
        var reader = SchemaReader(connection: connection)
        do {
            schema = try reader.read()
        } catch {
            throw DatabaseFile.describe(error, path: path, timeout: timeout)
        }
        for warning in reader.warnings { context.stderr.write("strata: warning: \(warning)\n") }
    }

    /// The classes a command shows: visible ones, or all with `--all`.
    func classes(_ parsed: ParsedArguments) -> [ClassInfo] {
        parsed.has("all") ? schema.classes : schema.visibleClasses
    }

    /// Says on stderr that there is nothing to show, and how to see internal tables.
    func reportNoClasses(_ parsed: ParsedArguments, context: CLIContext) {
        context.stderr.write("strata: no classes in \(path)\(parsed.has("all") ? "" : " (--all shows internal tables)")\n")
    }

    /// An open database whose schema was read already.
    init(connection: Connection, schema: Schema, name: String) throws {
        path = name
        timeout = 5000
        self.connection = connection
        self.schema = schema
    }

    /// One more read-only connection to the same file, opened the same way, for work on other threads.
    func openAnother() throws -> Connection {
        guard let opener else { throw StrataError("an in-memory database has one connection") }
        return try opener()
    }

    /// What `openAnother` does, as a function other threads can call; nil for an in-memory database.
    var opener: (@Sendable () throws -> Connection)? {
        guard connection.mode != .memory else { return nil }
        let (path, timeout) = (connection.path, timeout)
        return { try Connection(path: path, mode: .readOnly, uri: true, busyTimeout: timeout) }
    }

    /// The class a user named: exact, else the only one that matches ignoring case.
    func findClass(_ name: String, includeHidden: Bool) throws -> ClassInfo {
        let candidates = includeHidden ? schema.classes : schema.classes.filter { !$0.isHidden || $0.name == name }
        if let exact = candidates.first(where: { $0.name == name }) { return exact }
        let folded = candidates.filter { $0.name.lowercased() == name.lowercased() }
        if folded.count == 1 { return folded[0] }
        throw StrataError("unknown class '\(name)' in \(path)" + Suggestion.hint(for: name, in: candidates.map(\.name)))
    }
}
