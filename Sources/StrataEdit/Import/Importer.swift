import SQLiteKit
import StrataCore
import StrataQuery

/// Imports rows of CSV or JSON into one class: each row an object, each value read by its property's type
/// (`ImportScalar`), lists of objects and collections of values from JSON arrays and objects.
///
/// It writes on the connection it is given and opens no transaction: the caller's one transaction holds the
/// whole import, so that a failure at any row leaves the file as it was. With `dryRun` it writes nothing and
/// only reads (a read-only connection will do): every value is read and checked, every link looked up, and
/// each key given looked up to count the objects `upsert` would update (or to refuse, without it, a key that
/// exists); what only SQLite checks on a write (UNIQUE beyond the key, CHECK, triggers) is not.
///
/// Streams: one row at a time, with one prepared INSERT for each set of properties rows give (one, for CSV).
public final class Importer {
    public enum Format: String, Sendable, CaseIterable {
        case csv, json, ndjson
    }

    /// What the import did, or would do.
    public struct Outcome: Sendable, Equatable {
        /// Objects made.
        public var inserted = 0
        /// Objects whose key existed, updated by `--upsert`.
        public var updated = 0
    }

    public let connection: Connection
    public let schema: Schema
    public let info: ClassInfo
    /// The input's name in messages.
    public let inputName: String
    public var upsert = false
    public var dryRun = false
    /// Told every `progressInterval` rows how many are done.
    public var progress: ((Int) -> Void)?
    /// Asked every `progressInterval` rows; true stops the import (`StrataError.interrupted`).
    public var shouldStop: () -> Bool = { false }
    public static let progressInterval = 4096

    /// One property rows may give, and how its values are written (a class: rows read it, never copy it).
    final class Target {
        enum Content {
            case scalar(ImportScalar)
            /// A Strata list or set of objects: entries of its table, each a link to the target.
            case objects(ListStorage, ImportScalar)
            /// A list, set or dictionary of values.
            case values(ValueCollection, ImportScalar)
        }

        let property: Property
        let content: Content
        /// The scalar's reader, when the target is a scalar.
        let scalar: ImportScalar?
        let isOptional: Bool
        /// Required with a default: a nil leaves the default.
        let defaultsWhenNil: Bool
        let hasTypeColumn: Bool
        /// The statements that fill a collection, prepared on first use.
        var insertEntry: Statement?
        var deleteEntries: Statement?

        init(property: Property, content: Content) {
            self.property = property
            self.content = content
            if case .scalar(let reader) = content { scalar = reader } else { scalar = nil }
            isOptional = property.isOptional
            defaultsWhenNil = !property.isOptional && property.defaultValue != nil
            hasTypeColumn = property.typeColumn != nil
        }
    }

    private let targets: [Target]
    private let targetIndex: [String: Int]
    private let foldedIndex: [String: [Int]]
    private let keyTargets: [Int]
    /// One INSERT for each set of scalar targets a row gives, in target order.
    private var inserts: [[Int]: Statement] = [:]
    private var existence: Statement?
    /// Reused by every row, so that a row allocates nothing of its own.
    private var scalarBuffer: [Int] = []
    private var collectionBuffer: [Int] = []
    private var signatureBuffer: [Int] = []
    private var keyBuffer: [SQLiteValue] = []
    private var lastSignature: [Int] = [-1]
    private var lastStatement: Statement?
    /// With `threaded`, rows of plain values (no links to look up, no lists, no keys to look up first) are inserted
    /// on a second thread while the next ones are read (`InsertPipe`), in the same order: the same database.
    public var threaded = false
    private var piped = false
    private var pipe: InsertPipe?
    private var pipeStatements: [Statement] = []
    private var pipeIndex = 0
    private var outcome = Outcome()
    private var rows = 0
    /// `column` for CSV, `property` for JSON: what the messages call a row's place.
    private var place = "column"

