import Foundation
import Testing

/// The browser driven by a script, as `strata db < script > out.csv` runs it: only results on stdout, an `sql`
/// result paged, shown in the mode and exported like any other, and class names in quotes.
@Suite struct BrowserScriptTests {
    /// CSV ends its lines with CRLF (RFC 4180): compared here as LF.
    func lf(_ text: String) -> String { text.replacingOccurrences(of: "\r\n", with: "\n") }

    static let chinook = """
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT NOT NULL, ArtistId INTEGER NOT NULL REFERENCES Artist(ArtistId));
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT NOT NULL, AlbumId INTEGER REFERENCES Album(AlbumId));
        CREATE TABLE InvoiceLine (InvoiceLineId INTEGER PRIMARY KEY, TrackId INTEGER NOT NULL REFERENCES Track(TrackId));
        CREATE TABLE "table/with/slashes.csv" (pk INTEGER PRIMARY KEY, content TEXT);
        CREATE TABLE "Table With Space In Name" (id INTEGER PRIMARY KEY, "First Name" TEXT);
        INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'Accept');
        INSERT INTO Album VALUES (1, 'For Those About To Rock', 1), (2, 'Restless', 2);
        INSERT INTO Track VALUES (1, 'Rock', 1), (2, 'Fast As a Shark', 2), (3, 'Restless and Wild', 2), (4, 'Orphan', NULL);
        INSERT INTO InvoiceLine VALUES (1, 3), (2, 3), (3, 1), (4, 3), (5, 2), (6, 1);
        INSERT INTO "table/with/slashes.csv" VALUES (3, 'hey'), (4, 'you');
        INSERT INTO "Table With Space In Name" VALUES (1, 'Ann'), (2, 'Bob');
        """

