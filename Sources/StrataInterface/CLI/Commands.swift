import StrataCore
import StrataQuery
import StrataEdit
import StrataMigrate
import StrataRender
import StrataDemo
/// The command table: the one source of truth for parsing, `strata help` and the man page's synopsis.
public enum Commands {
    static let help = OptionSpec("help", short: "h", help: "show this help")
    static let timeout = OptionSpec(
        "timeout", value: "SECONDS",
        help: "wait this long for another process's lock before giving up (default 5)")
    static let noColor = OptionSpec("no-color", help: "never use color (also: the NO_COLOR variable)")
    static let allOption = OptionSpec("all", short: "a", help: "include internal tables (sqlite_*, strata_*, list tables, framework metadata)")
    static func format(_ choices: [String]) -> OptionSpec {
        OptionSpec("format", short: "f", value: "FORMAT", choices: choices,
                   help: "output format: \(choices.joined(separator: ", ")) (default \(choices[0]))")
    }

    static let file = ArgumentSpec("FILE", help: "an SQLite database file (opened read-only; never created)")

    public static let classes = CommandSpec(
        name: "classes",
        summary: "list the classes (tables and views) with their object counts",
        arguments: [file],
        options: [format(["table", "json"]), allOption, timeout, noColor, help],
        discussion: """
            Lists every class of the database, sorted by name, with its kind (table, view, or entity for \
            Core Data) and its exact number of objects. Counting a large table takes a moment: a progress \
            line appears on a terminal after half a second, and Ctrl-C stops cleanly.
            """,
        examples: ["strata classes app.sqlite", "strata classes app.sqlite --format json", "strata classes app.sqlite --all"])

    public static let schema = CommandSpec(
        name: "schema",
        summary: "show properties, types, keys, links, lists, backlinks and indexes",
        arguments: [file, ArgumentSpec("CLASS", optional: true, help: "show only this class")],
        options: [format(["table", "json"]), allOption, timeout, noColor, help],
        discussion: """
            Shows each class with its properties in Realm's vocabulary: a type (bool, int, float, double, \
            decimal, string, date, data, uuid, any), `?` for optional, links as object<Class>, Strata lists \
            as list<Class>, backlinks as linkingObjects<Class.property>; then its indexes and any foreign \
            keys that are not links.
            """,
        examples: ["strata schema app.sqlite", "strata schema app.sqlite Task", "strata schema app.sqlite --format json"])

    static let outputFormats = OutputFormat.allCases.map(\.rawValue)

    public static let query = CommandSpec(
        name: "query",
        summary: "find objects with a Realm-style query, in any output format",
        arguments: [file, ArgumentSpec("QUERY", help: "a query such as 'Task where name BEGINSWITH[c] \"b\" SORT(createdAt DESC)'")],
        options: [
            format(outputFormats),
            OptionSpec("arg", value: "VALUE", help: "the value of $0, then $1, …; repeat for each parameter"),
            OptionSpec("explain", help: "print the SQL, its bound parameters and SQLite's plan instead of running it"),
            timeout, noColor, help,
        ],
        discussion: """
            Runs a query in Realm Query Language (NSPredicate syntax): a class name, optionally WHERE and a \
            predicate, then SORT(…), DISTINCT(…) and LIMIT(…). Comparisons ==, !=, <, <=, >, >=, IN {…}, \
            BETWEEN {a, b}; on strings BEGINSWITH, ENDSWITH, CONTAINS and LIKE (* and ? wildcards), with [c] \
            for case- and [d] for diacritic-insensitive matching; AND, OR, NOT; key paths through links \
            (list.name), lists with ANY, ALL or NONE, aggregates (@count, @min, @max, @sum, @avg), backlinks \
            (@links.Class.property) and SUBQUERY(list, $x, predicate).@count. Literals: numbers, 'strings', \
            true, false, nil, dates (2026-11-29, 2026-11-29T10:00:00Z), data (B64"…", x'…'), and $0, $1 for \
            --arg values. Values are always bound as parameters. Results stream as they are found.
            """,
        examples: [
            "strata query app.sqlite 'Task where isCompleted == false SORT(createdAt DESC) LIMIT(20)'",
            "strata query demo.sqlite 'RealmTestClass1 where arrayReference.@count > 10' --format csv > busy.csv",
            "strata query app.sqlite 'Task where name == $0' --arg \"O'Brien\" --explain",
        ])

