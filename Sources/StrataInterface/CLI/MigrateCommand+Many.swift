import Foundation
import SQLiteKit
import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate 'tenants/*.sqlite' --jobs 4`: many database files, each in its own transaction on its own
/// connection, `--jobs` at a time; one file's failure does not stop or change the others. The exit status is
/// the worst of the files' (`worst(_:)`). `migrate status` takes the same paths.
extension MigrateCommand {
    // MARK: - Which files

    /// The files of a many-file run: nil for one FILE given as a path (the one-file run, as it always was);
    /// else every path, glob and `--from-list` line, each file once.
    /// - Throws: a usage error without FILE or `--from-list`; `StrataError` for a glob that matches nothing.
    func manyFiles() throws -> [String]? {
        let arguments = parsed.rest.isEmpty ? parsed.argument(Arguments.file).map { [$0] } ?? [] : parsed.rest
        let lists = parsed.values(Options.fromList)
        if arguments.isEmpty && lists.isEmpty { throw StrataError.usage("missing FILE for '\(parsed.command.displayName)' (or give --from-list FILE)") }
        if arguments.count == 1, lists.isEmpty, !(DatabasePaths.isPattern(arguments[0]) && Platform.entryKind(arguments[0]) == .missing) {
            return nil
        }
        let paths = try DatabasePaths.expand(arguments, lists: lists)
        if paths.isEmpty { throw StrataError("no database files: the --from-list file lists none", code: .noSuchFile) }
        return paths
    }

    /// `--jobs N`: 1 to 256 files at a time (1 when not given).
    func jobCount() -> Int { parsed.integer(Options.jobs) ?? 1 }

    /// `--dir`, else `Migrations` beside `path`.
    func directory(for path: String) -> String {
        parsed.value(Options.migrationsDir) ?? (Platform.directory(of: path) == "." ? "Migrations" : Platform.directory(of: path) + "/Migrations")
    }

    /// Each file's migrations: every folder read once. With `--dir`, one that cannot be read fails the run
    /// before any file is opened; a folder beside some of the files fails only those files.
    func migrationFiles(for paths: [String]) throws -> [Result<[MigrationFile], StrataError>] {
        if parsed.value(Options.migrationsDir) != nil {
            let files = try MigrationDirectory.load(directory(for: ""))
            return paths.map { _ in .success(files) }
        }
        var loaded: [String: Result<[MigrationFile], StrataError>] = [:]
        return paths.map { path in
            let folder = directory(for: path)
            if let known = loaded[folder] { return known }
            let result: Result<[MigrationFile], StrataError>
            do { result = .success(try MigrationDirectory.load(folder)) } catch {
                result = .failure(error as? StrataError ?? StrataError("\(error)"))
            }
            loaded[folder] = result
            return result
        }
    }

    /// The exit status of a run over many files: the worst of theirs, in this order from best to worst:
    /// 0 (done, or up to date), 3 (pending), 4 (drift), 1 (failed), 130 (interrupted).
    static func worst(_ statuses: [ExitStatus]) -> ExitStatus {
        func rank(_ status: ExitStatus) -> Int {
            switch status {
            case .success: 0
            case .pending: 1
            case .drift: 2
            case .failure, .usage, .problems: 3
            case .interrupted: 4
            }
        }
        return statuses.max { rank($0) < rank($1) } ?? .success
    }

    // MARK: - Running them

    /// Runs `body` on each index, `jobs` threads at a time (each index once, in order of starting), with a
    /// progress line on a terminal; the results in index order.
    func forEachFile<Outcome: Sendable>(_ count: Int, jobs: Int, verb: String, failed: @escaping @Sendable (Outcome) -> Bool,
                                        _ body: @escaping @Sendable (Int) -> Outcome) -> [Outcome]
    {
        let progress = context.stderrIsTerminal ? ProgressLine() : nil
        let board = Board<Outcome>(count: count)
        let started = Platform.monotonicSeconds()
        let group = DispatchGroup()
        for _ in 0..<min(jobs, count) {
            group.enter()
            let thread = Thread {
                while let index = board.next() {
                    let outcome = body(index)
                    let (done, failures) = board.record(outcome, at: index, failed: failed(outcome))
                    if let progress {
                        let rate = Double(done) / max(Platform.monotonicSeconds() - started, 0.001)
                        progress.update("\(verb) \(done)/\(count) files, \(failures) failed, \(String(format: "%.1f", rate)) files/s")
                    }
                }
                group.leave()
            }
            // SQLite's statements recurse on the stack: the main thread's size, not a secondary thread's 512 KB.
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        progress?.finish()
        return board.outcomes()
    }

    /// What the threads share: the next file to take and each file's outcome, behind one lock.
    final class Board<Outcome: Sendable>: @unchecked Sendable {
        private let lock = Lock()
        private var taken = 0
        private var done = 0
        private var failures = 0
        private var results: [Outcome?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func next() -> Int? {
            lock.withLock {
                guard taken < results.count else { return nil }
                taken += 1
                return taken - 1
            }
        }

        func record(_ outcome: Outcome, at index: Int, failed: Bool) -> (done: Int, failed: Int) {
            lock.withLock {
                results[index] = outcome
                done += 1
                if failed { failures += 1 }
                return (done, failures)
            }
        }

        func outcomes() -> [Outcome] { lock.withLock { results.compactMap { $0 } } }
    }

    // MARK: - migrate

    /// What a many-file run did to one file.
    struct FileRun: Sendable {
        enum Result: String, Sendable { case migrated, upToDate, failed }
        var path: String
        /// The version before, when the file could be read.
        var from: Int?
        var to: Int?
        var result: Result
        /// The migrations applied (or reverted); with `--step`, those committed before a failure.
        var applied: [String] = []
        /// The version a `--step` run that failed committed up to; nil when nothing was kept.
        var kept: Int?
        var error: StrataError?
        var status: ExitStatus = .success
        var milliseconds = 0
    }

    func runMany(_ paths: [String]) throws {
        if parsed.value(Options.backup) != nil {
            throw StrataError.usage("--backup takes one FILE, not several (run each file with its own --backup, or --dry-run them all first)")
        }
        // A path that is not there stops the whole run before any file is opened: a typo among the files
        // (or a word meant as a subcommand) never leaves the others migrated and the run half done.
        if !parsed.flag(Options.create) {
            let missing = paths.filter { Platform.entryKind($0) == .missing }
            if let first = missing.first {
                throw StrataError("no such file: \(first)" + (missing.count > 1 ? " (and \(missing.count - 1) more)" : "")
                                  + "; no file was migrated (to make empty databases there and migrate them, add --create)",
                                  code: .noSuchFile, site: ErrorSite(file: first))
            }
        }
        let jobs = jobCount()
        let settings = try jobOptions()
        let yes = parsed.flag(Options.yesDestructive)
        let migrations = try migrationFiles(for: paths)
        let watcher = InterruptWatcher()
        InterruptSignal.catchTermination()
        let runs = withExtendedLifetime(watcher) {
            forEachFile(paths.count, jobs: jobs, verb: "migrated", failed: { $0.result == .failed }) { index in
                Self.migrate(paths[index], migrations: migrations[index], settings: settings, yes: yes, watcher: watcher)
            }
        }
        // Ctrl-C stops every file still to run: one line says so, not one a file.
        for run in runs where run.error != nil && run.status != .interrupted {
            context.stderr.write("strata: \(run.path): \(run.error?.message ?? "")\n")
        }
        let stopped = runs.filter { $0.status == .interrupted }.count
        if stopped > 0 {
            context.stderr.write("strata: interrupted: \(stopped) of \(runs.count) files not migrated (each left as it was)\n")
        }
        let status = Self.worst(runs.map(\.status))
        let counts = Dictionary(grouping: runs, by: \.result).mapValues(\.count)
        if parsed.flag(Options.json) {
            let value = JSONValue.object([
                ("files", .array(runs.map { run in
                    var members: [(String, JSONValue)] = [
                        ("file", .string(run.path)), ("from", run.from.map { .int(Int64($0)) } ?? .null),
                        ("to", run.to.map { .int(Int64($0)) } ?? .null), ("result", .string(run.result.rawValue)),
                        ("applied", .array(run.applied.map(JSONValue.string))), ("durationMs", .int(Int64(run.milliseconds))),
                        ("exitStatus", .int(Int64(run.status.rawValue))),
                    ]
                    if let error = run.error { members.append(("error", ErrorDocument.object(error))) }
                    return .object(members)
                })),
                ("dryRun", .bool(settings.dryRun)),
                ("migrated", .int(Int64(counts[.migrated] ?? 0))), ("upToDate", .int(Int64(counts[.upToDate] ?? 0))),
                ("failed", .int(Int64(counts[.failed] ?? 0))), ("exitStatus", .int(Int64(status.rawValue))),
            ])
            context.stdout.write(value.serialized(pretty: true) + "\n")
        } else {
            var table = TextTable(columns: [.init("FILE"), .init("VERSION"), .init("RESULT"), .init("TIME", rightAligned: true)])
            for run in runs {
                let version = switch (run.from, run.to) {
                case (let from?, let to?) where from != to: "\(from) → \(to)"
                case (let from?, _): "\(from)"
                default: "-"
                }
                let verb = run.to ?? 0 < run.from ?? 0 ? (settings.dryRun ? "would revert" : "reverted") : (settings.dryRun ? "would apply" : "applied")
                let result = switch run.result {
                case .migrated: "\(verb) \(run.applied.count)"
                case .upToDate: "up to date"
                case .failed where run.status == .interrupted: "interrupted"
                case .failed: run.kept == nil ? "failed" : "failed; kept \(run.applied.count) (--step)"
                }
                table.append([run.path, version, result, "\(run.milliseconds) ms"])
            }
            context.stdout.write(table.render(maxWidth: context.terminalWidth, style: parsed.style(context)))
            let migrated = "\(counts[.migrated] ?? 0) " + (settings.dryRun ? "would be migrated" : "migrated")
            context.stdout.write("\(runs.count) files: \(migrated), \(counts[.upToDate] ?? 0) up to date, \(counts[.failed] ?? 0) failed"
                                 + (settings.dryRun ? "; the files themselves are unchanged (a dry run migrates copies)" : "") + "\n")
        }
        if status != .success { throw StrataError("", status: status) }
    }

    /// One file of a many-file run, on the calling thread and its own connection (a `MigrationJob`). With
    /// `--dry-run`, on a private copy of the file, checked with `integrity_check`.
    static func migrate(_ path: String, migrations: Result<[MigrationFile], StrataError>, settings: MigrationJob.Options, yes: Bool,
                        watcher: InterruptWatcher) -> FileRun
    {
        let started = Platform.monotonicSeconds()
        var run = FileRun(path: path, result: .failed)
        do {
            if watcher.wasInterrupted { throw MigrationJob.Failure(error: .interrupted, from: nil, kept: nil) }
            var job = MigrationJob(path: path, files: migrations, options: settings)
            job.watch = { watcher }
            if !yes {
                job.confirmDestructive = { destructive, _ in
                    throw StrataError("\(destructive.summary); destructive steps need --yes with several files (nothing was changed)",
                                      code: .destructiveRefused, site: destructive.site)
                }
            }
            let outcome = try job.run()
            if let first = outcome.integrity?.first, first != "ok" {
                throw MigrationJob.Failure(error: StrataError("the migrated copy fails integrity_check: \(first)", code: .integrityFailed),
                                           from: outcome.run.from, kept: nil)
            }
            (run.from, run.to) = (outcome.run.from, outcome.run.to)
            run.applied = outcome.run.applied.map(\.step.file.fileName)
            run.result = outcome.run.applied.isEmpty ? .upToDate : .migrated
        } catch {
            let failure = error as? MigrationJob.Failure ?? MigrationJob.Failure(error: StrataError("\(error)"), from: nil, kept: nil)
            run.error = failure.error
            run.status = failure.error.status == .usage || failure.error.status == .success ? .failure : failure.error.status
            run.from = failure.from
            // What --step committed before the failure stays applied.
            if let kept = failure.kept {
                run.applied = kept.applied.map(\.step.file.fileName)
                run.kept = kept.to
            }
            run.to = run.kept ?? run.from
        }
        // Measured here, not in a defer: a defer runs after the value to return was copied.
        run.milliseconds = Int(((Platform.monotonicSeconds() - started) * 1000).rounded())
        return run
    }

    // MARK: - migrate status

    /// Where one file of a many-file `migrate status` stands.
    struct FileStatus: Sendable {
        var path: String
        var version: Int?
        var pending: [String] = []
        var drifted: [String] = []
        var missing = 0
        /// Migrations at or below the file's version that its history does not record.
        var skipped: [String] = []
        var predatesHistory = false
        var error: StrataError?
        var status: ExitStatus = .success

        var state: String {
            switch status {
            case .success: "upToDate"
            case .pending: "pending"
            case .drift: "drift"
            case .interrupted: "interrupted"
            case .failure, .usage, .problems: "failed"
            }
        }
    }

    func statusMany(_ paths: [String]) throws {
        let jobs = jobCount()
        let timeout = parsed.timeoutMilliseconds()
        let migrations = try migrationFiles(for: paths)
        let watcher = InterruptWatcher()
        let statuses = withExtendedLifetime(watcher) {
            forEachFile(paths.count, jobs: jobs, verb: "read", failed: { $0.error != nil }) { index in
                Self.status(paths[index], migrations: migrations[index], timeout: timeout, watcher: watcher)
            }
        }
        for status in statuses where status.error != nil {
            context.stderr.write("strata: \(status.path): \(status.error?.message ?? "")\n")
        }
        let worst = Self.worst(statuses.map(\.status))
        if parsed.flag(Options.json) {
            let value = JSONValue.object([
                ("files", .array(statuses.map { status in
                    var members: [(String, JSONValue)] = [
                        ("file", .string(status.path)), ("version", status.version.map { .int(Int64($0)) } ?? .null),
                        ("state", .string(status.state)), ("pending", .array(status.pending.map(JSONValue.string))),
                        ("drifted", .array(status.drifted.map(JSONValue.string))), ("missing", .int(Int64(status.missing))),
                        ("skipped", .array(status.skipped.map(JSONValue.string))), ("predatesHistory", .bool(status.predatesHistory)),
                        ("exitStatus", .int(Int64(status.status.rawValue))),
                    ]
                    if let error = status.error { members.append(("error", ErrorDocument.object(error))) }
                    return .object(members)
                })),
                ("exitStatus", .int(Int64(worst.rawValue))),
            ])
            context.stdout.write(value.serialized(pretty: true) + "\n")
        } else {
            var table = TextTable(columns: [.init("FILE"), .init("VERSION", rightAligned: true), .init("STATE")])
            for status in statuses {
                let state = switch status.status {
                case .success: "up to date"
                case .pending where !status.skipped.isEmpty:
                    (status.pending.isEmpty ? "" : "\(status.pending.count) pending; ")
                        + (status.predatesHistory ? "no history: \(status.skipped.count) may be in it (see migrate baseline)"
                            : "\(status.skipped.count) never applied below its version (--out-of-order)")
                case .pending: "\(status.pending.count) pending"
                case .drift: "drift: \(status.drifted.joined(separator: ", ")) changed since applied"
                case .interrupted: "interrupted"
                case .failure, .usage, .problems: "failed"
                }
                table.append([status.path, status.version.map(String.init) ?? "-", state])
            }
            context.stdout.write(table.render(maxWidth: context.terminalWidth, style: parsed.style(context)))
        }
        if worst != .success { throw StrataError("", status: worst) }
    }

    /// One file of a many-file `migrate status`, read-only, on the calling thread and its own connection.
    static func status(_ path: String, migrations: Result<[MigrationFile], StrataError>, timeout: Int32, watcher: InterruptWatcher) -> FileStatus {
        var result = FileStatus(path: path)
        do {
            if watcher.wasInterrupted { throw StrataError.interrupted }
            let connection = try DatabaseFile.openForReading(path, timeout: timeout)
            do {
                let status = try MigrationJob.migrator(connection, files: try migrations.get(), name: path, outOfOrder: false).status()
                result.version = status.version
                result.pending = status.pending.map(\.fileName)
                result.skipped = status.skipped.map(\.fileName)
                result.predatesHistory = status.predatesHistory
                result.drifted = status.drifted.map(\.file.fileName)
                result.missing = status.missing.count
                result.status = !status.drifted.isEmpty ? .drift : !status.pending.isEmpty || !status.skipped.isEmpty ? .pending : .success
            } catch let error as SQLiteError {
                throw DatabaseFile.describe(error, path: path, timeout: timeout)
            }
        } catch {
            let failure = error as? StrataError ?? StrataError("\(error)")
            result.error = failure
            result.status = failure.status == .usage || failure.status == .success ? .failure : failure.status
        }
        return result
    }
}
