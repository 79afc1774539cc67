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

    /// `--to VERSION`, nil when not given.
    /// - Throws: a usage error for what is not a whole number.
    func target() throws -> Int? {
        try parsed.value(Options.toVersion).map { text in
            guard let version = Int(text), version >= 0 else { throw StrataError.usage("--to takes a version, a whole number, not '\(text)'") }
            return version
        }
    }
}
