import SQLiteKit
import StrataCore
import StrataQuery

/// Applies the `.sql` and `.strata` migrations of a directory to a database, all in one `BEGIN IMMEDIATE`
/// transaction with the `user_version` bump and the history rows: the file ends at the target version or
/// exactly as it was.
///
/// The database's version is `PRAGMA user_version`, read and written only here; the history is
/// `MigrationHistory`'s. Running (`Migrator+Apply.swift`), the plan's rehearsal (`ScratchSchema`) and the
/// checks of `migrate validate` (`Migrator+Checks.swift`) are in their own files.
package struct Migrator {
    let connection: Connection
    let files: [MigrationFile]
    /// Refuse a pending migration with nothing to run going up (lint's `S008`); off for the replay of
    /// migrations already applied, which `schemaDrift` makes.
    var refusesEmptyMigrations = true
    /// Apply the migrations at or below the database's version that the history does not record
    /// (`--out-of-order`), in version order before the pending ones; else a run that has any is refused.
    package var appliesOutOfOrder = false
    /// The database file as messages name it (the path the user gave, not a dry run's private copy).
    package var displayName: String?

    package init(connection: Connection, files: [MigrationFile]) {
        self.connection = connection
        self.files = files
    }

    var historyTable: MigrationHistory { MigrationHistory(connection: connection) }

    /// The rows of the history table, oldest first; none when the database has no history.
    func history() throws -> [AppliedMigration] {
        try historyTable.entries()
    }

    /// `PRAGMA user_version`: the version the database is at.
    func version() throws -> Int {
        Int(try connection.scalar("PRAGMA user_version").int64 ?? 0)
    }

    /// Sets `PRAGMA user_version`; inside the caller's transaction, like every write of a run.
    func setVersion(_ version: Int) throws {
        try connection.execute("PRAGMA user_version = \(version)")
    }

    // MARK: - Status

    package func status() throws -> MigrationStatus {
        let version = try version()
        let applied = try history()
        let byVersion = filesByVersion
        let appliedVersions = Set(applied.map(\.version))
        let pending = files.filter { $0.version > version && !appliedVersions.contains($0.version) }
        let skipped = files.filter { $0.version <= version && !appliedVersions.contains($0.version) }
        let drifted = try applied.compactMap { entry -> MigrationStatus.Drift? in
            guard let file = byVersion[entry.version], try file.verifiedChecksum() != entry.checksum else { return nil }
            return MigrationStatus.Drift(file: file, applied: entry)
        }
        let driftedVersions = Set(drifted.map(\.file.version))
        let entries = applied.map { entry in
            let state: MigrationStatus.State = driftedVersions.contains(entry.version) ? .drifted
                : byVersion[entry.version] == nil ? .missing : .applied(at: entry.appliedAt)
            return MigrationStatus.Entry(version: entry.version, fileName: byVersion[entry.version]?.fileName ?? entry.name, state: state)
        } + skipped.map { MigrationStatus.Entry(version: $0.version, fileName: $0.fileName, state: .skipped) }
          + pending.map { MigrationStatus.Entry(version: $0.version, fileName: $0.fileName, state: .pending) }
        return MigrationStatus(version: version, applied: applied, pending: pending, drifted: drifted,
                               missing: applied.filter { byVersion[$0.version] == nil }, skipped: skipped,
                               entries: entries.sorted { $0.version < $1.version })
    }

    /// The files by version (the first of a duplicate version; `MigrationDirectory` refuses duplicates).
    var filesByVersion: [Int: MigrationFile] {
        Dictionary(files.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: - Plan

    /// What a run to `target` (nil: the last version) would do, checked before anything runs: the
    /// pending migrations' up sections in order, or, going down, the down sections of the applied
    /// migrations above `target`, newest first.
    /// - Parameter translated: rehearse every step on a copy of the schema without its rows and give
    ///   `.strata` steps their SQL (for `migrate plan`); a run translates each operation just before it
    ///   runs instead.
    /// - Throws: `StrataError` for a version there is no migration for, a `.strata` file that does not
    ///   parse, a step with no way down or one that cannot run in a transaction; with `translated`, also
    ///   for the first step that fails on the copy, naming it.
    package func plan(to target: Int?, translated: Bool = false) throws -> MigrationPlan {
        let status = try status()
        if let target, target < status.version {
            return try planDown(to: target, status: status, translated: translated)
        }
        if let reason = status.skippedReason(file: displayName ?? connection.path), !(appliesOutOfOrder && !status.predatesHistory) {
            throw StrataError(reason + " (nothing was changed)", code: status.predatesHistory ? .noHistory : .outOfOrder,
                              site: status.skipped.first.map { ErrorSite(file: $0.fileName, version: $0.version, direction: .up) })
        }
        let files = (status.skipped + status.pending).filter { file in target.map { file.version <= $0 } ?? true }
        if let target, target > status.version, !files.contains(where: { $0.version == target }) {
            throw StrataError("there is no migration with version \(target)", code: .unknownVersion, site: ErrorSite(version: target))
        }
        if refusesEmptyMigrations {
            for file in files {
                guard let empty = try MigrationLint.emptyUp(file) else { continue }
                throw StrataError("\(empty.file):\(empty.line): \(empty.code.rawValue) \(empty.message): refused (nothing was changed)",
                                  code: .lintError, site: ErrorSite(file: empty.file, line: empty.line, version: file.version, direction: .up))
            }
        }
        let scratch = translated ? try ScratchSchema(copying: connection) : nil
        let steps = try files.map { file in
            let body: MigrationStep.Body = switch file.kind {
            case .sql: .sql(file.sections.up)
            case .strata: .operations(try StrataScript.parse(file.text, file: file.fileName).up)
            }
            var step = try MigrationStep(file: file, direction: .up, body: body, firstLine: 1)
            if let scratch { step.sql = try scratch.run(step) }
            return step
        }
        // Migrations applied out of order lie below the version: the version reached is never lower than it was.
        return MigrationPlan(from: status.version, to: max(status.version, steps.last?.file.version ?? status.version), steps: steps,
                             warnings: Self.warnings(scratch))
    }

    private func planDown(to target: Int, status: MigrationStatus, translated: Bool) throws -> MigrationPlan {
        let byVersion = filesByVersion
        let above = status.applied.filter { $0.version > target }.sorted { $0.version > $1.version }
        guard above.first?.version == status.version else {
            throw StrataError("version \(status.version) was not reached by strata migrate (it is not in the history): cannot go down from it",
                              code: .noWayDown, site: ErrorSite(version: status.version, direction: .down))
        }
        let scratch = translated ? try ScratchSchema(copying: connection) : nil
        let steps = try above.map { entry in
            guard let file = byVersion[entry.version] else {
                throw StrataError("cannot go below version \(entry.version): its migration file (\(entry.name)) is gone", code: .missingMigration,
                                  site: ErrorSite(version: entry.version, direction: .down))
            }
            var step: MigrationStep
            if file.kind == .strata {
                guard let entries = try StrataScript.parse(file.text, file: file.fileName).wayDown else {
                    throw StrataError("\(file.fileName) has no way down (it deletes, updates, changes or runs sql, and has no down { … } "
                                      + "block): cannot go below version \(file.version)",
                                      code: .noWayDown, site: ErrorSite(file: file.fileName, version: file.version, direction: .down))
                }
                step = try MigrationStep(file: file, direction: .down, body: .operations(entries))
            } else if let down = file.sections.down, down.hasStatement {
                step = try MigrationStep(file: file, direction: .down, body: .sql(down), firstLine: file.sections.firstLine(.down))
            } else if let derived = try SQLInverse.derive(file.sections.up) {
                // Each statement undone, as a .strata file's operations are: no line of the file to point at.
                step = try MigrationStep(file: file, direction: .down, body: .sql(SQLSection(text: derived)), firstLine: nil)
            } else {
                throw StrataError("\(file.fileName) has no way down (a line '-- strata:down' followed by the SQL that undoes it): "
                                  + "cannot go below version \(file.version)",
                                  code: .noWayDown, site: ErrorSite(file: file.fileName, version: file.version, direction: .down))
            }
            if let scratch { step.sql = try scratch.run(step) }
            return step
        }
        return MigrationPlan(from: status.version, to: target, steps: steps, warnings: Self.warnings(scratch))
    }

    private static func warnings(_ scratch: ScratchSchema?) -> [String] {
        (scratch?.missing ?? []).map { "the plan was rehearsed without \($0)" }
    }

    // MARK: - Errors

    /// An error of a step as the end of one line: SQLite's message, Strata's, or a query's with its place.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let failure as SQLSection.Failure: reason(failure.cause)
        case let error as SQLiteError: error.message
        case let error as StrataError: error.message
        case let error as QueryError: "query \(error.line):\(error.column): \(error.message)"
        default: "\(error)"
        }
    }
}
