import Foundation
import SQLiteKit
import Testing

/// Dates in a Sakila-like database (issue 16, defect 6), through the built binary: text without a zone is
/// shown and exported as stored, whatever the time zone Strata runs in; queries find what SQLite finds; a
/// narrow grid, in `query` and in the browser, shows every date whole.
@Suite struct DateOutputTests {
    static let sakila = """
        CREATE TABLE rental (rental_id INTEGER PRIMARY KEY, rental_date DATETIME NOT NULL, customer_id INTEGER NOT NULL,
                             return_date DATETIME, last_update TIMESTAMP NOT NULL);
        INSERT INTO rental VALUES
            (1, '2005-05-24 22:53:30', 130, '2005-05-26 22:04:30', '2006-02-15 21:30:53'),
            (2, '2005-05-24 22:54:33', 459, '2005-05-28 19:40:33', '2006-02-15 21:30:53'),
            (3, '2005-05-24 23:03:39', 408, '2005-06-01 22:12:39', '2006-02-15 21:30:53'),
            (4, '2005-05-25 00:00:00', 333, NULL, '2006-02-15 21:30:53'),
            (5, '2005-05-25 00:00:01', 222, '2005-06-02 04:33:21', '2006-02-15 21:30:53'),
            (6, '2005-05-25 11:30:37', 549, '2005-05-27 01:32:07', '2006-02-15 21:30:53'),
            (7, '2005-05-25T18:00:00+05:30', 1, '2005-05-26T00:00:00Z', '2006-02-15 21:30:53');
        """

    static let zones = ["UTC", "America/New_York", "Asia/Kolkata"]

    /// The rows as SQLite holds them, each value as text (NULL as nil).
    static func stored(_ db: String, _ sql: String = "SELECT * FROM rental ORDER BY rental_id") throws -> [[String?]] {
        let connection = try Connection(path: db, mode: .readOnly)
        return try connection.rows(sql).map { row in
            row.map { value -> String? in
                switch value {
                case .null: nil
                case .integer(let number): String(number)
                default: value.string
                }
            }
        }
    }

    /// `rental_date` and `return_date` (columns 1 and 3) as SQLite's `strftime` shows them in UTC for the
    /// one row stored with zones.
    static func expectedCSV(_ db: String) throws -> String {
        let connection = try Connection(path: db, mode: .readOnly)
        var rows = try stored(db)
        for (index, row) in rows.enumerated() {
            for column in [1, 3] {
                guard let text = row[column], text.hasSuffix("Z") || text.hasSuffix("+05:30") else { continue }
                rows[index][column] = try connection.scalar("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?1)", [.text(text)]).string
            }
        }
        return "rental_id,rental_date,customer_id,return_date,last_update\r\n"
            + rows.map { $0.map { $0 ?? "" }.joined(separator: ",") + "\r\n" }.joined()
    }

