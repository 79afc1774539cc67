import SQLiteKit
import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate FILE` and its subcommands: each reads its arguments, asks `Migrator` (or
/// `MigrationLint`) and formats what it answers. One file for each subcommand:
/// `MigrateCommand+Apply.swift` (`migrate`), `+Status`, `+Plan`, `+Validate`, `+Baseline`, `+New`, `+Lint`.
struct MigrateCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    var file: String { parsed.required(Arguments.file) }

    /// `--dir`, else `Migrations` beside the file.
    var directory: String {
        parsed.value(Options.migrationsDir) ?? (Platform.directory(of: file) == "." ? "Migrations" : Platform.directory(of: file) + "/Migrations")
    }

    /// Runs `body` with a migrator of FILE opened read-only and the migrations of `directory`: what `status`,
    /// `validate` and `plan` read. SQLite's errors are worded for FILE.
    func readingMigrator<T>(_ body: (Migrator) throws -> T) throws -> T {
        let files = try MigrationDirectory.load(directory)
        let timeout = try parsed.timeoutMilliseconds()
        let connection = try DatabaseFile.openForReading(file, timeout: timeout)
        do { return try body(migrator(connection, files: files)) } catch let error as SQLiteError {
            throw DatabaseFile.describe(error, path: file, timeout: timeout)
        }
    }

    /// A migrator of `connection` that names the database as the user did (`name`), applying migrations below
    /// its version when `outOfOrder` (`--out-of-order`).
    static func migrator(_ connection: Connection, files: [MigrationFile], name: String, outOfOrder: Bool) -> Migrator {
        var migrator = Migrator(connection: connection, files: files)
        migrator.displayName = name
        migrator.appliesOutOfOrder = outOfOrder
        return migrator
    }

    /// `migrator(_:files:name:outOfOrder:)` for FILE, with `--out-of-order` where the command has it.
    func migrator(_ connection: Connection, files: [MigrationFile]) -> Migrator {
        Self.migrator(connection, files: files, name: file,
                      outOfOrder: parsed.command.option(named: Options.outOfOrder.name) != nil && parsed.flag(Options.outOfOrder))
    }

    /// Whether migrating `path` makes a new database there (nothing is there), refusing a missing one unless
    /// `--create`, and a symbolic link to nothing whatever the flags: a database is never made through a link.
    static func makesNewFile(_ path: String, create: Bool) throws -> Bool {
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

    /// `--to VERSION`, nil when not given.
    /// - Throws: a usage error for what is not a whole number.
    func target() throws -> Int? {
        try parsed.value(Options.toVersion).map { text in
            guard let version = Int(text), version >= 0 else { throw StrataError.usage("--to takes a version, a whole number, not '\(text)'") }
            return version
        }
    }
}
