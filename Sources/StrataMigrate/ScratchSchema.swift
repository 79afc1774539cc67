import Digests
import SQLiteKit
import StrataCore
import StrataQuery

/// A copy of a database's schema without its rows, in memory, on which `migrate plan` rehearses a run:
/// each step runs on it in turn, inside one transaction as in a run, so that every step sees what the
/// ones before it made, and a step that would fail fails here first, before its SQL is ever printed.
///
/// Rows are not copied: a step that fails only on the file's data (a constraint, a conversion) is found
/// by the run, which then changes nothing. A step that attaches a database is refused: SQLite would
/// create the attached file, and a plan changes no file.
struct ScratchSchema {
    let connection: Connection
    let runner: QueryRunner
    /// What could not be made again on the copy, each as `kind name (reason)`: an object that needs a
    /// collation, function or virtual table module that the app registers and Strata has not. The plan
    /// says so in a warning, and a step that fails says it too.
    let missing: [String]

    /// Copies the tables, indexes, views and triggers of `source` (not the tables a virtual table keeps
    /// its data in: making the virtual table makes them).
    /// - Throws: what SQLite says when the schema cannot be read or the copy cannot be made.
    init(copying source: Connection) throws {
        connection = try Connection(path: ":memory:", mode: .memory)
        let objects = try source.rows("""
            SELECT type, name, sql FROM sqlite_schema
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
              AND name NOT IN (SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow')
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid
            """)
        var missing: [String] = []
        for object in objects {
            do {
                try connection.execute(object[2].string ?? "")
            } catch {
                missing.append("\(object[0].string ?? "") \(object[1].string ?? "") (\(Migrator.reason(error)))")
            }
        }
        self.missing = missing
        runner = try QueryRunner(connection: connection)
        try connection.execute("BEGIN")
    }

    /// Runs `step` on the copy and returns its SQL as `migrate plan` prints it: a `.sql` section as
    /// written, a `.strata` file's operations translated one by one, each on the schema the ones before left.
    /// - Throws: `StrataError` "cannot plan FILE[:LINE:COLUMN]: reason" for the first statement that fails, with
    ///   what the copy lacks, if anything.
    func run(_ step: MigrationStep) throws -> String {
        switch step.body {
        case .sql(let section):
            do { try run(section: section) } catch { throw StrataError("cannot plan \(step.place(of: error)): \(reason(error))") }
            return try section.text()
        case .operations(let entries):
            return try entries.map { entry in
                do {
                    return try run(entry, file: step.file.fileName).map(\.planText).joined(separator: "\n")
                } catch let failure as StrataScript.Failure {
                    throw StrataError("cannot plan \(failure.place)\(step.direction == .down ? " (down)" : "") "
                                      + "(\(entry.operation.description)): \(failure.reason)\(lacking)")
                }
            }.joined(separator: "\n")
        }
    }

    /// Translates one operation on the copy as it is and runs its statements there.
    /// - Throws: `StrataScript.Failure`, the error at its place in `file`.
    func run(_ entry: StrataScript.Entry, file: String) throws -> [MigrationStatement] {
        do {
            var reader = SchemaReader(connection: connection)
            let statements = try entry.operation.statements(schema: try reader.read(), runner: runner)
            for statement in statements { try execute(statement.sql, statement.arguments) }
            return statements
        } catch {
            throw entry.located(error, file: file)
        }
    }

    /// Runs a `.sql` step's SQL on the copy, chunk by chunk.
    /// - Throws: `StrataError` for an `ATTACH`; `SQLSection.Failure` for a statement that fails.
    func run(section: SQLSection) throws {
        guard !section.outline.attaches else { throw Self.attachRefused }
        try section.run(on: connection)
    }

    private static let attachRefused = StrataError("ATTACH would open another database file, and a plan changes no file")

    /// A step's error, and what the copy lacks that may be why.
    private func reason(_ error: any Error) -> String {
        Migrator.reason(error) + lacking
    }

    /// What the copy lacks that may be why a step failed, as the end of its message; empty when nothing.
    private var lacking: String {
        missing.isEmpty ? "" : "; the copy of the schema lacks " + missing.joined(separator: ", ")
    }

    private func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        var attaches = false
        SQLScript.forEachStatement(sql) { attaches = attaches || $0.isKeyword(0, "ATTACH") }
        guard !attaches else { throw Self.attachRefused }
        try connection.execute(sql, arguments)
    }
}

// MARK: - Names checked before a run

extension ScratchSchema {
    /// What a run would refuse by name, found before anything runs: the steps up to the last `.strata` one
    /// rehearsed on a copy of `source`'s schema, each operation translated on what the steps before it
    /// left. Only an error that the real file is sure to give stops the run here: a property a class does
    /// not have, or a class or key the copy lacks when the copy has everything the file has. Anything else
    /// (SQL that fails only without the rows, a copy without an app's collation) ends the check, and the
    /// run finds what it finds. Runs no step when there is no `.strata` step.
    /// - Throws: `StrataError` "FILE:LINE:COLUMN failed: reason; nothing was changed (still at version N)".
    static func checkNames(of steps: [MigrationStep], on source: Connection, version: Int) throws {
        guard let last = steps.lastIndex(where: { if case .operations = $0.body { true } else { false } }) else { return }
        // The check depends on nothing but the schema and the steps: a run over many files of one schema
        // (a tenant each) rehearses once.
        let fingerprint = try Self.fingerprint(of: source, steps: steps[...last])
        if passed.withLock({ checked.contains(fingerprint) }) { return }
        let scratch = try ScratchSchema(copying: source)
        for step in steps[...last] {
            do {
                switch step.body {
                case .sql(let section): try scratch.run(section: section)
                case .operations(let entries): for entry in entries { _ = try scratch.run(entry, file: step.file.fileName) }
                }
            } catch let failure as StrataScript.Failure {
                guard let name = failure.cause as? StrataOperation.NameError, name.isProperty || scratch.missing.isEmpty else { break }
                throw StrataError("\(failure.place)\(step.direction == .down ? " (down)" : "") failed: \(failure.reason); "
                                  + "nothing was changed (still at version \(version))", code: .statementFailed,
                                  site: ErrorSite(file: step.file.fileName, line: failure.line, version: step.file.version,
                                                  direction: step.direction))
            } catch {
                break
            }
        }
        passed.withLock { _ = checked.insert(fingerprint) }
    }

    /// The schemas and steps that `checkNames` found nothing wrong with, by `fingerprint`.
    nonisolated(unsafe) private static var checked: Set<String> = []
    private static let passed = Lock()

    /// SHA-256 of every schema object's type, name and SQL, and of each step's file, checksum and direction.
    private static func fingerprint(of source: Connection, steps: ArraySlice<MigrationStep>) throws -> String {
        var hash = SHA256()
        for row in try source.rows("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid") {
            for value in row { hash.update((value.string ?? "\u{0}") + "\u{1}") }
        }
        for step in steps { hash.update("\u{2}\(step.file.fileName)\u{1}\(try step.file.verifiedChecksum())\u{1}\(step.direction.rawValue)") }
        return hash.finalize()
    }
}
