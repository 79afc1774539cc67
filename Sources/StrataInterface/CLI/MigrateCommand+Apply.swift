import SQLiteKit
import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate FILE`: applies the pending migrations, or goes down with `--to`.
extension MigrateCommand {
    func run() throws {
        if let paths = try manyFiles() { return try runMany(paths) }
        if parsed.flag(Options.forceBackup) && parsed.value(Options.backup) == nil {
            throw StrataError.usage("--force replaces the --backup PATH: give --backup PATH with it")
        }
        var options = try jobOptions()
        options.backup = parsed.value(Options.backup)
        options.forceBackup = parsed.flag(Options.forceBackup)
        let dryRun = options.dryRun
        let files = Result { try MigrationDirectory.load(directory) }.mapError { $0 as? StrataError ?? StrataError("\($0)") }
        var job = MigrationJob(path: file, files: files, options: options)
        if !parsed.flag(Options.yesDestructive) { job.confirmDestructive = { summary, steps in try confirmDestructiveSteps(summary, steps) } }
        // From the copy on, Ctrl-C, SIGTERM and SIGHUP stop the running statement or the copy: the transaction
        // rolls back and the temporary files go, instead of the process ending with a hot journal left behind.
        // Before it, at the question about destructive steps, Ctrl-C ends the process as usual.
        var watcher: InterruptWatcher?
        defer { withExtendedLifetime(watcher) {} }
        job.watch = {
            let started = InterruptWatcher()
            InterruptSignal.catchTermination()
            watcher = started
            return started
        }
        let outcome: MigrationJob.Outcome
        do {
            outcome = try job.run()
        } catch let failure as MigrationJob.Failure {
            // What a --step run committed before it failed stays applied: say so, as a run that succeeded would.
            if let kept = failure.kept, !parsed.flag(Options.json) { reportApplied(kept) }
            throw failure.error
        }
        let (migration, integrity) = (outcome.run, outcome.integrity)
        // The first line, as the report has always shown it; a damaged copy fails below.
        let integrityLine = integrity.map { $0.first ?? "" }
        if parsed.flag(Options.json) {
            var members: [(String, JSONValue)] = [
                ("file", .string(file)), ("from", .int(Int64(migration.from))), ("to", .int(Int64(migration.to))), ("dryRun", .bool(dryRun)),
                ("direction", .string(migration.direction.rawValue)),
                ("applied", .array(migration.applied.map { done in
                    .object([("version", .int(Int64(done.step.file.version))), ("name", .string(done.step.file.name)),
                             ("file", .string(done.step.file.fileName)), ("durationMs", .int(Int64(done.milliseconds))),
                             ("outOfOrder", .bool(done.step.direction == .up && done.step.file.version <= migration.from))])
                })),
            ]
            if let integrityLine { members.append(("integrityCheck", .string(integrityLine))) }
            context.stdout.write(JSONValue.object(members).serialized(pretty: true) + "\n")
        } else if migration.applied.isEmpty {
            context.stdout.write("\(file) is at version \(migration.to): nothing to apply\n")
        } else {
            reportApplied(migration)
            let what = dryRun ? "a copy of \(file) would be" : "\(file) is"
            context.stdout.write("\(what) at version \(migration.to) (was \(migration.from))" + (integrityLine.map { "; integrity_check: \($0)" } ?? "")
                                 + (dryRun ? "; the file itself is unchanged" : "") + "\n")
        }
        if let integrityLine, integrityLine != "ok" {
            throw StrataError("the migrated copy fails integrity_check: \(integrityLine)", code: .integrityFailed)
        }
    }

    /// A line for each migration a run applied or reverted.
    func reportApplied(_ run: MigrationRun) {
        for done in run.applied {
            let verb = switch done.step.direction { case .up: "applied"; case .down: "reverted" }
            let outOfOrder = done.step.direction == .up && done.step.file.version <= run.from ? ", out of order" : ""
            context.stdout.write("\(verb) \(done.step.file.fileName) (\(done.milliseconds) ms\(outOfOrder))\n")
        }
    }

    /// Destructive steps (lint's), up or down, go ahead only with `--yes`, or when the person at the
    /// terminal says so (`asking`).
    func confirmDestructiveSteps(_ destructive: DestructiveSummary, _ steps: [MigrationStep], asking: Bool = Platform.isTerminal(0)) throws {
        guard asking else {
            throw StrataError("\(destructive.summary); destructive steps need --yes when not run at a terminal (nothing was changed)",
                              code: .destructiveRefused, site: destructive.site)
        }
        let verb = steps.first?.direction == .down ? "Revert" : "Apply"
        guard context.confirm("\(destructive.summary)\n\(verb) anyway?") else {
            throw StrataError("nothing was changed", code: .destructiveRefused, site: destructive.site)
        }
    }

    /// The job's options from the command line (`--backup` is one file's alone).
    func jobOptions() throws -> MigrationJob.Options {
        var options = MigrationJob.Options()
        options.target = target()
        options.allowDrift = parsed.flag(Options.allowDrift)
        options.stepwise = parsed.flag(Options.step)
        options.outOfOrder = parsed.flag(Options.outOfOrder)
        options.dryRun = parsed.flag(Options.dryRunCopy)
        options.create = parsed.flag(Options.create)
        options.timeout = parsed.timeoutMilliseconds()
        return options
    }
}
