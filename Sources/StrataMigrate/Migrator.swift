import SQLiteKit
import StrataCore
import StrataQuery

/// One row of the history table `strata_migrations`.
public struct AppliedMigration: Sendable, Equatable {
    public var version: Int
    public var name: String
    public var checksum: String
    public var appliedAt: String
    public var durationMilliseconds: Int
    public var strataVersion: String
}

/// Where a database stands against a migrations directory.
public struct MigrationStatus: Sendable {
    /// `PRAGMA user_version`.
    public var version: Int
    public var applied: [AppliedMigration]
    /// Files above the database's version, in order.
    public var pending: [MigrationFile]
    /// Applied files whose checksum changed since.
    public var drifted: [(file: MigrationFile, applied: AppliedMigration)]
    /// Applied migrations whose file is gone.
    public var missing: [AppliedMigration]
}

/// One migration of a plan: a file's up section, or its down section when going down.
public struct MigrationStep: @unchecked Sendable {
    public let file: MigrationFile
    public let isDown: Bool
    /// What runs: a `.sql` file's section as written; for `.strata`, the SQL of its operations when the
    /// plan was made `translated` (empty otherwise: a run translates each operation just before it runs).
    public let sql: String
    /// A `.strata` file's operations.
    let operations: [StrataOperation]?

    /// - Throws: `StrataError` when the SQL holds a statement that cannot run inside the run's transaction.
    init(file: MigrationFile, isDown: Bool, sql: String, operations: [StrataOperation]? = nil) throws {
        let raw = operations.map { $0.compactMap { if case .sql(let text) = $0 { text } else { nil } }.joined(separator: ";\n") } ?? sql
        if let reason = Migrator.notInTransaction(raw) { throw StrataError("\(file.fileName)\(isDown ? " (down)" : ""): \(reason)") }
        (self.file, self.isDown, self.sql, self.operations) = (file, isDown, sql, operations)
    }
}

/// Applies the `.sql` and `.strata` migrations of a directory to a database, all in one `BEGIN IMMEDIATE` transaction
/// with the `user_version` bump and the history rows: the file ends at the target version or exactly as
/// it was.
public struct Migrator {
    static let historyTable = "strata_migrations"
    static let createHistory = """
        CREATE TABLE IF NOT EXISTS strata_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            checksum TEXT NOT NULL,
            applied_at TEXT NOT NULL,
            duration_ms INTEGER NOT NULL,
            strata_version TEXT NOT NULL
        )
        """

    let connection: Connection
    let files: [MigrationFile]

    public init(connection: Connection, files: [MigrationFile]) {
        self.connection = connection
        self.files = files
    }

