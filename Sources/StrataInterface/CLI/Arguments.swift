/// The positional arguments that several commands share, defined once.
enum Arguments {
    static let file = ArgumentSpec("FILE", help: "an SQLite database file, or a .realm file (opened read-only; never created)")
    static let writableFile = ArgumentSpec("FILE", help: "an SQLite database file (opened for writing; never created)")
    static let className = ArgumentSpec("CLASS", help: "the object's class")
    static let key = ArgumentSpec("KEY", help: "its primary key (or rowid); a composite key as (a, b)")
    static let assignments = ArgumentSpec(
        "PROPERTY=VALUE", variadic: true,
        help: "a value by the property's type: \"text\" or bare text, 42, 2.5, true/false/yes/no/1/0, 2026-12-01T09:30:00Z or now, x'0a1b', B64\"…\" or @file for data, a key for a link, nil for none")
    static let query = ArgumentSpec("QUERY", help: "a query such as 'Task where name BEGINSWITH[c] \"b\" SORT(createdAt DESC)'")
}
