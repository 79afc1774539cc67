import StrataMigrate
import StrataModel
import StrataQuery
import StrataRender

/// The command table: the one source of truth for parsing, `strata help` and the man page's synopsis.
public enum Commands {
    static let classFilter = ArgumentSpec("CLASS", optional: true, help: "show only this class")
    static let setWord = ArgumentSpec("set", help: "the word set")
    static let helpTopic = ArgumentSpec("COMMAND", optional: true, help: "the command to explain")
    static let helpSubtopic = ArgumentSpec("SUBCOMMAND", optional: true, help: "a subcommand of migrate: status, plan, lint, …")
    static let migrationsDirectory = ArgumentSpec("DIR", help: "the migrations directory")
    static let migrationName = ArgumentSpec("NAME", help: "what the migration does, in letters, digits, _ and -")


    public static let classes = CommandSpec(
        name: "classes",
        summary: "list the classes (tables and views) with their object counts",
        arguments: [Arguments.file],
        options: [Options.format(["table", "json"]), Options.all, Options.model, Options.modelVersion, Options.realmDates, Options.keyFile, Options.timeout, Options.noColor, Options.help],
        discussion: """
            Lists every class of the database, sorted by name, with its kind (table, view, or entity for \
            Core Data) and its exact number of objects. Counting a large table takes a moment: a progress \
            line appears on a terminal after half a second, and Ctrl-C stops cleanly.
            """,
        examples: ["strata classes app.sqlite", "strata classes app.sqlite --format json", "strata classes app.sqlite --all"],
        run: { try ClassesCommand(parsed: $0, context: $1).run() })

    public static let schema = CommandSpec(
        name: "schema",
        summary: "show properties, types, keys, links, lists, backlinks and indexes, or draw them",
        arguments: [Arguments.file, classFilter],
        options: [Options.format(["table", "json", "mermaid", "dot", "svg"]), Options.all, Options.storeInfo, Options.model, Options.modelVersion, Options.realmDates, Options.keyFile, Options.timeout, Options.noColor, Options.help],
        discussion: """
            Shows each class with its properties in Realm's vocabulary: a type (bool, int, float, double, \
            decimal, string, date, data, uuid, any), `?` for optional, links as object<Class>, Strata lists \
            as list<Class>, backlinks as linkingObjects<Class.property>; then its indexes and any foreign \
            keys that are not links. With --store-info, a Core Data or SwiftData store's own metadata instead \
            (Z_METADATA): what Core Data compares with a model before it decides that a store needs migrating. \
            --format mermaid writes a Mermaid erDiagram (GitHub and most Markdown viewers draw it), --format dot a \
            Graphviz digraph, --format svg the picture itself (with Graphviz's dot installed): each class with its \
            properties, and links, lists and embedded objects as edges with their cardinality at each end (0..1, 1, \
            *), a link and its backlinks or inverse drawn once, labelled with both names.
            """,
        examples: ["strata schema app.sqlite", "strata schema app.sqlite Task", "strata schema app.sqlite --format json",
                   "strata schema chinook.sqlite --format mermaid", "strata schema app.sqlite --format svg > schema.svg",
                   "strata schema Recipes.sqlite --store-info"],
        run: { try SchemaCommand(parsed: $0, context: $1).run() })

    static let outputFormats = OutputFormat.allCases.map(\.rawValue)

