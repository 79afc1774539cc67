import SQLiteKit
import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate FILE` and `strata migrate status FILE`.
struct MigrateCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    var file: String { parsed.required(Arguments.file) }

    /// `--dir`, else `Migrations` beside the file.
    var directory: String {
        parsed.value(Options.migrationsDir) ?? (Platform.directory(of: file) == "." ? "Migrations" : Platform.directory(of: file) + "/Migrations")
    }

    /// `migrate` and its subcommands, by the command the arguments were parsed for.
    func dispatch() throws {
        switch parsed.command.name {
        case Commands.migrateStatus.name: try status()
        case Commands.migratePlan.name: try plan()
        case Commands.migrateValidate.name: try validate()
        case Commands.migrateBaseline.name: try baseline()
        case Commands.migrateNew.name: try create()
        case Commands.migrateLint.name: try lint()
        default: try run()
        }
    }

    func run() throws {
        let target = try target()
        let files = try MigrationDirectory.load(directory)
        let timeout = try parsed.timeoutMilliseconds()
        let original = try DatabaseFile.openForWriting(file, timeout: timeout)
        if let backup = parsed.value(Options.backup) {
            try AtomicFile.checkDestination(backup, force: false, what: "the backup")
            do { try original.backup(to: backup) } catch { throw DatabaseFile.describe(error, path: file, timeout: timeout) }
        }
        let dryRun = parsed.flag(Options.dryRunCopy)
        var copy: String?
        defer { if let copy { for suffix in ["", "-journal", "-wal", "-shm"] { Platform.removeFile(copy + suffix) } } }
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
        if !dryRun && !parsed.flag(Options.yesDestructive) { try confirmDestructiveSteps(try migrator.plan(to: target)) }
        let from = Int(try connection.scalar("PRAGMA user_version").int64 ?? 0)
        let applied: [(step: MigrationStep, milliseconds: Int)]
        do {
            applied = try migrator.apply(to: target, allowDrift: parsed.flag(Options.allowDrift), stepwise: parsed.flag(Options.step))
        } catch let error as SQLiteError {
            throw DatabaseFile.describe(error, path: file, timeout: timeout)
        }
        let to = Int(try connection.scalar("PRAGMA user_version").int64 ?? 0)
        var integrity: String?
        if dryRun { integrity = try connection.scalar("PRAGMA integrity_check").string }
        if parsed.flag(Options.json) {
            var members: [(String, JSONValue)] = [
                ("file", .string(file)), ("from", .int(Int64(from))), ("to", .int(Int64(to))), ("dry_run", .bool(dryRun)),
                ("direction", .string(to < from ? "down" : "up")),
                ("applied", .array(applied.map { run in
                    .object([("version", .int(Int64(run.step.file.version))), ("name", .string(run.step.file.name)),
                             ("file", .string(run.step.file.fileName)), ("duration_ms", .int(Int64(run.milliseconds)))])
                })),
            ]
            if let integrity { members.append(("integrity_check", .string(integrity))) }
            context.stdout.write(JSONValue.object(members).serialized(pretty: true) + "\n")
        } else if applied.isEmpty {
            context.stdout.write("\(file) is at version \(to): nothing to apply\n")
        } else {
            for run in applied {
                context.stdout.write("\(run.step.isDown ? "reverted" : "applied") \(run.step.file.fileName) (\(run.milliseconds) ms)\n")
            }
            let what = dryRun ? "a copy of \(file) would be" : "\(file) is"
            context.stdout.write("\(what) at version \(to) (was \(from))" + (integrity.map { "; integrity_check: \($0)" } ?? "")
                                 + (dryRun ? "; the file itself is unchanged" : "") + "\n")
        }
        if let integrity, integrity != "ok" { throw StrataError("the migrated copy fails integrity_check: \(integrity)") }
    }

    /// Destructive steps (lint's) go ahead only with `--yes`, or when the person at the terminal says so.
    func confirmDestructiveSteps(_ steps: [MigrationStep]) throws {
        let destructive = steps.filter { !$0.isDown }.flatMap { MigrationLint.check($0.file) }.filter { $0.severity == .destructive }
        guard let first = destructive.first else { return }
        let summary = "\(first.file):\(first.line): \(first.code) \(first.message)"
            + (destructive.count > 1 ? " (and \(destructive.count - 1) more)" : "")
        guard Platform.isTerminal(0) else {
            throw StrataError("\(summary); destructive steps need --yes when not run at a terminal (nothing was changed)")
        }
        guard context.confirm("\(summary)\nApply anyway?") else { throw StrataError("nothing was changed") }
    }

    /// `migrate status`: exit 3 when migrations are pending, 4 on drift.
    func status() throws {
        let files = try MigrationDirectory.load(directory)
        let timeout = try parsed.timeoutMilliseconds()
        let connection = try DatabaseFile.openForReading(file, timeout: timeout)
        let status: MigrationStatus
        do { status = try Migrator(connection: connection, files: files).status() } catch let error as SQLiteError {
            throw DatabaseFile.describe(error, path: file, timeout: timeout)
        }
        if parsed.flag(Options.json) {
            func list(_ files: [MigrationFile]) -> JSONValue {
                .array(files.map { .object([("version", .int(Int64($0.version))), ("file", .string($0.fileName))]) })
            }
            let value = JSONValue.object([
                ("file", .string(file)), ("version", .int(Int64(status.version))),
                ("applied", .array(status.applied.map { entry in
                    .object([("version", .int(Int64(entry.version))), ("name", .string(entry.name)),
                             ("checksum", .string(entry.checksum)), ("applied_at", .string(entry.appliedAt)),
                             ("duration_ms", .int(Int64(entry.durationMilliseconds)))])
                })),
                ("pending", list(status.pending)),
                ("drifted", list(status.drifted.map(\.file))),
                ("missing", .array(status.missing.map { .object([("version", .int(Int64($0.version))), ("name", .string($0.name))]) })),
            ])
            context.stdout.write(value.serialized(pretty: true) + "\n")
        } else {
            var table = TextTable(columns: [.init("VERSION", rightAligned: true), .init("MIGRATION"), .init("STATE")])
            let drifted = Set(status.drifted.map(\.file.version))
            let fileNames = Dictionary(files.map { ($0.version, $0.fileName) }, uniquingKeysWith: { first, _ in first })
            for entry in status.applied {
                let state = drifted.contains(entry.version) ? "drifted: the file changed since"
                    : status.missing.contains(entry) ? "applied; the file is gone" : "applied \(entry.appliedAt)"
                table.append([String(entry.version), fileNames[entry.version] ?? entry.name, state])
            }
            for file in status.pending { table.append([String(file.version), file.fileName, "pending"]) }
            context.stdout.write("\(file) is at version \(status.version)\n")
            if !table.rows.isEmpty { context.stdout.write(table.render(maxWidth: context.terminalWidth, style: parsed.style(context))) }
        }
        if !status.drifted.isEmpty { throw StrataError("", status: .drift) }
        if !status.pending.isEmpty { throw StrataError("", status: .pending) }
    }
}
