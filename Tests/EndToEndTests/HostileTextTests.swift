import Foundation
import SQLiteKit
import Testing

/// A database whose every name and value is hostile — escape sequences that set the terminal's title or clear
/// the screen, a one-byte CSI (U+009B), bidi overrides, carriage returns — in a file whose own name is hostile.
/// Every command and every browser command must show all of it escaped: nothing that a terminal acts on may reach
/// stdout or stderr, except in CSV written to a pipe, which is data and must arrive byte for byte.
@Suite struct HostileTextTests {
    static let table = "T\u{1B}[31mRED\u{1B}]0;pwned\u{07}\u{1B}[2J"
    static let target = "L\u{9B}2J\u{202E}txet"
    static let name = "n\u{1B}[1m\u{2066}x"
    static let note = "note\rfake"
    static let link = "owner\u{1B}]0;x\u{07}"
    static let values = [
        "v\u{1B}[2Jclear", "c1\u{9B}31m\u{85}", "bidi\u{202E}olleh\u{2069}\u{2028}", "bell\u{07}cr\rdel\u{7F}", "nul\u{0}end",
    ]

    /// The characters a terminal acts on, written out independently of the code under test.
    static func activeCharacters(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    static func literal(_ text: String) -> String {
        // NUL cannot sit in SQL text: build it with char().
        text.split(separator: "\u{0}", omittingEmptySubsequences: false)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: " || char(0) || ")
    }

    static func database(in workspace: Workspace) throws -> String {
        let path = workspace.file("hostile\u{1B}[7m\u{9B}\u{202E}.sqlite")
        var sql = """
            CREATE TABLE \(quoted(target)) (id INTEGER PRIMARY KEY, \(quoted(name)) TEXT);
            CREATE TABLE \(quoted(table)) (
                id INTEGER PRIMARY KEY, \(quoted(name)) TEXT, \(quoted(note)) TEXT,
                \(quoted(link)) INTEGER REFERENCES \(quoted(target))(id) ON DELETE SET NULL
            );
            CREATE INDEX \(quoted("i\u{1B}[2J")) ON \(quoted(table))(\(quoted(name)));
            CREATE VIEW \(quoted("V\u{1B}]0;v\u{07}")) AS SELECT \(quoted(name)) FROM \(quoted(table));
            INSERT INTO \(quoted(target)) VALUES (1, \(literal(values[0]))), (2, \(literal(values[1])));

            """
        for (index, value) in values.enumerated() {
            sql += "INSERT INTO \(quoted(table)) VALUES (\(index + 1), \(literal(value)), \(literal(values[(index + 1) % values.count])), \(index % 2 + 1));\n"
        }
        try workspace.database((path as NSString).lastPathComponent, sql)
        return path
    }

    /// Each command, its exit status (0, or non-zero when it fails on purpose), and text it must show escaped.
    static func commands(_ db: String) -> [(arguments: [String], status: Int32, mustShow: String?)] {
        let className = "`" + table + "`"
        return [
            (["classes", db], 0, "T\\e[31mRED"),
            (["classes", db, "--all", "--format", "json"], 0, nil),
            (["schema", db], 0, "T\\e[31mRED\\e]0;pwned\\u{7}\\e[2J"),
            (["schema", db, table], 0, "n\\e[1m\\u{2066}x"),
            (["schema", db, "--format", "json"], 0, nil),
            (["query", db, className], 0, "v\\e[2Jclear"),
            (["query", db, className, "--format", "vertical"], 0, "c1\\u{9b}31m"),
            (["query", db, className, "--format", "json"], 0, nil),
            (["query", db, className, "--format", "ndjson"], 0, nil),
            (["query", db, className, "--format", "markdown"], 0, "bidi\\u{202e}olleh"),
            (["query", db, "`\(target)`", "--format", "vertical"], 0, "L\\u{9b}2J\\u{202e}txet"),
            (["get", db, table, "1"], 0, "owner\\e]0;x\\u{7}"),
            (["get", db, table, "1", "--format", "json"], 0, nil),
            // check names the classes and objects its findings are about.
            (["check", db], 0, nil),
            (["check", db, "--json"], 0, nil),
            (["set", db, table, "2", "\(note)=\u{1B}[2Jnew\u{9B}"], 0, nil),
            (["delete", db, target, "2", "--yes"], 0, nil),
            // Errors that quote a name, an input or the file name.
            (["query", db, "\(className) where nope\u{1B}[5m == 1"], 1, "unexpected character '\\e'"),
            (["query", db, "\(className) where `nope\u{1B}[5m` == 1"], 1, "nope\\e[5m"),
            (["query", db, "\u{1B}]0;title\u{07}"], 2, nil),
            (["get", db, table, "99\u{1B}[2J"], 1, nil),
            (["schema", db, "Nope\u{1B}]0;x\u{07}"], 1, "Nope\\e]0;x"),
            (["set", db, table, "1", "nope\u{9B}=1"], 1, "nope\\u{9b}"),
            (["classes", db + "-missing\u{1B}[2J"], 1, "\\e[2J"),
        ]
    }

    @Test func everyCommandShowsHostileNamesAndValuesEscaped() throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        for (arguments, status, mustShow) in Self.commands(db) {
            let result = try StrataProcess.run(arguments)
            let label = arguments.map { $0 == db ? "DB" : $0.debugDescription }.joined(separator: " ")
            if status == 0 {
                #expect(result.status == 0, "\(label): \(result.stderr)")
            } else {
                #expect(result.status != 0, "\(label) should fail")
            }
            #expect(Self.activeCharacters(in: result.stdout).isEmpty, "\(label) stdout: \(Self.activeCharacters(in: result.stdout))")
            #expect(Self.activeCharacters(in: result.stderr).isEmpty, "\(label) stderr: \(Self.activeCharacters(in: result.stderr))")
            if let mustShow { #expect((result.stdout + result.stderr).contains(mustShow), "\(label) does not show \(mustShow.debugDescription)") }
            if arguments.contains("json") {
                let decoded = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                #expect(decoded != nil, "\(label): not valid JSON")
            }
            if arguments.contains("ndjson") {
                for line in result.stdout.split(separator: "\n") {
                    #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(label): a line is not JSON")
                }
            }
        }
    }

