import Foundation
import SQLiteKit
import Testing

/// Hostile files and queries that used to hang, print partial output, or mis-state what they found.
@Suite struct QuerySafetyTests {
    struct Unfinished: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "strata \(arguments.joined(separator: " ")) did not finish within a minute" }
    }

    /// Runs strata, killing it (and failing) if it has not finished within a minute: a test of a hang
    /// must not hang the suite.
    static func runBounded(_ arguments: [String], input: String? = nil) throws -> StrataProcess.Result {
        let (process, out, err) = try StrataProcess.start(arguments, input: input)
        // SIGKILL: a test runner may start its children with SIGTERM blocked.
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let result = StrataProcess.finish(process, out, err)
        watchdog.cancel()
        if process.terminationReason == .uncaughtSignal { throw Unfinished(arguments: arguments) }
        return result
    }

    // MARK: - Item 8: counting a view has a time bound

    static let forever = """
        CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO Task (name) VALUES ('a'), ('b');
        CREATE VIEW Forever AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r;
        CREATE VIEW Named AS SELECT name FROM Task;
        """

    @Test func classesShowsAQuestionMarkForAViewThatNeverEnds() throws {
        let workspace = try Workspace()
        let db = try workspace.database("forever.sqlite", Self.forever)
        let table = try Self.runBounded(["classes", db, "--timeout", "1"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout == """
            CLASS    KIND   OBJECTS
            Forever  view         ?
            Named    view         2
            Task     table        2

            """, "\(table.stdout)")
        #expect(table.stderr == "strata: warning: cannot count Forever: still counting after 1 s (a view is counted for at most --timeout seconds)\n")

        let json = try Self.runBounded(["classes", db, "--timeout", "1", "--format", "json"])
        #expect(json.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.first { $0["name"] as? String == "Forever" }?["count"] is NSNull)
        #expect(items.first { $0["name"] as? String == "Named" }?["count"] as? Int == 2)
    }

    @Test func theBrowsersClassesCommandFinishesToo() throws {
        let workspace = try Workspace()
        let db = try workspace.database("forever.sqlite", Self.forever)
        let result = try Self.runBounded(["--timeout", "1", db], input: "classes\nsql SELECT count(*) AS n FROM Task\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Forever  view         ?"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("n\n2\n") && result.stderr.contains("· 1 row"), "the browser goes on after it")
        #expect(result.stderr.contains("cannot count Forever: still counting after 1 s"), "\(result.stderr)")

        // Its count command too: an error after the bound, and the browser goes on.
        let count = try Self.runBounded(["--timeout", "1", db], input: "Forever\ncount\nTask\ncount\n")
        #expect(count.status == 1)
        #expect(count.stderr == "Forever · page 1\n(next)\nerror: cannot count Forever: still counting after 1 s (a view is counted for at most --timeout seconds)\n"
                + "Task · page 1\n", "\(count.stderr)")
        #expect(count.stdout.hasSuffix("2 objects\n"), "\(count.stdout)")
    }

    // MARK: - Item 16: a query SQLite rejects prints nothing on stdout

    static let items = """
        CREATE TABLE Item (id INTEGER PRIMARY KEY, done BOOLEAN NOT NULL, n INT);
        INSERT INTO Item VALUES (1, 1, 2), (2, 0, 3);
        """

    static let nestedNots = "Item where " + String(repeating: "NOT ", count: 100) + "done == true"
    /// More columns than SQLite's 2,000: a query that reads well, which SQLite refuses to compile.
    static let wideShow = "Item SHOW(" + (0...2000).map { "n AS c\($0)" }.joined(separator: ", ") + ")"

    @Test(arguments: ["table", "csv", "json", "ndjson", "markdown", "vertical"])
    func aQueryTooComplexForSQLitePrintsNothingButTheError(_ format: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("items.sqlite", Self.items)
        // Nesting SQLite's parser could not take is refused at the NOT that passes the limit; an expression too large
        // for SQLite, at the start of the query.
        let tooDeep = "the query nests too deeply for SQLite (at most 40 NOT, 28 levels of parentheses or 8 SUBQUERY, and fewer of them together)"
        for (query, message) in [(Self.nestedNots, "1:176: " + tooDeep),
                                 (Self.wideShow, "1:1: SQLite cannot run this query: too many columns in result set"),
                                 ("\n  " + Self.wideShow, "2:3: SQLite cannot run this query: too many columns in result set"),
                                 ("\n  " + Self.nestedNots, "2:178: " + tooDeep)] {
            let result = try Self.runBounded(["query", db, query, "--format", format])
            #expect(result.status == 1)
            #expect(result.stdout == "", "\(format): \(result.stdout)")
            #expect(result.stderr == "strata: query \(message)\n", "\(result.stderr)")
        }
    }

    @Test func theBrowserSaysTheSameOfAQueryTooComplexForSQLite() throws {
        let workspace = try Workspace()
        let db = try workspace.database("items.sqlite", Self.items)
        let result = try Self.runBounded([db], input: Self.wideShow + "\nItem where done == true\n")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: query 1:1: SQLite cannot run this query: too many columns in result set\n"
                                        + "Item where done == true · "),
                "only the second query shows: \(result.stderr)")
        #expect(result.stdout.hasPrefix("id  done"), "\(result.stdout)")
    }

    // MARK: - Item 19: names with a backtick, a double quote, a space and a dot

    static let oddNames = """
        CREATE TABLE "we`i""rd. class" (id INTEGER PRIMARY KEY, "pro`p ""x"". y" TEXT, plain INTEGER);
        INSERT INTO "we`i""rd. class" VALUES (1, 'one', 10), (2, 'two', 20), (3, 'one', 30);
        """

    @Test func aClassAndPropertyNamedWithABacktickCanBeQueried() throws {
        let workspace = try Workspace()
        let db = try workspace.database("odd.sqlite", Self.oddNames)
        let query = #"`we``i"rd. class` where `pro``p "x". y` == "one" SORT(`plain` DESC)"#
        let result = try Self.runBounded(["query", db, query, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "id,\"pro`p \"\"x\"\". y\",plain\r\n3,one,30\r\n1,one,10\r\n", "\(result.stdout)")

        // The browser takes a line that starts with a backtick as a query.
        let browser = try Self.runBounded([db], input: query + "\n")
        #expect(browser.status == 0, "\(browser.stderr)")
        let rows = browser.stdout.split(separator: "\n").dropFirst(1).map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows == ["3 one 30", "1 one 10"], "\(browser.stdout)")

        // An unpaired backtick inside is still an error, at the name's start.
        let bad = try Self.runBounded(["query", db, "`we``i where plain == 1"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "strata: query 1:1: unterminated name: missing closing `\n", "\(bad.stderr)")
    }

    // MARK: - Item 28: a bad date literal is named

    /// Years of five and six digits are dates since issue 29 (item 7: ISO 8601's expanded years); seven are not.
    @Test func aDateWithASevenDigitYearIsNamed() throws {
        let workspace = try Workspace()
        let db = try workspace.database("items.sqlite", Workspace.queryFixture)
        let result = try Self.runBounded(["query", db, "Item where due > 1234567-01-01"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "strata: query 1:18: invalid date '1234567-01-01' "
            + "(expected YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD@HH:MM:SS)\n", "\(result.stderr)")
    }

    // MARK: - Item 17: JSON is always valid, and safe on a terminal

    /// Invalid UTF-8 (a lone 0xFF, a cut-off sequence), U+2028, U+2029, a C1 control (U+009B, a one-byte
    /// CSI), bidi controls (U+202E, U+2066) in text and in a list of text keys.
    static let awkwardText = """
        CREATE TABLE Tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE Note (id INTEGER PRIMARY KEY, body TEXT);
        CREATE TABLE Note_tags (
            owner INTEGER NOT NULL REFERENCES Note(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            target TEXT NOT NULL REFERENCES Tag(name) ON DELETE CASCADE, PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        INSERT INTO Tag VALUES (CAST(x'41ff' AS TEXT)), (char(0x2028, 0x9b, 0x202e, 0x2066));
        INSERT INTO Note VALUES (1, CAST(x'41ff42' AS TEXT)), (2, CAST(x'43e282' AS TEXT)),
            (3, 'a' || char(0x2028) || 'b' || char(0x2029) || char(0x9b) || '[2J' || char(0x80, 0x9f, 0x202a, 0x202e, 0x2066, 0x2069, 0x202f, 0xa0));
        INSERT INTO Note_tags VALUES (1, 0, CAST(x'41ff' AS TEXT)), (3, 0, char(0x2028, 0x9b, 0x202e, 0x2066));
        """

    @Test(arguments: ["json", "ndjson"])
    func invalidUTF8AndTerminalControlsAreEscapedInJSON(_ format: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("notes.sqlite", Self.awkwardText)
        let (process, out, err) = try StrataProcess.start(["query", db, "Note", "--format", format])
        // The bytes themselves: a String made from them would hide invalid UTF-8 behind U+FFFD.
        let raw = out.fileHandleForReading.readDataToEndOfFile()
        let result = StrataProcess.finish(process, out, err)
        #expect(String(validating: raw, as: UTF8.self) != nil, "stdout is not valid UTF-8")
        #expect(result.status == 0)
        #expect(result.stderr == "strata: warning: some text was not valid UTF-8: it is written with U+FFFD in place of each bad sequence\n",
                "\(result.stderr)")
        // Valid UTF-8 (the String would not round-trip otherwise) and valid JSON.
        let text = String(decoding: raw, as: UTF8.self)
        let documents = format == "json" ? [text] : text.split(separator: "\n").map(String.init)
        let parsed = try documents.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
        let notes = format == "json" ? (parsed.first as? [[String: Any]] ?? []) : parsed.compactMap { $0 as? [String: Any] }
        #expect(notes.map { $0["body"] as? String } == [
            "A\u{FFFD}B", "C\u{FFFD}",
            "a\u{2028}b\u{2029}\u{9B}[2J\u{80}\u{9F}\u{202A}\u{202E}\u{2066}\u{2069}\u{202F}\u{A0}",
        ])
        #expect(notes.map { $0["tags"] as? [String] } == [["A\u{FFFD}"], [], ["\u{2028}\u{9B}\u{202E}\u{2066}"]])
        // Escaped, never raw: no C1 control, line or paragraph separator, or bidi control in the bytes.
        #expect(text.contains(#"a\u2028b\u2029\u009b[2J\u0080\u009f\u202a\u202e\u2066\u2069"#), "\(text)")
        #expect(text.contains(#"["\u2028\u009b\u202e\u2066"]"#), "\(text)")
        let forbidden = text.unicodeScalars.filter {
            (0x80...0x9F).contains($0.value) || (0x2028...0x2029).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
        #expect(forbidden.isEmpty, "raw: \(forbidden.map { String($0.value, radix: 16) })")
    }

    // MARK: - Item 11: a huge text value costs what is shown

    /// One 8 MB text among short ones.
    static let hugeText = """
        CREATE TABLE Doc (id INTEGER PRIMARY KEY, body TEXT, tag TEXT);
        INSERT INTO Doc VALUES (1, 'short', 'a'), (2, replace(hex(zeroblob(4000000)), '0', 'é'), 'b'), (3, 'x', 'c'),
            (4, '', 'd'), (5, 'last', 'e');
        """

    @Test(arguments: ["table", "vertical", "markdown"])
    func pipedTextOutputIsNeverPaddedToAHugeCell(_ format: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("docs.sqlite", Self.hugeText)
        let result = try Self.runBounded(["query", db, "Doc", "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        // Every line fits the cap of 80 cells a cell has when stdout is no terminal, plus the other columns.
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 120 }, "longest line: \(lines.map(\.count).max() ?? 0) characters")
        #expect(result.stdout.contains("éééé…"), "the cut is shown")
        #expect(result.stdout.contains("last"))
        #expect(result.stdout.utf8.count < 4000, "\(result.stdout.utf8.count) bytes")
    }

    @Test(arguments: ["csv", "ndjson", "json"])
    func completeFormatsStayComplete(_ format: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("docs.sqlite", Self.hugeText)
        let result = try Self.runBounded(["query", db, "Doc where id == 2", "--format", format])
        #expect(result.status == 0)
        #expect(result.stdout.utf8.count > 16_000_000 && result.stdout.utf8.count < 16_000_200, "\(result.stdout.utf8.count) bytes")
    }

    // MARK: - Item 20: a date column's display and comparisons agree, whatever the storage of a value

    /// A DATETIME column of ISO text, with a unix-seconds integer and real among its values, a text that
    /// is no date, and a NULL.
    static let mixedDates = """
        CREATE TABLE Ev (id INTEGER PRIMARY KEY, d DATETIME);
        INSERT INTO Ev VALUES (1, '2026-01-02T03:04:05.000Z'), (2, 1767225600), (3, NULL), (4, 'soon'),
            (5, 1767225600.5), (6, '2025-06-01 12:00:00');
        """

    @Test func aNumberInATextDateColumnComparesAsTheDateItIsShownAs() throws {
        let workspace = try Workspace()
        let db = try workspace.database("events.sqlite", Self.mixedDates)
        func ids(_ predicate: String) throws -> [String] {
            let result = try Self.runBounded(["query", db, "Ev where \(predicate)", "--format", "csv"])
            #expect(result.status == 0, "\(predicate): \(result.stderr)")
            return result.stdout.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
        }
        let shown = try Self.runBounded(["query", db, "Ev", "--format", "csv"])
        #expect(shown.stdout == "id,d\r\n1,2026-01-02T03:04:05.000Z\r\n2,2026-01-01T00:00:00.000Z\r\n3,\r\n4,soon\r\n"
            + "5,2026-01-01T00:00:00.500Z\r\n6,2025-06-01 12:00:00\r\n", "\(shown.stdout)")
        #expect(try ids("d == nil") == ["3"])
        #expect(try ids("d != nil") == ["1", "2", "4", "5", "6"])
        #expect(try ids("d == 2026-01-01") == ["2"])
        #expect(try ids("d == 2026-01-01T00:00:00.500Z") == ["5"])
        #expect(try ids("d >= 2026-01-01 SORT(d)") == ["2", "5", "1"])
        #expect(try ids("d < 2026-01-01T00:00:00.501Z SORT(d DESC)") == ["5", "2", "6"])
        #expect(try ids("d IN {2026-01-01, nil}") == ["2", "3"])
    }

    /// Output that cannot be written is an error, not a quiet success: on a full device (`/dev/full`, Linux) each
    /// command says so in one line and exits 1; a reader that goes away (`| head`) is no error.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func outputLostToAFullDiskFails() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", """
            CREATE TABLE Note (id INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)
            INSERT INTO Note SELECT i, printf('%.200c', 'x') FROM c;
            """)
        // The browser's script: a page to print.
        let input = workspace.file("script.txt")
        try "Note\n".write(toFile: input, atomically: true, encoding: .utf8)
        func shell(_ script: String, _ arguments: [String]) throws -> StrataProcess.Result {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", script, StrataProcess.binary] + arguments
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle(forReadingAtPath: input)
            try process.run()
            let errors = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return .init(status: process.terminationStatus, stdout: "", stderr: String(decoding: errors, as: UTF8.self))
        }
        for arguments in [["query", db, "Note", "--format", "csv"], ["get", db, "Note", "1", "--format", "json"], ["classes", db],
                          ["sql", db, "SELECT * FROM Note"], [db]] {
            let full = try shell(#"exec "$0" "$@" > /dev/full"#, arguments)
            #expect(full.status == 1 && full.stderr.hasSuffix("strata: cannot write to standard output: no space left on device\n"),
                    "\(arguments.prefix(1)): \(full.status) \(full.stderr)")
            let head = try shell(#""$0" "$@" | head -c 10 > /dev/null; exit "${PIPESTATUS[0]}""#, arguments)
            #expect(head.status == 0 && !head.stderr.contains("cannot write"), "\(arguments.prefix(1)): \(head.status) \(head.stderr)")
        }
    }
}
