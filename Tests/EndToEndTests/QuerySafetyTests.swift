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
        #expect(result.stdout.contains("(1 row)"), "the browser goes on after it")
        #expect(result.stderr.contains("cannot count Forever: still counting after 1 s"), "\(result.stderr)")
    }

    // MARK: - Item 16: a query SQLite rejects prints nothing on stdout

    static let items = """
        CREATE TABLE Item (id INTEGER PRIMARY KEY, done BOOLEAN NOT NULL, n INT);
        INSERT INTO Item VALUES (1, 1, 2), (2, 0, 3);
        """

    static let nestedNots = "Item where " + String(repeating: "NOT ", count: 100) + "done == true"
    static let thousandAnds = "Item where " + (1...1000).map { "n == \($0) AND " }.joined() + "done == true"

    @Test(arguments: ["table", "csv", "json", "ndjson", "markdown", "vertical"])
    func aQueryTooComplexForSQLitePrintsNothingButTheError(_ format: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("items.sqlite", Self.items)
        for (query, reason) in [(Self.nestedNots, "parser stack overflow"),
                                (Self.thousandAnds, "expression tree is too large (maximum depth 1000)"),
                                ("\n  " + Self.nestedNots, "parser stack overflow")] {
            let result = try Self.runBounded(["query", db, query, "--format", format])
            #expect(result.status == 1)
            #expect(result.stdout == "", "\(format): \(result.stdout)")
            let place = query.hasPrefix("\n") ? "2:3" : "1:1"
            #expect(result.stderr == "strata: query \(place): SQLite cannot run this query: \(reason)\n", "\(result.stderr)")
        }
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
        let rows = browser.stdout.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows == ["3 one 30", "1 one 10"], "\(browser.stdout)")

        // An unpaired backtick inside is still an error, at the name's start.
        let bad = try Self.runBounded(["query", db, "`we``i where plain == 1"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "strata: query 1:1: unterminated name: missing closing `\n", "\(bad.stderr)")
    }

    // MARK: - Item 28: a bad date literal is named

    @Test func aDateWithAFiveDigitYearIsNamed() throws {
        let workspace = try Workspace()
        let db = try workspace.database("items.sqlite", Workspace.queryFixture)
        let result = try Self.runBounded(["query", db, "Item where due > 99999-01-01"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "strata: query 1:18: invalid date '99999-01-01' "
            + "(expected YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD@HH:MM:SS)\n", "\(result.stderr)")
    }
}