    public static let get = CommandSpec(
        name: "get",
        summary: "show one object by its key, with its links and lists resolved",
        arguments: [file, ArgumentSpec("CLASS", help: "the object's class"),
                    ArgumentSpec("KEY", help: "its primary key (or rowid); a composite key as (a, b)")],
        options: [format(["vertical", "json"]), timeout, noColor, help],
        discussion: """
            Prints every property of one object. Links show the object they point at and lists the objects \
            they hold, one level deep; backlinks show how many objects link here.
            """,
        examples: ["strata get app.sqlite Task 42", "strata get app.sqlite Tag home --format json"])

    static let writableFile = ArgumentSpec("FILE", help: "an SQLite database file (opened for writing; never created)")

    static let assignmentsArgument = ArgumentSpec(
        "PROPERTY=VALUE", variadic: true,
        help: "a value by the property's type: \"text\" or bare text, 42, 2.5, true/false/yes/no/1/0, 2026-12-01T09:30:00Z or now, x'0a1b', B64\"…\" or @file for data, a key for a link, nil for none")

    public static let set = CommandSpec(
        name: "set",
        summary: "change properties of one object, in one transaction",
        arguments: [writableFile, ArgumentSpec("CLASS", help: "the object's class"),
                    ArgumentSpec("KEY", help: "its primary key (or rowid); a composite key as (a, b)"), assignmentsArgument],
        options: [OptionSpec("allow-key-change", help: "allow changing the primary key, and move the links and lists that point at the object along"),
                  timeout, help],
        discussion: """
            Opens FILE for writing with foreign keys on and changes the named properties of one object in one \
            transaction: all of them or, on any error, none. Each value is read by its property's type, and one \
            that does not fit is refused with the property, its type and the value. nil (or null) is only for \
            optional properties; write "nil" in quotes for the word. Dates are written in the column's own \
            storage (ISO 8601 text shaped like its other dates, or seconds or milliseconds since 1970). A link \
            takes the target's key, optionally after its class name (list='TaskList 3'). NOT NULL, UNIQUE, \
            CHECK and FOREIGN KEY constraints are enforced and said in words. Prints what changed.
            """,
        examples: ["strata set app.sqlite Task 42 name=\"Buy milk\" notes=nil",
                   "strata set app.sqlite Task 42 dueDate=2026-12-01T09:00:00+01:00 list=3",
                   "strata set app.sqlite Tag home name=house --allow-key-change"])

    public static let insert = CommandSpec(
        name: "insert",
        summary: "add an object and print its key",
        arguments: [writableFile, ArgumentSpec("CLASS", help: "the class of the new object"),
                    ArgumentSpec("PROPERTY=VALUE", optional: true, variadic: true, help: assignmentsArgument.help)],
        options: [timeout, help],
        discussion: """
            Adds one object. Properties that are required and have no default must be given; an integer \
            primary key or a rowid is chosen by SQLite when not given. Prints the new object's key on \
            stdout, for scripts: id=$(strata insert app.sqlite Task name=x).
            """,
        examples: ["strata insert app.sqlite Task name=\"Call Bob\" priority=2"])

    public static let delete = CommandSpec(
        name: "delete",
        summary: "delete one object, with what its links cascade to",
        arguments: [writableFile, ArgumentSpec("CLASS", help: "the object's class"),
                    ArgumentSpec("KEY", help: "its primary key (or rowid); a composite key as (a, b)")],
        options: [OptionSpec("yes", short: "y", help: "delete without asking"), timeout, help],
        discussion: """
            Deletes one object in one transaction, and with it whatever its foreign keys cascade to: list \
            entries that hold it, objects that link to it with ON DELETE CASCADE, links set to nil with ON \
            DELETE SET NULL. At a terminal it first says all of that and asks; otherwise it needs --yes. A \
            link with ON DELETE RESTRICT or NO ACTION refuses the delete, naming the objects that hold it.
            """,
        examples: ["strata delete app.sqlite Task 42", "strata delete app.sqlite Task 42 --yes"])

    public static let update = CommandSpec(
        name: "update",
        summary: "change every object a query finds, and print how many",
        arguments: [writableFile, ArgumentSpec("QUERY", help: "the objects: a query as in strata query, such as 'Task where isCompleted == true'"),
                    ArgumentSpec("set", help: "the word set"), assignmentsArgument],
        options: [OptionSpec("dry-run", help: "only count the objects that would change"), timeout, help],
        discussion: """
            Sets the same values on every object the query finds, in one UPDATE statement and one \
            transaction. Values follow the rules of strata set; primary keys cannot be changed this way. \
            A query with SORT and LIMIT updates only the objects it returns.
            """,
        examples: ["strata update app.sqlite 'Task where isCompleted == true' set archived=true",
                   "strata update app.sqlite 'Task where dueDate < 2026-01-01' set priority=0 --dry-run"])

