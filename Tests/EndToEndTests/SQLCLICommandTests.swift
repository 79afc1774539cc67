import Foundation
import SQLiteKit
import Testing

/// `strata sql FILE STATEMENT`: read-only SQL from the command line, in every format, with `--arg`, refusing
/// what the browser's `sql` refuses (same words, file untouched), and quiet when its reader goes away.
@Suite struct SQLCLICommandTests {
    /// One row of each kind of value: integer, text, NULL, a blob, a real.
    static let mixed = "SELECT id, name, NULL AS missing, x'00ff' AS bytes, id + 0.5 AS half FROM Task ORDER BY id"

    static func database() throws -> (Workspace, String) {
        let workspace = try Workspace()
        return (workspace, try workspace.database("app.sqlite", Workspace.tasks))
    }

    @Test func csvIsEveryRowAsStored() throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let result = try StrataProcess.run(["sql", db, Self.mixed, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        // RFC 4180: lines end in CRLF.
        let lines = result.stdout.components(separatedBy: "\r\n")
        #expect(lines.first == "id,name,missing,bytes,half")
        #expect(lines.count == 5 && lines.last == "", "\(lines)")
        // NULL is an empty field, the blob its base64 (00ff), the real as SQLite computed it.
        #expect(lines.dropFirst().first == "1,Buy milk,,AP8=,1.5")
        #expect(lines.dropFirst(3).first == "3,Bike,,AP8=,3.5")
    }

    @Test(arguments: ["json", "ndjson"]) func jsonHasTypedValues(_ format: String) throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let result = try StrataProcess.run(["sql", db, Self.mixed, "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        let objects: [[String: Any]]
        if format == "json" {
            objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        } else {
            objects = try result.stdout.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
        #expect(objects.count == 3)
        let first = try #require(objects.first)
        #expect(first["id"] as? Int == 1)
        #expect(first["name"] as? String == "Buy milk")
        #expect(first["missing"] is NSNull)
        #expect(first["bytes"] as? String == "AP8=")
        #expect(first["half"] as? Double == 1.5)
        #expect(objects.map { $0["name"] as? String } == ["Buy milk", "Call Bob", "Bike"])
    }

    @Test(arguments: ["table", "vertical", "markdown"]) func textFormatsShowValuesAsTheBrowsersSQLDoes(_ format: String) throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let result = try StrataProcess.run(["sql", db, Self.mixed, "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        let browser = try StrataProcess.run([db], input: "sql \(Self.mixed)\n")
        #expect(browser.status == 0, "\(browser.stderr)")
        // The same cells in both: NULL as nil, the blob by its size and bytes, the real as stored.
        for cell in ["nil", "<2 bytes> 00ff", "1.5", "Call Bob"] {
            #expect(browser.stdout.contains(cell), "the browser's sql shows no '\(cell)': \(browser.stdout)")
            #expect(result.stdout.contains(cell), "\(format) shows no '\(cell)': \(result.stdout)")
        }
        switch format {
        case "table":
            let header = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(header.split(separator: " ", omittingEmptySubsequences: true) == ["id", "name", "missing", "bytes", "half"])
            #expect(result.stdout.split(separator: "\n").count == 4)
        case "vertical":
            #expect(result.stdout.contains("row #3"), "\(result.stdout)")
        default:
            #expect(result.stdout.hasPrefix("| id | name | missing | bytes | half |\n"), "\(result.stdout)")
        }
    }

    @Test func argBindsPositionalParametersAsNumbersOrText() throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let found = try StrataProcess.run(["sql", db, "SELECT name FROM Task WHERE id = ?1 OR name = ?2 ORDER BY id",
                                           "--arg", "2", "--arg", "Bike", "--format", "csv"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout == "name\r\nCall Bob\r\nBike\r\n")
        let types = try StrataProcess.run(["sql", db, "SELECT typeof(?1), typeof(?2), typeof(?3), typeof(?4), ?4",
                                           "--arg", "7", "--arg", "007", "--arg", "2.5", "--arg", "O'Brien", "--format", "ndjson"])
        #expect(types.status == 0, "\(types.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(types.stdout.utf8)) as? [String: Any])
        #expect(object["typeof(?1)"] as? String == "integer")
        #expect(object["typeof(?2)"] as? String == "text")
        #expect(object["typeof(?3)"] as? String == "real")
        #expect(object["?4"] as? String == "O'Brien")
    }

    /// Too few or too many values: one line, exit 1, nothing on stdout.
    @Test(arguments: [
        (["SELECT ?1, ?2", "--arg", "1"], "strata: the statement takes 2 parameters (?1 to ?2), but 1 --arg was given\n"),
        (["SELECT 1", "--arg", "1"], "strata: the statement takes no parameters, but 1 --arg was given\n"),
        (["SELECT ?1", "--arg", "1", "--arg", "2"], "strata: the statement takes 1 parameter (?1), but 2 --arg were given\n"),
    ])
    func argCountMustMatch(_ arguments: [String], _ message: String) throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let result = try StrataProcess.run(["sql", db] + arguments)
        #expect(result.status == 1)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
    }

    /// Refused with the browser's own message, before anything runs: the file keeps its bytes and time.
    @Test(arguments: [
        "DELETE FROM Task", "INSERT INTO Tag VALUES ('x', NULL)", "PRAGMA foreign_keys = OFF", "BEGIN",
        "ATTACH ':memory:' AS other", "VACUUM", "SELECT 1; DELETE FROM Task", "CREATE TEMP TABLE t (x)",
        "PRAGMA user_version = 3", "DROP TABLE Tag",
    ])
    func writesAreRefusedAsInTheBrowser(_ statement: String) throws {
        let (workspace, db) = try Self.database()
        let before = try workspace.fingerprint("app.sqlite")
        let listing = try workspace.listing()
        let result = try StrataProcess.run(["sql", db, statement])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.hasPrefix("strata: sql only reads: "), "\(result.stderr)")
        let browser = try StrataProcess.run([db], input: "sql \(statement)\n")
        #expect(browser.stderr == "error: " + result.stderr.dropFirst("strata: ".count), "the browser says otherwise")
        let after = try workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1, "the file changed")
        #expect(try workspace.listing() == listing)
    }

    @Test(arguments: ["SELEC name FROM Task", "SELECT nothing FROM Task", "SELECT * FROM NoSuchTable", "SELECT (", "",
                      "-- only a comment", "SELECT ?99999999999", "SELECT zeroblob(2000000000)",
                      "SELECT x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c) WHERE x = 'a' + "])
    func badStatementsAreOneLine(_ statement: String) throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let result = try StrataProcess.run(["sql", db, "--format", "json", "--", statement])
        #expect(result.status == 1)
        #expect(result.stdout == "", "nothing, not even '[', before the error")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.hasPrefix("strata: "), "\(result.stderr)")
        #expect(result.stderr == result.stderr.lowercased() || result.stderr.contains(db), "\(result.stderr)")
    }

