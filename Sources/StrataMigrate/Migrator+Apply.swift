import SQLiteKit
import StrataCore
import StrataQuery

/// Running a plan, and adopting a database at a version.
extension Migrator {
    /// Runs the plan to `target` (nil: the last version) and returns what ran, with durations in milliseconds.
    ///
    /// Ctrl-C (`InterruptSignal`, when the caller watches for it) stops the running statement, or the run
    /// between two statements, and rolls back.
    /// - Parameters:
    ///   - allowDrift: go on although an applied migration's file changed since.
    ///   - stepwise: commit after each migration (`--step`) instead of once for the whole run; a failure
    ///     then keeps the migrations before it.
    /// - Throws: `StrataError` naming the migration that failed; the database is then as it was (with
    ///   `stepwise`, as the last migration that succeeded left it, and a `StepwiseFailure` that says
    ///   which were kept). Status `.drift` on drift, `.interrupted` after Ctrl-C. When SQLite could not
    ///   roll back (a full disk), the message says what state the file is in and how to recover it.
    @discardableResult
    package func apply(to target: Int?, allowDrift: Bool = false, stepwise: Bool = false) throws -> MigrationRun {
        guard stepwise else {
            do { return try apply(to: target, allowDrift: allowDrift, limit: nil) } catch let failure as RunFailure {
                throw failure.error(kept: [])
            }
        }
        var run: MigrationRun?
        do {
            run = try apply(to: target, allowDrift: allowDrift, limit: 1)
            while let done = run, !done.applied.isEmpty {
                let next = try apply(to: target, allowDrift: allowDrift, limit: 1)
                guard !next.applied.isEmpty else { break }
                run?.applied += next.applied
                run?.to = next.to
            }
        } catch {
            guard let kept = run, !kept.applied.isEmpty else {
                throw (error as? RunFailure)?.error(kept: []) ?? error
            }
            let earlier = error as? StrataError
            let failure = (error as? RunFailure)?.error(kept: kept.applied)
                ?? StrataError("\(Self.reason(error)); " + RunFailure.keptText(kept.applied, version: kept.to), status: earlier?.status ?? .failure,
                               code: earlier?.code ?? (error as? SQLiteError).map(DatabaseFile.code(of:)), site: earlier?.site)
            throw StepwiseFailure(kept: kept, error: failure)
        }
        return run ?? MigrationRun(from: 0, to: 0, applied: [])
    }

    /// One transaction: at most `limit` steps of the plan to `target`.
    /// - Throws: `RunFailure` for a step that failed, Ctrl-C and broken links, worded once SQLite's
    ///   rollback is known to have finished (or not); other errors (drift, locks) as they are.
    private func apply(to target: Int?, allowDrift: Bool, limit: Int?) throws -> MigrationRun {
        var startVersion = 0
        do {
            return try applyInTransaction(to: target, allowDrift: allowDrift, limit: limit) { startVersion = $0 }
        } catch let failure as RunFailure {
            throw failure.failedToWrite ? failure.settled(unfinishedRollback()) : failure
        } catch let error as SQLiteError where ResultCode.interrupt ~= error.code {
            throw RunFailure("interrupted", version: startVersion, status: .interrupted)
        } catch let error as SQLiteError where Self.failedToWrite(error) {
            // The commit (or the history) could not be written.
            throw RunFailure("cannot commit: \(error.message)", version: startVersion, code: DatabaseFile.code(of: error))
                .settled(unfinishedRollback())
        }
    }

