import SQLiteKit

/// `strata check`: what a developer runs on a store from a bug report before trusting it. Reads, never writes: the
/// connection is the read-only one `DatabaseFile.openForReading` makes.
///
/// Each check is named (`integrity`, `links`, `views`, …) and says what it found: problems (the file is damaged or
/// inconsistent: exit 5) and warnings (worth fixing, not wrong: an unindexed foreign key). A check that cannot run on
/// this file (no migration history, not a Core Data store) is skipped.
public struct DatabaseCheck {
    /// The checks, by the names output gives them (`check --json` too). `journal`, `schema` and `structure`,
    /// `objects` and `conversion` are `strata check`'s own: what opening a database, and reading a `.realm` file, find.
    public enum Name: String, Sendable, CaseIterable {
        case journal, integrity, schema, links, targets, views, triggers, lists, indexes, migrations, coreData
        case structure, objects, conversion
    }

    /// One thing found.
    public struct Finding: Sendable, Equatable {
        public enum Severity: String, Sendable { case problem, warning }
        public var check: Name
        public var severity: Severity
        public var message: String
        /// The class and object the finding is about, when it is about one.
        public var className: String?
        public var key: String?
        /// A statement that fixes a warning (the index to create).
        public var fix: String?

        public init(check: Name, severity: Severity, message: String, className: String? = nil, key: String? = nil, fix: String? = nil) {
            (self.check, self.severity, self.message, self.className, self.key, self.fix) = (check, severity, message, className, key, fix)
        }
    }

    /// What a check did: ran and found nothing or something, or did not apply.
    public struct Outcome: Sendable, Equatable {
        public enum Status: String, Sendable { case ok, problems, warnings, skipped }
        public var name: Name
        public var status: Status
        /// Why it was skipped, or what it covered (`4 links`).
        public var detail: String

        public init(name: Name, status: Status, detail: String) {
            (self.name, self.status, self.detail) = (name, status, detail)
        }

        /// The outcome of a check that found `found`: problems, else warnings, else ok.
        public init(name: Name, found: [Finding], covered: String) {
            let status: Status = found.contains { $0.severity == .problem } ? .problems : found.isEmpty ? .ok : .warnings
            self.init(name: name, status: status, detail: covered)
        }
    }

    /// The most findings one check lists; the rest are counted in one more line.
    public static let findingsPerCheck = 100

    public let connection: Connection
    public let schema: Schema
    public let path: String
    public private(set) var findings: [Finding] = []
    public private(set) var outcomes: [Outcome] = []

    public init(connection: Connection, schema: Schema, path: String) {
        (self.connection, self.schema, self.path) = (connection, schema, path)
    }

    /// Runs every check; `quick` runs `quick_check` instead of `integrity_check` and skips the row-by-row ones
    /// that read every link.
    /// - Throws: `SQLiteError` only for Ctrl-C (`interrupt`); a check that fails otherwise is a problem it reports.
    public mutating func run(quick: Bool) throws {
        let steps = Self.steps.count
        func step(_ index: Int) { onStep?(Self.steps[index], index + 1, steps) }
        step(0)
        try checkIntegrity(quick: quick)
        step(1)
        try checkLinks(quick: quick)
        step(2)
        try checkMissingTargets()
        step(3)
        try checkViews()
        step(4)
        try checkTriggers()
        step(5)
        try checkListTables()
        step(6)
        try checkIndexes()
        step(7)
        try checkHistory()
        step(8)
        if schema.isCoreData { try checkCoreData(quick: quick) } else { skip(.coreData, "not a Core Data store") }
    }

    /// What each step of `run` checks, in order, as a progress line names it.
    public static let steps = [
        "integrity (every page of the file)", "links (foreign_key_check)", "links to missing classes", "views", "triggers",
        "list tables", "indexes of foreign keys", "migration history", "Core Data bookkeeping",
    ]

    /// Told as each step of `run` begins: what it checks, its number from 1 and the number of steps.
    public var onStep: ((String, Int, Int) -> Void)?