    /// Defect 4: with stdout a pipe, the echo of `mode csv` and the page headings go to stderr, so that the
    /// output is the CSV file a script asked for.
    @Test func aScriptsStdoutHoldsOnlyResults() throws {
        let workspace = try Workspace()
        let db = try workspace.database("chinook.sqlite", Self.chinook)
        let result = try StrataProcess.run([db], input: "mode csv\nTrack where AlbumId != nil\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lf(result.stdout) == """
            TrackId,Name,AlbumId
            1,Rock,1
            2,Fast As a Shark,2
            3,Restless and Wild,2

            """)
        #expect(result.stderr.contains("mode csv") && result.stderr.contains("Track where AlbumId != nil · page 1"), "\(result.stderr)")
    }

    /// Defect 2: an `sql` result is shown in the current mode, exported (not the result before it), and paged.
    @Test func anSQLResultIsAResultLikeAnyOther() throws {
        let workspace = try Workspace()
        let db = try workspace.database("chinook.sqlite", Self.chinook)
        let exported = workspace.file("sold.csv")
        let script = """
            mode csv
            Artist
            sql SELECT TrackId, count(*) AS sold FROM InvoiceLine GROUP BY TrackId ORDER BY sold DESC, TrackId
            export \(exported)
            count
            """
        let result = try StrataProcess.run([db], input: script + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lf(result.stdout) == "ArtistId,Name\n1,AC/DC\n2,Accept\nTrackId,sold\n3,3\n1,2\n2,1\n3 rows\n", "\(result.stdout)")
        #expect(lf(try String(contentsOfFile: exported, encoding: .utf8)) == "TrackId,sold\n3,3\n1,2\n2,1\n")
        #expect(result.stderr.contains("exported 3 rows to \(exported)"), "\(result.stderr)")

        // 45 rows, 20 a page: paged by position, counted, and no objects to open.
        let paged = try StrataProcess.run([db], input: """
            mode csv
            sql WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 45) SELECT i FROM c
            next
            last
            prev
            page 3
            count
            next
            page 4
            open #1

            """)
        #expect(paged.status == 1)
        let numbers = { (range: ClosedRange<Int>) in "i\n" + range.map { "\($0)\n" }.joined() }
        #expect(lf(paged.stdout) == numbers(1...20) + numbers(21...40) + numbers(41...45) + numbers(21...40) + numbers(41...45) + "45 rows\n",
                "\(paged.stdout)")
        #expect(paged.stderr.contains("· page 2 of 3 · 45 rows"), "\(paged.stderr)")
        #expect(paged.stderr.contains("error: already on the last page"), "\(paged.stderr)")
        #expect(paged.stderr.contains("error: there is no page 4: the last is page 3"), "\(paged.stderr)")
        #expect(paged.stderr.contains("error: an sql result holds rows, not objects"), "\(paged.stderr)")
    }

    /// Defect 5: class and property names in double (or single) quotes, in a query and in the browser.
    @Test func quotedClassNamesWorkAsInSQLite() throws {
        let workspace = try Workspace()
        let db = try workspace.database("chinook.sqlite", Self.chinook)
        let query = try StrataProcess.run(["query", db, "\"table/with/slashes.csv\" where content == \"you\"", "--format", "csv"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(lf(query.stdout) == "pk,content\n4,you\n")
        let spaced = try StrataProcess.run(["query", db, "\"Table With Space In Name\" where \"First Name\" == \"Bob\"", "--format", "csv"])
        #expect(lf(spaced.stdout) == "id,First Name\n2,Bob\n", "\(spaced.stderr)")
        let browser = try StrataProcess.run([db], input: "mode csv\n\"Table With Space In Name\" SORT('First Name' DESC)\nopen \"Table With Space In Name\" 1\n")
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(lf(browser.stdout).hasPrefix("id,First Name\n2,Bob\n1,Ann\n"), "\(browser.stdout)")
        #expect(browser.stdout.contains("First Name  Ann"), "\(browser.stdout)")
    }

    /// SHOW from the command line: the columns asked for, through links and backlinks, with a link's target
    /// named in a table but not in csv.
    @Test func showPicksTheColumns() throws {
        let workspace = try Workspace()
        let db = try workspace.database("chinook.sqlite", Self.chinook)
        let query = "Track SORT(sold DESC) LIMIT(3) SHOW(Name, AlbumId.Title AS album, AlbumId.ArtistId.Name AS artist, "
            + "@links.InvoiceLine.TrackId.@count AS sold)"
        let csv = try StrataProcess.run(["query", db, query, "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(lf(csv.stdout) == """
            Name,album,artist,sold
            Restless and Wild,Restless,Accept,3
            Rock,For Those About To Rock,AC/DC,2
            Fast As a Shark,Restless,Accept,1

            """)
        let links = try StrataProcess.run(["query", db, "Track SHOW(Name, AlbumId)", "--format", "table"])
        #expect(links.stdout == """
            Name               AlbumId
            Rock               1 "For Those About To Rock"
            Fast As a Shark    2 "Restless"
            Restless and Wild  2 "Restless"
            Orphan             nil

            """, "\(links.stdout)")
        let vertical = try StrataProcess.run(["query", db, "Album where AlbumId == 2", "--format", "vertical"])
        #expect(vertical.stdout.contains("ArtistId  → Artist 2 \"Accept\""), "\(vertical.stdout)")
        let json = try StrataProcess.run(["query", db, "Track where TrackId == 1 SHOW(AlbumId AS album)", "--format", "json"])
        #expect(json.stdout == "[\n  {\"album\":1}\n]\n", "\(json.stdout)")
        // The browser's export writes the columns SHOW asked for, and open #N still opens the object.
        let exported = workspace.file("shown.json")
        let browser = try StrataProcess.run([db], input: "Track where AlbumId.ArtistId.Name == \"Accept\" SHOW(Name, AlbumId.Title AS album)\n"
                                            + "export \(exported)\nopen #2\n")
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(try String(contentsOfFile: exported, encoding: .utf8)
                == "[\n  {\"Name\":\"Fast As a Shark\",\"album\":\"Restless\"},\n  {\"Name\":\"Restless and Wild\",\"album\":\"Restless\"}\n]\n")
        #expect(browser.stdout.contains("Track 3\n"), "\(browser.stdout)")
        let bad = try StrataProcess.run(["query", db, "Track SHOW(Name, Name)"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "strata: query 1:18: SHOW has two columns named 'Name'; name one of them with AS\n")
    }

    /// Values of 1 MB: pages and object views hold their first bytes only (the memory bound of
    /// `StandingHostileTests` holds them to it at 200 MB), shown as the whole values would be; the JSON and CSV
    /// modes and `get --format json` give them whole, a page shown before in a table included.
    @Test func hugeValuesAreShownShortAndWrittenWhole() throws {
        let workspace = try Workspace()
        let size = 1_000_000
        let db = try workspace.database("big.sqlite", """
            CREATE TABLE Note (id INTEGER PRIMARY KEY, body TEXT, data BLOB);
            INSERT INTO Note VALUES (1, printf('%.\(size)c', 'x') || 'END', zeroblob(\(size)));
            """)
        let before = try workspace.fingerprint("big.sqlite")
        let body = String(repeating: "x", count: size) + "END"
        let data = Data(count: size).base64EncodedString()

        let table = try StrataProcess.run([db], input: "Note\nopen #1\nsql SELECT body, data FROM Note\n")
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.utf8.count < 30_000 && !table.stdout.contains("END"), "\(table.stdout.utf8.count) bytes")
        #expect(table.stdout.components(separatedBy: "<\(size) bytes> 0000000000000000…").count == 4, "\(table.stdout.prefix(2000))")
        #expect(table.stdout.components(separatedBy: "xxx…").count == 4)

        // JSON after the table, by `back` (the page read again whole) and by `first`; then an sql result in CSV.
        let script = "Note\nopen #1\nmode json\nback\nfirst\nmode csv\nsql SELECT body, data FROM Note\n"
        let whole = try StrataProcess.run([db], input: script)
        #expect(whole.status == 0, "\(whole.stderr)")
        let jsonRow = "{\"id\":1,\"body\":\"\(body)\",\"data\":\"\(data)\"}"
        #expect(whole.stdout.components(separatedBy: jsonRow).count == 3, "\(whole.stdout.utf8.count) bytes")
        #expect(lf(whole.stdout).hasSuffix("body,data\n\(body),\(data)\n"))

        let get = try StrataProcess.run(["get", db, "Note", "1", "--format", "json"])
        #expect(get.status == 0 && get.stdout.contains("\"body\": \"\(body)\"") && get.stdout.contains("\"data\": \"\(data)\""),
                "\(get.stdout.prefix(300))")
        let getText = try StrataProcess.run(["get", db, "Note", "1"])
        #expect(getText.status == 0 && getText.stdout.contains("<\(size) bytes> 0000000000000000…") && !getText.stdout.contains("END"))
        let after = try workspace.fingerprint("big.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
    }
}