    public func history() throws -> [AppliedMigration] {
        let exists = try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(Self.historyTable)])
        guard exists.int64 == 1 else { return [] }
        return try connection.rows("""
            SELECT version, name, checksum, applied_at, duration_ms, strata_version FROM strata_migrations ORDER BY version
            """).map { row in
            AppliedMigration(version: Int(row[0].int64 ?? 0), name: row[1].string ?? "", checksum: row[2].string ?? "",
                             appliedAt: row[3].string ?? "", durationMilliseconds: Int(row[4].int64 ?? 0),
                             strataVersion: row[5].string ?? "")
        }
    }

    public func status() throws -> MigrationStatus {
        let version = Int(try connection.scalar("PRAGMA user_version").int64 ?? 0)
        let applied = try history()
        let byVersion = Dictionary(files.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        let appliedVersions = Set(applied.map(\.version))
        return MigrationStatus(
            version: version, applied: applied,
            pending: files.filter { $0.version > version && !appliedVersions.contains($0.version) },
            drifted: applied.compactMap { entry in
                guard let file = byVersion[entry.version], file.checksum != entry.checksum else { return nil }
                return (file, entry)
            },
            missing: applied.filter { byVersion[$0.version] == nil })
    }

    /// What a run to `target` (nil: the last version) would do, checked before anything runs: the
    /// pending migrations' up sections in order, or, going down, the down sections of the applied
    /// migrations above `target`, newest first.
    /// - Parameter translated: give `.strata` steps their SQL (for `migrate plan`), at the cost of a
    ///   schema-only copy of the database; a run translates each operation just before it runs instead.
    public func plan(to target: Int?, translated: Bool = false) throws -> [MigrationStep] {
        let status = try status()
        if let target, target < status.version {
            return try planDown(to: target, status: status, translated: translated)
        }
        let files = status.pending.filter { target == nil || $0.version <= target! }
        if let target, target > status.version, !files.contains(where: { $0.version == target }) {
            throw StrataError("there is no migration with version \(target)")
        }
        let scratch = translated && files.contains { $0.kind == .strata } ? schemaCopy() : nil
        return try files.map { file in
            guard file.kind == .strata else {
                try? scratch?.execute(file.sections.up)  // so that later .strata files see what it made
                return try MigrationStep(file: file, isDown: false, sql: file.sections.up)
            }
            let operations = try StrataScript.parse(file.text, file: file.fileName).up
            return try MigrationStep(file: file, isDown: false, sql: preview(operations, on: scratch), operations: operations)
        }
    }

    private func planDown(to target: Int, status: MigrationStatus, translated: Bool) throws -> [MigrationStep] {
        let byVersion = Dictionary(files.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        let above = status.applied.filter { $0.version > target }.sorted { $0.version > $1.version }
        let scratch = translated ? schemaCopy() : nil
        guard above.first?.version == status.version else {
            throw StrataError("version \(status.version) was not reached by strata migrate (it is not in the history): cannot go down from it")
        }
        return try above.map { entry in
            guard let file = byVersion[entry.version] else {
                throw StrataError("cannot go below version \(entry.version): its migration file (\(entry.name)) is gone")
            }
            if file.kind == .strata {
                guard let operations = try StrataScript.parse(file.text, file: file.fileName).wayDown else {
                    throw StrataError("\(file.fileName) has no way down (it deletes, updates, changes or runs sql, and has no down { … } "
                                      + "block): cannot go below version \(file.version)")
                }
                return try MigrationStep(file: file, isDown: true, sql: preview(operations, on: scratch), operations: operations)
            }
            guard let down = file.sections.down, down.contains(where: { !$0.isWhitespace }) else {
                throw StrataError("\(file.fileName) has no way down (a line '-- strata:down' followed by the SQL that undoes it): "
                                  + "cannot go below version \(file.version)")
            }
            try? scratch?.execute(down)
            return try MigrationStep(file: file, isDown: true, sql: down)
        }
    }

    /// `.strata` operations as the SQL they will run: translated and run one after another on `scratch`,
    /// an in-memory database with the file's schema and no rows, so that each sees what the ones before it
    /// (in this file and the files before it) made.
    private func preview(_ operations: [StrataOperation], on scratch: Connection?) -> String {
        guard let scratch, let runner = try? QueryRunner(connection: scratch) else { return "" }
        return operations.map { operation in
            var reader = SchemaReader(connection: scratch)
            guard let schema = try? reader.read(), let statements = try? operation.statements(schema: schema, runner: runner) else {
                return "-- \(operation.description): cannot be translated on the schema the steps before it leave"
            }
            for statement in statements { try? scratch.execute(statement.sql, statement.arguments) }
            return statements.map { statement in
                var line = statement.sql.hasSuffix(";") ? statement.sql : statement.sql + ";"
                if !statement.arguments.isEmpty {
                    line += "  -- " + statement.arguments.enumerated().map { "?\($0.offset + 1) = \($0.element.sqlLiteral)" }
                        .joined(separator: ", ")
                }
                return line
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// An in-memory database with this one's tables, indexes, views and triggers and none of its rows.
    private func schemaCopy() -> Connection? {
        guard let copy = try? Connection(path: ":memory:", mode: .memory),
              let rows = try? connection.rows("""
                  SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
                  ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END
                  """)
        else { return nil }
        for row in rows { try? copy.execute(row[0].string ?? "") }
        return copy
    }

    /// Why a statement of `sql` cannot run inside the run's transaction, if one cannot.
    static func notInTransaction(_ sql: String) -> String? {
        for statement in MigrationLint.statements(SQLTokenizer.tokens(sql)) {
            guard let first = statement.first else { continue }
            if first.isKeyword("VACUUM") { return "VACUUM cannot run inside a transaction, and every migration runs in one" }
            if ["BEGIN", "COMMIT", "END", "ROLLBACK"].contains(where: first.isKeyword) {
                return "\(first.text.uppercased()) would break the transaction Strata runs every migration in; leave it out"
            }
            if first.isKeyword("PRAGMA") {
                // The name, schema-qualified or not: every token up to `=` or `(`.
                let name = statement.dropFirst().prefix { !$0.isSymbol("=") && !$0.isSymbol("(") }.map(\.text).joined()
                    .split(separator: ".").last.map { $0.lowercased() } ?? ""
                if ["foreign_keys", "journal_mode", "synchronous", "locking_mode", "temp_store", "auto_vacuum", "page_size",
                    "legacy_alter_table"].contains(name)
                {
                    return "PRAGMA \(name) has no effect inside a transaction (SQLite ignores it there), and every migration runs in one"
                }
            }
        }
        return nil
    }

    /// Runs the plan to `target` and returns what ran, with durations in milliseconds.
    /// - Throws: `StrataError` naming the migration that failed; the database is then as it was.
    @discardableResult
    /// - Parameter stepwise: commit after each migration (`--step`) instead of once for the whole run; a
    ///   failure then keeps the migrations before it.
    public func apply(to target: Int?, allowDrift: Bool = false, stepwise: Bool = false) throws -> [(step: MigrationStep, milliseconds: Int)] {
        guard stepwise else { return try apply(to: target, allowDrift: allowDrift, limit: nil) }
        var done: [(step: MigrationStep, milliseconds: Int)] = []
        while true {
            let one = try apply(to: target, allowDrift: allowDrift, limit: 1)
            guard !one.isEmpty else { return done }
            done += one
        }
    }

    /// One transaction: at most `limit` steps of the plan to `target`.
    private func apply(to target: Int?, allowDrift: Bool, limit: Int?) throws -> [(step: MigrationStep, milliseconds: Int)] {
        var done: [(MigrationStep, Int)] = []
        // Foreign keys off for the run, set outside the transaction (inside one SQLite ignores it): a table
        // dropped to be rebuilt must not take the rows that point at it along (ON DELETE CASCADE). The
        // foreign_key_check below stands in for the enforcement.
        let enforced = try connection.scalar("PRAGMA foreign_keys").int64 == 1
        if enforced { try connection.execute("PRAGMA foreign_keys = OFF") }
        defer { if enforced { try? connection.execute("PRAGMA foreign_keys = ON") } }
        // The plan is made inside the write transaction: a second run that waited for the first one's lock
        // sees what the first applied, and applies nothing twice.
        try connection.transaction(.immediate) {
            let status = try status()
            if !status.drifted.isEmpty && !allowDrift {
                let names = status.drifted.map(\.file.fileName).joined(separator: ", ")
                throw StrataError("drift: \(names) changed since applied (see 'strata migrate status'; --allow-drift goes on anyway)",
                                  status: .drift)
            }
            let plan = try plan(to: target)
            let steps = limit.map { Array(plan.prefix($0)) } ?? plan
            guard !steps.isEmpty else { return }
            let violationsBefore = try foreignKeyViolations()
            try connection.execute(Self.createHistory)
            for step in steps {
                let started = Platform.monotonicSeconds()
                do {
                    if let operations = step.operations {
                        try run(operations)
                    } else {
                        try connection.execute(step.sql)
                    }
                } catch {
                    let reason = switch error {
                    case let error as SQLiteError: error.message
                    case let error as StrataError: error.message
                    case let error as QueryError: "query \(error.line):\(error.column): \(error.message)"
                    default: "\(error)"
                    }
                    throw StrataError("\(step.file.fileName)\(step.isDown ? " (down)" : "") failed: \(reason); "
                                      + "nothing was changed (still at version \(status.version))")
                }
                let milliseconds = Int(((Platform.monotonicSeconds() - started) * 1000).rounded())
                if step.isDown {
                    try connection.execute("DELETE FROM strata_migrations WHERE version = ?", [.integer(Int64(step.file.version))])
                } else {
                    try connection.execute("""
                        INSERT INTO strata_migrations (version, name, checksum, applied_at, duration_ms, strata_version)
                        VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?, ?)
                        """, [.integer(Int64(step.file.version)), .text(step.file.name), .text(step.file.checksum),
                              .integer(Int64(milliseconds)), .text(Version.number)])
                }
                done.append((step, milliseconds))
            }
            let added = try foreignKeyViolations().subtracting(violationsBefore)
            if let example = added.sorted().first {
                throw StrataError("the migrations leave \(added.count) broken link\(added.count == 1 ? "" : "s") (\(example)); nothing was changed")
            }
            // Going down, the version reached is that of the next migration the plan would undo, or the target.
            let reached = steps[0].isDown ? (plan.dropFirst(steps.count).first?.file.version ?? target ?? 0) : steps.last!.file.version
            try connection.execute("PRAGMA user_version = \(reached)")
        }
        return done
    }

    /// Runs `.strata` operations one by one, each translated against the schema its predecessors left.
    private func run(_ operations: [StrataOperation]) throws {
        let runner = try QueryRunner(connection: connection)
        for operation in operations {
            var reader = SchemaReader(connection: connection)
            for statement in try operation.statements(schema: try reader.read(), runner: runner) {
                if statement.arguments.isEmpty {
                    try connection.execute(statement.sql)
                } else {
                    try connection.execute(statement.sql, statement.arguments)
                }
            }
        }
    }

    /// Schema drift: how the database's schema differs from the one its applied migrations make, replayed
    /// on an empty in-memory database. Each line is a table's column, an index, a view or a trigger that
    /// one side has and the other has not (`+` only in the file, `-` only in the replay).
    /// The comparison assumes the migrations build the schema from nothing; when they cannot (the file had
    /// tables before its first migration), the result says why instead, and there is no drift to report.
    public func schemaDrift() throws -> (lines: [String], unchecked: String?) {
        let applied = Set(try history().map(\.version))
        let replay = try Connection(path: ":memory:", mode: .memory)
        do {
            try Migrator(connection: replay, files: files.filter { applied.contains($0.version) }).apply(to: nil, allowDrift: true)
        } catch let error as StrataError {
            return ([], error.message)
        }
        let expected = try Self.schemaSummary(replay)
        let actual = try Self.schemaSummary(connection)
        return (actual.subtracting(expected).sorted().map { "+ " + $0 } + expected.subtracting(actual).sorted().map { "- " + $0 }, nil)
    }

    /// A line for each table column (declared type, NOT NULL, key) and each index, view and trigger.
    static func schemaSummary(_ connection: Connection) throws -> Set<String> {
        let columns = try connection.rows("""
            SELECT m.name, p.name, p.type, p."notnull", p.pk FROM sqlite_schema AS m, pragma_table_info(m.name) AS p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'strata_migrations'
            """).map { row in
            "\(row[0].string ?? "").\(row[1].string ?? "") \(row[2].string ?? "")" + (row[3].int64 == 1 ? " not null" : "")
                + (row[4].int64 ?? 0 > 0 ? " key" : "")
        }
        let others = try connection.rows("""
            SELECT type, name, tbl_name FROM sqlite_schema
            WHERE type IN ('index', 'view', 'trigger') AND name NOT LIKE 'sqlite_%'
            """).map { "\($0[0].string ?? "") \($0[1].string ?? "") on \($0[2].string ?? "")" }
        return Set(columns + others)
    }

    /// Adopts a database at `version`: sets `user_version` and records every file up to it as applied.
    /// - Parameter replacing: start the history over when there is one (how drift is accepted for good).
    public func baseline(at version: Int, replacing: Bool = false) throws {
        try connection.transaction(.immediate) {
            if !replacing, !(try history().isEmpty) {
                throw StrataError("the database already has a migration history (see 'strata migrate status'; --force starts it over)")
            }
            try connection.execute(Self.createHistory)
            try connection.execute("DELETE FROM strata_migrations")
            for file in files where file.version <= version {
                try connection.execute("""
                    INSERT INTO strata_migrations (version, name, checksum, applied_at, duration_ms, strata_version)
                    VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 0, ?)
                    """, [.integer(Int64(file.version)), .text(file.name), .text(file.checksum), .text(Version.number)])
            }
            try connection.execute("PRAGMA user_version = \(version)")
        }
    }

    /// `PRAGMA foreign_key_check`, one line per broken reference.
    private func foreignKeyViolations() throws -> Set<String> {
        Set(try connection.rows("PRAGMA foreign_key_check").map { row in
            "\(row[0].string ?? "?") row \(row[1].int64.map(String.init) ?? "?") → \(row[2].string ?? "?")"
        })
    }
}