    /// - Throws: `StrataError` when the class cannot be imported into (a view, a Core Data entity, a link to a
    ///   class without a single key).
    public init(connection: Connection, schema: Schema, info: ClassInfo, inputName: String) throws {
        self.connection = connection
        self.schema = schema
        self.info = info
        self.inputName = inputName
        if info.isReadOnly { throw StrataError("\(info.name) is a view: views are read-only") }
        if schema.isCoreData || info.kind == .entity {
            throw StrataError("\(info.name) is a Core Data entity: import does not write Core Data stores (Z_PK, Z_ENT and Z_OPT "
                              + "bookkeeping); add objects one at a time with strata insert")
        }
        var targets: [Target] = []
        var targetIndex: [String: Int] = [:]
        var foldedIndex: [String: [Int]] = [:]
        for property in info.properties where !property.isReadOnly {
            let content: Target.Content
            switch property.type {
            case .list:
                guard let storage = info.lists[property.name], storage.kind == .strataList || storage.kind == .strataSet else { continue }
                let element = Property(name: property.name, type: .object, target: property.target)
                content = .objects(storage, try ImportScalar.make(for: element, in: info, table: storage.table, schema: schema, connection: connection))
            case .collection:
                guard let storage = info.collections[property.name] else { continue }
                content = .values(storage, try ImportScalar.make(for: storage.element, in: info, table: storage.table, schema: schema,
                                                                  connection: connection))
            case .linkingObjects:
                continue
            default:
                guard property.column != nil else { continue }
                content = .scalar(try ImportScalar.make(for: property, in: info, table: info.tableName, schema: schema, connection: connection))
            }
            targetIndex[property.name] = targets.count
            foldedIndex[property.name.lowercased(), default: []].append(targets.count)
            targets.append(Target(property: property, content: content))
        }
        self.targets = targets
        self.targetIndex = targetIndex
        self.foldedIndex = foldedIndex
        keyTargets = info.primaryKey.compactMap { targetIndex[$0] }
    }

    /// The target a column or member names: exactly, else the only one that matches ignoring case.
    private func target(named name: String) -> Int? {
        if let exact = targetIndex[name] { return exact }
        if let folded = foldedIndex[name.lowercased()], folded.count == 1 { return folded[0] }
        return nil
    }

    private func unknown(_ name: String) -> String {
        if let property = info.property(named: name) {
            return property.type == .linkingObjects ? "\(info.name).\(name) is computed (backlinks): it cannot be imported"
                : "\(info.name).\(name) cannot be imported (\(property.isReadOnly ? "computed" : property.typeDescription))"
        }
        return "\(info.name) has no property '\(name)'" + Suggestion.hint(for: name, in: targets.map(\.property.name))
    }

    // MARK: - CSV

    /// Imports every record after the header row.
    /// - Throws: `StrataError` naming the input, line, column and what was wrong; `StrataError.interrupted`.
    public func importCSV(_ reader: CSVReader) throws -> Outcome {
        place = "column"
        do {
            guard try reader.next() else { throw ImportError(line: 1, "the input is empty: a CSV import starts with a header row of property names") }
            let header = reader.fields
            var mapped: [Int] = []
            var unknownNames: [String] = []
            var seen: [Int: String] = [:]
            for (column, name) in header.enumerated() {
                guard let index = target(named: name) else {
                    unknownNames.append(name)
                    continue
                }
                if let earlier = seen[index] {
                    throw ImportError(line: reader.line(of: column), column: column + 1,
                                      "columns '\(earlier)' and '\(name)' are both \(info.name).\(targets[index].property.name)")
                }
                seen[index] = name
                mapped.append(index)
            }
            if let first = unknownNames.first {
                let more = unknownNames.count > 1
                    ? " (and \(unknownNames.count - 1) more column\(unknownNames.count == 2 ? "" : "s") that \(info.name) lacks: "
                        + unknownNames.dropFirst().prefix(5).map { "'\($0)'" }.joined(separator: ", ")
                        + (unknownNames.count > 6 ? ", …" : "") + ")"
                    : ""
                throw ImportError(line: reader.recordLine, column: (header.firstIndex(of: first) ?? 0) + 1, unknown(first) + more)
            }
            try requireAll(Set(mapped), line: reader.recordLine)
            var cells: [Cell] = []
            cells.reserveCapacity(mapped.count)
            try withPipe(pipes(mapped)) {
                while try reader.next() {
                    guard reader.fieldCount == header.count else {
                        throw ImportError(line: reader.recordLine,
                                          "the record has \(Plural.counted(reader.fieldCount, "field")), the header \(header.count)")
                    }
                    cells.removeAll(keepingCapacity: true)
                    for (field, index) in mapped.enumerated() {
                        cells.append(Cell(target: index, value: .csv(reader, field: field), line: reader.line(of: field), column: field + 1))
                    }
                    try importRow(cells, line: reader.recordLine, checkRequired: false)
                }
            }
        } catch let error as ImportError {
            throw error.located(in: inputName)
        }
        return outcome
    }

    // MARK: - JSON

