import SQLiteKit
import StrataCore
import StrataQuery

/// Changes objects on a write connection: one transaction per edit, values parsed by each property's type,
/// constraints said in plain words, and (when recording) every changed row kept for `undo` and `redo`.
public final class Editor {
    public let connection: Connection
    public let schema: Schema
    /// The file's name in messages.
    let path: String
    let timeout: Int32
    /// Nil when edits are not recorded: the command line's one-off `update` of a million objects.
    private let log: ChangeLog?
    public var history = UndoStack()

    /// What an edit did.
    public struct Outcome: Sendable {
        /// `set Task 42 name`, as undo and redo name it.
        public var description: String
        /// One line for the user: `updated Task 42` and what followed from it.
        public var message: String
        /// The key of the object made or changed.
        public var key: [SQLiteValue] = []
        public var changes: [RowChange] = []
        /// How many objects a bulk update changed.
        public var count: Int64 = 0
    }

    /// - Parameter recording: keep every changed row, for undo and for saying what a delete cascaded to.
    public init(connection: Connection, schema: Schema, path: String, timeout: Int32 = 5000, recording: Bool = true) throws {
        self.connection = connection
        self.schema = schema
        self.path = path
        self.timeout = timeout
        // Links are checked on every write connection (ARCHITECTURE.md §4 and issue #7).
        try connection.execute("PRAGMA foreign_keys = ON")
        // The SQL functions that compiled queries call (`update`'s predicates: CONTAINS, [c], [d]).
        _ = try QueryRunner(connection: connection)
        log = recording ? try ChangeLog(connection: connection, schema: schema) : nil
    }

    // MARK: - Finding classes, objects and properties

    /// The class a user named, refusing views and virtual tables.
    public func editableClass(_ name: String) throws -> ClassInfo {
        let info = try findClass(name)
        if info.kind == .view { throw StrataError("\(info.name) is a view: views are read-only") }
        if info.isVirtual { throw StrataError("\(info.name) is a virtual table: Strata does not edit those") }
        if info.objectKey == .none {
            throw StrataError("\(info.name) has no key (no primary key, and its columns take the names rowid, oid and _rowid_): "
                              + "Strata cannot tell its objects apart to edit them")
        }
        return info
    }

    package func findClass(_ name: String) throws -> ClassInfo {
        try schema.findClass(name, includeHidden: true, in: path)
    }

    func property(_ name: String, of info: ClassInfo) throws -> Property {
        if let exact = info.property(named: name) { return exact }
        let folded = info.properties.filter { $0.name.lowercased() == name.lowercased() }
        if folded.count == 1 { return folded[0] }
        throw StrataError("\(info.name) has no property '\(name)'" + Suggestion.hint(for: name, in: info.properties.map(\.name)))
    }

    /// `Task 42`, `Tag 'home'`, `Pair (1, 2)`.
    static func describe(_ info: ClassInfo, _ key: [SQLiteValue]) -> String {
        let parts = key.map(\.sqlLiteral)
        return info.name + " " + (parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")")
    }

    /// `rowid = ?1 AND …` for an object's key, with its values appended to `arguments`.
    static func keyCondition(_ info: ClassInfo, _ key: [SQLiteValue], arguments: inout [SQLiteValue]) -> String {
        zip(info.objectKey.sql(), key).map { column, value in
            arguments.append(value)
            return column + " = ?\(arguments.count)"
        }.joined(separator: " AND ")
    }

    private func parsedValues(_ assignments: [(String, TypedValue)], of info: ClassInfo) throws -> [(Property, SQLiteValue)] {
        let parser = ValueParser(info: info, schema: schema, connection: connection)
        var seen: Set<String> = []
        return try assignments.map { name, typed in
            let property = try property(name, of: info)
            guard seen.insert(property.name).inserted else { throw StrataError("\(info.name).\(property.name) is given twice") }
            return (property, try parser.value(typed, for: property))
        }
    }

    // MARK: - Edits

