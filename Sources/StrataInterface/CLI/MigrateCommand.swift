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
        let timeout = parsed.timeoutMilliseconds()
        let connection = try DatabaseFile.openForReading(file, timeout: timeout)
        do { return try body(migrator(connection, files: files)) } catch let error as SQLiteError {
            throw DatabaseFile.describe(error, path: file, timeout: timeout)
        }
    }

    /// `MigrationJob.migrator(_:files:name:outOfOrder:)` for FILE, with `--out-of-order` where the command has it.
    func migrator(_ connection: Connection, files: [MigrationFile]) -> Migrator {
        MigrationJob.migrator(connection, files: files, name: file,
                      outOfOrder: parsed.command.option(named: Options.outOfOrder.name) != nil && parsed.flag(Options.outOfOrder))
    }

    /// `--to VERSION`, nil when not given.
    func target() -> Int? { parsed.integer(Options.toVersion) }
}