    private func applyInTransaction(to target: Int?, allowDrift: Bool, limit: Int?, started: (Int) -> Void) throws -> MigrationRun {
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
            started(status.version)
            if !status.drifted.isEmpty && !allowDrift {
                let names = status.drifted.map(\.file.fileName).joined(separator: ", ")
                throw StrataError("drift: \(names) changed since applied (see 'strata migrate status'; --allow-drift goes on anyway)",
                                  status: .drift, site: status.drifted.first.map { ErrorSite(file: $0.file.fileName, version: $0.file.version) })
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
                    if InterruptSignal.fired { throw SQLiteError(code: .interrupt) }
                    switch step.body {
                    case .sql(let section): try section.run(on: connection)
                    case .operations(let entries): try run(entries, file: step.file.fileName)
                    }
                } catch let error as SQLiteError where ResultCode.interrupt ~= error.code {
                    throw RunFailure("interrupted during \(step.title)", version: status.version, status: .interrupted)
                } catch let failure as SQLSection.Failure {
                    if let cause = failure.cause as? SQLiteError, ResultCode.interrupt ~= cause.code {
                        throw RunFailure("interrupted during \(step.title)", version: status.version, status: .interrupted)
                    }
                    // A .sql step's statement by its line: `3_tags.sql:14: no such table: Tag`.
                    let line = step.line(of: failure)
                    throw RunFailure.statement(line == nil ? "\(step.title) failed: \(Self.reason(failure))" : "\(step.place(of: failure)): \(Self.reason(failure))",
                                               step: step, line: line, cause: failure.cause, version: status.version)
                } catch let failure as StrataScript.Failure {
                    if let cause = failure.cause as? SQLiteError, ResultCode.interrupt ~= cause.code {
                        throw RunFailure("interrupted during \(step.title)", version: status.version, status: .interrupted)
                    }
                    throw RunFailure.statement("\(failure.place)\(step.direction == .down ? " (down)" : "") failed: \(failure.reason)",
                                               step: step, line: failure.line, cause: failure.cause, version: status.version)
                } catch {
                    throw RunFailure.statement("\(step.title) failed: \(Self.reason(error))", step: step, line: nil, cause: error, version: status.version)
                }
                let milliseconds = Int(((Platform.monotonicSeconds() - started) * 1000).rounded())
                switch step.direction {
                case .up: try historyTable.record(step.file, milliseconds: milliseconds, outOfOrder: step.file.version <= status.version)
                case .down: try historyTable.remove(version: step.file.version)
                }
                done.append(CompletedStep(step: step, milliseconds: milliseconds))
            }
            let added = Set(try foreignKeyViolations()).subtracting(violationsBefore)
            if let example = added.sorted().first {
                throw RunFailure("the migrations leave \(added.count) broken link\(added.count == 1 ? "" : "s") (\(example))", version: status.version,
                                 code: .brokenLinks)
            }
            // Going down, the version reached is that of the next migration the plan would undo, or the target.
            let reached = switch first.direction {
            case .down: plan.steps.dropFirst(steps.count).first?.file.version ?? plan.to
            case .up: max(status.version, last.file.version)
            }
            try setVersion(reached)
            // Ctrl-C between statements, or in a statement too short for SQLite to notice: not committed.
            if InterruptSignal.fired { throw RunFailure("interrupted", version: status.version, status: .interrupted) }
            return MigrationRun(from: status.version, to: reached, applied: done)
        }
    }

    /// `SQLITE_FULL` (the disk, or the file's size limit, is full) or `SQLITE_IOERR`: SQLite may have
    /// left the file to be rolled back by its next reader.
    private static func failedToWrite(_ error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return ResultCode.full ~= error.code || ResultCode.ioError ~= error.code
    }

    /// After a failed run: nil when the file is back as it was; else what state it is in, and how to
    /// recover it.
    ///
    /// After a full disk or an I/O error SQLite ends the transaction but leaves the file grown, with a hot
    /// journal, until the next read rolls it back: that read is made here, so that the file is as it was
    /// before Strata exits. See https://www.sqlite.org/atomiccommit.html#section_4_2
    func unfinishedRollback() -> String? {
        var failure: String?
        do {
            if !connection.isAutocommit { try connection.execute("ROLLBACK TRANSACTION") }
            _ = try connection.scalar("SELECT count(*) FROM sqlite_schema")
        } catch {
            failure = Self.reason(error)
        }
        let journal = connection.path + "-journal"
        let hot = Platform.readPrefix(journal, count: 8) == [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
        guard hot || !connection.isAutocommit else { return nil }
        return "the rollback could not finish" + (failure.map { " (\($0))" } ?? "") + ": \(connection.path) may be left larger, "
            + "with a hot journal \(journal) that holds its old content (do not delete it); free some space, then run "
            + "'strata migrate \(connection.path)' again: opening the file for writing rolls it back first"
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
                throw StrataError("the database already has a migration history (see 'strata migrate status'; --force starts it over)",
                                  code: .historyExists)
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