    @Test func aMissingFileIsNotCreated() throws {
        let workspace = try Workspace()
        let missing = workspace.file("missing.sqlite")
        let result = try StrataProcess.run(["sql", missing, "SELECT 1"])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: no such file: \(missing)\n")
        #expect(try workspace.listing().isEmpty)
    }

    @Test func aLockedFileWaitsForTimeout() throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let holder = try Connection(path: db, mode: .readWrite)
        try holder.execute("BEGIN EXCLUSIVE; INSERT INTO Tag VALUES ('x', NULL)")
        let result = try StrataProcess.run(["sql", db, "SELECT count(*) FROM Tag", "--timeout", "0.2"])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: database is locked by another process: \(db) (waited 0.2 s; see --timeout)\n")
        try holder.execute("ROLLBACK")
        let after = try StrataProcess.run(["sql", db, "SELECT count(*) AS n FROM Tag", "--format", "csv"])
        #expect(after.stdout == "n\r\n2\r\n")
    }

    /// A statement that finds nothing: the header alone (table, csv), `[]` (json), nothing (ndjson); exit 0.
    @Test(arguments: [("table", "cid  name  type  notnull  dflt_value  pk\n"), ("csv", "cid,name,type,notnull,dflt_value,pk\r\n"),
                      ("json", "[]\n"), ("ndjson", "")])
    func aStatementThatFindsNothing(_ format: String, _ expected: String) throws {
        let (workspace, db) = try Self.database()
        defer { withExtendedLifetime(workspace) {} }
        let result = try StrataProcess.run(["sql", db, "PRAGMA table_info(NoSuchTable)", "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
        #expect(result.stderr == "")
    }

    /// `| head -1`: strata stops at the closed pipe, quietly and with status 0, long before the rows run out.
    @Test func aClosedStdoutEndsQuietly() throws {
        let (workspace, db) = try Self.database()
        let status = workspace.file("status")
        let statement = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, 'row ' || x AS label FROM c"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "{ \"$0\" sql \"$1\" \"$2\" --format csv; echo $? > \"$3\"; } | head -1",
                           StrataProcess.binary, db, statement, status]
        let out = Pipe(), err = Pipe()
        shell.standardOutput = out
        shell.standardError = err
        shell.standardInput = FileHandle.nullDevice
        try shell.run()
        let result = StrataProcess.finish(shell, out, err)
        #expect(result.stdout == "x,label\r\n")
        #expect(result.stderr == "")
        #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n")
    }

    @Test func helpDescribesSQLAndTheOverviewCallsItReadOnly() throws {
        let help = try StrataProcess.run(["help", "sql"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage:\n  strata sql FILE STATEMENT [--format FORMAT] [--arg VALUE] [--width N] [--timeout SECONDS]"),
                "\(help.stdout)")
        let overview = try StrataProcess.run(["--help"])
        #expect(overview.stdout.contains("query, sql and get open files read-only"))
    }
}