    /// Imports every object of a JSON array or of NDJSON.
    public func importJSON(_ reader: JSONRowReader) throws -> Outcome {
        place = "property"
        do {
            var cells: [Cell] = []
            try withPipe(pipes(Array(targets.indices))) {
                while let row = try reader.next() {
                    cells.removeAll(keepingCapacity: true)
                    var seen: Set<Int> = []
                    for member in row.members {
                        guard let index = target(named: member.key) else {
                            throw ImportError(line: member.line, column: member.column, unknown(member.key))
                        }
                        guard seen.insert(index).inserted else {
                            throw ImportError(line: member.line, column: member.column, "\(info.name).\(targets[index].property.name) is given twice")
                        }
                        cells.append(Cell(target: index, value: .json(member.value), line: member.line, column: member.column))
                    }
                    cells.sort { $0.target < $1.target }
                    try importRow(cells, line: row.line, checkRequired: true)
                }
            }
        } catch let error as ImportError {
            throw error.located(in: inputName)
        }
        return outcome
    }

    // MARK: - Rows

    /// Whether the rows that give these targets may go through the pipe: every one a plain value, nothing the
    /// import reads back while it writes.
    private func pipes(_ given: [Int]) -> Bool {
        threaded && !upsert && !dryRun && given.allSatisfy { index in
            guard let scalar = targets[index].scalar else { return false }
            if case .link = scalar.kind { return false }
            return true
        }
    }

    /// Makes `statement` the pipe's current one: a statement it has, or a new pipe with it (the rows before are in
    /// by then, as the pipe runs them in order).
    private func pipeStatement(_ statement: Statement) throws {
        if let index = pipeStatements.firstIndex(where: { $0 === statement }) {
            pipeIndex = index
            return
        }
        try pipe?.finish()
        pipeStatements.append(statement)
        pipeIndex = pipeStatements.count - 1
        pipe = InsertPipe(pipeStatements, failures: pipeStatements.map { _ in { [self] error, line, key in
            explain(error, line: Int(line.int64 ?? 0), key: key.isNull ? nil : [key])
        } }, on: connection, threaded: true)
    }

    /// Runs `body` over the rows, then waits for the pipe's last inserts (and their errors); an error stops the
    /// pipe before it goes up, so that nothing writes while the caller rolls back.
    private func withPipe(_ piping: Bool, _ body: () throws -> Void) throws {
        piped = piping
        defer { piped = false; pipe = nil; pipeStatements = []; lastSignature = [-1]; lastStatement = nil }
        do {
            try body()
            try pipe?.finish()
        } catch {
            pipe?.cancel()
            throw error
        }
    }

    struct Cell {
        var target: Int
        var value: ImportCell
        var line: Int
        var column: Int
    }

    /// Refuses a row that leaves out a property that is required and has no default.
    private func requireAll(_ given: Set<Int>, line: Int) throws {
        let automaticKey = info.hasRowID && (info.primaryKey.isEmpty || info.rowIDAlias != nil)
        let missing = targets.indices.filter { index in
            let property = targets[index].property
            guard case .scalar = targets[index].content else { return false }
            return !given.contains(index) && !property.isOptional && property.defaultValue == nil && !(property.isPrimaryKey && automaticKey)
        }
        guard !missing.isEmpty else { return }
        let names = missing.map { targets[$0].property.name }
        throw ImportError(line: line, "\(info.name) needs \(names.map { "'\($0)'" }.joined(separator: ", ")) (required, with no default), "
                          + "and the \(place == "column" ? "header has no such column" : "object has no such member")")
    }

    private func refusal(_ cell: Cell, _ reason: String) -> ImportError {
        ImportError(line: cell.line, column: cell.column, "\(place) '\(targets[cell.target].property.name)': \(cell.value.shown) \(reason)")
    }