    public static let query = CommandSpec(
        name: "query",
        summary: "find objects with a Realm-style query, in any output format",
        arguments: [Arguments.file, Arguments.query],
        options: [
            Options.format(outputFormats),
            Options.arg,
            Options.args,
            Options.explain,
            Options.width,
            Options.model, Options.modelVersion, Options.realmDates, Options.keyFile, Options.timeout, Options.noColor, Options.help,
        ],
        discussion: """
            Runs a query in Realm Query Language (NSPredicate syntax): a class name, optionally WHERE and a \
            predicate, then SORT(…), DISTINCT(…), LIMIT(…) and SHOW(…), which picks the columns: key paths \
            through links, aggregates, AS names (SHOW(name, list.name AS list, tags.@count AS tags)). Comparisons ==, !=, <, <=, >, >=, IN {…}, \
            BETWEEN {a, b}; on strings BEGINSWITH, ENDSWITH, CONTAINS and LIKE (* and ? wildcards), with [c] \
            for case- and [d] for diacritic-insensitive matching; AND, OR, NOT; key paths through links \
            (list.name), lists with ANY, ALL or NONE, aggregates (@count, @min, @max, @sum, @avg), backlinks \
            (@links.Class.property) and SUBQUERY(list, $x, predicate).@count. Literals: numbers, 'strings', \
            true, false, nil, dates (2026-11-29, 2026-11-29T10:00:00Z), data (B64"…", x'…'), and $0, $1 for \
            --arg values (text, read by the property's type), or for --args, one list in braces of values of their \
            own types ({5, nil, {1, 2}, x'00ff'}: nil, a list, data). Arithmetic (price * quantity > 100), lists in \
            braces on either side under ANY, ALL or NONE, list subscripts ([FIRST], [LAST], [2], [SIZE]) and \
            mixed.@type are Realm's; man strata-query has every form. Values are always bound as parameters. \
            Results stream as they are found.
            """,
        examples: [
            "strata query app.sqlite 'Task where isCompleted == false SORT(createdAt DESC) LIMIT(20)'",
            "strata query demo.sqlite 'RealmTestClass1 where arrayReference.@count > 10' --format csv > busy.csv",
            "strata query app.sqlite 'Task where name == $0' --arg \"O'Brien\" --explain",
            "strata query chinook.sqlite 'Track SORT(sold DESC) LIMIT(10) SHOW(Name, AlbumId.Title AS album, @links.InvoiceLine.TrackId.@count AS sold)'",
        ],
        run: { try QueryCommand(parsed: $0, context: $1).run() })

    public static let sql = CommandSpec(
        name: "sql",
        summary: "run one SQL statement that only reads, in any output format",
        arguments: [Arguments.file, SQLCommand.statement],
        options: [Options.format(outputFormats), Options.sqlArg, Options.width, Options.timeout, Options.keyFile, Options.noColor, Options.help],
        discussion: """
            Runs one SQL statement on FILE, opened read-only, and streams its rows as they are stepped. Only a \
            statement that changes neither the file nor the connection runs, as with the browser's sql: SELECT, \
            WITH, EXPLAIN and the PRAGMAs that only read (PRAGMA table_info(Task), PRAGMA user_version); \
            INSERT, CREATE, ATTACH, BEGIN, VACUUM, PRAGMA … = value, fts3_tokenizer(), load_extension() and a second \
            statement are refused with \
            'sql only reads: …' (exit 1) before anything runs. Parameters ?1, ?2, … (or ?, :name, in the order they \
            appear) take the --arg values in order; their number must match. Values are shown as stored: NULL \
            as NULL (a dim ∅ with color), blobs as <N bytes> and their first bytes in tables, base64 in JSON. A \
            statement with no result columns prints nothing.
            """,
        examples: [
            "strata sql app.sqlite 'SELECT name, count(*) FROM Task GROUP BY name'",
            "strata sql app.sqlite 'SELECT * FROM Task WHERE priority > ?1' --arg 2 --format csv",
            "strata sql app.sqlite 'PRAGMA table_info(Task)'",
        ],
        run: { try SQLCommand(parsed: $0, context: $1).run() })

    public static let get = CommandSpec(
        name: "get",
        summary: "show one object by its key, with its links and lists resolved",
        arguments: [Arguments.file, Arguments.className,
                    Arguments.key],
        options: [Options.format(["vertical", "json"]), Options.model, Options.modelVersion, Options.realmDates, Options.keyFile, Options.timeout, Options.noColor, Options.help],
        discussion: """
            Prints every property of one object. Links show the object they point at and lists the objects \
            they hold, one level deep; backlinks show how many objects link here.
            """,
        examples: ["strata get app.sqlite Task 42", "strata get app.sqlite Tag home --format json"],
        run: { try GetCommand(parsed: $0, context: $1).run() })



