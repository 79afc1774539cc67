import SQLiteKit
import StrataCore
import StrataQuery

/// Changes objects on a write connection: one transaction per edit, values parsed by each property's type,
/// constraints said in plain words, and (when recording) every changed row kept for `undo` and `redo`.
public final class Editor {
    /// The connection and schema edits go through.
    public let session: DatabaseSession
    public let connection: Connection
    public let schema: Schema
    /// The file's name in messages.
    let path: String
    let timeout: Int32
    /// Nil when edits are not recorded: the command line's one-off `update` of a million objects.
    private let log: ChangeLog?
    public var history = UndoStack()
    /// The most bytes a `@path` value reads (`--max-blob`).
    public var maxBlobBytes = BlobLimit.defaultBytes

    /// What an edit did.
    public struct Outcome: Sendable {
        /// `set Task 42 name`, as undo and redo name it.
        public var description: String
        /// One line for the user: `updated Task 42` and what followed from it.
        public var message: String
        /// What changed, a line each, printed indented under `message`: `name: "Flour" → "Rye flour"` for each
        /// property `set` wrote; for `update --dry-run`, a sample of the objects it would change.
        public var details: [String] = []
        /// The key of the object made or changed.
        public var key: [SQLiteValue] = []
        public var changes: [RowChange] = []
        /// How many objects a bulk update changed.
        public var count: Int64 = 0
    }

    /// - Parameters:
    ///   - session: a write connection and its schema; the session has registered the SQL functions that
    ///     compiled queries call (`update`'s predicates: CONTAINS, [c], [d]).
    ///   - recording: keep every changed row, for undo and for saying what a delete cascaded to.
    public init(session: DatabaseSession, recording: Bool = true) throws {
        self.session = session
        connection = session.connection
        schema = session.schema
        path = session.path
        timeout = session.timeout
        // Links are checked on every write connection (ARCHITECTURE.md §4 and issue #7).
        try connection.execute("PRAGMA foreign_keys = ON")
        if schema.isCoreData { try Self.registerCoreDataTriggerFunctions(on: connection) }
        log = recording ? try ChangeLog(connection: connection, schema: schema) : nil
    }