    private func importRow(_ cells: [Cell], line: Int, checkRequired: Bool) throws {
        rows += 1
        if rows % Self.progressInterval == 0 {
            if shouldStop() { throw StrataError.interrupted }
            progress?(rows)
        }
        // The scalars the row gives: a nil for a required property with a default leaves the default.
        scalarBuffer.removeAll(keepingCapacity: true)
        collectionBuffer.removeAll(keepingCapacity: true)
        signatureBuffer.removeAll(keepingCapacity: true)
        for position in cells.indices {
            let target = targets[cells[position].target]
            if target.scalar != nil {
                if target.defaultsWhenNil, cells[position].value.isNil { continue }
                scalarBuffer.append(position)
                signatureBuffer.append(cells[position].target)
            } else {
                collectionBuffer.append(position)
            }
        }
        if checkRequired { try requireAll(Set(signatureBuffer), line: line) }
        let statement: Statement
        if signatureBuffer == lastSignature, let last = lastStatement {
            statement = last
        } else {
            statement = try insert(for: signatureBuffer)
            lastSignature = signatureBuffer
            lastStatement = statement
            if piped { try pipeStatement(statement) }
        }
        let parameters: RowParameters = if let pipe { .pipe(pipe, statement: pipeIndex) } else { .statement(statement) }
        var parameter = 1
        if keyBuffer.count != keyTargets.count { keyBuffer = Array(repeating: .null, count: keyTargets.count) }
        var keyGiven = 0
        for position in scalarBuffer {
            let cell = cells[position]
            let target = targets[cell.target]
            guard let reader = target.scalar else { continue }
            var value: SQLiteValue? = .null
            do {
                if cell.value.isNil {
                    if target.isOptional {
                        try parameters.bind(.null, at: parameter)
                    } else if case .string = reader.kind, case .csv = cell.value {
                        // An empty CSV field for a required string: the empty text.
                        try parameters.bind(.text(""), at: parameter)
                        value = .text("")
                    } else {
                        throw ImportError(line: cell.line, column: cell.column,
                                          "\(place) '\(target.property.name)' is \(place == "column" ? "empty" : "null"), and \(info.name).\(target.property.name) is required")
                    }
                } else {
                    value = try reader.bind(cell.value, to: parameters, at: parameter)
                }
            } catch let refusal as ImportRefusal {
                throw self.refusal(cell, refusal.reason)
            } catch let error as SQLiteError {
                throw explain(error, line: cell.line, key: nil)
            }
            parameter += 1
            if target.hasTypeColumn {
                let stored = value ?? (try? reader.value(cell.value)) ?? .null
                try parameters.bind(ImportScalar.mixedTypeName(cell.value, stored), at: parameter)
                parameter += 1
            }
            if !keyTargets.isEmpty, let slot = keyTargets.firstIndex(of: cell.target) {
                if value == nil, case .csv(let csv, let field) = cell.value { value = .text(csv.text(field)) }
                keyBuffer[slot] = value ?? .null
                keyGiven += 1
            }
        }
        let key = keyBuffer
        let hasKey = keyGiven == keyTargets.count && !keyTargets.isEmpty
        var exists = false
        if hasKey && (upsert || dryRun) {
            exists = try keyExists(key)
            if exists && !upsert {
                throw ImportError(line: line, "another \(info.name) already has \(keyText(key)) (with --upsert, it is updated instead)")
            }
        }
        if let pipe {
            // Run on the pipe's thread; its failure, a row or more later, names this line and key.
            try pipe.run(pipeIndex, owner: .integer(Int64(line)), key: hasKey && key.count == 1 ? key[0] : .null)
        } else if !dryRun {
            do {
                _ = try statement.step()
                statement.reset()
            } catch let error as SQLiteError {
                statement.reset()
                throw explain(error, line: line, key: hasKey ? key : nil)
            }
        }
        if exists { outcome.updated += 1 } else { outcome.inserted += 1 }
        guard !collectionBuffer.isEmpty else { return }
        let owner: SQLiteValue
        if keyTargets.count == 1 && hasKey {
            owner = key[0]
        } else if info.objectKey.count == 1, info.rowIDAlias != nil || info.primaryKey.isEmpty {
            owner = .integer(connection.lastInsertRowID)
        } else {
            throw ImportError(line: line, "\(info.name) has no single key for its lists to belong to")
        }
        for position in collectionBuffer {
            try fill(cells[position], owner: owner, replacing: exists, line: line)
        }
    }

    /// `id = 42`, `(owner, position) = (1, 2)`.
    private func keyText(_ key: [SQLiteValue]) -> String {
        let names = info.primaryKey
        if names.count == 1 { return "\(names[0]) = \(key[0].sqlLiteral)" }
        return "(\(names.joined(separator: ", "))) = (\(key.map(\.sqlLiteral).joined(separator: ", ")))"
    }

    private func keyExists(_ key: [SQLiteValue]) throws -> Bool {
        if existence == nil {
            let condition = info.primaryKey.enumerated().map { index, name in "\(identifier: name) IS \(SQL.parameters([index + 1]))" as SQL }
            existence = try connection.prepare("SELECT 1 FROM \(identifier: info.tableName) WHERE \(condition.joined(separator: " AND "))" as SQL)
        }
        guard let existence else { return false }
        defer { existence.reset() }
        for (index, value) in key.enumerated() { try existence.bind(value, at: index + 1) }
        return try existence.step()
    }