    public static let demo = CommandSpec(
        name: "demo",
        summary: "write Realm Browser's demo database as SQLite",
        arguments: [ArgumentSpec("FILE", help: "the database file to create")],
        options: [
            OptionSpec("rows", short: "n", value: "N",
                       help: "objects per class, 0 to \(DemoGenerator.maximumRows) (default \(DemoGenerator.defaultRows))"),
            OptionSpec("seed", value: "N", help: "draw the values from this seed (0 to 2^64-1): same seed, same content, and dates count back from 2026-01-01T00:00:00Z"),
            OptionSpec("force", help: "replace FILE if it exists"),
            help,
        ],
        discussion: """
            Writes the three classes of Realm Browser's demo database: RealmTestClass0 (integerValue, \
            stringValue, dataValue), RealmTestClass1 (integerValue, boolValue, floatValue, doubleValue, \
            stringValue, dateValue, and arrayReference, a list of RealmTestClass0) and RealmTestClass2 \
            (integerValue, boolValue, and objectReference, a link to RealmTestClass1). Values follow the \
            original generator: edge values (the type's minimum, maximum and zero) one time in twenty each, \
            UUID strings with one in a hundred padded to 10,000 characters, lists of 0 to 12 objects. The file \
            is written under a temporary name beside FILE and renamed into place when complete: a failed or \
            interrupted run (Ctrl-C) leaves nothing behind.
            """,
        examples: ["strata demo demo.sqlite", "strata demo big.sqlite --rows 1000000 --seed 7",
                   "strata demo demo.sqlite --force"])

    public static let open = CommandSpec(
        name: "open",
        summary: "browse a database interactively (also: strata FILE; strata alone opens the demo database)",
        arguments: [ArgumentSpec("FILE", optional: true, help: "the database to browse, read-only unless --write")],
        options: [OptionSpec("write", short: "w", help: "allow edits (set, new, delete, list, update, undo, redo); also: the write on command"),
                  timeout, noColor, help],
        discussion: """
            Starts the browser: type a class name to page through its objects (next, prev, first, last, \
            page N), a query to make it the current result, open KEY or open #ROW to see one object, follow \
            a link or list, back to return; help lists every command. On a terminal, lines are edited with \
            readline, with history and tab completion; from a script (stdin not a terminal) commands run line \
            by line and any failure makes the exit status 1.
            """,
        examples: ["strata app.sqlite", "strata open app.sqlite", "strata app.sqlite < commands.txt"])

    public static let helpCommand = CommandSpec(
        name: "help",
        summary: "show help for strata or for one command",
        arguments: [ArgumentSpec("COMMAND", optional: true, help: "the command to explain")],
        options: [help],
        examples: ["strata help classes"])

    /// Every command, in the order help lists them.
    static let migrationsDir = OptionSpec("dir", short: "d", value: "DIR",
                                          help: "the migrations directory (default: Migrations beside FILE)")
    static let json = OptionSpec("json", help: "print JSON, for scripts and CI")

    public static let migrate = CommandSpec(
        name: "migrate",
        summary: "apply the pending migrations of a directory to a database file",
        arguments: [ArgumentSpec("FILE", help: "the database file to migrate")],
        options: [
            migrationsDir,
            OptionSpec("to", value: "VERSION", help: "stop at this version instead of the last; below the current one, go down"),
            OptionSpec("dry-run", help: "migrate a temporary copy, check its integrity, report, and leave FILE untouched"),
            OptionSpec("backup", value: "PATH", help: "first copy FILE to PATH with SQLite's backup API"),
            OptionSpec("allow-drift", help: "go on although an applied migration's file changed since"),
            OptionSpec("step", help: "commit after each migration instead of once for the whole run"),
            OptionSpec("yes", short: "y", help: "apply destructive steps (see migrate lint) without asking"),
            json, timeout, help,
        ],
        discussion: """
            Migrations are files named <version>_<name>.sql in the directory; versions are whole numbers from 1 \
            up, in order, gaps allowed. The database's version is PRAGMA user_version; the history table \
            strata_migrations records each migration applied with its file's SHA-256 checksum. Every pending \
            migration up to --to runs in one BEGIN IMMEDIATE transaction together with the version bump and the \
            history rows, and PRAGMA foreign_key_check must find no new broken link before it commits: the \
            file ends at the target version or exactly as it was. Statements that cannot run in a transaction \
            (VACUUM, PRAGMA foreign_keys, journal_mode, synchronous) are refused. A line '-- strata:down' ends \
            a file's up section and starts the SQL that undoes it, which --to below the current version runs, \
            newest first. Running again with nothing pending changes nothing. See also 'strata help \
            migrate-status'.
            """,
        examples: [
            "strata migrate app.sqlite",
            "strata migrate app.sqlite --to 5 --dir db/migrations",
            "strata migrate app.sqlite --dry-run --json",
        ])

