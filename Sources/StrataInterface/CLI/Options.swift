import StrataCore
import StrataDemo
import StrataEdit

/// The options of the commands, defined once: the parser, the help and the runners read the same ones.
enum Options {
    static let help = OptionSpec("help", short: "h", help: "show this help")
    static let timeout = OptionSpec(
        "timeout", value: "SECONDS",
        help: "wait this long for another process's lock, or for a view's count, before giving up (default 5)",
        reader: { text in
            guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
                throw StrataError.usage("--timeout takes a number of seconds from 0 to 86400, not '\(text)'")
            }
            return .number(seconds)
        })
    static let noColor = OptionSpec("no-color", help: "never use color (also: the NO_COLOR variable)")
    static let storeInfo = OptionSpec("store-info", help: "a Core Data store's metadata instead: its UUID, type, model version identifiers and entity version hashes")
    static let model = OptionSpec(
        "model", value: "PATH",
        help: "a Core Data store's model: an .xcdatamodeld or .xcdatamodel from the app's source, or a compiled .momd or .mom (default: the store's own model cache)")
    static let modelVersion = OptionSpec("model-version", value: "NAME", help: "the version of the --model to read (default: the one that matches the store)")
    static let realmDates = OptionSpec(
        "realm-dates", value: "UNIT", choices: ["seconds", "ms"],
        help: "what the old DateTime columns of a .realm file of format 2 to 9 count: seconds (realm-cocoa, realm-java; the default) or ms (realm-js)")
    static let keyFile = OptionSpec(
        "key-file", value: "PATH",
        help: "the key of an encrypted .realm file: a file of its 128 hex digits or its 64 bytes (also: the STRATA_REALM_KEY variable; never on the command line)")
    static let all = OptionSpec("all", short: "a", help: "include internal tables (sqlite_*, strata_*, list tables, framework metadata)")
    static func format(_ choices: [String]) -> OptionSpec {
        // Appended in a loop: the first `joined(separator:)` of a run costs a tenth of a millisecond of the runtime's
        // type lookups, and every command builds this option before it starts.
        var listed = ""
        for choice in choices { listed += (listed.isEmpty ? "" : ", ") + choice }
        return OptionSpec("format", short: "f", value: "FORMAT", choices: choices, help: "output format: \(listed) (default \(choices[0]))")
    }
    static let migrationsDir = OptionSpec("dir", short: "d", value: "DIR",
                                          help: "the migrations directory (default: Migrations beside FILE)")
    static let json = OptionSpec("json", help: "print JSON, for scripts and CI")
    static let quickCheck = OptionSpec("quick", help: "quick_check instead of integrity_check, and no row-by-row link checks: for large files")

    static let arg = OptionSpec("arg", value: "VALUE", help: "the value of $0, then $1, …; repeat for each parameter")
    static let args = OptionSpec("args", value: "{VALUES}", help: "every parameter's value at once, as the query writes values: {5, nil, {1, 2}, x'00ff', \"text\"}")
    static let sqlArg = OptionSpec("arg", value: "VALUE", help: "the value of ?1, then ?2, …; repeat for each parameter (a number binds as a number, anything else as text)")
    static let width = OptionSpec(
        "width", value: "N",
        help: "fit table and vertical output to N cells, or none for no limit (default: the terminal's width; 200 in a pipe or a file)",
        reader: { text in
            if text.lowercased() == "none" { return .unlimited }
            guard let width = Int(text), width >= 20, width <= 1_000_000 else {
                throw StrataError.usage("--width takes a number of cells from 20 up, or none, not '\(text)'")
            }
            return .integer(width)
        })
    static let explain = OptionSpec("explain", help: "print the SQL, its bound parameters and SQLite's plan instead of running it")
    static let allowKeyChange = OptionSpec("allow-key-change", help: "allow changing the primary key, and move the links and lists that point at the object along")
    static let yesDelete = OptionSpec("yes", short: "y", help: "delete without asking")
    static let maxBlob = OptionSpec("max-blob", value: "SIZE", help: "read at most SIZE bytes for a @path value, as 1048576, 10M or 1G (default 1G)",
                                    reader: { .integer(Int(try BlobLimit.parse($0))) })
    static let dryRunCount = OptionSpec("dry-run", help: "only count the objects that would change, and show the first five")
    static let rows = OptionSpec("rows", short: "n", value: "N",
                       help: "objects per class, 0 to \(DemoGenerator.maximumRows) (default \(DemoGenerator.defaultRows))",
                       reader: OptionSpec.wholeNumber(in: 0...DemoGenerator.maximumRows, "a whole number from 0 to \(DemoGenerator.maximumRows)", option: "rows"))
    static let seed = OptionSpec("seed", value: "N", help: "draw the values from this seed (0 to 2^64-1): same seed, same content, and dates count back from 2026-01-01T00:00:00Z",
                                 reader: { text in
                                     guard let seed = UInt64(text) else {
                                         throw StrataError.usage("--seed takes a whole number from 0 to 18446744073709551615, not '\(text)'")
                                     }
                                     return .unsigned(seed)
                                 })
    static let forceReplace = OptionSpec("force", help: "replace FILE if it exists")
    static let forceOutput = OptionSpec("force", help: "replace OUT if it exists")
    static let write = OptionSpec("write", short: "w", help: "allow edits (set, new, delete, list, update, undo, redo); also: the write on command")
    static let toVersion = OptionSpec("to", value: "VERSION", help: "stop at this version instead of the last; below the current one, go down",
                                      reader: version)
    static let dryRunCopy = OptionSpec("dry-run", help: "migrate a temporary copy, check its integrity, report, and leave FILE untouched")
    static let backup = OptionSpec("backup", value: "PATH", help: "first copy FILE to PATH with SQLite's backup API")
    static let forceBackup = OptionSpec("force", help: "replace the --backup PATH if it exists (a symbolic link there is replaced, not followed)")
    static let allowDrift = OptionSpec("allow-drift", help: "go on although an applied migration's file changed since")
    static let step = OptionSpec("step", help: "commit after each migration instead of once for the whole run")
    static let outOfOrder = OptionSpec("out-of-order",
                                       help: "also apply the migrations below the database's version that were never applied, in version order")
    static let yesDestructive = OptionSpec("yes", short: "y", help: "apply destructive steps (see migrate lint) without asking")
    static let planTo = OptionSpec("to", value: "VERSION", help: "plan the run to this version", reader: version)
    /// `--to VERSION`: a whole number from 0.
    static let version: OptionSpec.Reader = OptionSpec.wholeNumber(in: 0...Int.max, "a version, a whole number", option: "to")
    static let baselineVersion = OptionSpec("version", value: "N", help: "the version the database is at (required)", reader: { text in
        guard let version = Int(text), version >= 0 else { throw StrataError.usage("migrate baseline needs --version N, a whole number") }
        return .integer(version)
    })
    static let forceRestart = OptionSpec("force", help: "start an existing history over (accepts drift for good)")
    static let sqlFile = OptionSpec("sql", help: "write a .sql migration (default: the kind of the directory's newest file; .strata when it has none)")
    static let strataFile = OptionSpec("strata", help: "write a .strata migration (default: the kind of the directory's newest file; .strata when it has none)")
    static let downSection = OptionSpec("down", help: "end the file with a down section to fill in (then appended text lands in it)")
    static let strictLint = OptionSpec("strict", help: "exit with status 1 on warnings (risky steps) too")
    static let create = OptionSpec("create", help: "when FILE does not exist, make an empty database there and migrate it (with --dry-run, nothing is made)")
    static let jobs = OptionSpec("jobs", short: "j", value: "N", help: "with several files, migrate N at a time, each on its own connection and thread (default 1)",
                                 reader: OptionSpec.wholeNumber(in: 1...mostJobs, "how many files to migrate at a time, 1 to \(mostJobs)", option: "jobs"))
    static let mostJobs = 256
    static let importFormat = OptionSpec("format", short: "f", value: "FORMAT", choices: Importer.Format.allCases.map(\.rawValue),
                                         help: "what DATA holds: csv, json or ndjson (default: from its extension; else from its first byte: [ json, { ndjson, else csv)")
    static let createClass = OptionSpec("create", help: "make CLASS when FILE has no such class, its properties typed from every row (never makes FILE)")
    static let upsert = OptionSpec("upsert", help: "update the object whose primary key a row gives when it exists, instead of refusing the row")
    static let dryRunImport = OptionSpec("dry-run", help: "read and check every row, say what would be imported, and never open FILE for writing")
    static let fromList = OptionSpec("from-list", value: "FILE", help: "also migrate the database files that FILE lists, one path a line")
}
