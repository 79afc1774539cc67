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

    public static let helpCommand = CommandSpec(
        name: "help",
        summary: "show help for strata or for one command",
        arguments: [ArgumentSpec("COMMAND", optional: true, help: "the command to explain")],
        options: [help],
        examples: ["strata help classes"])

    /// Every command, in the order help lists them.
    public static let all: [CommandSpec] = [classes, schema, helpCommand]

    public static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