    public static let set = CommandSpec(
        name: "set",
        summary: "change properties of one object, in one transaction",
        arguments: [Arguments.writableFile, Arguments.className,
                    Arguments.key, Arguments.assignments],
        options: [Options.allowKeyChange, Options.maxBlob,
                  Options.model, Options.modelVersion, Options.timeout, Options.help],
        discussion: """
            Opens FILE for writing with foreign keys on and changes the named properties of one object in one \
            transaction: all of them or, on any error, none. Each value is read by its property's type, and one \
            that does not fit is refused with the property, its type and the value. nil (or null) is only for \
            optional properties; write "nil" in quotes for the word. Dates are written in the column's own \
            storage (ISO 8601 text shaped like its other dates, or seconds or milliseconds since 1970). A link \
            takes the target's key, optionally after its class name (list='TaskList 3'). NOT NULL, UNIQUE, \
            CHECK and FOREIGN KEY constraints are enforced and said in words. Prints what changed: updated \
            CLASS KEY, then each property with its old and new value (name: "Flour" → "Rye flour").
            """,
        examples: ["strata set app.sqlite Task 42 name=\"Buy milk\" notes=nil",
                   "strata set app.sqlite Task 42 dueDate=2026-12-01T09:00:00+01:00 list=3",
                   "strata set app.sqlite Tag home name=house --allow-key-change"],
        run: { try EditCommand(parsed: $0, context: $1).set() })

    public static let insert = CommandSpec(
        name: "insert",
        summary: "add an object and print its key",
        arguments: [Arguments.writableFile, ArgumentSpec("CLASS", help: "the class of the new object"),
                    ArgumentSpec("PROPERTY=VALUE", optional: true, variadic: true, help: Arguments.assignments.help)],
        options: [Options.maxBlob, Options.model, Options.modelVersion, Options.timeout, Options.help],
        discussion: """
            Adds one object. Properties that are required and have no default must be given; an integer \
            primary key or a rowid is chosen by SQLite when not given. Prints the new object's key on \
            stdout, for scripts: id=$(strata insert app.sqlite Task name=x).
            """,
        examples: ["strata insert app.sqlite Task name=\"Call Bob\" priority=2"],
        run: { try EditCommand(parsed: $0, context: $1).insert() })

    public static let delete = CommandSpec(
        name: "delete",
        summary: "delete one object, with what its links cascade to",
        arguments: [Arguments.writableFile, Arguments.className,
                    Arguments.key],
        options: [Options.yesDelete, Options.model, Options.modelVersion, Options.timeout, Options.help],
        discussion: """
            Deletes one object in one transaction, and with it whatever its foreign keys cascade to: list \
            entries that hold it, objects that link to it with ON DELETE CASCADE, links set to nil with ON \
            DELETE SET NULL. At a terminal it first says all of that and asks; otherwise it needs --yes. A \
            link with ON DELETE RESTRICT or NO ACTION refuses the delete, naming the objects that hold it.
            """,
        examples: ["strata delete app.sqlite Task 42", "strata delete app.sqlite Task 42 --yes"],
        run: { try EditCommand(parsed: $0, context: $1).delete() })

    public static let update = CommandSpec(
        name: "update",
        summary: "change every object a query finds, and print how many",
        arguments: [Arguments.writableFile, ArgumentSpec("QUERY", help: "the objects: a query as in strata query, such as 'Task where isCompleted == true'"),
                    setWord, Arguments.assignments],
        options: [Options.dryRunCount, Options.maxBlob, Options.model, Options.modelVersion, Options.timeout, Options.help],
        discussion: """
            Sets the same values on every object the query finds, in one UPDATE statement and one \
            transaction. Values follow the rules of strata set; primary keys cannot be changed this way. \
            A query with SORT and LIMIT updates only the objects it returns. With --dry-run, prints how many \
            it would change and the first five of them, each with what would change (Task 3: priority: 2 → 0).
            """,
        examples: ["strata update app.sqlite 'Task where isCompleted == true' set archived=true",
                   "strata update app.sqlite 'Task where dueDate < 2026-01-01' set priority=0 --dry-run"],
        run: { try EditCommand(parsed: $0, context: $1).update() })