    @Test func csvAndJSONShowZonelessDatesAsStoredInEveryZone() throws {
        let workspace = try Workspace()
        let db = try workspace.database("sakila.db", Self.sakila)
        let csv = try Self.expectedCSV(db)
        #expect(csv.contains("\r\n1,2005-05-24 22:53:30,130,2005-05-26 22:04:30,2006-02-15 21:30:53\r\n"))
        #expect(csv.contains("\r\n7,2005-05-25T12:30:00.000Z,1,2005-05-26T00:00:00.000Z,"))
        for zone in Self.zones {
            let result = try StrataProcess.run(["query", db, "rental", "--format", "csv"], environment: ["TZ": zone])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == csv, "TZ=\(zone)")
            let json = try StrataProcess.run(["query", db, "rental", "--format", "json"], environment: ["TZ": zone])
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let dates = objects.map { $0["rental_date"] as? String }
            #expect(dates == (try Self.stored(db, "SELECT CASE WHEN rental_id = 7 THEN '2005-05-25T12:30:00.000Z' ELSE rental_date END FROM rental ORDER BY rental_id").map { $0[0] }))
        }
    }

    @Test func theTableShowsWhatIsStored() throws {
        let workspace = try Workspace()
        let db = try workspace.database("sakila.db", Self.sakila)
        let result = try StrataProcess.run(["query", db, "rental"], environment: ["TZ": "Asia/Kolkata"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  2005-05-24 22:53:30  "))
        #expect(result.stdout.contains("  2005-05-25 00:00:00  "))
        #expect(!result.stdout.contains("2005-05-24T22:53:30.000Z"))
    }

    /// Comparison literals against SQLite on the same file: text comparison with the literal in the
    /// column's shape, and `julianday` for the row stored with a zone.
    static let queries: [(String, String)] = [
        ("rental where rental_date > 2005-05-25", "julianday(rental_date) > julianday('2005-05-25')"),
        ("rental where rental_date >= 2005-05-25", "julianday(rental_date) >= julianday('2005-05-25')"),
        ("rental where rental_date < 2005-05-24T23:00", "rental_date < '2005-05-24 23:00:00'"),
        ("rental where rental_date == \"2005-05-25 00:00:00\"", "rental_date = '2005-05-25 00:00:00'"),
        ("rental where rental_date BETWEEN {2005-05-24T22:54:33, 2005-05-25}", "rental_date BETWEEN '2005-05-24 22:54:33' AND '2005-05-25 00:00:00'"),
        ("rental where return_date < 2005-05-27", "julianday(return_date) < julianday('2005-05-27')"),
        ("rental where rental_date > 2005-05-25T12:00:00Z", "julianday(rental_date) > julianday('2005-05-25T12:00:00Z')"),
    ]

    @Test(arguments: queries)
    func queriesFindWhatSQLiteFinds(_ query: String, _ condition: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("sakila.db", Self.sakila)
        let expected = try Self.stored(db, "SELECT rental_id FROM rental WHERE \(condition) ORDER BY rental_id").map { $0[0] ?? "" }
        #expect(!expected.isEmpty)
        for zone in Self.zones {
            let result = try StrataProcess.run(["query", db, query, "--format", "csv"], environment: ["TZ": zone])
            #expect(result.status == 0, "\(result.stderr)")
            let keys = result.stdout.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
            #expect(keys == expected, "TZ=\(zone): \(query)")
        }
    }

    @Test func aBadDateLiteralIsOneLineAndStatusOne() throws {
        let workspace = try Workspace()
        let db = try workspace.database("sakila.db", Self.sakila)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try StrataProcess.run(["query", db, "rental where rental_date > 2005-05-25T25:00"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("invalid date '2005-05-25T25:00'"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    /// The cells of a grid's lines that begin with a year; each must be a whole date in a form Strata
    /// shortens to (`YYYY-MM-DD`, `… HH:MM`, `… HH:MM:SS`, or as long as stored), never cut with `…`.
    static func dateCells(_ text: String) -> [String] {
        text.split(separator: "\n").flatMap { line in
            line.split(separator: "  ").map { String($0.drop { $0 == " " }) }.filter { cell in
                cell.count >= 5 && cell.prefix(4).allSatisfy(\.isNumber) && cell.dropFirst(4).first == "-"
            }
        }
    }

    static func isWholeDate(_ cell: String, of stored: Set<String>) -> Bool {
        stored.contains { $0 == cell || ($0.hasPrefix(cell) && [10, 16, 19].contains(cell.count)) }
    }

    @Test func aNarrowGridShowsEveryDateWhole() throws {
        let workspace = try Workspace()
        let db = try workspace.database("sakila.db", Self.sakila)
        let dates = Set(try Self.stored(db, "SELECT rental_date, return_date, last_update FROM rental WHERE rental_id < 7").flatMap { $0 }.compactMap { $0 })
        let query = try StrataProcess.run(["query", db, "rental where rental_id < 7"], environment: ["COLUMNS": "60"])
        let browser = try StrataProcess.run([db], input: "width 60\nrental where rental_id < 7\n")
        for (what, result) in [("query", query), ("browser", browser)] {
            #expect(result.status == 0, "\(result.stderr)")
            let cells = Self.dateCells(result.stdout)
            #expect(cells.count == 17, "\(what):\n\(result.stdout)")
            for cell in cells {
                #expect(Self.isWholeDate(cell, of: dates), "\(what) cut '\(cell)':\n\(result.stdout)")
            }
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 }, "\(what):\n\(result.stdout)")
        }
    }
}
