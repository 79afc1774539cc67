import SQLiteKit
import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate FILE`: applies the pending migrations, or goes down with `--to`.
extension MigrateCommand {
    func run() throws {
        let timeout = try parsed.timeoutMilliseconds()
        let dryRun = parsed.flag(Options.dryRunCopy)
        var copy: String?
        defer { if let copy { for suffix in ["", "-journal", "-wal", "-shm"] { Platform.removeFile(copy + suffix) } } }
        // The migrated copy's integrity_check, with --dry-run.
        var integrity: [String]?
        let migration = try reportingFailure {
            let target = try target()
            let files = try MigrationDirectory.load(directory)
            let original = try DatabaseFile.openForWriting(file, timeout: timeout)
            if let backup = parsed.value(Options.backup) {
                try AtomicFile.checkDestination(backup, force: false, what: "the backup")
                do { try original.backup(to: backup) } catch { throw DatabaseFile.describe(error, path: file, timeout: timeout) }
            }
            let connection: Connection
            if dryRun {
                let path = AtomicFile.temporaryPath(for: file)
                copy = path
                do {
                    try original.backup(to: path)
                    connection = try Connection(path: path, mode: .readWrite, busyTimeout: timeout)
                } catch {
                    throw DatabaseFile.describe(error, path: file, timeout: timeout)
                }
            } else {
                connection = original
            }
            let migrator = Migrator(connection: connection, files: files)
            if !dryRun && !parsed.flag(Options.yesDestructive) { try confirmDestructiveSteps(try migrator.plan(to: target).steps) }
            do {
                let migration = try migrator.apply(to: target, allowDrift: parsed.flag(Options.allowDrift), stepwise: parsed.flag(Options.step))
                if dryRun { integrity = try migrator.integrityCheck() }
                return migration
            } catch let error as SQLiteError {
                throw DatabaseFile.describe(error, path: file, timeout: timeout)
            }
        }
        // The first line, as the report has always shown it; a damaged copy fails below.
        let integrityLine = integrity.map { $0.first ?? "" }
        if parsed.flag(Options.json) {
            var members: [(String, JSONValue)] = [
                ("file", .string(file)), ("from", .int(Int64(migration.from))), ("to", .int(Int64(migration.to))), ("dry_run", .bool(dryRun)),
                ("direction", .string(migration.direction.rawValue)),
                ("applied", .array(migration.applied.map { done in
                    .object([("version", .int(Int64(done.step.file.version))), ("name", .string(done.step.file.name)),
                             ("file", .string(done.step.file.fileName)), ("duration_ms", .int(Int64(done.milliseconds)))])
                })),
            ]
            if let integrityLine { members.append(("integrity_check", .string(integrityLine))) }
            context.stdout.write(JSONValue.object(members).serialized(pretty: true) + "\n")
        } else if migration.applied.isEmpty {
            context.stdout.write("\(file) is at version \(migration.to): nothing to apply\n")
        } else {
            for done in migration.applied {
                let verb = switch done.step.direction { case .up: "applied"; case .down: "reverted" }
                context.stdout.write("\(verb) \(done.step.file.fileName) (\(done.milliseconds) ms)\n")
            }
            let what = dryRun ? "a copy of \(file) would be" : "\(file) is"
            context.stdout.write("\(what) at version \(migration.to) (was \(migration.from))" + (integrityLine.map { "; integrity_check: \($0)" } ?? "")
                                 + (dryRun ? "; the file itself is unchanged" : "") + "\n")
        }
        if let integrityLine, integrityLine != "ok" { throw StrataError("the migrated copy fails integrity_check: \(integrityLine)") }
    }

    /// Destructive steps (lint's) go ahead only with `--yes`, or when the person at the terminal says so.
    func confirmDestructiveSteps(_ steps: [MigrationStep]) throws {
        let destructive = try steps.filter { $0.direction == .up }.flatMap { try MigrationLint.check($0.file) }
            .filter { $0.severity == .destructive }
        guard let first = destructive.first else { return }
        let summary = "\(first.file):\(first.line): \(first.code.rawValue) \(first.message)"
            + (destructive.count > 1 ? " (and \(destructive.count - 1) more)" : "")
        guard Platform.isTerminal(0) else {
            throw StrataError("\(summary); destructive steps need --yes when not run at a terminal (nothing was changed)")
        }
        guard context.confirm("\(summary)\nApply anyway?") else { throw StrataError("nothing was changed") }
    }
}