    public static let importCommand = CommandSpec(
        name: "import",
        summary: "add objects from CSV, JSON or NDJSON, all in one transaction or none",
        arguments: [Arguments.writableFile, ImportCommand.className, ImportCommand.data],
        options: [Options.importFormat, Options.createClass, Options.upsert, Options.dryRunImport, Options.timeout, Options.noColor, Options.help],
        discussion: """
            Reads DATA, a CSV file with a header row of property names, a JSON array of objects or NDJSON (one \
            object a line), or stdin for -, and adds an object to CLASS for each row, in one transaction: every \
            row, or on any error none, with one line naming the input, line and column and what was wrong \
            (data.csv:1042:3: column 'price': 'abc' is not a double (a number)). Values are read by each property's \
            type, as strata query --format json and csv write them, so that exported objects import back the same: \
            dates in ISO 8601 (or a number in the column's own storage), written in that storage; data in base64; \
            a uuid as 8-4-4-4-12 hex; a link as the target's key; a list of objects as an array of keys; lists and \
            sets of values as arrays, dictionaries as objects (in CSV, the field holds that JSON). An empty CSV field \
            is nil (an empty required string is the empty text), "" the empty text; JSON null is nil. A column or \
            member CLASS does not have is an error naming it; so is a required property without a default that \
            the rows leave out. A key that exists is an error, unless --upsert, which updates that object (its lists \
            replaced). With --create and no such class, CLASS is made first, in the same transaction, its \
            properties typed from all the rows (a whole number, then 2.5: double; any text: string; an empty field: \
            optional; id: the primary key); stdin is then kept in a private temporary file for the two passes. \
            FILE must exist: --create makes a class, never a file. --dry-run reads and checks every row, looks \
            up every link and key, and says what would be imported, without opening FILE for writing (UNIQUE \
            and CHECK rules other than the key are checked only by a real import). Rows stream: memory stays \
            flat however many there are. On a terminal, a progress line; Ctrl-C rolls everything back (exit 130). \
            Core Data stores are refused.
            """,
        examples: ["strata import app.sqlite Task tasks.csv",
                   "strata query old.sqlite Task --format json | strata import app.sqlite Task - --upsert",
                   "strata import app.sqlite Product products.ndjson --create --dry-run"],
        run: { try ImportCommand(parsed: $0, context: $1).run() })

    public static let demo = CommandSpec(
        name: "demo",
        summary: "write Realm Browser's demo database as SQLite",
        arguments: [ArgumentSpec("FILE", help: "the database file to create")],
        options: [
            Options.rows,
            Options.seed,
            Options.forceReplace,
            Options.help,
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
                   "strata demo demo.sqlite --force"],
        run: { try DemoCommand(parsed: $0, context: $1).run() })

    public static let convert = CommandSpec(
        name: "convert",
        summary: "convert a .realm file to a SQLite database in Strata's conventions",
        arguments: [ConvertCommand.input, ConvertCommand.output],
        options: [Options.forceOutput, Options.json, Options.realmDates, Options.keyFile, Options.help],
        discussion: """
            Reads a Realm file (every file format Realm released: 2 to 9, written by realm core 0.x to 5 until \
            2019, which no current Realm opens, and 10, 11 and 20 to 24) byte by byte, without Realm, and writes \
            each class as a table: the primary key as PRIMARY KEY (else \
            _key, Realm's object key), links as foreign keys, lists and sets as tables CLASS_PROPERTY (owner, \
            position, target or value), dictionaries as CLASS_PROPERTY (owner, key, target or value), embedded \
            objects in their own class, dates as ISO 8601 text with the nanoseconds kept, Decimal128, ObjectId \
            and UUID as text, and Mixed values with their type in a PROPERTY_type column. The schema version \
            becomes PRAGMA user_version. OUT is written under a temporary name and renamed into place when \
            complete; an existing OUT is replaced only with --force. The .realm file is never changed. Every \
            read command (classes, schema, query, get, the browser) also reads a .realm file directly, through \
            the same conversion.
            """,
        examples: ["strata convert app.realm app.sqlite", "strata convert default.realm out.sqlite --force --json"],
        run: { try ConvertCommand(parsed: $0, context: $1).run() })