    /// JSON escapes what a terminal would act on and still carries every value exactly.
    @Test func jsonCarriesHostileValuesExactly() throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let result = try StrataProcess.run(["query", db, "`\(Self.table)`", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0[Self.name] as? String } == Self.values)
        #expect(rows.first?.keys.contains(Self.link) == true)
    }

    /// CSV to a pipe is data: every value arrives byte for byte, controls and all.
    @Test func csvToAPipeCarriesTheBytes() throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let result = try StrataProcess.run(["query", db, "`\(Self.table)`", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        for value in Self.values { #expect(result.stdout.contains(value), "\(value.debugDescription) not in the CSV") }
        #expect(result.stdout.hasPrefix("id,\(Self.name),"))
    }

    /// The browser: every command a person types, on the same database, in a script.
    @Test func everyBrowserCommandShowsThemEscaped() throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let className = "`" + Self.table + "`"
        let script = [
            "classes", "schema", "schema \(Self.table)", className, "next", "open 1", "follow \(Self.link)", "back",
            "count", "mode vertical", className, "mode markdown", className, "mode json", className, "mode table",
            "`\(Self.target)`", "sql SELECT * FROM \(Self.quoted(Self.table))", "sql SELECT '\u{1B}[2J\u{9B}' AS \"x\u{1B}]0;t\u{07}\"",
            "open \(Self.table) 3", "open \(Self.table) 77\u{1B}[2J", "nonsense\u{1B}]0;t\u{07}", "follow nope\u{9B}",
            "\(className) where \(Self.quoted(Self.name)) == 1", "help",
            "write on", "set \(Self.note) = \"x\u{1B}[2J\"", "undo", "redo", "delete", "undo",
        ].joined(separator: "\n") + "\n"
        let result = try StrataProcess.run([db], input: script)
        #expect(Self.activeCharacters(in: result.stdout).isEmpty, "stdout: \(Self.activeCharacters(in: result.stdout))")
        #expect(Self.activeCharacters(in: result.stderr).isEmpty, "stderr: \(Self.activeCharacters(in: result.stderr))")
        for shown in ["T\\e[31mRED", "v\\e[2Jclear", "c1\\u{9b}31m", "bidi\\u{202e}", "note\\rfake", "nonsense\\e]0;t"] {
            #expect((result.stdout + result.stderr).contains(shown), "the browser does not show \(shown.debugDescription)")
        }
    }

    /// Migration file names and the SQL errors they cause reach the terminal escaped too.
    @Test func migrateShowsHostileFileNamesEscaped() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", "CREATE TABLE Seed (id INTEGER PRIMARY KEY);")
        let directory = workspace.file("Migrations")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "CREATE TABLE \(Self.quoted(Self.table)) (id INTEGER PRIMARY KEY);\n"
            .write(toFile: directory + "/1_init\u{1B}]0;x\u{07}.sql", atomically: true, encoding: .utf8)
        try "INSERT INTO \(Self.quoted(Self.target)) VALUES (1);\n"
            .write(toFile: directory + "/2_bad\u{9B}2J.sql", atomically: true, encoding: .utf8)
        for arguments in [["migrate", db, "--to", "1"], ["migrate", "status", db], ["migrate", "plan", db], ["migrate", db],
                          ["migrate", "lint", "--dir", directory], ["migrate", "validate", db]] {
            let result = try StrataProcess.run(arguments)
            let label = arguments.map { $0 == db ? "DB" : $0 }.joined(separator: " ")
            #expect(Self.activeCharacters(in: result.stderr).isEmpty, "\(label) stderr: \(Self.activeCharacters(in: result.stderr))")
            if arguments[1] != "plan" {
                #expect(Self.activeCharacters(in: result.stdout).isEmpty, "\(label) stdout: \(Self.activeCharacters(in: result.stdout))")
            }
        }
        let failed = try StrataProcess.run(["migrate", db])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("2_bad\\u{9b}2J.sql") && failed.stderr.contains("L\\u{9b}2J\\u{202e}txet"), "\(failed.stderr)")
    }

    /// In a real terminal (tmux), with styling on: the title stays, the screen is not cleared, and the names
    /// show escaped.
    @Test(.enabled(if: TerminalTests.tmux != nil)) func aRealTerminalIsNotDriven() throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let terminal = try TerminalTests.Terminal(workspace)
        let name = try terminal.start([db])
        let title = try terminal.tmux(["display-message", "-p", "-t", name, "#{pane_title}"])
        for line in ["schema", "classes", "`\(Self.table)` LIMIT(3)", "open 1", "nope\u{1B}]0;pwned\u{07}"] {
            try terminal.enter(name, line)
        }
        try terminal.wait(name, "the error") { $0.contains { $0.contains("unknown command or class") } }
        let screen = try terminal.screen(name).joined(separator: "\n")
        #expect(try terminal.tmux(["display-message", "-p", "-t", name, "#{pane_title}"]) == title, "the title changed")
        #expect(!title.contains("pwned"))
        #expect(screen.contains("T\\e[31mRED"), "\(screen)")
        #expect(screen.contains("\\e]0;pwned\\u{7}"), "\(screen)")
        #expect(try terminal.leave(name) == 0)
    }
}