    /// Core Data keeps derived attributes (`pagesCount` = `pages.@count`) with triggers that update the column and
    /// then call a function of its own (`NSCoreDataDATriggerUpdatedAffectedObjectValue`) to tell a running app.
    /// Without those functions every edit that fires such a trigger fails; with no app to tell, they do nothing.
    static func registerCoreDataTriggerFunctions(on connection: Connection) throws {
        let triggers = try connection.rows("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND sql LIKE '%NSCoreData%'")
        var names: Set<String> = []
        for row in triggers {
            guard let sql = row[0].string else { continue }
            var rest = Substring(sql)
            while let start = rest.range(of: "NSCoreData") {
                let name = rest[start.lowerBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                names.insert(String(name))
                rest = rest[start.upperBound...]
            }
        }
        for name in names.sorted() {
            try connection.createFunction(name, argumentCount: -1, deterministic: false) { _ in .null }
        }
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
        ObjectKeyText.describe(info.name, key)
    }

    /// A stored value as a change report shows it: text in double quotes (escaped as the query language
    /// reads it, cut after 60 characters), a bool as true or false, a blob by its size, NULL as nil.
    static func shown(_ value: SQLiteValue, _ property: Property) -> String {
        switch value {
        case .null: "nil"
        case .integer(let number) where property.type == .bool && (number == 0 || number == 1): number == 1 ? "true" : "false"
        case .integer(let number): String(number)
        case .real(let number): "\(number)"
        case .text(let text) where text.count > 60: TerminalText.escaped(QueryParser.quotedString(String(text.prefix(60))).dropLast() + "…\"")
        case .text(let text): TerminalText.escaped(QueryParser.quotedString(text))
        case .blob(let bytes): "<" + Plural.counted(bytes.count, "byte") + ">"
        }
    }

    /// `name: "Flour" → "Rye flour"`, or `name: "Flour" (unchanged)`.
    static func change(_ property: Property, from old: SQLiteValue, to new: SQLiteValue) -> String {
        let before = shown(old, property)
        return "\(property.name): \(before)" + (old == new ? " (unchanged)" : " → \(shown(new, property))")
    }

    /// The values the properties of `values` hold now in the object `key` of `info`, in that order (the
    /// columns that Strata fills itself left out).
    private func currentValues(_ info: ClassInfo, key: [SQLiteValue], _ values: [Assignment]) throws -> [(Assignment, SQLiteValue)] {
        let shown = values.filter { info.property(named: $0.property.name) != nil }
        guard !shown.isEmpty else { return [] }
        let columns = shown.map { SQL.column($0.column) }.joined(separator: ", ")
        let row = try connection.rows("SELECT \(columns) FROM \(identifier: info.tableName) WHERE \(Self.keyCondition(info, key))" as SQL).first
        return zip(shown, row ?? []).map { ($0, $1) }
    }

    /// How many objects `update --dry-run` shows of those it would change.
    public static let dryRunSample = 5

    /// `1 Task object`, `3 Task objects`.
    static func counted(_ count: Int64, _ name: String) -> String {
        "\(count) \(name) \(count == 1 ? "object" : "objects")"
    }

    /// `rowid = ?1`, `"a" = ?1 AND "b" = ?2`: what finds one object by its key.
    static func keyCondition(_ info: ClassInfo, _ key: [SQLiteValue]) -> SQL {
        let pairs = zip(info.objectKey.columns(), key).map { ColumnValue(column: $0, value: $1) }
        // A sub-entity's key finds only its own objects in the table it shares.
        let filter: SQL = info.entityCondition(alias: nil).map { " AND \($0)" } ?? ""
        return "\(pairs, separator: " AND ")\(filter)"
    }

    /// Every link that points at objects of `info`: what a key change moves along, and what may refuse a delete.
    func links(to info: ClassInfo) -> [IncomingLink] {
        schema.classes.filter { !$0.isReadOnly }.flatMap { source in
            source.properties.compactMap { property in
                guard property.type == .object, property.target == info.name, let column = property.column else { return nil }
                return IncomingLink(source: source, property: property, column: column)
            }
        }
    }

    private func parsedValues(_ assignments: [TypedAssignment], of info: ClassInfo) throws -> [Assignment] {
        var parser = ValueParser(info: info, schema: schema, connection: connection)
        parser.maxBlobBytes = maxBlobBytes
        var seen: Set<String> = []
        var values: [Assignment] = []
        for assignment in assignments {
            let property = try property(assignment.property, of: info)
            guard seen.insert(property.name).inserted else { throw StrataError("\(info.name).\(property.name) is given twice") }
            let value = try parser.value(assignment.value, for: property)
            values.append(Assignment(property: property, value: value))
            // A Mixed value of a converted `.realm` file keeps its Realm type beside it: the type of what is written.
            if let typeColumn = property.typeColumn {
                values.append(Assignment(property: Property(name: typeColumn, type: .string, isOptional: true, column: typeColumn),
                                         value: Self.mixedTypeName(assignment.value, value).map(SQLiteValue.text) ?? .null))
            }
            if property.type == .object, let model = property.model, let targetName = property.target {
                values += try coreDataLinkColumns(info: info, property: property, model: model, target: targetName, value: value)
            }
        }
        return values
    }

    /// Beside a Core Data to-one: the column holding the target's entity number (`Z1_BOOK`), which Core Data
    /// reads to know which sub-entity the target is. A to-one whose inverse is also a to-one keeps a column on
    /// both sides, which one `set` cannot keep in step: refused.
    private func coreDataLinkColumns(info: ClassInfo, property: Property, model: ModelFacts, target targetName: String,
                                     value: SQLiteValue) throws -> [Assignment]
    {
        if let inverse = model.inverse, let target = schema.class(named: targetName),
           let other = target.property(named: inverse), other.type == .object
        {
            throw StrataError("\(info.name).\(property.name) is one side of a one-to-one relationship (with \(targetName).\(inverse)), "
                              + "whose two columns one edit cannot keep in step: Strata does not edit it")
        }
        guard let entityColumn = model.entityColumn else { return [] }
        var number = SQLiteValue.null
        if !value.isNull, let target = schema.class(named: targetName) {
            number = try connection.scalar(
                "SELECT \(identifier: "Z_ENT") FROM \(identifier: target.tableName) WHERE \(identifier: "Z_PK") = \(value)" as SQL)
        }
        return [Assignment(property: Property(name: entityColumn, type: .int, column: entityColumn), value: number)]
    }

    /// `"name" = ?1, "notes" = ?2`.
    private static func setClause(_ values: [Assignment]) -> SQL {
        "\(values.map(\.columnValue), separator: ", ")"
    }

    // MARK: - Edits

    /// An edit checked and ready to run: its values parsed, its object found, everything that can be
    /// refused without writing refused. It is prepared by one editor (the command line's, on a read-only
    /// connection) and performed by another on the same schema (on a write connection), so that an edit
    /// refused never opens the file for writing.
    public struct PreparedEdit {
        let info: ClassInfo
        /// What the edit writes, for the words of a constraint's error.
        let values: [Assignment]
        /// The edit itself, on the editor that performs it (inside its transaction).
        let body: (Editor) throws -> Outcome
    }

    /// `set Task 42 name="Buy milk" notes=nil`: one object's properties, in one transaction.
    public func set(_ info: ClassInfo, key: [SQLiteValue], _ assignments: [TypedAssignment],
                    allowKeyChange: Bool = false) throws -> Outcome
    {
        try perform(try prepareSet(info, key: key, assignments, allowKeyChange: allowKeyChange))
    }

    /// Checks a `set` without writing: its values, the key change it may make, and that the object exists.
    public func prepareSet(_ info: ClassInfo, key: [SQLiteValue], _ assignments: [TypedAssignment],
                           allowKeyChange: Bool = false) throws -> PreparedEdit
    {
        guard !assignments.isEmpty else { throw StrataError("set needs at least one property = value") }
        let values = try parsedValues(assignments, of: info)
        let keyChanges = values.filter(\.property.isPrimaryKey)
        if let first = keyChanges.first, !allowKeyChange {
            throw StrataError("\(info.name).\(first.property.name) is the primary key: changing it needs --allow-key-change "
                              + "(which also updates the links and lists that point at the object)")
        }
        try requireObject(info, key: key)
        let description = "set \(Self.describe(info, key)) " + values.filter { info.property(named: $0.property.name) != nil }.map(\.property.name).joined(separator: ", ")
        var newKey = key
        for change in keyChanges {
            if let index = info.objectKey.names.firstIndex(of: change.column) { newKey[index] = change.value }
        }
        return PreparedEdit(info: info, values: values) { editor in
            let connection = editor.connection
            if !keyChanges.isEmpty {
                // Links to the old key are moved along below; until then they point at nothing.
                try connection.execute("PRAGMA defer_foreign_keys = ON")
            }
            let before = try editor.currentValues(info, key: key, values)
            var set = Self.setClause(values)
            // Core Data's optimistic locking: a running app sees the object changed under it.
            if let bookkeeping = editor.schema.conventions.updateBookkeeping(of: info) { set += ", \(bookkeeping)" }
            try connection.execute("UPDATE \(identifier: info.tableName) SET \(set) WHERE \(Self.keyCondition(info, key))" as SQL)
            guard connection.changes == 1 else { throw StrataError("no \(Self.describe(info, key)) in \(editor.path)") }
            if !keyChanges.isEmpty, key.count == 1, newKey != key {
                try editor.moveLinks(to: info, from: key[0], to: newKey[0])
            }
            // What the column holds now: the value as SQLite stored it (a column's affinity may have changed it).
            let after = try editor.currentValues(info, key: newKey, values)
            let details = zip(before, after).map { Self.change($0.0.property, from: $0.1, to: $1.1) }
            return Outcome(description: description, message: "updated \(Self.describe(info, newKey))", details: details, key: newKey)
        }
    }

    /// Refuses when there is no object of `info` with `key`.
    public func requireObject(_ info: ClassInfo, key: [SQLiteValue]) throws {
        let found = try explaining(info: info, values: []) {
            try connection.scalar("SELECT count(*) FROM \(identifier: info.tableName) WHERE \(Self.keyCondition(info, key))" as SQL)
        }
        guard found.int64 == 1 else { throw StrataError("no \(Self.describe(info, key)) in \(path)") }
    }

    /// After a key change: every link and list entry that pointed at the old key points at the new one.
    private func moveLinks(to info: ClassInfo, from old: SQLiteValue, to new: SQLiteValue) throws {
        for link in links(to: info) {
            try connection.execute(
                "UPDATE \(identifier: link.source.tableName) SET \(identifier: link.column) = \(new) WHERE \(identifier: link.column) = \(old)" as SQL)
        }
    }

    /// `new Task name="Call Bob" priority=2`: a new object; its key is in the outcome.
    public func insert(_ info: ClassInfo, _ assignments: [TypedAssignment]) throws -> Outcome {
        try perform(try prepareInsert(info, assignments))
    }

    /// Checks an insert without writing: its values, and that every required property is given.
    public func prepareInsert(_ info: ClassInfo, _ assignments: [TypedAssignment]) throws -> PreparedEdit {
        if let entity = info.entity, entity.isAbstract {
            let concrete = schema.classes.filter { $0.entity?.parent == info.name }.map(\.name)
            throw StrataError("\(info.name) is an abstract entity: it has no objects of its own"
                              + (concrete.isEmpty ? "" : "; make a " + concrete.joined(separator: " or ") + " instead"))
        }
        let values = try parsedValues(assignments, of: info)
        let given = Set(values.map(\.property.name))
        let automaticKey = info.hasRowID && (info.primaryKey.isEmpty || info.rowIDAlias != nil)
        let missing = info.properties.filter { property in
            !given.contains(property.name) && property.column != nil && !property.isOptional && property.defaultValue == nil
                && property.generated == nil && !(property.isPrimaryKey && automaticKey)
        }
        if !missing.isEmpty {
            throw StrataError("a new \(info.name) needs " + missing.map(\.name).joined(separator: ", ")
                              + " (required, with no default): add " + missing.map { "\($0.name)=…" }.joined(separator: " "))
        }
        return PreparedEdit(info: info, values: values) { editor in
            let connection = editor.connection
            var values = values
            if info.kind == .entity { values += try editor.coreDataBookkeeping(for: info, given: values) }
            if values.isEmpty {
                try connection.execute("INSERT INTO \(identifier: info.tableName) DEFAULT VALUES" as SQL)
            } else {
                let columns = values.map { SQL.column($0.column) }.joined(separator: ", ")
                try connection.execute("INSERT INTO \(identifier: info.tableName) (\(columns)) VALUES (\(list: values.map(\.value)))" as SQL)
            }
            let key: [SQLiteValue]
            if let rowID = info.rowIDColumn() {
                let columns = info.objectKey.columns().joined(separator: ", ")
                key = try connection.rows(
                    "SELECT \(columns) FROM \(identifier: info.tableName) WHERE \(rowID) = \(connection.lastInsertRowID)" as SQL
                ).first ?? []
            } else {
                key = info.objectKey.names.map { column in
                    values.first { $0.property.column == column || $0.property.name == column }?.value ?? .null
                }
            }
            return Outcome(description: "new \(Self.describe(info, key))", message: "new \(Self.describe(info, key))", key: key)
        }
    }

    /// The columns Core Data fills itself for a new object (`StoreConventions.insertBookkeeping`), and the model's
    /// default of each attribute not given.
    private func coreDataBookkeeping(for info: ClassInfo, given: [Assignment]) throws -> [Assignment] {
        let keyGiven = given.contains { $0.property.column == "Z_PK" }
        var extra = try schema.conventions.insertBookkeeping(for: info, in: schema, keyGiven: keyGiven, connection: connection).map {
            Assignment(property: Property(name: $0.column, type: .int, column: $0.column), value: $0.value)
        }
        // A store without its entity's row in Z_PRIMARYKEY gets nothing Core Data would have written.
        guard !extra.isEmpty else { return [] }
        // What Core Data sets on a new object: the model's default of each attribute not given.
        for property in info.properties where property.model?.attributeType != nil && !property.isReadOnly {
            guard let text = property.defaultValue, let column = property.column,
                  !given.contains(where: { $0.property.name == property.name }),
                  let value = Self.modelDefault(text, type: property.type)
            else { continue }
            extra.append(Assignment(property: Property(name: column, type: property.type, column: column), value: value))
        }
        return extra
    }

    /// A default as a model writes it (`YES`, `0`, `4.5`, `Untitled`) in the column's storage; nil for types whose
    /// defaults are not plain text (dates, data).
    static func modelDefault(_ text: String, type: PropertyType) -> SQLiteValue? {
        switch type {
        case .bool:
            switch text.lowercased() {
            case "yes", "true", "1": return .integer(1)
            case "no", "false", "0": return .integer(0)
            default: return nil
            }
        case .int: return Int64(text).map(SQLiteValue.integer) ?? Double(text).flatMap { Int64(exactly: $0) }.map(SQLiteValue.integer)
        case .double, .float, .decimal: return Double(text).map(SQLiteValue.real)
        case .string: return .text(text)
        default: return nil
        }
    }

    /// `update Task where isCompleted == true set archived=true`: every object a query finds, in one
    /// statement. With `dryRun`, only counts them (reading only: a read-only connection will do).
    public func update(_ queryText: String, _ assignments: [TypedAssignment], dryRun: Bool = false) throws -> Outcome {
        let (prepared, count) = try prepareUpdate(queryText, assignments, counting: dryRun)
        if let count {
            let sample = try updateSample(queryText, prepared.info, prepared.values)
            var details = sample.map { key, changes in Self.describe(prepared.info, key) + ": " + changes.joined(separator: ", ") }
            if count > Int64(sample.count) { details.append("… and \(count - Int64(sample.count)) more") }
            return Outcome(description: "", message: "would update " + Self.counted(count, prepared.info.name), details: details, count: count)
        }
        return try perform(prepared)
    }

    /// The first `dryRunSample` objects the query finds, each with its key and what `update` would change in it
    /// (`priority: 3 → 0`).
    private func updateSample(_ queryText: String, _ info: ClassInfo, _ values: [Assignment]) throws -> [([SQLiteValue], [String])] {
        guard info.objectKey != .none else { return [] }
        var compiler = QueryCompiler(schema: schema, connection: connection, text: queryText)
        let compiled = try compiler.compile(try QueryParser.parse(queryText), page: Page.allKeys)
        let width = info.objectKey.count
        let rows = try connection.rows(SQL.window(of: compiled.statement, limit: Self.dryRunSample))
        return try rows.map { row in
            let key = Array(row.suffix(width))
            let changes = try currentValues(info, key: key, values).map { Self.change($0.0.property, from: $0.1, to: $0.0.value) }
            return (key, changes)
        }
    }

    /// Checks an update without writing: its query and values; with `counting`, also how many objects it
    /// would change.
    public func prepareUpdate(_ queryText: String, _ assignments: [TypedAssignment], counting: Bool = false) throws
        -> (PreparedEdit, count: Int64?)
    {
        guard !assignments.isEmpty else { throw StrataError("update needs at least one property = value after set") }
        let query = try QueryParser.parse(queryText)
        let info = try editableClass(query.className)
        let values = try parsedValues(assignments, of: info)
        if let key = values.first(where: \.property.isPrimaryKey) {
            throw StrataError("\(info.name).\(key.property.name) is the primary key: update does not change keys (set one object with --allow-key-change)")
        }
        var compiler = QueryCompiler(schema: schema, connection: connection, text: queryText)
        var count: Int64?
        if counting {
            let compiled = try compiler.compile(query, page: Page.allKeys)
            count = try explaining(info: info, values: values) {
                try connection.scalar(SQL.count(of: compiled.statement)).int64 ?? 0
            }
        }
        let sql: SQL
        if let (_, condition) = try compiler.compileCondition(query) {
            let filter: SQL = condition.map { " WHERE \($0)" } ?? ""
            sql = "UPDATE \(identifier: info.tableName) AS \(QueryCompiler.objectAlias) SET \(Self.setClause(values))" + filter
        } else {
            // SORT, LIMIT or a path through a link: the objects are picked by key.
            let selection = try compiler.compileKeySelection(query)
            sql = "UPDATE \(identifier: info.tableName) SET \(Self.setClause(values)) WHERE \(selection)"
        }
        let description = "update \(queryText) set " + values.filter { info.property(named: $0.property.name) != nil }.map(\.property.name).joined(separator: ", ")
        let prepared = PreparedEdit(info: info, values: values) { editor in
            try editor.connection.execute(sql)
            let count = editor.connection.changes
            return Outcome(description: description, message: "updated " + Self.counted(count, info.name), count: count)
        }
        return (prepared, count)
    }

    /// Runs an edit another editor prepared (or this one), in its own transaction, recorded for undo.
    public func perform(_ edit: PreparedEdit) throws -> Outcome {
        try perform(info: edit.info, values: edit.values) { try edit.body(self) }
    }

    // MARK: - Undo

    public func undo() throws -> UndoStack.Entry { try replaying { try settling { try history.undo(on: connection) } } }
    public func redo() throws -> UndoStack.Entry { try replaying { try settling { try history.redo(on: connection) } } }

    private func replaying(_ body: () throws -> UndoStack.Entry) throws -> UndoStack.Entry {
        guard let log else { return try body() }
        return try log.suspended(body)
    }

    // MARK: - Transactions

    /// Runs one edit in its own BEGIN IMMEDIATE transaction, records its changes for undo, and says
    /// SQLite's constraint errors in words (`values`: what the edit writes, for those words).
    func perform(info: ClassInfo, values: [Assignment], _ body: () throws -> Outcome) throws -> Outcome {
        let outcome = try explaining(info: info, values: values) {
            try settling { try connection.transaction(.immediate) { try logging(body) } }
        }
        history.record(UndoStack.Entry(description: outcome.description, changes: outcome.changes))
        return outcome
    }

    /// Runs a write transaction, making SQLite roll it back at once when a write in it failed (`FailedWrite`).
    func settling<T>(_ body: () throws -> T) throws -> T {
        try FailedWrite.settling(connection, path: path, change: "the edit", body)
    }

    /// Runs an edit with the rows it changed in its outcome, as the change log saw them (none when not
    /// recording). It opens no transaction: the caller's holds the log's entries too.
    func logging(_ body: () throws -> Outcome) throws -> Outcome {
        let mark = try log?.mark() ?? 0
        var outcome = try body()
        outcome.changes = try log?.changes(since: mark) ?? []
        return outcome
    }
}