    public static let model = CommandSpec(
        name: "model",
        summary: "write the file's model as code: SwiftData, GRDB, Core Data, Room, Realm, TypeScript or SQL",
        arguments: [Arguments.file, ModelCommand.classes],
        options: [ModelCommand.target, ModelCommand.output, ModelCommand.force, Options.model, Options.modelVersion, Options.realmDates, Options.keyFile,
                  Options.timeout, Options.help],
        discussion: """
            Writes the classes of FILE (SQLite, a Core Data or SwiftData store, a .realm file, a converted file) as \
            source code for the store an app moves to, on stdout or into --output DIR (one file per class where the \
            target's convention is so): \(ModelTarget.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")). \
            Types map as the MODEL CODE section of man strata says (decimal to Decimal or Decimal128, objectId to \
            the target's ObjectId or String, mixed to the target's closest, dates, optionality, defaults); a property \
            a target cannot express is written with a comment saying why, never dropped. A name that is not an \
            identifier in the target (Calories-Table, a keyword) is made one and keeps its stored name through the \
            target's own mechanism: @Attribute(originalName:) in SwiftData, CodingKeys in GRDB, the renaming \
            identifier in Core Data, @ColumnInfo(name =) in Room, propertiesMapping() in Realm Swift, @PersistedName \
            in Realm Kotlin, mapTo in Realm JS. Views and virtual tables are not written (said on stderr with --output).
            """,
        examples: ["strata model app.sqlite --to swiftdata", "strata model Recipes.sqlite --to coredata --output Model",
                   "strata model app.realm --to realm-kotlin --output src/model", "strata model chinook.sqlite Album Artist --to typescript"],
        run: { try ModelCommand(parsed: $0, context: $1).run() })

    public static let check = CommandSpec(
        name: "check",
        summary: "check a database, Core Data store or .realm file before trusting it (never writes)",
        arguments: [Arguments.file],
        options: [Options.quickCheck, Options.json, Options.model, Options.modelVersion, Options.realmDates, Options.keyFile, Options.timeout, Options.help],
        discussion: """
            Runs SQLite's integrity_check (quick_check with --quick) and foreign_key_check, naming each broken \
            link as objects (Task 17 → TaskList 4 (missing)); finds links to tables that are not there, views \
            that cannot be read, triggers that use missing tables, tables that look like Strata lists but break \
            the convention, a hot journal or a -wal without its -shm, and a user_version below the last migration \
            the history records; warns of foreign keys without an index, with the CREATE INDEX to run. For a \
            Core Data store, also Z_MAX below a Z_PK, Z_ENT values no entity has and relationships to missing \
            objects. For a .realm file, every ref of the file is walked (no cycles, no node outside the file) and \
            every table read to its end. Exit status 0 when clean (warnings included), 5 when problems were found, \
            1 when the file could not be checked at all (missing, not a database, encrypted, locked).
            """,
        examples: ["strata check app.sqlite", "strata check app.sqlite --quick --json", "strata check default.realm"],
        run: { try CheckCommand(parsed: $0, context: $1).run() })