    public var problemCount: Int { findings.filter { $0.severity == .problem }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }

    // MARK: - Checks

    private mutating func checkIntegrity(quick: Bool) throws {
        let name = quick ? "quick_check" : "integrity_check"
        let lines = try guarded(.integrity) { db in try db.rows("PRAGMA \(name)").compactMap { $0[0].string } }
        guard let lines else { return }
        let found = lines == ["ok"] ? [] : lines
        record(.integrity, found.map { Finding(check: .integrity, severity: .problem, message: "\(name): \($0)") }, covered: name)
    }

    private mutating func checkLinks(quick: Bool) throws {
        if quick { return skip(.links, "--quick reads no rows") }
        let rows = try guarded(.links) { db in try db.rows("PRAGMA foreign_key_check") }
        guard let rows else { return }
        var found: [Finding] = []
        var keys: [String: [SQLiteValue]] = [:]
        for row in rows.prefix(Self.findingsPerCheck) {
            let table = row[0].string ?? "?", parent = row[2].string ?? "?"
            let info = schema.classes.first { $0.tableName == table }
            let name = info?.name ?? table
            let fk = try foreignKey(table: table, id: row[3].int64 ?? -1)
            var key = row[1].int64.map(String.init) ?? "?"
            var target = "?"
            if let rowid = row[1].int64, let fk {
                let keySQL = info?.objectKey.columns() ?? [.rowID("rowid")]
                let columns = keySQL + fk.from.map { SQL.column($0) }
                if let values = try connection.rows("SELECT \(columns.joined(separator: ", ")) FROM \(identifier: table) WHERE rowid = \(rowid)" as SQL).first {
                    key = values.prefix(keySQL.count).map(\.displayText).joined(separator: ", ")
                    target = values.dropFirst(keySQL.count).map(\.displayText).joined(separator: ", ")
                }
            }
            keys[table, default: []].append(.integer(row[1].int64 ?? 0))
            let targetName = schema.classes.first { $0.tableName == parent }?.name ?? parent
            let property = fk.map { " (\(name).\($0.from.joined(separator: ", ")))" } ?? ""
            found.append(Finding(check: .links, severity: .problem, message: "\(name) \(key) → \(targetName) \(target) (missing)\(property)",
                                 className: name, key: key))
        }
        record(.links, found, more: rows.count - found.count, covered: "foreign_key_check")
    }

    /// The columns of foreign key `id` of `table` (`PRAGMA foreign_key_list`).
    private func foreignKey(table: String, id: Int64) throws -> (from: [String], to: [String])? {
        let rows = try connection.rows("SELECT \"from\", \"to\" FROM pragma_foreign_key_list(?1) WHERE id = ?2 ORDER BY seq", [.text(table), .integer(id)])
        guard !rows.isEmpty else { return nil }
        return (rows.map { $0[0].string ?? "?" }, rows.map { $0[1].string ?? "" })
    }

    /// Foreign keys to tables that do not exist: SQLite's foreign_key_check stops at them.
    private mutating func checkMissingTargets() throws {
        let rows = try guarded(.targets) { db in
            try db.rows("""
                SELECT m.name, f."table", f."from" FROM sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f
                WHERE m.type = 'table' AND NOT EXISTS (SELECT 1 FROM sqlite_schema AS t WHERE t.type IN ('table', 'view') AND t.name = f."table" COLLATE NOCASE)
                ORDER BY m.name, f.id
                """)
        }
        guard let rows else { return }
        let found = rows.map { row in
            let name = schema.classes.first { $0.tableName == row[0].string }?.name ?? row[0].string ?? "?"
            return Finding(check: .targets, severity: .problem,
                           message: "\(name).\(row[2].string ?? "?") links to \(row[1].string ?? "?"), which is not a table of the file", className: name)
        }
        record(.targets, found, covered: "links to missing classes")
    }