    /// The INSERT for rows that give these scalar targets (upserting on the key with `upsert`).
    private func insert(for signature: [Int]) throws -> Statement {
        if let known = inserts[signature] { return known }
        var columns: [SQL] = []
        for index in signature {
            let property = targets[index].property
            columns.append(.identifier(property.column ?? property.name))
            if let typeColumn = property.typeColumn { columns.append(.identifier(typeColumn)) }
        }
        var sql: SQL = columns.isEmpty ? "INSERT INTO \(identifier: info.tableName) DEFAULT VALUES"
            : "INSERT INTO \(identifier: info.tableName) (\(columns.joined(separator: ", "))) VALUES (\(SQL.parameters(columns.count)))"
        if upsert, !keyTargets.isEmpty, keyTargets.allSatisfy(signature.contains) {
            let keyColumns = info.primaryKey.map { SQL.identifier($0) }
            let updates = columns.filter { column in !keyColumns.contains { $0.text == column.text } }
            sql += " ON CONFLICT (\(keyColumns.joined(separator: ", "))) DO "
            sql += updates.isEmpty ? "NOTHING" : "UPDATE SET \(updates.map { "\($0) = excluded.\($0)" as SQL }.joined(separator: ", "))"
        }
        let statement = try connection.prepare(sql)
        inserts[signature] = statement
        return statement
    }

    /// SQLite's refusal of a row as one line with the row's line.
    private func explain(_ error: SQLiteError, line: Int, key: [SQLiteValue]?) -> Error {
        if ResultCode.interrupt ~= error.code { return StrataError.interrupted }
        let subject = error.message.split(separator: ":", maxSplits: 1).dropFirst().first.map { String($0).trimmingSpaces } ?? error.message
        if error.isForeignKeyViolation {
            return ImportError(line: line, "a link would point at an object that does not exist (FOREIGN KEY)")
        }
        switch error.extendedCode {
        case .constraintNotNull: return ImportError(line: line, "\(subject) is required: it cannot be nil")
        case .constraintPrimaryKey where key != nil:
            return ImportError(line: line, "another \(info.name) already has \(keyText(key ?? [])) (with --upsert, it is updated instead)")
        case .constraintUnique, .constraintPrimaryKey:
            return ImportError(line: line, "another \(info.name) already has the same \(subject) (it is unique)")
        case .constraintCheck: return ImportError(line: line, "\(info.name)'s rule CHECK (\(subject)) refuses the object")
        case .constraintTrigger: return ImportError(line: line, "a trigger of \(info.name) refused the object: \(error.message)")
        case .constraintDataType: return ImportError(line: line, "\(info.name) is a STRICT table and refuses a value's type: \(error.message)")
        default:
            // A full disk or an I/O error goes up as it is: the command settles the file (`FailedWrite`).
            if error.code == .full || error.code == .ioError { return error }
            if error.code == ResultCode(rawValue: 18) {  // SQLITE_TOOBIG
                return ImportError(line: line, "a value is larger than SQLite's limit for one value (1,000,000,000 bytes)")
            }
            return DatabaseFile.describe(error, path: connection.path)
        }
    }

    // MARK: - Collections