    public static let open = CommandSpec(
        name: "open",
        summary: "browse a database interactively (also: strata FILE; strata alone opens the demo database)",
        arguments: [ArgumentSpec("FILE", optional: true, help: "the database to browse, read-only unless --write")],
        options: [Options.write, Options.maxBlob,
                  Options.model, Options.modelVersion, Options.realmDates, Options.keyFile, Options.timeout, Options.noColor, Options.help],
        discussion: """
            Starts the browser: type a class name to page through its objects (next, prev, first, last, \
            page N), a query to make it the current result, open KEY or open #ROW to see one object, follow \
            a link or list, back to return; help lists every command. On a terminal, lines are edited with \
            readline, with history and tab completion; from a script (stdin not a terminal) commands run line \
            by line and any failure makes the exit status 1.
            """,
        examples: ["strata app.sqlite", "strata open app.sqlite", "strata app.sqlite < commands.txt"],
        run: { try OpenCommand(parsed: $0, context: $1).run() })

    public static let helpCommand = CommandSpec(
        name: "help",
        summary: "show help for strata or for one command",
        arguments: [helpTopic, helpSubtopic],
        options: [Options.help],
        examples: ["strata help classes"],
        run: { try HelpCommand(parsed: $0, context: $1).run() })

    public static let migrate = CommandSpec(
        name: "migrate",
        summary: "apply the pending migrations of a directory to a database file",
        arguments: [ArgumentSpec("FILE", optional: true, variadic: true,
                                 help: "the database file to migrate; or several, or a quoted glob such as 'tenants/*.sqlite'")],
        options: [
            Options.migrationsDir,
            Options.toVersion,
            Options.dryRunCopy,
            Options.backup,
            Options.forceBackup,
            Options.allowDrift,
            Options.outOfOrder,
            Options.step,
            Options.yesDestructive,
            Options.create,
            Options.jobs,
            Options.fromList,
            Options.json, Options.timeout, Options.help,
        ],
        discussion: """
            Migrations are files named <version>_<name>.sql, or <version>_<name>.strata in Realm's vocabulary \
            (add class, add property, rename, change property, update, …; see 'man strata-migrations'), in the \
            directory; versions are whole numbers from 1 up, in order, gaps allowed. The database's version is PRAGMA user_version; the history table \
            strata_migrations records each migration applied with its file's SHA-256 checksum. Every pending \
            migration up to --to runs in one BEGIN IMMEDIATE transaction together with the version bump and the \
            history rows, and PRAGMA foreign_key_check must find no new broken link before it commits: the \
            file ends at the target version or exactly as it was. Statements that cannot run in a transaction \
            (VACUUM, PRAGMA foreign_keys, journal_mode, synchronous) are refused. A line '-- strata:down' ends \
            a file's up section and starts the SQL that undoes it, which --to below the current version runs, \
            newest first. Running again with nothing pending changes nothing. A migration at or below the \
            database's version that the history does not record (a branch merged after later versions ran) is \
            refused, naming it, unless --out-of-order, which applies it before the pending ones and records it \
            as applied out of order; a database past version 0 with no history at all is refused too, pointing \
            at migrate baseline. Ctrl-C, SIGTERM or SIGHUP rolls the run \
            back and removes its temporary files; --dry-run never opens FILE for writing. Destructive steps \
            (see migrate lint), up or down, need --yes or a terminal's answer. A FILE that does not exist is an \
            error unless --create. Several files, a quoted glob or --from-list migrate each file in its own \
            transaction, --jobs at a time (--dry-run and --step too, not --backup); one file's failure leaves the \
            others be, and the exit status is the worst of the files' (0, 3, 4, 1, 130 from best to worst). With \
            --json, every outcome is one JSON document, a failure as {"error": {"code", "message", "file", \
            "line", "statement", "version"}} (codes in man strata, JSON OUTPUT). See also 'strata help migrate status'.
            """,
        examples: [
            "strata migrate app.sqlite",
            "strata migrate app.sqlite --to 5 --dir db/migrations",
            "strata migrate app.sqlite --dry-run --json",
            "strata migrate 'tenants/*.sqlite' --dir Migrations --jobs 4 --json",
        ],
        subcommands: [migrateStatus, migratePlan, migrateValidate, migrateBaseline, migrateNew, migrateLint],
        run: { try MigrateCommand(parsed: $0, context: $1).run() })

