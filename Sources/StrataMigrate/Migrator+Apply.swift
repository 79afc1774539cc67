import SQLiteKit
import StrataCore
import StrataQuery

/// Running a plan, and adopting a database at a version.
extension Migrator {
    /// Runs the plan to `target` (nil: the last version) and returns what ran, with durations in milliseconds.
    /// - Parameters:
    ///   - allowDrift: go on although an applied migration's file changed since.
    ///   - stepwise: commit after each migration (`--step`) instead of once for the whole run; a failure
    ///     then keeps the migrations before it.
    /// - Throws: `StrataError` naming the migration that failed; the database is then as it was (with
    ///   `stepwise`, as the last migration that succeeded left it). Status `.drift` on drift.
    @discardableResult
    package func apply(to target: Int?, allowDrift: Bool = false, stepwise: Bool = false) throws -> MigrationRun {
        guard stepwise else { return try apply(to: target, allowDrift: allowDrift, limit: nil) }
        var run = try apply(to: target, allowDrift: allowDrift, limit: 1)
        while !run.applied.isEmpty {
            let next = try apply(to: target, allowDrift: allowDrift, limit: 1)
            guard !next.applied.isEmpty else { break }
            run.applied += next.applied
            run.to = next.to
        }
        return run
    }

    /// One transaction: at most `limit` steps of the plan to `target`.
    private func apply(to target: Int?, allowDrift: Bool, limit: Int?) throws -> MigrationRun {
        // Foreign keys off for the run, set outside the transaction (inside one SQLite ignores it): a table
        // dropped to be rebuilt must not take the rows that point at it along (ON DELETE CASCADE). The
        // foreign_key_check below stands in for the enforcement.
        let enforced = try connection.scalar("PRAGMA foreign_keys").int64 == 1
        if enforced { try connection.execute("PRAGMA foreign_keys = OFF") }
        // A setting of this connection, not of the file: if it cannot be set back, the file is unaffected
        // and the run's own outcome is what to report.
        defer { if enforced { try? connection.execute("PRAGMA foreign_keys = ON") } }
        // The plan is made inside the write transaction: a second run that waited for the first one's lock
        // sees what the first applied, and applies nothing twice.
        return try connection.transaction(.immediate) {
            let status = try status()
            if !status.drifted.isEmpty && !allowDrift {
                let names = status.drifted.map(\.file.fileName).joined(separator: ", ")
                throw StrataError("drift: \(names) changed since applied (see 'strata migrate status'; --allow-drift goes on anyway)",
                                  status: .drift)
            }
            let plan = try plan(to: target)
            let steps = limit.map { Array(plan.steps.prefix($0)) } ?? plan.steps
            guard let first = steps.first, let last = steps.last else {
                return MigrationRun(from: status.version, to: status.version, applied: [])
            }
            // A class or property that a .strata operation names and the schema will not have: refused now.
            try ScratchSchema.checkNames(of: steps, on: connection, version: status.version)
            let violationsBefore = Set(try foreignKeyViolations())
            try historyTable.create()
            var done: [CompletedStep] = []
            for step in steps {
                let started = Platform.monotonicSeconds()
                do {
                    switch step.body {
                    case .sql(let text): try connection.execute(text)
                    case .operations(let entries): try run(entries, file: step.file.fileName)
                    }
                } catch let failure as StrataScript.Failure {
                    throw StrataError("\(failure.place)\(step.direction == .down ? " (down)" : "") failed: \(failure.reason); "
                                      + "nothing was changed (still at version \(status.version))")
                } catch {
                    throw StrataError("\(step.title) failed: \(Self.reason(error)); nothing was changed (still at version \(status.version))")
                }
                let milliseconds = Int(((Platform.monotonicSeconds() - started) * 1000).rounded())
                switch step.direction {
                case .up: try historyTable.record(step.file, milliseconds: milliseconds)
                case .down: try historyTable.remove(version: step.file.version)
                }
                done.append(CompletedStep(step: step, milliseconds: milliseconds))
            }
            let added = Set(try foreignKeyViolations()).subtracting(violationsBefore)
            if let example = added.sorted().first {
                throw StrataError("the migrations leave \(added.count) broken link\(added.count == 1 ? "" : "s") (\(example)); nothing was changed")
            }
            // Going down, the version reached is that of the next migration the plan would undo, or the target.
            let reached = switch first.direction {
            case .down: plan.steps.dropFirst(steps.count).first?.file.version ?? plan.to
            case .up: last.file.version
            }
            try setVersion(reached)
            return MigrationRun(from: status.version, to: reached, applied: done)
        }
    }

    /// Runs `.strata` operations one by one, each translated against the schema its predecessors left.
    /// - Throws: `StrataScript.Failure`, the error at its FILE:LINE:COLUMN.
    private func run(_ entries: [StrataScript.Entry], file: String) throws {
        let runner = try QueryRunner(connection: connection)
        for entry in entries {
            do {
                var reader = SchemaReader(connection: connection)
                for statement in try entry.operation.statements(schema: try reader.read(), runner: runner) {
                    try connection.execute(statement.sql, statement.arguments)
                }
            } catch {
                throw entry.located(error, file: file)
            }
        }
    }

    /// Adopts a database at `version`: sets `user_version` and records every file up to it as applied.
    /// - Parameter replacing: start the history over when there is one (how drift is accepted for good).
    /// - Throws: `StrataError` when the database has a history and `replacing` is false.
    package func baseline(at version: Int, replacing: Bool = false) throws {
        try connection.transaction(.immediate) {
            if !replacing, !(try history().isEmpty) {
                throw StrataError("the database already has a migration history (see 'strata migrate status'; --force starts it over)")
            }
            try historyTable.create()
            try historyTable.removeAll()
            for file in files where file.version <= version {
                try historyTable.record(file, milliseconds: 0)
            }
            try setVersion(version)
        }
    }
}
