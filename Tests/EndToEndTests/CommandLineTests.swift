import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func version() throws {
        let result = try StrataProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.range(of: #"^strata \d+\.\d+\.\d+ \(SQLite 3\.\d+\.\d+, (GNU readline \d+\.\d+|libedit)\)\n$"#, options: .regularExpression) != nil)
    }

    @Test func noArgumentsBrowsesTheInMemoryDemo() throws {
        let result = try StrataProcess.run([], input: "classes\nRealmTestClass2 LIMIT(2)\n")
        #expect(result.status == 0)
        // stdout is a pipe: the page's heading goes to stderr, only results to stdout.
        #expect(result.stderr == "RealmTestClass2 LIMIT(2) · page 1\n")
        #expect(result.stdout.hasPrefix("""
            CLASS            KIND   OBJECTS
            RealmTestClass0  table     1000
            RealmTestClass1  table     1000
            RealmTestClass2  table     1000

            """))
        // The values are drawn at random each time; the columns are not.
        let header = result.stdout.split(separator: "\n")[4].split(separator: " ", omittingEmptySubsequences: true)
        #expect(header == ["id", "integerValue", "boolValue", "objectReference"])
        #expect(result.stdout.split(separator: "\n").count == 7)
    }

    @Test func aScriptOnAFileExitsNonZeroWhenACommandFails() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let good = try StrataProcess.run([db], input: "Task where name BEGINSWITH \"B\"\nquit\n")
        #expect(good.status == 0)
        #expect(good.stdout == """
            id  name      isCompleted  createdAt  list          tags
             1  Buy milk  false        nil        1 "Inbox"     [2] home, work
             3  Bike      false        nil        2 "Wishlist"  [0]

            """)
        #expect(good.stderr == "Task where name BEGINSWITH \"B\" · page 1\n")
        let bad = try StrataProcess.run(["open", db], input: "Tsk\nclasses\n")
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: unknown command or class 'Tsk' (did you mean 'Task'?)\n")
        #expect(bad.stdout.contains("TaskList   table        2"))
    }

    @Test func helpOverview() throws {
        let help = try StrataProcess.run(["help"])
        let flag = try StrataProcess.run(["--help"])
        #expect(help.status == 0 && flag.status == 0)
        #expect(help.stdout == flag.stdout)
        // Every command of the table, with its summary, in a column.
        #expect(help.stdout.contains("  classes           list the classes"))
        #expect(help.stdout.contains("  schema            show properties"))
        #expect(help.stdout.contains("  migrate lint      find errors, destructive"))
        #expect(help.stdout.contains("  convert           convert a .realm file"))
        // Which commands write (issue 16, defect 9: it said only migrate did).
        #expect(help.stdout.contains("set, insert, delete, update and migrate write, each in one transaction"))
    }

    /// Each command's help, asked for as `help COMMAND` and as `COMMAND --help`; a migrate subcommand is named as
    /// it is typed (`migrate lint`), never by the command table's internal name.
    @Test(arguments: ["open", "classes", "schema", "query", "get", "demo", "convert", "migrate", "migrate status", "migrate plan",
                      "migrate validate", "migrate baseline", "migrate new", "migrate lint", "help"])
    func commandHelp(_ command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let viaHelp = try StrataProcess.run(["help"] + words)
        let viaFlag = try StrataProcess.run(words + ["--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.hasPrefix("strata \(command) — "))
        #expect(viaHelp.stdout.contains("Usage:\n  strata \(command)"))
        #expect(!viaHelp.stdout.contains("migrate-"))
    }

    /// Issue 16, defect 7: a broken view was warned about by every command; `classes`, `schema` and the browser
    /// report it once, `query` and `get` of other classes say nothing of it.
    @Test func aBrokenViewIsReportedOnceByClassesAndNotByOtherCommands() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", """
            CREATE TABLE t (x); CREATE TABLE keep (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO keep VALUES (1, 'a');
            CREATE VIEW v AS SELECT * FROM t; DROP TABLE t;
            """)
        let query = try StrataProcess.run(["query", db, "keep"])
        #expect(query.status == 0 && query.stderr.isEmpty, "\(query.stderr)")
        let get = try StrataProcess.run(["get", db, "keep", "1"])
        #expect(get.status == 0 && get.stderr.isEmpty, "\(get.stderr)")
        let classes = try StrataProcess.run(["classes", db])
        // Once: the count says it (issue 29, item 25: the schema reader said it too).
        #expect(classes.stderr == "strata: warning: cannot count v: no such table: main.t\n", "\(classes.stderr)")
        let schema = try StrataProcess.run(["schema", db])
        #expect(schema.stderr.components(separatedBy: "strata: warning: v: no such table: main.t\n").count == 2, "\(schema.stderr)")
    }

    @Test func usageErrorsNameASubcommandAsItIsTyped() throws {
        let result = try StrataProcess.run(["migrate", "lint", "--dir", "x"])
        #expect(result.status == 2)
        #expect(result.stderr == "strata: unknown option '--dir' for 'migrate lint' (see 'strata help migrate lint')\n")
        let unknown = try StrataProcess.run(["help", "migrate", "lnt"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "strata: no help for 'migrate lnt' (did you mean 'lint'?)\n")
    }
}