    public static let migrateStatus = CommandSpec(
        name: "migrate-status",
        summary: "where a database stands against its migrations (exit 3: pending, 4: drift)",
        arguments: [ArgumentSpec("FILE", optional: true, variadic: true, help: "the database file; or several, or a quoted glob")],
        options: [Options.migrationsDir, Options.jobs, Options.fromList, Options.json, Options.timeout, Options.noColor, Options.help],
        discussion: """
            Prints the database's version and its applied, pending, drifted (changed since applied) and \
            missing migrations, and those below its version that were never applied (out of order, or \
            predating a history it does not have). Also spelled 'strata migrate status FILE'. Exit status 0 when \
            up to date, 3 when migrations are pending or were skipped, 4 when an applied file changed (drift). Given several files, a glob \
            or --from-list, a row a file and the worst of their statuses.
            """,
        examples: ["strata migrate status app.sqlite --json"],
        run: { try MigrateCommand(parsed: $0, context: $1).status() })

    public static let migratePlan = CommandSpec(
        name: "migrate-plan",
        summary: "print the exact SQL a migrate run would execute, with lint warnings",
        arguments: [ArgumentSpec("FILE", help: "the database file")],
        options: [Options.migrationsDir, Options.planTo, Options.outOfOrder, Options.json, Options.timeout, Options.help],
        discussion: """
            Also spelled 'strata migrate plan FILE'. Rehearses every step on an in-memory copy of the file's \
            schema (no rows) and stops at the first that would fail, naming its file and line (exit 1). Changes \
            nothing.
            """,
        examples: ["strata migrate plan app.sqlite --to 4"],
        run: { try MigrateCommand(parsed: $0, context: $1).plan() })

    public static let migrateBaseline = CommandSpec(
        name: "migrate-baseline",
        summary: "adopt an existing database at a version, recording the migrations up to it as applied",
        arguments: [ArgumentSpec("FILE", help: "the database file")],
        options: [Options.migrationsDir, Options.baselineVersion,
                  Options.forceRestart, Options.json, Options.timeout, Options.help],
        discussion: """
            Also spelled 'strata migrate baseline FILE --version N'. Sets PRAGMA user_version to N and records \
            every migration file up to N, with its checksum, as applied, so that later runs start after it \
            and drift is measured from here. Refused when the database already has a migration history, \
            unless --force, which replaces it: the way to accept changed files for good.
            """,
        examples: ["strata migrate baseline app.sqlite --version 3"],
        run: { try MigrateCommand(parsed: $0, context: $1).baseline() })

    public static let migrateNew = CommandSpec(
        name: "migrate-new",
        summary: "create the next migration file of a directory",
        arguments: [ArgumentSpec("DIR", help: "the migrations directory (created if missing)"),
                    migrationName],
        options: [Options.sqlFile, Options.strataFile, Options.downSection, Options.json, Options.help],
        discussion: """
            Also spelled 'strata migrate new DIR NAME'. Writes <next version>_NAME.sql or .strata, of the kind of the \
            directory's newest migration unless --sql or --strata says otherwise; in an empty directory, .strata. \
            The file holds only comments (a .strata one lists the operations of the migration language), and no \
            down section unless --down: SQL appended to it ('printf … >> 6_x.sql') is its up section. Until it has \
            something to run, lint reports S008 and migrate refuses it.
            """,
        examples: ["strata migrate new Migrations add_priority", "strata migrate new Migrations drop_legacy --sql --down"],
        run: { try MigrateCommand(parsed: $0, context: $1).create() })

    public static let migrateLint = CommandSpec(
        name: "migrate-lint",
        summary: "find errors, destructive and risky steps in migration files, with codes and line numbers",
        arguments: [migrationsDirectory],
        options: [Options.strictLint, Options.json, Options.help],
        discussion: """
            Also spelled 'strata migrate lint DIR'. Codes: \(LintCode.helpSummary). Errors and destructive steps \
            fail the lint (exit status 1), as does a .strata file that does not parse (the error names its file \
            and line); risky steps are warnings (exit status 0), which --strict makes fail too. S007 is reported \
            only when going down would need a hand-written step: a migration that only creates, adds columns or \
            renames has a derived way down.
            """,
        examples: ["strata migrate lint Migrations --json"],
        run: { try MigrateCommand(parsed: $0, context: $1).lint() })

