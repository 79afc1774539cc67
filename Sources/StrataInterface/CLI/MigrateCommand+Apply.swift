import SQLiteKit
import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate FILE`: applies the pending migrations, or goes down with `--to`.
extension MigrateCommand {
    func run() throws {
        if let paths = try manyFiles() { return try runMany(paths) }
        let timeout = try parsed.timeoutMilliseconds()
        let dryRun = parsed.flag(Options.dryRunCopy)
        if parsed.flag(Options.forceBackup) && parsed.value(Options.backup) == nil {
            throw StrataError.usage("--force replaces the --backup PATH: give --backup PATH with it")
        }
        // From the copy on, Ctrl-C, SIGTERM and SIGHUP stop the running statement or the copy: the transaction
        // rolls back and the temporary files go (below), instead of the process ending with a hot journal
        // left behind. Before it, at the question about destructive steps, Ctrl-C ends the process as usual.
        var watcher: InterruptWatcher?
        func watchInterrupts() -> InterruptWatcher {
            let started = InterruptWatcher()
            InterruptSignal.catchTermination()
            watcher = started
            return started
        }
        defer { withExtendedLifetime(watcher) {} }
        var copy: String?
        defer { if let copy { Self.remove(copy) } }
        // The migrated copy's integrity_check, with --dry-run.
        var integrity: [String]?
        // What a --step run that failed kept, to report before its error.
        var kept: MigrationRun?
        let migration: MigrationRun
        do {
            let target = try target()
            // A file that is not there is made only when asked: as a temporary file beside it, migrated and
            // then renamed into place, so that a failed run leaves nothing behind.
            let creating = try Self.makesNewFile(file, create: parsed.flag(Options.create))
            let files = try MigrationDirectory.load(directory)
            // Refused before any question or copy; checked again when the backup is made.
            if let backup = parsed.value(Options.backup) {
                try AtomicFile.checkDestination(backup, force: parsed.flag(Options.forceBackup), what: "the backup", input: file)
            }
            let connection: Connection
            let watching: InterruptWatcher
            if dryRun {
                // A dry run never opens FILE for writing: it reads it into a private copy and rehearses there
                // (with --create, an empty private file: nothing is made at FILE).
                watching = watchInterrupts()
                let path = creating ? try AtomicFile.createPrivateTemporary(for: file) : try Self.dryRunCopy(of: file, timeout: timeout)
                copy = path
                connection = try Connection(path: path, mode: .readWrite, busyTimeout: timeout)
            } else {
                if creating {
                    let path = try AtomicFile.createTemporary(for: file)
                    copy = path
                    connection = try DatabaseFile.openForWriting(path, timeout: timeout)
                } else {
                    connection = try DatabaseFile.openForWriting(file, timeout: timeout)
                }
                if !parsed.flag(Options.yesDestructive) {
                    try confirmDestructiveSteps(try migrator(connection, files: files).plan(to: target).steps)
                }
                watching = watchInterrupts()
            }
            // Of a dry run, from its copy: the same content, and FILE is still not opened for writing.
            if let backup = parsed.value(Options.backup) {
                do {
                    try AtomicFile.writeDatabase(copying: connection, to: backup, force: parsed.flag(Options.forceBackup), what: "the backup")
                } catch let error as SQLiteError {
                    throw DatabaseFile.describe(error, path: file, timeout: timeout)
                }
            }
            watching.watch(connection.interruptHandle)
            defer { watching.stopWatching(connection.interruptHandle) }
            let migrator = migrator(connection, files: files)
            do {
                migration = try migrator.apply(to: target, allowDrift: parsed.flag(Options.allowDrift), stepwise: parsed.flag(Options.step))
                if dryRun { integrity = try migrator.integrityCheck() }
                if creating && !dryRun, let made = copy {
                    try AtomicFile.moveIntoPlace(made, to: file, force: false)
                    copy = nil
                }
            } catch let failure as StepwiseFailure {
                kept = failure.kept
                // --create with --step: the new file keeps what was committed, as the error says, instead of
                // vanishing with its temporary file.
                if creating && !dryRun, let made = copy, !failure.kept.applied.isEmpty {
                    try AtomicFile.moveIntoPlace(made, to: file, force: false)
                    copy = nil
                }
                throw failure.error
            } catch let error as SQLiteError {
                throw DatabaseFile.describe(error, path: file, timeout: timeout)
            }
        } catch {
            // What a --step run committed before it failed stays applied: say so, as a run that succeeded would.
            if let kept, !parsed.flag(Options.json) { reportApplied(kept) }
            throw error
        }
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
    func confirmDestructiveSteps(_ steps: [MigrationStep], asking: Bool = Platform.isTerminal(0)) throws {
        guard let destructive = try Self.destructiveSummary(steps) else { return }
        guard asking else {
            throw StrataError("\(destructive.summary); destructive steps need --yes when not run at a terminal (nothing was changed)",
                              code: .destructiveRefused, site: destructive.site)
        }
        let verb = steps.first?.direction == .down ? "Revert" : "Apply"
        guard context.confirm("\(destructive.summary)\n\(verb) anyway?") else {
            throw StrataError("nothing was changed", code: .destructiveRefused, site: destructive.site)
        }
    }

    /// The first destructive finding of the steps that will run, each in its direction, and how many more,
    /// with the first one's place; nil when there is none.
    static func destructiveSummary(_ steps: [MigrationStep]) throws -> (summary: String, site: ErrorSite)? {
        let destructive = try steps.flatMap { step in
            try (step.direction == .up ? MigrationLint.check(step.file) : MigrationLint.checkDown(step.file)).map { (step, $0) }
        }.filter { $0.1.severity == .destructive }
        guard let (step, first) = destructive.first else { return nil }
        let summary = "\(first.file):\(first.line): \(first.code.rawValue) \(first.message)"
            + (destructive.count > 1 ? " (and \(destructive.count - 1) more)" : "")
        return (summary, ErrorSite(file: first.file, line: first.line, version: step.file.version, direction: step.direction))
    }
}