    public static let migrateStatus = CommandSpec(
        name: "migrate-status",
        summary: "where a database stands against its migrations (exit 3: pending, 4: drift)",
        arguments: [ArgumentSpec("FILE", help: "the database file")],
        options: [migrationsDir, json, timeout, noColor, help],
        discussion: """
            Prints the database's version and its applied, pending, drifted (changed since applied) and \
            missing migrations. Also spelled 'strata migrate status FILE'. Exit status 0 when up to date, \
            3 when migrations are pending, 4 when an applied file changed (drift).
            """,
        examples: ["strata migrate status app.sqlite --json"])

    public static let migratePlan = CommandSpec(
        name: "migrate-plan",
        summary: "print the exact SQL a migrate run would execute, with lint warnings",
        arguments: [ArgumentSpec("FILE", help: "the database file")],
        options: [migrationsDir, OptionSpec("to", value: "VERSION", help: "plan the run to this version"), json, timeout, help],
        discussion: "Also spelled 'strata migrate plan FILE'. Changes nothing.",
        examples: ["strata migrate plan app.sqlite --to 4"])

    public static let migrateBaseline = CommandSpec(
        name: "migrate-baseline",
        summary: "adopt an existing database at a version, recording the migrations up to it as applied",
        arguments: [ArgumentSpec("FILE", help: "the database file")],
        options: [migrationsDir, OptionSpec("version", value: "N", help: "the version the database is at (required)"),
                  OptionSpec("force", help: "start an existing history over (accepts drift for good)"), json, timeout, help],
        discussion: """
            Also spelled 'strata migrate baseline FILE --version N'. Sets PRAGMA user_version to N and records \
            every migration file up to N, with its checksum, as applied, so that later runs start after it \
            and drift is measured from here. Refused when the database already has a migration history, \
            unless --force, which replaces it: the way to accept changed files for good.
            """,
        examples: ["strata migrate baseline app.sqlite --version 3"])

    public static let migrateNew = CommandSpec(
        name: "migrate-new",
        summary: "create the next migration file of a directory",
        arguments: [ArgumentSpec("DIR", help: "the migrations directory (created if missing)"),
                    ArgumentSpec("NAME", help: "what the migration does, in letters, digits, _ and -")],
        options: [OptionSpec("sql", help: "write a .sql migration instead of a .strata one"), json, help],
        discussion: """
            Also spelled 'strata migrate new DIR NAME'. Writes <next version>_NAME.strata, with the operations of \
            the migration language in a comment, or with --sql <next version>_NAME.sql with an up and a down section.
            """,
        examples: ["strata migrate new Migrations add_priority"])

    public static let migrateLint = CommandSpec(
        name: "migrate-lint",
        summary: "find destructive and risky steps in migration files, with codes and line numbers",
        arguments: [ArgumentSpec("DIR", help: "the migrations directory")],
        options: [json, help],
        discussion: """
            Also spelled 'strata migrate lint DIR'. Codes: \(LintCode.helpSummary). Exit status 1 when a step \
            is destructive, or when a .strata file does not parse (the error names its file and line).
            """,
        examples: ["strata migrate lint Migrations --json"])

    public static let migrateValidate = CommandSpec(
        name: "migrate-validate",
        summary: "check applied migrations against their files, and the file's integrity and links",
        arguments: [ArgumentSpec("FILE", help: "the database file")],
        options: [migrationsDir, json, timeout, help],
        discussion: """
            Also spelled 'strata migrate validate FILE'. Compares each applied migration's recorded checksum \
            with its file (drift), notes applied migrations whose file is gone, replays the applied migrations \
            on an empty in-memory database and compares its tables, columns, indexes, views and triggers with \
            the file's (schema drift), and runs PRAGMA integrity_check and PRAGMA foreign_key_check. Read-only. \
            Exit status 4 on drift of either kind, 1 when the file is damaged or has broken links, else 0.
            """,
        examples: ["strata migrate validate app.sqlite --json"])

    /// `strata migrate SUBCOMMAND …` is `strata migrate-SUBCOMMAND …`.
    static let migrateSubcommands = ["status", "plan", "validate", "baseline", "new", "lint"]

    public static let all: [CommandSpec] = [open, classes, schema, query, get, set, insert, delete, update, demo, migrate, migrateStatus, migratePlan,
                                            migrateValidate, migrateBaseline, migrateNew, migrateLint, helpCommand]

    public static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
