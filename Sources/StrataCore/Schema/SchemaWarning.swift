/// What opening a database and reading its schema met that the user should know, as a kind and what it is about.
///
/// Code that reacts to a warning switches on its case and the table it names (a broken view is `check`'s views
/// problem, a table a command does not touch is not its to report), never on the text; `message` is the one line
/// shown after `strata: warning: `.
public enum SchemaWarning: Sendable, Hashable, CustomStringConvertible {
    /// A table or view the schema pragmas cannot read (a view over a dropped table, a virtual table whose module
    /// is not built in): SQLite's message. The class is still listed, without the properties it could not read.
    case unreadableTable(String, reason: String)
    /// A Core Data column whose values cannot be read, so the inference does not take it for a link to `target`.
    case unreadableLinkColumn(table: String, column: String, target: String, reason: String)
    /// A Core Data store whose metadata (`Z_METADATA`) cannot be read for `--model`: its version is chosen by the
    /// tables alone.
    case unreadableMetadata(reason: String)
    /// A Core Data store whose model cache (`Z_MODELCACHE`) is damaged: names and relationships are inferred.
    case unreadableModelCache(reason: String)
    /// One place where a Core Data model (given or cached) and the store's tables disagree.
    case modelDisagrees(String)
    /// A database in WAL mode opened for reading with no `-wal` beside it (see `DatabaseFile.lacksWAL`).
    case missingWAL(path: String)

    /// The table or view that cannot be read, for `unreadableTable`; nil for every other kind (whatever its text).
    public var unreadableTable: String? {
        if case .unreadableTable(let table, _) = self { table } else { nil }
    }

    /// The line shown to the user.
    public var message: String {
        switch self {
        case .unreadableTable(let table, let reason):
            "\(table): \(reason)"
        case .unreadableLinkColumn(let table, let column, let target, let reason):
            "\(table).\(column) cannot be read (\(reason)): it is not taken for a link to \(target)"
        case .unreadableMetadata(let reason):
            "\(reason): --model's version is chosen by the tables alone"
        case .unreadableModelCache(let reason):
            "the store's model cache cannot be read (\(reason)): names and relationships are inferred from the tables"
        case .modelDisagrees(let problem):
            "model and store disagree: " + problem
        case .missingWAL(let path):
            "\(path) is in WAL mode and has no \(Platform.fileName(of: path))-wal beside it: what was committed "
                + "but not yet checkpointed is in that file, so objects may be missing (copy the -wal with the database)"
        }
    }

    public var description: String { message }
}
