import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate FILE` and its subcommands: each reads its arguments, asks `Migrator` (or
/// `MigrationLint`) and formats what it answers. One file for each subcommand:
/// `MigrateCommand+Apply.swift` (`migrate`), `+Status`, `+Plan`, `+Validate`, `+Baseline`, `+New`, `+Lint`.
struct MigrateCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    var file: String { parsed.arguments["FILE"] ?? "" }

    /// `--dir`, else `Migrations` beside the file.
    var directory: String {
        parsed.value("dir") ?? (Platform.directory(of: file) == "." ? "Migrations" : Platform.directory(of: file) + "/Migrations")
    }

    /// `--to VERSION`, nil when not given.
    /// - Throws: a usage error for what is not a whole number.
    func target() throws -> Int? {
        try parsed.value("to").map { text in
            guard let version = Int(text), version >= 0 else { throw StrataError.usage("--to takes a version, a whole number, not '\(text)'") }
            return version
        }
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

    /// Runs the part of a subcommand that comes before its output; with `--json`, a failure there is also
    /// printed on stdout as `{"error": "message"}`, so that a script reading the JSON learns why.
    ///
    /// The line on stderr and the exit status are the command line's as for any error. Usage errors
    /// (exit 2) are not repeated in JSON: the argument parser reports most of them before any command runs.
    func reportingFailure<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            let failure = error as? StrataError
            let message = failure?.message ?? "\(error)"
            if parsed.has("json"), !message.isEmpty, failure?.status != .usage {
                context.stdout.write(JSONValue.object([("error", .string(message))]).serialized(pretty: true) + "\n")
            }
            throw error
        }
    }
}