    /// Every view is prepared: one that names a table, column or function that is not there fails.
    private mutating func checkViews() throws {
        let views = try connection.rows("SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name").compactMap { $0[0].string }
        var found: [Finding] = []
        for view in views {
            do {
                _ = try connection.prepare("SELECT * FROM \(identifier: view) LIMIT 0" as SQL)
            } catch let error as SQLiteError where !(ResultCode.interrupt ~= error.code) {
                found.append(Finding(check: .views, severity: .problem, message: "view \(view) cannot be read: \(error.message)", className: view))
            }
        }
        record(.views, found, covered: "\(views.count) view\(views.count == 1 ? "" : "s")")
    }

    /// A trigger's statements are checked when it fires, not when it is made: the tables its body writes to or
    /// reads from must exist.
    private mutating func checkTriggers() throws {
        let triggers = try connection.rows("SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
        let tables = Set(try connection.rows("SELECT lower(name) FROM sqlite_schema WHERE type IN ('table', 'view')").compactMap { $0[0].string })
        var found: [Finding] = []
        for trigger in triggers {
            guard let name = trigger[0].string, let sql = trigger[2].string else { continue }
            for table in Self.tablesNamed(inTriggerBody: sql) where !tables.contains(table.lowercased()) && !["new", "old"].contains(table.lowercased()) {
                found.append(Finding(check: .triggers, severity: .problem,
                                     message: "trigger \(name) on \(trigger[1].string ?? "?") uses \(table), which is not a table of the file: it fails when it fires"))
            }
        }
        record(.triggers, found, covered: "\(triggers.count) trigger\(triggers.count == 1 ? "" : "s")")
    }

    /// The table names after INSERT INTO, UPDATE, DELETE FROM, FROM and JOIN in a trigger's body (after its BEGIN).
    static func tablesNamed(inTriggerBody sql: String) -> [String] {
        let tokens = SQLTokenizer.tokens(sql)
        guard let begin = tokens.firstIndex(where: { $0.isKeyword("BEGIN") }) else { return [] }
        var names: [String] = []
        var index = begin + 1
        while index < tokens.count {
            let token = tokens[index]
            let follows = token.isKeyword("INTO") || token.isKeyword("UPDATE") || token.isKeyword("FROM") || token.isKeyword("JOIN")
            index += 1
            guard follows, index < tokens.count else { continue }
            var next = tokens[index]
            // UPDATE OR REPLACE t, INSERT OR IGNORE INTO t: the name is after the conflict clause.
            if token.isKeyword("UPDATE"), next.isKeyword("OR"), index + 2 < tokens.count { index += 2; next = tokens[index] }
            guard next.kind == .word || next.kind == .quoted else { continue }
            if next.kind == .word, ["SELECT", "VALUES"].contains(next.text.uppercased()) { continue }
            names.append(next.text)
        }
        return names
    }

    /// Tables named like Strata's lists (`owner`, `position`, `target`) that do not follow the convention, so that
    /// they show as classes of their own rather than as list properties.
    private mutating func checkListTables() throws {
        var found: [Finding] = []
        for info in schema.classes where info.kind == .table && info.listOf == nil {
            let names = Set(info.properties.compactMap(\.column))
            guard names.isSuperset(of: ["owner", "position", "target"]) else { continue }
            var reasons: [String] = []
            if names.count > 3 { reasons.append("it has columns besides owner, position and target") }
            if info.primaryKey != ["owner", "position"] { reasons.append("its primary key is not (owner, position)") }
            let owner = info.property(named: "owner"), target = info.property(named: "target")
            if owner?.type != .object { reasons.append("owner is not a link (a foreign key to the owning class)") }
            if target?.type != .object { reasons.append("target is not a link") }
            if let ownerClass = owner?.target, !info.name.hasPrefix(ownerClass + "_") { reasons.append("its name does not start with \(ownerClass)_") }
            guard !reasons.isEmpty else { continue }
            found.append(Finding(check: .lists, severity: .warning,
                                 message: "\(info.name) looks like a Strata list table but \(reasons.joined(separator: "; ")): it shows as a class, not as a list",
                                 className: info.name))
        }
        record(.lists, found, covered: "list tables")
    }

    /// A foreign key without an index makes every delete of its target scan the table.
    private mutating func checkIndexes() throws {
        var found: [Finding] = []
        for info in schema.classes where info.kind == .table && !info.isHidden || info.listOf != nil {
            let fks = try connection.rows("SELECT id, \"from\" FROM pragma_foreign_key_list(?1) ORDER BY id, seq", [.text(info.tableName)])
            var columnsByKey: [Int64: [String]] = [:]
            for row in fks { columnsByKey[row[0].int64 ?? 0, default: []].append(row[1].string ?? "") }
            for (_, columns) in columnsByKey.sorted(by: { $0.key < $1.key }) {
                let indexed = info.indexes.contains { Array($0.columns.prefix(columns.count)) == columns } || Array(info.primaryKey.prefix(columns.count)) == columns
                guard !indexed else { continue }
                let indexName = info.tableName + "_" + columns.joined(separator: "_")
                let fix = ("CREATE INDEX \(identifier: indexName) ON \(identifier: info.tableName)\(parenthesized: columns.map { SQL.identifier($0) }.joined(separator: ", "));" as SQL).text
                found.append(Finding(check: .indexes, severity: .warning,
                                     message: "\(info.name).\(columns.joined(separator: ", ")) links without an index: deleting its target reads the whole table (\(fix))",
                                     className: info.name, fix: fix))
            }
        }
        record(.indexes, found, covered: "foreign keys")
    }

    /// The version Strata's migrations reached against the file's `user_version`.
    private mutating func checkHistory() throws {
        guard try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'strata_migrations'").int64 == 1 else {
            return skip(.migrations, "no migration history")
        }
        let recorded = try guarded(.migrations) { db in try db.scalar("SELECT max(version) FROM strata_migrations").int64 }
        guard let recorded else { return }
        let version = try connection.scalar("PRAGMA user_version").int64 ?? 0
        var found: [Finding] = []
        if let recorded, recorded > version {
            found.append(Finding(check: .migrations, severity: .problem,
                                 message: "user_version is \(version), below \(recorded), the last migration the history records as applied "
                                    + "(something set it back: strata migrate would apply migrations again)"))
        }
        record(.migrations, found, covered: "user_version \(version)")
    }