    public static let migrateValidate = CommandSpec(
        name: "migrate-validate",
        summary: "check applied migrations against their files, and the file's integrity and links",
        arguments: [ArgumentSpec("FILE", help: "the database file")],
        options: [Options.migrationsDir, Options.json, Options.timeout, Options.help],
        discussion: """
            Also spelled 'strata migrate validate FILE'. Compares each applied migration's recorded checksum \
            with its file (drift), notes applied migrations whose file is gone, replays the applied migrations \
            on an empty in-memory database and compares its tables, columns, indexes, views and triggers with \
            the file's (schema drift), names every migration below the file's version that was never applied, \
            and runs PRAGMA integrity_check and PRAGMA foreign_key_check. Read-only. Exit status 4 on drift of \
            either kind, 1 when the file is damaged or has broken links, 3 when a migration below its version \
            was never applied, else 0.
            """,
        examples: ["strata migrate validate app.sqlite --json"],
        run: { try MigrateCommand(parsed: $0, context: $1).validate() })

    public static let completion = CommandSpec(
        name: "completion",
        summary: "print a completion script for bash, zsh or fish, generated from these commands",
        arguments: [CompletionCommand.topic, CompletionCommand.file],
        options: [Options.help],
        discussion: """
            Prints a script for the shell on stdout. It completes the commands and migrate's subcommands, the \
            options (long and short) of the command on the line, the values of options that have a fixed set \
            (--format), file names where a file goes, directories for --dir, and the class names of the \
            database file already on the line where a class goes or a query starts, which it asks of \
            'strata completion classes FILE'. That prints FILE's class names one a line, as strata classes \
            lists them (a name with a newline or a tab is left out), and nothing else; when FILE cannot be read \
            (missing, not a database, a FIFO, locked for more than half a second) it prints nothing and exits \
            with status 1. Names are quoted for the shell, never run. The script is \
            generated from the same table as this help: a new command or option completes with no other change. \
            make install installs all three; to try one, source <(strata completion bash).
            """,
        examples: ["strata completion bash > ~/.local/share/bash-completion/completions/strata",
                   "strata completion zsh > ~/.zfunc/_strata",
                   "strata completion fish > ~/.config/fish/completions/strata.fish",
                   "strata completion classes app.sqlite"],
        run: { try CompletionCommand(parsed: $0, context: $1).run() })

    /// The words of migrate's subcommands: `strata migrate SUBCOMMAND …` is `strata migrate-SUBCOMMAND …`.
    static var migrateSubcommands: [String] { migrate.subcommands.map(\.word) }

    /// Every command, in the order help lists them.
    public static let all: [CommandSpec] = [open, classes, schema, query, sql, get, set, insert, delete, update, importCommand, demo, convert, model, check,
                                            migrate, migrateStatus, migratePlan,
                                            migrateValidate, migrateBaseline, migrateNew, migrateLint, completion, helpCommand]

    /// The command of that name. Only that one is built: building `all` (every option's help, every choice) cost
    /// each start of strata half a millisecond (a test keeps this list and `all` the same).
    public static func named(_ name: String) -> CommandSpec? {
        switch name {
        case "open": open
        case "classes": classes
        case "schema": schema
        case "query": query
        case "sql": sql
        case "get": get
        case "set": set
        case "insert": insert
        case "delete": delete
        case "update": update
        case "import": importCommand
        case "demo": demo
        case "convert": convert
        case "model": model
        case "check": check
        case "migrate": migrate
        case "migrate-status": migrateStatus
        case "migrate-plan": migratePlan
        case "migrate-validate": migrateValidate
        case "migrate-baseline": migrateBaseline
        case "migrate-new": migrateNew
        case "migrate-lint": migrateLint
        case "completion": completion
        case "help": helpCommand
        default: nil
        }
    }
}
