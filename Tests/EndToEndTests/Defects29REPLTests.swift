import Foundation
import Testing

/// Issue 29, the browser, completion, messages and SQLite hardening (items 15, 22–26 and "Messages and small
/// misses"): each case runs the built binary, through tmux where the defect is one of a terminal.
@Suite(.serialized) struct Defects29REPLTests {
    typealias Terminal = TerminalTests.Terminal
    static let tmux = TerminalTests.tmux

    // MARK: - Item 15: keys written into a query

    static let files = """
        CREATE TABLE File (path TEXT PRIMARY KEY, size INT);
        CREATE TABLE Part (id INTEGER PRIMARY KEY, file TEXT REFERENCES File(path), name TEXT);
        INSERT INTO File VALUES ('C:\\new', 1), ('C:' || char(10) || 'ew', 2), ('say "hi"\\', 3), ('plain', 4);
        INSERT INTO Part VALUES (1, 'C:\\new', 'a'), (2, 'C:\\new', 'b'), (3, 'plain', 'c'),
            (4, 'say "hi"\\', 'd'), (5, 'C:' || char(10) || 'ew', 'e');
        """

    /// Item 15: following the backlinks of `C:\new` said "2 Part objects", then showed none: the key was written into
    /// the query with `"` escaped but `\` not. Every key now goes through the query language's own string quoting.
    @Test func backlinksOfAKeyWithABackslashAreFound() throws {
        let workspace = try Workspace()
        let db = try workspace.database("files.sqlite", Self.files)
        for (key, expected) in [(#""C:\\new""#, "2 objects"), (#""say \"hi\"\\""#, "1 object")] {
            let script = "open File \(key)\nfollow `@links.Part.file`\ncount\n"
            let result = try StrataProcess.run([db], input: script)
            #expect(result.status == 0, "\(key): \(result.stderr)")
            #expect(result.stdout.hasSuffix(expected + "\n"), "\(key): \(result.stdout)")
        }
    }

    // MARK: - Item 22: names that are not plain words

    static let calories = """
        CREATE TABLE "Calories-Table" (id INTEGER PRIMARY KEY, "kcal-total" INTEGER, name TEXT);
        INSERT INTO "Calories-Table" VALUES (1, 250, 'toast'), (2, 90, 'apple');
        """

    /// Item 22: `query F Calories-Table` said only "unexpected character '-'". As in Realm's lexer, a `-` between two
    /// word characters is part of the name, so the name works as written, and in backticks too; the browser's hint
    /// names the class as a query must write it.
    @Test func aNameWithADashIsWrittenInBackticks() throws {
        let workspace = try Workspace()
        let db = try workspace.database("food.sqlite", Self.calories)
        let plain = try StrataProcess.run(["query", db, "Calories-Table where kcal-total > 100", "--format", "csv"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.replacingOccurrences(of: "\r\n", with: "\n") == "id,kcal-total,name\n1,250,toast\n")
        let quoted = try StrataProcess.run(["query", db, "`Calories-Table` where `kcal-total` > 100", "--format", "csv"])
        #expect(quoted.status == 0, "\(quoted.stderr)")
        #expect(quoted.stdout == plain.stdout)
        let glued = try StrataProcess.run(["query", db, "Calories-Table where kcal#total > 100"])
        #expect(glued.stderr.contains("backticks: `kcal#total`"), "\(glued.stderr)")
        let typo = try StrataProcess.run(["query", db, "`Calories-Tabel`"])
        #expect(typo.stderr == "strata: query 1:1: unknown class 'Calories-Tabel' (did you mean `Calories-Table`?)\n", "\(typo.stderr)")

        // The browser: its hint is a query that works, and so is the class typed as the hint says.
        let script = try StrataProcess.run([db], input: "Calories-Tabel\n`Calories-Table`\n")
        #expect(script.stderr.contains("unknown command or class 'Calories-Tabel' (did you mean `Calories-Table`?)"), "\(script.stderr)")
        #expect(script.stdout.contains("toast") && script.stdout.contains("apple"), "\(script.stdout)")
    }

    /// Item 22: Tab completed `Calories-T` to a name the query language could not read; it writes it in backticks.
    @Test(.enabled(if: tmux != nil)) func tabWritesANameWithADashInBackticks() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let db = try workspace.database("food.sqlite", Self.calories)
        let name = try terminal.start([db])
        // The browser's own hint is a query that works.
        #expect(try terminal.screen(name).contains { $0.contains("a query such as '`Calories-Table` where …'") })
        try terminal.type(name, "Calories-T")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the class in backticks") { $0.last == "strata> `Calories-Table`" }
        try terminal.type(name, "where kcal")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the property in backticks") { $0.last == "strata> `Calories-Table` where `kcal-total`" }
        try terminal.enter(name, " > 100")
        try terminal.wait(name, "the page") { $0.contains { $0.contains("toast") } }
        #expect(try terminal.leave(name) == 0)
    }

    // MARK: - Item 23: a name holding a double quote

    /// Item 23: a class named `a"b`, written as SQLite writes it (`"a""b"`), did not parse: the query lexer read a
    /// doubled quote as the end of the string. It stands for the quote, as in SQL, in strings and names alike.
    @Test func aNameWithADoubleQuoteParsesAsSQLiteWritesIt() throws {
        let workspace = try Workspace()
        let db = try workspace.database("quote.sqlite",
                                        #"CREATE TABLE "a""b" (id INTEGER PRIMARY KEY, "say ""x""" TEXT); "#
                                            + #"INSERT INTO "a""b" VALUES (1, 'it''s'), (2, 'no');"#)
        let query = try StrataProcess.run(["query", db, #""a""b" where "say ""x""" == 'it''s'"#, "--format", "csv"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.replacingOccurrences(of: "\r\n", with: "\n") == "id,\"say \"\"x\"\"\"\n1,it's\n", "\(query.stdout)")
        let backticks = try StrataProcess.run(["query", db, #"`a"b` where id == 2"#, "--format", "csv"])
        #expect(backticks.status == 0 && backticks.stdout.contains("2,no"), "\(backticks.stderr)")
        let get = try StrataProcess.run(["get", db, #"a"b"#, "1"])
        #expect(get.status == 0 && get.stdout.contains("it's"), "\(get.stderr)")
        let browser = try StrataProcess.run([db], input: "\"a\"\"b\"\nopen 2\nschema \"a\"\"b\"\n")
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(browser.stdout.contains("no") && browser.stdout.contains("say \"x\""), "\(browser.stdout)")
    }

    // MARK: - Item 24: completion

    static let crm = """
        CREATE TABLE Customer (id INTEGER PRIMARY KEY, Subject TEXT, rep INTEGER REFERENCES Employee(id));
        CREATE TABLE Employee (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO Employee VALUES (1, 'Ann');
        INSERT INTO Customer VALUES (1, 'Hello', 1);
        """

    /// Item 24: `fol` + Tab offered classes, `open Cust` + Tab nothing, and `begins` became `BEGINSWITH`.
    @Test(.enabled(if: tmux != nil)) func completionKnowsAbbreviatedCommandsOpenAndTheTypedCase() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let db = try workspace.database("crm.sqlite", Self.crm)
        let name = try terminal.start([db])
        try terminal.type(name, "open Cust")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the class after open") { $0.last == "strata> open Customer" }
        try terminal.type(name, " 1")
        try terminal.send(name, "Enter")
        try terminal.wait(name, "the object") { $0.contains { $0.hasPrefix("Customer 1") } }
        try terminal.type(name, "fol r")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the link after fol") { $0.last == "strata> fol rep" }
        try terminal.send(name, "C-u")
        try terminal.type(name, "Customer where Subject begins")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the keyword in the case typed") { $0.last == "strata> Customer where Subject beginswith" }
        try terminal.send(name, "C-u")
        try terminal.type(name, "Customer where Subject BEG")
        try terminal.send(name, "Tab")
        try terminal.wait(name, "the keyword in upper case") { $0.last == "strata> Customer where Subject BEGINSWITH" }
        try terminal.send(name, "C-u")
        #expect(try terminal.leave(name) == 0)
    }

    /// Messages: Tab after a link property added a space, so that the `.` typed next made `rep .name`.
    @Test(.enabled(if: tmux != nil)) func tabAfterALinkLeavesRoomForTheDot() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let db = try workspace.database("crm.sqlite", Self.crm)
        let name = try terminal.start([db])
        try terminal.type(name, "Customer where re")
        try terminal.send(name, "Tab")
        try terminal.type(name, ".")
        try terminal.wait(name, "the dot right after the link") { $0.last == "strata> Customer where rep." }
        try terminal.type(name, "na")
        try terminal.send(name, "Tab")
        try terminal.type(name, "==")
        try terminal.wait(name, "a space after a plain property") { $0.last == "strata> Customer where rep.name ==" }
        try terminal.send(name, "C-u")
        #expect(try terminal.leave(name) == 0)
    }

    // MARK: - Item 25: broken views

    static let sakila = """
        CREATE TABLE actor (actor_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
        CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT);
        INSERT INTO actor VALUES (1, 'PENELOPE', 'GUINESS');
        CREATE TABLE staff_gone (x);
        CREATE VIEW film_list AS SELECT film.title, staff_gone.x FROM film, staff_gone;
        CREATE VIEW sales_by_store AS SELECT x FROM staff_gone;
        DROP TABLE staff_gone;
        """

    /// Item 25: `schema F actor` warned about every broken view of the file, and `classes` said each twice.
    @Test func brokenViewsAreReportedOnceAndOnlyWhereAsked() throws {
        let workspace = try Workspace()
        let db = try workspace.database("sakila.sqlite", Self.sakila)
        let schema = try StrataProcess.run(["schema", db, "actor"])
        #expect(schema.status == 0)
        #expect(schema.stderr == "", "\(schema.stderr)")
        #expect(schema.stdout.contains("first_name"))
        let view = try StrataProcess.run(["schema", db, "film_list"])
        #expect(view.stderr == "strata: warning: film_list: no such table: main.staff_gone\n", "\(view.stderr)")
        let all = try StrataProcess.run(["schema", db])
        #expect(all.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2, "\(all.stderr)")
        let classes = try StrataProcess.run(["classes", db])
        #expect(classes.status == 0)
        let lines = classes.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines == ["strata: warning: cannot count film_list: no such table: main.staff_gone",
                          "strata: warning: cannot count sales_by_store: no such table: main.staff_gone"], "\(classes.stderr)")
    }

    // MARK: - Item 26: fts3_tokenizer and the other defences

    /// Item 26: `sql` ran `fts3_tokenizer('simple')`, which prints a code address, and its two-argument form, which
    /// registers a tokenizer at any address. Both are refused, as is `load_extension`, and a view that calls it fails.
    @Test func fts3TokenizerAndLoadExtensionAreRefused() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", """
            CREATE TABLE t (x);
            CREATE VIEW leak AS SELECT hex(fts3_tokenizer('simple')) AS address;
            """)
        let before = try workspace.fingerprint("app.sqlite")
        for (statement, arguments) in [("SELECT hex(fts3_tokenizer('simple')) AS address", [String]()),
                                       ("SELECT fts3_tokenizer('evil', x'0100000000000000')", []),
                                       ("SELECT FTS3_TOKENIZER('evil', ?1)", ["--arg", "x"])] {
            let result = try StrataProcess.run(["sql", db, statement] + arguments)
            #expect(result.status == 1, "\(statement): \(result.stdout)")
            #expect(result.stdout == "", "\(statement): \(result.stdout)")
            #expect(result.stderr == "strata: sql only reads: function fts3_tokenizer() is not allowed\n", "\(statement): \(result.stderr)")
        }
        let throughView = try StrataProcess.run(["sql", db, "SELECT * FROM leak"])
        #expect(throughView.status == 1 && throughView.stdout == "" && throughView.stderr.contains("fts3_tokenizer()"), "\(throughView.stderr)")
        let load = try StrataProcess.run(["sql", db, "SELECT load_extension('/nonexistent')"])
        #expect(load.status == 1 && load.stderr == "strata: sql only reads: function load_extension() is not allowed\n", "\(load.stderr)")
        // Through a view of the file, with no authorizer: the untrusted schema keeps the function out.
        let view = try StrataProcess.run(["query", db, "leak"])
        #expect(view.status == 1 && view.stdout == "", "\(view.stdout)")
        #expect(view.stderr.contains("unsafe use of fts3_tokenizer()"), "\(view.stderr)")
        let browser = try StrataProcess.run([db], input: "sql SELECT hex(fts3_tokenizer('simple'))\n")
        #expect(browser.status == 1 && browser.stderr.contains("function fts3_tokenizer() is not allowed"), "\(browser.stderr)")
        #expect(try workspace.fingerprint("app.sqlite") == before)
    }

    /// Item 26: what every connection sets, read back through `sql` with the built binary.
    @Test func theDefencesHoldOnEveryConnection() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", """
            CREATE TABLE t (x);
            CREATE TABLE log (n);
            CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.x); END;
            """)
        for (pragma, value) in [("trusted_schema", "0"), ("cell_size_check", "1"), ("mmap_size", "0"), ("query_only", "1")] {
            let result = try StrataProcess.run(["sql", db, "PRAGMA \(pragma)", "--format", "csv"])
            #expect(result.status == 0, "\(pragma): \(result.stderr)")
            #expect(result.stdout.replacingOccurrences(of: "\r\n", with: "\n") == "\(pragma)\n\(value)\n", "\(pragma): \(result.stdout)")
        }
        let attach = try StrataProcess.run(["sql", db, "ATTACH 'other.sqlite' AS o"])
        #expect(attach.status == 1 && attach.stderr.contains("ATTACH is not allowed"), "\(attach.stderr)")
        // A write connection runs the file's triggers, as the app that wrote them expects.
        let insert = try StrataProcess.run(["insert", db, "t", "x=5"])
        #expect(insert.status == 0, "\(insert.stderr)")
        let log = try StrataProcess.run(["sql", db, "SELECT n FROM log", "--format", "csv"])
        #expect(log.stdout.replacingOccurrences(of: "\r\n", with: "\n") == "n\n5\n", "\(log.stdout)")
    }

    // MARK: - Messages and small misses

    static let kitchen = """
        CREATE TABLE Recipe (id INTEGER PRIMARY KEY, instructions TEXT, name TEXT);
        CREATE TABLE Ingredient (id INTEGER PRIMARY KEY, name TEXT NOT NULL, grams REAL, organic BOOLEAN,
            recipe INTEGER REFERENCES Recipe(id));
        INSERT INTO Recipe VALUES (1, 'Mix the flour with water and wait a long time.', 'Bread');
        INSERT INTO Ingredient VALUES (1, 'Water', 300, 0, 1), (2, 'Salt', 10, 0, 1), (3, 'Flour', 500, 1, 1),
            (4, 'Yeast', 5, 0, 1), (5, 'Seeds', 40, 1, 1), (6, 'Honey', 20, 1, 1), (7, 'Oil', 15, 0, 1);
        """

    /// Messages: `set` said only `updated Ingredient 3`; it prints each property with its old and new value.
    @Test func setSaysWhatChanged() throws {
        let workspace = try Workspace()
        let db = try workspace.database("kitchen.sqlite", Self.kitchen)
        let result = try StrataProcess.run(["set", db, "Ingredient", "3", "name=Rye flour", "grams=450", "organic=false"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            updated Ingredient 3
              name: "Flour" → "Rye flour"
              grams: 500.0 → 450.0
              organic: true → false

            """, "\(result.stdout)")
        let again = try StrataProcess.run(["set", db, "Ingredient", "3", "grams=nil", "name=Rye flour"])
        #expect(again.stdout == "updated Ingredient 3\n  grams: 450.0 → nil\n  name: \"Rye flour\" (unchanged)\n", "\(again.stdout)")
        let browser = try StrataProcess.run(["--write", db], input: "set Ingredient 1 name = \"Still water\"\n")
        #expect(browser.stdout.contains("updated Ingredient 1\n  name: \"Water\" → \"Still water\"\n"), "\(browser.stdout)")
    }

    /// Messages: `update --dry-run` gave only a count; it shows the first objects it would change, and how.
    @Test func updateDryRunShowsASample() throws {
        let workspace = try Workspace()
        let db = try workspace.database("kitchen.sqlite", Self.kitchen)
        let before = try workspace.fingerprint("kitchen.sqlite")
        let result = try StrataProcess.run(["update", db, "Ingredient where grams > 1", "set", "grams=0", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            would update 7 Ingredient objects
              Ingredient 1: grams: 300.0 → 0.0
              Ingredient 2: grams: 10.0 → 0.0
              Ingredient 3: grams: 500.0 → 0.0
              Ingredient 4: grams: 5.0 → 0.0
              Ingredient 5: grams: 40.0 → 0.0
              … and 2 more

            """, "\(result.stdout)")
        #expect(try workspace.fingerprint("kitchen.sqlite") == before)
    }

    /// Messages: a link's label was the target's first text (an Ingredient's recipe showed its instructions); it
    /// is the property named `name` or `title` first, as Datasette's label column.
    @Test func aLinkIsLabelledByItsTargetsName() throws {
        let workspace = try Workspace()
        let db = try workspace.database("kitchen.sqlite", Self.kitchen)
        let result = try StrataProcess.run(["query", db, "Ingredient where id == 1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 \"Bread\""), "\(result.stdout)")
        #expect(!result.stdout.contains("Mix the flour"), "\(result.stdout)")
    }

    /// Messages: SQL typed at the browser's prompt or given to `query` said "unknown command or class 'select'" or
    /// "unexpected character '*'"; both point at `sql`.
    @Test func sqlWhereAQueryBelongsPointsAtSQL() throws {
        let workspace = try Workspace()
        let db = try workspace.database("kitchen.sqlite", Self.kitchen)
        let browser = try StrataProcess.run([db], input: "select * from Recipe\n")
        #expect(browser.status == 1)
        #expect(browser.stderr.contains("error: unknown command or class 'select': SQL runs with sql, as in 'sql select * from Recipe'"),
                "\(browser.stderr)")
        let query = try StrataProcess.run(["query", db, "SELECT name FROM Recipe"])
        #expect(query.status == 1)
        #expect(query.stderr.hasSuffix("(this is SQL, not a query: strata sql FILE STATEMENT runs it)\n"), "\(query.stderr)")
        // A class that is named like an SQL word is still a class.
        let select = try workspace.database("select.sqlite", "CREATE TABLE \"select\" (id INTEGER PRIMARY KEY);")
        let named = try StrataProcess.run(["query", select, "select"])
        #expect(named.status == 0, "\(named.stderr)")
    }

    /// Messages: an encrypted file (SQLCipher's header is encrypted too) got a bare "not a database".
    @Test func aFileWithoutSQLitesHeaderMayBeEncrypted() throws {
        let workspace = try Workspace()
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = workspace.file("cipher.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let result = try StrataProcess.run(["classes", path])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: not a database: \(path) (it does not begin with SQLite's header: it may be encrypted, "
                + "as a SQLCipher database is, or be another kind of file)\n", "\(result.stderr)")
        let browser = try StrataProcess.run([path], input: "")
        #expect(browser.status == 1 && browser.stderr.contains("it may be encrypted"), "\(browser.stderr)")
    }

    /// Messages: "1 classes": counts and their nouns agree wherever they print.
    @Test func oneClassIsOneClass() throws {
        let workspace = try Workspace()
        // The schema's own table is the one class of an empty file.
        let db = try workspace.database("one.sqlite", "PRAGMA user_version = 1;")
        let result = try StrataProcess.run(["check", db, "--json"])
        #expect(result.stdout.contains("\"1 class\""), "\(result.stdout)")
        #expect(!result.stdout.contains("1 classes"), "\(result.stdout)")
        let demo = try StrataProcess.run(["demo", workspace.file("demo.sqlite"), "--rows", "1"])
        #expect(demo.stderr.hasSuffix("3 classes of 1 object each\n"), "\(demo.stderr)")
    }

    /// Messages: an ObjectId of a `.realm` file showed as `string` in the schema.
    @Test func anObjectIdIsAnObjectId() throws {
        let realm = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Realm/Files/all-types.realm").path
        let result = try StrataProcess.run(["schema", realm, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"type\" : \"objectId\"") || result.stdout.contains("\"type\": \"objectId\""), "\(result.stdout.prefix(3000))")
        let text = try StrataProcess.run(["schema", realm])
        #expect(text.stdout.contains("objectId"), "\(text.stdout)")
    }

    /// Messages: a class page's heading had no count even when the census had it at once.
    @Test(.enabled(if: tmux != nil)) func aClassPageShowsItsCount() throws {
        let (terminal, db) = try Terminal.withTasks()
        let name = try terminal.start([db])
        try terminal.enter(name, "Task")
        try terminal.wait(name, "the page with its count") { $0.contains { $0.hasPrefix("Task · page 1 of 1 · 3 objects") } }
        #expect(try terminal.leave(name) == 0)
    }

    // MARK: - Progress on a terminal

    /// 200,000 objects with an index and a link: about a second to check or to export.
    static func largeDatabase(_ workspace: Workspace) throws -> String {
        try workspace.database("large.sqlite", """
            CREATE TABLE P (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE C (id INTEGER PRIMARY KEY, p INTEGER REFERENCES P(id), body TEXT);
            CREATE INDEX C_p ON C(p);
            CREATE INDEX C_body ON C(body);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) INSERT INTO P SELECT i, 'p' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
                INSERT INTO C SELECT i, i % 10000 + 1, hex(randomblob(40)) FROM n;
            """)
    }

    /// Runs a shell command line in a tmux pane and returns the lines seen on screen while it ran, then its exit.
    static func watch(_ terminal: Terminal, _ command: String) throws -> [String] {
        // The pane's first line can be lost to the detached session's first resize: the command starts a moment later;
        // and the pane stays a moment after it, so that the line with its exit status is read before the pane closes.
        try terminal.tmux(["new-session", "-d", "-s", "w", "-x", "120", "-y", "20", "sleep 0.3; " + command + "; echo \"[exit $?]\"; sleep 2"])
        var seen: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let screen = try terminal.screen("w")
            seen += screen.filter { !$0.isEmpty && !seen.contains($0) }
            if screen.contains(where: { $0.hasPrefix("[exit ") }) { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return seen
    }

    /// Messages: `check` on a 1.4 GB file ran three minutes without a word. At a terminal it names the step under way
    /// and how long it has run, on stderr; in a pipe it prints only its verdict.
    @Test(.enabled(if: tmux != nil)) func checkShowsItsProgressAtATerminal() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let db = try Self.largeDatabase(workspace)
        // The line shows at once (on a fast machine the whole check takes less than the default half second).
        let seen = try Self.watch(terminal, "STRATA_PROGRESS_DELAY=0 " + StrataProcess.binary + " check " + Tmux.quoted(db))
        #expect(seen.contains { $0.contains("checking large.sqlite: ") && $0.contains(" of 9…") }, "\(seen)")
        #expect(seen.contains { $0.contains("coreData skipped)") }, "\(seen)")
        #expect(seen.contains("[exit 0]"), "\(seen)")
        let piped = try StrataProcess.run(["check", db])
        #expect(piped.stderr == "", "\(piped.stderr)")
    }

    /// Messages: a command-line export to a file showed nothing while it ran; a terminal sees how many objects are
    /// written so far (stderr only, so the file holds only the rows).
    @Test(.enabled(if: tmux != nil)) func anExportToAFileShowsItsProgressAtATerminal() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let db = try Self.largeDatabase(workspace)
        let out = workspace.file("out.csv")
        let command = "STRATA_PROGRESS_DELAY=0 " + StrataProcess.binary + " query " + Tmux.quoted(db) + " 'C where id > 0' --format csv > " + Tmux.quoted(out)
        let seen = try Self.watch(terminal, command)
        #expect(seen.contains { $0.contains("writing") && $0.contains("objects") && $0.contains("Ctrl-C stops it") }, "\(seen)")
        #expect(seen.contains("[exit 0]"), "\(seen)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(lines.count == 200_002 && lines.last == "", "\(lines.count)")
        #expect(lines.first == "id,p,body")
    }

    /// Messages: the demo's bar sat at 99% for 30 s while the indexes were built and the file saved, saying nothing.
    /// The objects fill it to 90%; then it names the step under way.
    @Test(.enabled(if: tmux != nil)) func theDemoBarNamesItsLastSteps() throws {
        let workspace = try Workspace()
        let terminal = try Terminal(workspace)
        let out = workspace.file("demo.sqlite")
        let seen = try Self.watch(terminal, "STRATA_PROGRESS_DELAY=0 " + StrataProcess.binary + " demo " + Tmux.quoted(out) + " --rows 400000 --seed 1")
        #expect(seen.contains { $0.contains("%  writing RealmTestClass") }, "\(seen)")
        #expect(seen.contains { $0.contains(" 90%  building indexes") || $0.contains(" 97%  saving the file") }, "\(seen)")
        #expect(!seen.contains { $0.contains(" 99%") }, "\(seen)")
        #expect(seen.contains("[exit 0]"), "\(seen)")
    }
}