    /// `set Task 42 name="Buy milk" notes=nil`: one object's properties, in one transaction.
    public func set(_ info: ClassInfo, key: [SQLiteValue], _ assignments: [(String, TypedValue)],
                    allowKeyChange: Bool = false) throws -> Outcome
    {
        guard !assignments.isEmpty else { throw StrataError("set needs at least one property = value") }
        let values = try parsedValues(assignments, of: info)
        let keyChanges = values.filter { $0.0.isPrimaryKey }
        if let first = keyChanges.first, !allowKeyChange {
            throw StrataError("\(info.name).\(first.0.name) is the primary key: changing it needs --allow-key-change "
                              + "(which also updates the links and lists that point at the object)")
        }
        let description = "set \(Self.describe(info, key)) " + values.map(\.0.name).joined(separator: ", ")
        var newKey = key
        for (property, value) in keyChanges {
            if let index = info.objectKey.names.firstIndex(of: property.column ?? property.name) { newKey[index] = value }
        }
        return try perform(description, info: info, values: values) {
            if !keyChanges.isEmpty {
                // Links to the old key are moved along below; until then they point at nothing.
                try connection.execute("PRAGMA defer_foreign_keys = ON")
            }
            var arguments: [SQLiteValue] = []
            let assignments = values.map { property, value in
                arguments.append(value)
                return quoteIdentifier(property.column ?? property.name) + " = ?\(arguments.count)"
            }
            let condition = Self.keyCondition(info, key, arguments: &arguments)
            // Core Data's optimistic locking: a running app sees the object changed under it.
            let version = info.kind == .entity ? [#""Z_OPT" = coalesce("Z_OPT", 0) + 1"#] : []
            try connection.execute("UPDATE \(quoteIdentifier(info.tableName)) SET \((assignments + version).joined(separator: ", ")) WHERE \(condition)",
                                   arguments)
            guard connection.changes == 1 else { throw StrataError("no \(Self.describe(info, key)) in \(path)") }
            if !keyChanges.isEmpty, key.count == 1, newKey != key {
                try moveLinks(to: info, from: key[0], to: newKey[0])
            }
            var outcome = Outcome(description: description, message: "updated \(Self.describe(info, newKey))")
            outcome.key = newKey
            return outcome
        }
    }

    /// After a key change: every link and list entry that pointed at the old key points at the new one.
    private func moveLinks(to info: ClassInfo, from old: SQLiteValue, to new: SQLiteValue) throws {
        for source in schema.classes where source.kind != .view && !source.isVirtual {
            for property in source.properties where property.type == .object && property.target == info.name {
                guard let column = property.column else { continue }
                try connection.execute("UPDATE \(quoteIdentifier(source.tableName)) SET \(quoteIdentifier(column)) = ?1 WHERE \(quoteIdentifier(column)) = ?2",
                                       [new, old])
            }
        }
    }

    /// `new Task name="Call Bob" priority=2`: a new object; its key is in the outcome.
    public func insert(_ info: ClassInfo, _ assignments: [(String, TypedValue)]) throws -> Outcome {
        let values = try parsedValues(assignments, of: info)
        let given = Set(values.map(\.0.name))
        let automaticKey = info.hasRowID && (info.primaryKey.isEmpty || info.rowIDAlias != nil)
        let missing = info.properties.filter { property in
            !given.contains(property.name) && property.column != nil && !property.isOptional && property.defaultValue == nil
                && property.generated == nil && !(property.isPrimaryKey && automaticKey)
        }
        if !missing.isEmpty {
            throw StrataError("a new \(info.name) needs " + missing.map(\.name).joined(separator: ", ")
                              + " (required, with no default): add " + missing.map { "\($0.name)=…" }.joined(separator: " "))
        }
        return try perform("new \(info.name)", info: info, values: values) {
            let table = quoteIdentifier(info.tableName)
            var values = values
            if info.kind == .entity { values += try coreDataBookkeeping(for: info, given: values) }
            if values.isEmpty {
                try connection.execute("INSERT INTO \(table) DEFAULT VALUES")
            } else {
                let columns = values.map { quoteIdentifier($0.0.column ?? $0.0.name) }.joined(separator: ", ")
                let places = (1...values.count).map { "?\($0)" }.joined(separator: ", ")
                try connection.execute("INSERT INTO \(table) (\(columns)) VALUES (\(places))", values.map(\.1))
            }
            let key: [SQLiteValue]
            if let rowID = info.rowIDSQL {
                let columns = info.objectKey.sql().joined(separator: ", ")
                key = try connection.rows("SELECT \(columns) FROM \(table) WHERE \(rowID) = ?1", [.integer(connection.lastInsertRowID)]).first ?? []
            } else {
                key = info.objectKey.names.map { column in values.first { $0.0.column == column || $0.0.name == column }?.1 ?? .null }
            }
            var outcome = Outcome(description: "new \(Self.describe(info, key))", message: "new \(Self.describe(info, key))")
            outcome.key = key
            return outcome
        }
    }

    /// The columns Core Data fills itself for a new object: `Z_PK` one past the entity's `Z_MAX` (which
    /// moves along, so the app's next object does not take the same key), `Z_ENT` and `Z_OPT`.
    private func coreDataBookkeeping(for info: ClassInfo, given: [(Property, SQLiteValue)]) throws -> [(Property, SQLiteValue)] {
        guard let entity = try connection.rows("SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = ?1", [.text(info.name)]).first,
              let number = entity[0].int64
        else { return [] }
        var extra: [(Property, SQLiteValue)] = []
        if !given.contains(where: { $0.0.column == "Z_PK" }) {
            let largest = try connection.scalar("SELECT max(Z_PK) FROM \(quoteIdentifier(info.tableName))").int64 ?? 0
            let key = max(entity[1].int64 ?? 0, largest) + 1
            try connection.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = ?1 WHERE Z_ENT = ?2", [.integer(key), .integer(number)])
            extra.append((Property(name: "Z_PK", type: .int, column: "Z_PK"), .integer(key)))
        }
        extra.append((Property(name: "Z_ENT", type: .int, column: "Z_ENT"), .integer(number)))
        extra.append((Property(name: "Z_OPT", type: .int, column: "Z_OPT"), .integer(1)))
        return extra
    }

    /// `delete Task 42`. `confirm` sees what the delete takes with it (lists, links set to nil, objects
    /// deleted in cascade), found by deleting in a transaction rolled back at once; it says whether to go on.
    public func delete(_ info: ClassInfo, key: [SQLiteValue], confirm: ((String) -> Bool)? = nil) throws -> Outcome? {
        let description = "delete \(Self.describe(info, key))"
        let run = {
            try self.perform(description, info: info, values: []) {
                var arguments: [SQLiteValue] = []
                let condition = Self.keyCondition(info, key, arguments: &arguments)
                try self.connection.execute("DELETE FROM \(quoteIdentifier(info.tableName)) WHERE \(condition)", arguments)
                guard self.connection.changes == 1 else { throw StrataError("no \(Self.describe(info, key)) in \(self.path)") }
                return Outcome(description: description, message: "deleted \(Self.describe(info, key))")
            }
        }
        do {
            if let confirm {
                let preview = try trial(run)
                guard confirm("delete \(Self.describe(info, key))" + consequences(preview.changes, besides: info) + "?") else { return nil }
            }
            var outcome = try run()
            outcome.message += consequences(outcome.changes, besides: info)
            return outcome
        } catch let error as StrataError where error == Self.brokenLink {
            // A link that forbids the delete: say which objects hold it.
            if let reason = try? blockingLinks(to: info, key: key) {
                throw StrataError("cannot delete \(Self.describe(info, key)): " + reason)
            }
            throw error
        }
    }

    /// Runs an edit and takes it back at once: what it would do, without doing it.
    private func trial(_ edit: () throws -> Outcome) throws -> Outcome {
        try connection.execute("BEGIN IMMEDIATE")
        defer { if !connection.isAutocommit { try? connection.execute("ROLLBACK") } }
        inTrial = true
        defer { inTrial = false }
        return try edit()
    }

    private var inTrial = false

    /// Links that refuse the delete of an object (ON DELETE RESTRICT or NO ACTION), said in words; nil
    /// when there are none.
    private func blockingLinks(to info: ClassInfo, key: [SQLiteValue]) throws -> String? {
        guard key.count == 1 else { return nil }
        var reasons: [String] = []
        for source in schema.classes where source.kind != .view && !source.isVirtual {
            for property in source.properties where property.type == .object && property.target == info.name {
                let action = property.onDelete ?? .noAction
                guard action == .noAction || action == .restrict, let column = property.column else { continue }
                let count = try connection.scalar(
                    "SELECT count(*) FROM \(quoteIdentifier(source.tableName)) WHERE \(quoteIdentifier(column)) = ?1", key).int64 ?? 0
                if count > 0 {
                    reasons.append("\(count) \(source.name) \(count == 1 ? "object links" : "objects link") to it through \(source.name).\(property.name) (ON DELETE \(action.rawValue))")
                }
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ") + ": delete or relink those first"
    }

    /// ` (which removes 3 entries from RealmTestClass1.arrayReference lists, changes 2 Note objects)`: what
    /// an edit changed besides the object it names.
    func consequences(_ changes: [RowChange], besides info: ClassInfo) -> String {
        enum Effect: Hashable { case listEntries(String), deleted(String), added(String), changed(String) }
        var order: [Effect] = []
        var counts: [Effect: Int] = [:]
        // The object's own row is logged last: SQLite runs the foreign-key actions before its AFTER triggers.
        let own = changes.lastIndex { $0.table == info.tableName }
        for (index, change) in changes.enumerated() where index != own {
            let table = schema.classes.first { $0.tableName == change.table }
            let name = table?.name ?? change.table
            let effect: Effect
            switch (change.kind, table?.listOf) {
            case (.delete, .some(let list)): effect = .listEntries((table?.property(named: "owner")?.target ?? "?") + "." + list)
            case (.delete, nil): effect = .deleted(name)
            case (.insert, _): effect = .added(name)
            case (.update, _): effect = .changed(name)
            }
            if counts[effect] == nil { order.append(effect) }
            counts[effect, default: 0] += 1
        }
        guard !order.isEmpty else { return "" }
        let parts = order.map { effect -> String in
            let count = counts[effect] ?? 0
            let objects = count == 1 ? "object" : "objects"
            switch effect {
            case .listEntries(let list): return "removes \(count) \(count == 1 ? "entry" : "entries") from \(list) lists"
            case .deleted(let name): return "deletes \(count) \(name) \(objects)"
            case .added(let name): return "adds \(count) \(name) \(objects)"
            case .changed(let name): return "changes \(count) \(name) \(objects)"
            }
        }
        return " (which " + parts.joined(separator: ", ") + ")"
    }

    /// `update Task where isCompleted == true set archived=true`: every object a query finds, in one
    /// statement. With `dryRun`, only counts them.
    public func update(_ queryText: String, _ assignments: [(String, TypedValue)], dryRun: Bool = false) throws -> Outcome {
        guard !assignments.isEmpty else { throw StrataError("update needs at least one property = value after set") }
        let query = try QueryParser.parse(queryText)
        let info = try editableClass(query.className)
        let values = try parsedValues(assignments, of: info)
        if let key = values.first(where: { $0.0.isPrimaryKey }) {
            throw StrataError("\(info.name).\(key.0.name) is the primary key: update does not change keys (set one object with --allow-key-change)")
        }
        var compiler = QueryCompiler(schema: schema, connection: connection, text: queryText)
        let table = quoteIdentifier(info.tableName)
        var sql: String
        var arguments: [SQLiteValue]
        if dryRun {
            let compiled = try compiler.compile(query, page: Page(size: -1, keysOnly: true))
            let count = try connection.scalar("SELECT count(*) FROM (\(compiled.sql))", compiled.arguments).int64 ?? 0
            var outcome = Outcome(description: "", message: "would update \(count) \(info.name) \(count == 1 ? "object" : "objects")")
            outcome.count = count
            return outcome
        }
        if let (_, condition) = try compiler.compileCondition(query) {
            arguments = condition?.arguments ?? []
            sql = "UPDATE \(table) AS t0 SET " + setClause(values, arguments: &arguments) + (condition.map { " WHERE " + $0.text } ?? "")
        } else {
            // SORT, LIMIT or a path through a link: the objects are picked by key.
            let selection = try compiler.compileKeySelection(query)
            arguments = selection.arguments
            sql = "UPDATE \(table) SET " + setClause(values, arguments: &arguments) + " WHERE " + selection.text
        }
        let description = "update \(queryText) set " + values.map(\.0.name).joined(separator: ", ")
        return try perform(description, info: info, values: values) {
            try connection.execute(sql, arguments)
            let count = connection.changes
            var outcome = Outcome(description: description, message: "updated \(count) \(info.name) \(count == 1 ? "object" : "objects")")
            outcome.count = count
            return outcome
        }
    }

    private func setClause(_ values: [(Property, SQLiteValue)], arguments: inout [SQLiteValue]) -> String {
        values.map { property, value in
            arguments.append(value)
            return quoteIdentifier(property.column ?? property.name) + " = ?\(arguments.count)"
        }.joined(separator: ", ")
    }

    // MARK: - Undo

    public func undo() throws -> UndoStack.Entry { try replaying { try history.undo(on: connection) } }
    public func redo() throws -> UndoStack.Entry { try replaying { try history.redo(on: connection) } }

    private func replaying(_ body: () throws -> UndoStack.Entry) throws -> UndoStack.Entry {
        guard let log else { return try body() }
        return try log.suspended(body)
    }

    // MARK: - Transactions and errors

    /// Runs one edit in its own BEGIN IMMEDIATE transaction (or inside a trial's), records its changes for
    /// undo, and says SQLite's constraint errors in words.
    func perform(_ description: String, info: ClassInfo, values: [(Property, SQLiteValue)],
                 _ body: () throws -> Outcome) throws -> Outcome
    {
        func run() throws -> Outcome {
            let mark = try log?.mark() ?? 0
            var outcome = try body()
            outcome.changes = try log?.changes(since: mark) ?? []
            return outcome
        }
        do {
            if inTrial { return try run() }
            let outcome = try connection.transaction(.immediate, run)
            history.record(UndoStack.Entry(description: outcome.description, changes: outcome.changes))
            return outcome
        } catch let error as SQLiteError {
            throw explain(error, info: info, values: values)
        }
    }

    static let brokenLink = StrataError("a link would point at an object that does not exist (FOREIGN KEY); nothing was changed")

    /// SQLite's error as one line a user understands: which rule refused which value.
    func explain(_ error: SQLiteError, info: ClassInfo, values: [(Property, SQLiteValue)]) -> Error {
        let message = error.message
        /// `Task.name` from `NOT NULL constraint failed: Task.name`.
        let subject = message.split(separator: ":", maxSplits: 1).dropFirst().first.map { String($0).trimmingSpaces } ?? ""
        // ON DELETE RESTRICT reports itself through SQLITE_CONSTRAINT_TRIGGER: SQLite implements actions as triggers.
        if error.code == .constraint && message.hasPrefix("FOREIGN KEY constraint failed") { return Self.brokenLink }
        switch error.extendedCode.rawValue {
        case 1299:  // SQLITE_CONSTRAINT_NOTNULL
            return StrataError("\(subject) is required: it cannot be nil")
        case 2067, 1555:  // SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY
            let columns = subject.split(separator: ",").map { String($0.split(separator: ".").last ?? "").trimmingSpaces }
            let shown = columns.map { column in
                values.first { ($0.0.column ?? $0.0.name) == column }.map { "\(column) = \($0.1.sqlLiteral)" } ?? column
            }
            return StrataError("another \(info.name) already has \(shown.joined(separator: ", ")) (\(columns.count == 1 ? "it is" : "they are") unique)")
        case 275:  // SQLITE_CONSTRAINT_CHECK
            return StrataError("\(info.name)'s rule CHECK (\(subject)) refuses " + (values.isEmpty ? "this change" :
                values.map { "\($0.0.name) = \($0.1.sqlLiteral)" }.joined(separator: ", ")))
        case 787:  // SQLITE_CONSTRAINT_FOREIGNKEY
            return Self.brokenLink
        case 1811:  // SQLITE_CONSTRAINT_TRIGGER
            return StrataError("a trigger of \(info.name) refused the change: \(message)")
        case 2835:  // SQLITE_CONSTRAINT_DATATYPE, STRICT tables
            return StrataError("\(info.name) is a STRICT table and refuses the value's type: \(message)")
        default:
            return DatabaseFile.describe(error, path: path, timeout: timeout)
        }
    }
}