    /// Core Data's own bookkeeping: `Z_MAX` at least every `Z_PK`, `Z_ENT` values of known entities, to-one
    /// relationships to objects that exist.
    private mutating func checkCoreData(quick: Bool) throws {
        var found: [Finding] = []
        let entities = schema.classes.filter { $0.kind == .entity && $0.entity != nil }
        // By entity number, as Core Data reads it: a renamed entity's row keeps its old name.
        let maxima = Dictionary(try connection.rows("SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY").compactMap { row in
            row[0].int64.map { ($0, row[1].int64 ?? 0) }
        }, uniquingKeysWith: max)
        var tables: [String: [ClassInfo]] = [:]
        for entity in entities { tables[entity.tableName, default: []].append(entity) }
        for (table, members) in tables.sorted(by: { $0.key < $1.key }) {
            let highest = try connection.scalar("SELECT max(Z_PK) FROM \(identifier: table)" as SQL).int64 ?? 0
            let allowed = Set(members.flatMap { $0.entity?.members ?? [] })
            if let ceiling = members.compactMap({ $0.entity.flatMap { maxima[$0.number] } }).max(), ceiling < highest {
                let names = members.map(\.name).sorted().joined(separator: ", ")
                found.append(Finding(check: .coreData, severity: .problem,
                                     message: "Z_MAX of \(names) is \(ceiling), below the Z_PK \(highest) of an object: Core Data would give a new object a key that is taken"))
            }
            let strays = try connection.rows("SELECT Z_ENT, count(*) FROM \(identifier: table) GROUP BY Z_ENT ORDER BY Z_ENT" as SQL)
            for row in strays where !allowed.contains(Self.entityNumber(row[0]) ?? -1) {
                found.append(Finding(check: .coreData, severity: .problem,
                                     message: "\(row[1].int64 ?? 0) object\(row[1].int64 == 1 ? " of table \(table) has" : "s of table \(table) have") Z_ENT \(row[0].displayText), which no entity of the model has"))
            }
        }
        if !quick {
            for entity in entities {
                guard let members = entity.entity?.members else { continue }
                for property in entity.properties where property.type == .object {
                    guard let column = property.column, let targetName = property.target,
                          let target = schema.classes.first(where: { $0.name == targetName }) else { continue }
                    let ents = members.map { SQL.literal(.integer($0)) }.joined(separator: ", ")
                    let (t, u) = (TableAlias("t"), TableAlias("u"))
                    let missing = try connection.rows("""
                        SELECT t.Z_PK, \(t[column]) FROM \(identifier: entity.tableName) AS \(t)
                        WHERE t.Z_ENT IN (\(ents)) AND \(t[column]) IS NOT NULL
                          AND NOT EXISTS (SELECT 1 FROM \(identifier: target.tableName) AS \(u) WHERE u.Z_PK = \(t[column]))
                        ORDER BY t.Z_PK LIMIT \(literal: .integer(Int64(Self.findingsPerCheck)))
                        """ as SQL)
                    for row in missing {
                        found.append(Finding(check: .coreData, severity: .problem,
                                             message: "\(entity.name) \(row[0].displayText) → \(targetName) \(row[1].displayText) (missing) (\(entity.name).\(property.name))",
                                             className: entity.name, key: row[0].displayText))
                    }
                }
            }
        }
        record(.coreData, found, covered: "\(entities.count) entit\(entities.count == 1 ? "y" : "ies")")
    }

