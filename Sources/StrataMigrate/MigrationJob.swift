import SQLiteKit
import StrataCore

/// One database file migrated as `strata migrate` migrates it, from opening to the file in place: a missing file
/// made only with `create` (a temporary file beside it, renamed into place once migrated), a dry run on a private
/// copy (FILE never opened for writing) checked with `integrity_check`, destructive steps put to
/// `confirmDestructive` first, the backup written from the connection about to be migrated, the migrations applied
/// in one transaction (or one each with `stepwise`), and every temporary file removed whatever happens.
///
/// The command line parses the options, asks the person at the terminal and renders what the job answers; a run
/// over many files makes one job a file, on threads of its own.
package struct MigrationJob {
    /// What the command line's options say, checked already.
    package struct Options: Sendable {
        /// `--to`: the version to reach; nil for the latest.
        package var target: Int?
        package var allowDrift = false
        /// `--step`: each migration in its own transaction.
        package var stepwise = false
        /// `--out-of-order`: also the migrations below the file's version that its history does not record.
        package var outOfOrder = false
        /// `--dry-run`: a private copy is migrated and checked; the file is left alone.
        package var dryRun = false
        /// `--create`: a missing file is made.
        package var create = false
        /// `--backup PATH` (with `--force`, an existing PATH is replaced).
        package var backup: String?
        package var forceBackup = false
        /// Milliseconds to wait for another process's lock.
        package var timeout: Int32 = 5000

        package init() {}
    }

    /// What a job did: the run, and a dry run's `integrity_check` of its migrated copy.
    package struct Outcome: Sendable {
        package let run: MigrationRun
        package let integrity: [String]?
    }

    /// Why a job stopped, with what it knew: the file's version before (when it was read), and what a `stepwise`
    /// run committed before the failure (it stays applied, and a new file made with `create` is kept with it).
    package struct Failure: Error {
        package let error: StrataError
        package let from: Int?
        package let kept: MigrationRun?

        package init(error: StrataError, from: Int?, kept: MigrationRun?) {
            (self.error, self.from, self.kept) = (error, from, kept)
        }
    }

    package let path: String
    /// The migrations, or why their folder could not be read (a failure of this job alone, said once the file
    /// itself is known to be there).
    package let files: Result<[MigrationFile], StrataError>
    package let options: Options
    /// Told the destructive steps about to run, from the plan (never in a dry run, whose copy alone loses
    /// anything); throws to refuse them. Nil: they run (`--yes`).
    package var confirmDestructive: ((DestructiveSummary, [MigrationStep]) throws -> Void)?
    /// Gives the watcher whose Ctrl-C stops the running statement or copy, so that the transaction rolls back and
    /// the temporary files go: asked once the file (or its copy) is open and any question answered (for a dry run,
    /// before the copy is made), so that Ctrl-C at the question ends the process as usual. Nil: nothing stops it.
    package var watch: (() -> InterruptWatcher)?

    package init(path: String, files: Result<[MigrationFile], StrataError>, options: Options) {
        (self.path, self.files, self.options) = (path, files, options)
    }

    /// A migrator of `connection` that names the database as the user did, applying migrations below its
    /// version when `outOfOrder`.
    package static func migrator(_ connection: Connection, files: [MigrationFile], name: String, outOfOrder: Bool) -> Migrator {
        var migrator = Migrator(connection: connection, files: files)
        migrator.displayName = name
        migrator.appliesOutOfOrder = outOfOrder
        return migrator
    }

    /// Runs the job.
    /// - Throws: `Failure`, always, its error worded for the file (SQLite's errors through `DatabaseFile.describe`).
    package func run() throws -> Outcome {
        // The temporary file this job made (a new file, a dry run's copy): removed unless moved into place.
        var made: String?
        defer { if let made { Self.remove(made) } }
        var from: Int?
        var kept: MigrationRun?
        do {
            let creating = try Self.makesNewFile(path, create: options.create)
            let files = try files.get()
            if let backup = options.backup {
                // Refused before any question or copy; checked again when the backup is made.
                try AtomicFile.checkDestination(backup, force: options.forceBackup, what: "the backup", input: path)
            }
            var watcher: InterruptWatcher?
            let connection: Connection
            if options.dryRun {
                watcher = watch?()
                let copy = creating ? try AtomicFile.createPrivateTemporary(for: path) : try Self.privateCopy(of: path, timeout: options.timeout)
                made = copy
                connection = try Connection(path: copy, mode: .readWrite, busyTimeout: options.timeout)
            } else if creating {
                let temporary = try AtomicFile.createTemporary(for: path)
                made = temporary
                connection = try DatabaseFile.openForWriting(temporary, timeout: options.timeout)
            } else {
                connection = try DatabaseFile.openForWriting(path, timeout: options.timeout)
            }
            do {
                from = try connection.scalar("PRAGMA user_version").int64.map(Int.init)
                let migrator = Self.migrator(connection, files: files, name: path, outOfOrder: options.outOfOrder)
                if !options.dryRun, let confirmDestructive {
                    let steps = try migrator.plan(to: options.target).steps
                    if let destructive = try DestructiveSummary(steps) { try confirmDestructive(destructive, steps) }
                }
                if watcher == nil { watcher = watch?() }
                // Of a dry run, from its copy: the same content, and FILE is still not opened for writing.
                if let backup = options.backup {
                    try AtomicFile.writeDatabase(copying: connection, to: backup, force: options.forceBackup, what: "the backup")
                }
                watcher?.watch(connection.interruptHandle)
                defer { watcher?.stopWatching(connection.interruptHandle) }
                let run: MigrationRun
                do {
                    run = try migrator.apply(to: options.target, allowDrift: options.allowDrift, stepwise: options.stepwise)
                } catch let failure as StepwiseFailure {
                    kept = failure.kept
                    // A new file keeps what was committed, as the error says, instead of vanishing with its temporary file.
                    if creating && !options.dryRun, let temporary = made, !failure.kept.applied.isEmpty {
                        try AtomicFile.moveIntoPlace(temporary, to: path, force: false)
                        made = nil
                    }
                    throw failure.error
                }
                let integrity = options.dryRun ? try migrator.integrityCheck() : nil
                if creating && !options.dryRun, let temporary = made {
                    try AtomicFile.moveIntoPlace(temporary, to: path, force: false)
                    made = nil
                }
                return Outcome(run: run, integrity: integrity)
            } catch let error as SQLiteError {
                throw DatabaseFile.describe(error, path: path, timeout: options.timeout)
            }
        } catch {
            throw Failure(error: error as? StrataError ?? StrataError("\(error)"), from: from, kept: kept)
        }
    }

    /// Whether migrating `path` makes a new database there (nothing is there), refusing a missing one unless
    /// `create`, and a symbolic link to nothing whatever the flags: a database is never made through a link.
    package static func makesNewFile(_ path: String, create: Bool) throws -> Bool {
        if let target = Platform.danglingLinkTarget(path) {
            throw StrataError("\(path) is a symbolic link to \(target), which does not exist"
                              + (create ? ": --create makes no database through a symbolic link (make it at \(target), or remove the link)" : ""),
                              code: .noSuchFile, site: ErrorSite(file: path))
        }
        let creating = Platform.entryKind(path) == .missing
        if creating && !create {
            throw StrataError("no such file: \(path) (to make an empty database there and migrate it, add --create)",
                              code: .noSuchFile, site: ErrorSite(file: path))
        }
        return creating
    }

    /// Removes a temporary database with its `-journal`, `-wal` and `-shm`.
    package static func remove(_ copy: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { Platform.removeFile(copy + suffix) }
    }
}

/// The first destructive finding (lint's) of the steps that will run, each in its direction, and how many more,
/// with the first one's place: what `migrate` asks about, or refuses without `--yes`.
package struct DestructiveSummary: Sendable {
    /// `2_drop.sql:1: destructive-drop … (and 2 more)`.
    package let summary: String
    package let site: ErrorSite

    /// Nil when no step is destructive.
    package init?(_ steps: [MigrationStep]) throws {
        let destructive = try steps.flatMap { step in
            try (step.direction == .up ? MigrationLint.check(step.file) : MigrationLint.checkDown(step.file)).map { (step, $0) }
        }.filter { $0.1.severity == .destructive }
        guard let (step, first) = destructive.first else { return nil }
        summary = "\(first.file):\(first.line): \(first.code.rawValue) \(first.message)"
            + (destructive.count > 1 ? " (and \(destructive.count - 1) more)" : "")
        site = ErrorSite(file: first.file, line: first.line, version: step.file.version, direction: step.direction)
    }
}