    /// The entries of a list, set or dictionary of the object `owner`: a JSON array (an object for a
    /// dictionary), or a CSV field holding one as JSON text; an empty CSV field is an empty collection.
    private func fill(_ cell: Cell, owner: SQLiteValue, replacing: Bool, line: Int) throws {
        let property = targets[cell.target].property
        var json: ImportJSON
        switch cell.value {
        case .json(let value): json = value
        case .csv(let reader, let field):
            if !reader.isQuoted(field) && reader.withField(field, { $0.isEmpty }) {
                json = .array([])
            } else {
                do {
                    json = try reader.withField(field) { try JSONRowReader.parseValue($0) }
                } catch let error as ImportError {
                    throw refusal(cell, "is not JSON: \(error.message)")
                }
            }
        }
        let isDictionary: Bool
        let element: ImportScalar
        switch targets[cell.target].content {
        case .objects(_, let scalar):
            isDictionary = false
            element = scalar
        case .values(let storage, let scalar):
            isDictionary = storage.kind == .dictionary
            element = scalar
        case .scalar:
            return
        }
        if json == .null { json = isDictionary ? .object([]) : .array([]) }
        let entries: [(key: String?, value: ImportJSON)]
        switch (json, isDictionary) {
        case (.array(let items), false): entries = items.map { (nil, $0) }
        case (.object(let members), true): entries = members.map { ($0.key, $0.value) }
        default:
            throw refusal(cell, "is \(json.kind), and \(property.name) is \(property.typeDescription): "
                          + (isDictionary ? "expected an object of keys and values" : "expected an array"))
        }
        let (insert, delete) = try entryStatements(cell.target)
        if replacing && !dryRun {
            try delete.bind(owner, at: 1)
            try delete.run()
        }
        let optionalElements = elementIsOptional(cell.target)
        let typed = elementTypeColumn(cell.target) != nil
        for (position, entry) in entries.enumerated() {
            var value = SQLiteValue.null
            if entry.value == .null {
                guard optionalElements else {
                    throw refusal(cell, "holds null at \(entry.key.map { "key '\($0)'" } ?? "position \(position)"), and \(property.typeDescription) holds no nil")
                }
            } else {
                do {
                    value = try element.value(.json(entry.value))
                } catch let refusal as ImportRefusal {
                    throw self.refusal(cell, "holds \(entry.value.shown) at \(entry.key.map { "key '\($0)'" } ?? "position \(position)"), which \(refusal.reason)")
                }
            }
            guard !dryRun else { continue }
            var parameter = 1
            try insert.bind(owner, at: parameter)
            parameter += 1
            if let key = entry.key {
                try insert.bind(.text(key), at: parameter)
                parameter += 1
            } else if hasPosition(cell.target) {
                try insert.bind(.integer(Int64(position)), at: parameter)
                parameter += 1
            }
            try insert.bind(value, at: parameter)
            parameter += 1
            if typed { try insert.bind(ImportScalar.mixedTypeName(.json(entry.value), value), at: parameter) }
            do {
                try insert.run()
            } catch let error as SQLiteError {
                throw explain(error, line: line, key: nil)
            }
        }
    }

    private func hasPosition(_ index: Int) -> Bool {
        switch targets[index].content {
        case .objects(let storage, _): storage.positionColumn != nil
        case .values(let storage, _): storage.positionColumn != nil
        case .scalar: false
        }
    }

    private func elementIsOptional(_ index: Int) -> Bool {
        if case .values(let storage, _) = targets[index].content { return storage.element.isOptional }
        return false
    }

    private func elementTypeColumn(_ index: Int) -> String? {
        if case .values(let storage, _) = targets[index].content { return storage.element.typeColumn }
        return nil
    }

    /// INSERT of one entry (owner, then position or key where the table has one, value, and a Mixed value's
    /// type), and DELETE of an owner's entries; prepared once for the import.
    private func entryStatements(_ index: Int) throws -> (Statement, Statement) {
        if let insert = targets[index].insertEntry, let delete = targets[index].deleteEntries { return (insert, delete) }
        let table: String, owner: String, second: String?, value: String, typeColumn: String?, isSet: Bool
        switch targets[index].content {
        case .objects(let storage, _):
            (table, owner, second, value, typeColumn) = (storage.table, storage.ownerColumn, storage.positionColumn, storage.targetColumn, nil)
            isSet = storage.kind == .strataSet
        case .values(let storage, _):
            (table, owner, second, value, typeColumn) = (storage.table, storage.ownerColumn, storage.keyColumn ?? storage.positionColumn,
                                                        storage.valueColumn, storage.element.typeColumn)
            isSet = storage.kind == .set
        case .scalar:
            throw StrataError("\(targets[index].property.name) is not a collection")
        }
        let columns = ([owner] + (second.map { [$0] } ?? []) + [value] + (typeColumn.map { [$0] } ?? [])).map { SQL.identifier($0) }
        // A set holds each value once: a value given twice is there once.
        let verb: SQL = isSet ? "INSERT OR IGNORE" : "INSERT OR REPLACE"
        let insert = try connection.prepare("\(verb) INTO \(identifier: table) (\(columns.joined(separator: ", "))) VALUES (\(SQL.parameters(columns.count)))" as SQL)
        let delete = try connection.prepare("DELETE FROM \(identifier: table) WHERE \(identifier: owner) = ?1" as SQL)
        targets[index].insertEntry = insert
        targets[index].deleteEntries = delete
        return (insert, delete)
    }
}