    /// A `Z_ENT` value as Core Data reads it, with numeric affinity: an integer, a real or a text that is a whole
    /// number (`'1'`, `' 1 '`, `'1.0'`, which a hand-edited store may hold) is that number; anything else is none.
    static func entityNumber(_ value: SQLiteValue) -> Int64? {
        switch value {
        case .integer(let number): return number
        case .real(let number): return number.rounded() == number ? Int64(exactly: number) : nil
        case .text(let text):
            let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            if let number = Int64(trimmed) { return number }
            return Double(trimmed).flatMap { $0.isFinite ? entityNumber(.real($0)) : nil }
        case .null, .blob: return nil
        }
    }

    // MARK: - Recording

    private mutating func skip(_ name: Name, _ why: String) {
        outcomes.append(Outcome(name: name, status: .skipped, detail: why))
    }

    private mutating func record(_ name: Name, _ found: [Finding], more: Int = 0, covered: String) {
        let extra = more + max(0, found.count - Self.findingsPerCheck)
        var found = Array(found.prefix(Self.findingsPerCheck))
        if extra > 0, let last = found.last {
            found.append(Finding(check: name, severity: last.severity, message: "and \(extra) more of the same kind"))
        }
        findings += found
        outcomes.append(Outcome(name: name, found: found, covered: covered))
    }

    /// Runs one check's query; SQLite's refusal (a damaged page, a missing table) is a problem of that check, Ctrl-C
    /// is thrown.
    private mutating func guarded<T>(_ name: Name, _ body: (Connection) throws -> T) throws -> T? {
        let connection = self.connection
        do {
            return try body(connection)
        } catch let error as SQLiteError where !(ResultCode.interrupt ~= error.code) {
            record(name, [Finding(check: name, severity: .problem, message: "\(name) could not finish: \(error.message)")], covered: "")
            return nil
        }
    }
}

extension SQLiteValue {
    /// How a key or link value reads in a finding: the integer or text itself, `nil`, `x'…'` for a blob.
    var displayText: String {
        switch self {
        case .null: "nil"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let text): text
        case .blob: sqlLiteral
        }
    }
}
