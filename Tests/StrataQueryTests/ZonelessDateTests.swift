import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataQuery

/// Text dates without a zone (issue 16, defect 6), as Sakila's `rental_date` and Chinook's `InvoiceDate`
/// store them: read as SQLite's date functions read them, never moved by a time zone, and compared as SQLite
/// compares them. SQLite is the oracle throughout: `julianday`, and text comparison with the literal written
/// in the column's own shape.
@Suite struct ZonelessDateTests {
    // MARK: - Reading each stored shape

    /// A stored text and whether it names a zone. What it reads as is SQLite's `julianday`, in milliseconds.
    static let shapes: [(String, Bool)] = [
        ("2005-05-24", false),
        ("2005-05-24 22:53", false),
        ("2005-05-24 22:53:30", false),
        ("2005-05-24 22:53:30.123", false),
        ("2005-05-24 22:53:30.1", false),
        ("2005-05-24 22:53:30.123456", false),
        ("2005-05-24T22:53:30", false),
        ("2005-05-24T22:53", false),
        ("2005-05-24T22:53:30.123Z", true),
        ("2005-05-24T22:53:30Z", true),
        ("2005-05-24 22:53:30z", true),
        ("2005-05-25 03:00:00+05:30", true),
        ("2005-05-24T22:53:30.500-04:00", true),
        ("2005-05-24T00:00+14:00", true),
        ("2005-12-31 23:59:59.9994", false),
        ("2005-12-31T23:59:59.9995Z", true),
        ("2000-02-29 12:00:00", false),
        ("0000-01-01 00:00:00", false),
        ("9999-12-31 23:59:59.999", false),
    ]

    /// Milliseconds since 1970 as SQLite's `julianday` reads `text`, or nil when it reads no date.
    static func sqliteMilliseconds(_ text: String, _ connection: Connection) throws -> Int64? {
        try connection.scalar("SELECT CAST(round((julianday(?1) - 2440587.5) * 86400000.0) AS INTEGER)", [.text(text)]).int64
    }

    @Test(arguments: shapes)
    func readsEachShapeAsSQLiteDoes(_ text: String, _ hasZone: Bool) throws {
        let connection = try Connection(path: "", mode: .memory)
        let reading = try #require(ISODate.reading(text))
        #expect(reading.hasZone == hasZone)
        #expect(reading.milliseconds == (try Self.sqliteMilliseconds(text, connection)))
        #expect(DateStorage.isoText.milliseconds(.text(text)) == reading.milliseconds)
    }

    /// Hostile stored text: none is a date, none crashes, each counts as nil in a comparison.
    static let notDates: [String] = [
        "", "2005", "2005-05-2", "2005-05-24 22", "2005-05-24 22:5", "2005-05-24 24:00", "2005-05-24T22:53:30.",
        "2005-05-24 22:53:30+05:3", "2005-05-24 22:53:30+25:00", "2005-05-24 22:53:30 UTC", "2005-13-01", "2005-02-30",
        "2005-05-24\u{0}", "1234567-01-01", "02020-01-01", "+-2005-05-24", "2005-05-24T22:53:30." + String(repeating: "9", count: 100_000) + "+",
        String(repeating: "2005-05-24 ", count: 10_000),
    ]

    @Test(arguments: notDates)
    func hostileTextIsNoDate(_ text: String) {
        #expect(ISODate.reading(text) == nil)
    }

    // MARK: - Comparisons against SQLite

    /// Moments near the boundaries the literals below draw, each stored in every shape of `storedShapes`.
    static let moments: [Int64] = [
        1_116_975_210_000,  // 2005-05-24 22:53:30
        1_116_975_209_999, 1_116_975_210_001, 1_116_975_210_500,
        1_116_979_199_999,  // 2005-05-24 23:59:59.999
        1_116_979_200_000,  // 2005-05-25 00:00:00
        1_116_979_200_001, 1_116_979_260_000, 1_117_015_200_000, 1_117_065_600_000,
        1_116_959_400_000,  // 2005-05-24 18:30:00, midnight at +05:30
        1_116_892_799_999,  // 2005-05-23 23:59:59.999
        1_230_768_000_000,  // 2009-01-01 (Chinook)
    ]

    /// strftime formats and a suffix: the shapes the column holds, with and without a zone.
    static let storedShapes: [(String, String)] = [
        ("%Y-%m-%d", ""), ("%Y-%m-%d %H:%M", ""), ("%Y-%m-%d %H:%M:%S", ""), ("%Y-%m-%d %H:%M:%f", ""),
        ("%Y-%m-%dT%H:%M:%S", ""), ("%Y-%m-%dT%H:%M:%fZ", ""), ("%Y-%m-%dT%H:%M:%S", "+05:30"),
        ("%Y-%m-%d %H:%M:%S", "-04:00"),
    ]

    /// A Sakila-like table: `rental_date` a DATETIME column of text dates in every shape, `note` an untyped
    /// column of the same texts and of numbers, which are not text dates. Row ids are 1…n.
    static func fixture() throws -> (QueryFixture, count: Int) {
        let fixture = try QueryFixture(sql: "CREATE TABLE Rental (id INTEGER PRIMARY KEY, rental_date DATETIME, note);")
        var id: Int64 = 0
        for moment in moments {
            for (format, suffix) in storedShapes {
                id += 1
                try fixture.connection.execute(
                    "INSERT INTO Rental VALUES (?1, strftime(?2, ?3 / 1000.0, 'unixepoch') || ?4, strftime(?2, ?3 / 1000.0, 'unixepoch') || ?4)",
                    [.integer(id), .text(format), .integer(moment), .text(suffix)])
            }
        }
        try fixture.connection.execute(
            "INSERT INTO Rental VALUES (?1, NULL, 1116979200), (?2, 'not a date', 20050525), (?3, '2005-02-30 10:00:00', NULL)",
            [.integer(id + 1), .integer(id + 2), .integer(id + 3)])
        return (fixture, Int(id + 3))
    }

    /// A literal as a query writes it and as SQLite's date functions read it.
    static let literals: [(query: String, sqlite: String)] = [
        ("2005-05-25", "2005-05-25"),
        ("2005-05-24T22:53:30", "2005-05-24T22:53:30"),
        ("2005-05-24T22:53:30.500", "2005-05-24T22:53:30.500"),
        ("2005-05-24@22:53", "2005-05-24 22:53"),
        ("2005-05-25T00:00:00Z", "2005-05-25T00:00:00Z"),
        ("2005-05-25T05:30:00+05:30", "2005-05-25T05:30:00+05:30"),
        ("\"2005-05-24 22:53:30\"", "2005-05-24 22:53:30"),
        ("\"2005-05-24\"", "2005-05-24"),
    ]

    static let operators: [(query: String, sql: String)] = [
        ("<", "<"), ("<=", "<="), (">", ">"), (">=", ">="), ("==", "IS"), ("!=", "IS NOT"),
    ]

    /// The ids SQLite's own comparison finds, `$c` standing for the column read as a date: text that
    /// `julianday` reads, NULL otherwise (so `!=` holds for it, as Realm's `!=` does for nil). A day past its
    /// month's end (`2005-02-30`), which SQLite moves into the next month, is no date to Strata.
    static func oracle(_ fixture: QueryFixture, _ column: String, _ condition: String, _ arguments: [SQLiteValue]) throws -> [Int64] {
        let moment = "(CASE WHEN typeof(\(column)) = 'text' AND date(julianday(substr(\(column), 1, 10))) = substr(\(column), 1, 10) THEN julianday(\(column)) END)"
        return try fixture.connection.rows(
            "SELECT id FROM Rental WHERE " + condition.replacingOccurrences(of: "$c", with: moment) + " ORDER BY id", arguments
        ).compactMap { $0[0].int64 }
    }

    @Test(arguments: ["rental_date", "note"])
    func comparesAsSQLiteJuliandayDoes(_ column: String) throws {
        let (fixture, count) = try Self.fixture()
        var compared = 0
        for literal in Self.literals {
            for op in Self.operators {
                let keys = try fixture.keys("Rental where \(column) \(op.query) \(literal.query)")
                let expected: [Int64]
                if column == "note" && literal.query.hasPrefix("\"") {
                    // An untyped property compares a string as a string, byte by byte, with text only.
                    let text = op.sql.hasPrefix("IS") ? "note \(op.sql) ?1" : "typeof(note) = 'text' AND note \(op.sql) ?1"
                    expected = try Self.oracle(fixture, column, text, [.text(literal.sqlite)])
                } else {
                    expected = try Self.oracle(fixture, column, "$c \(op.sql) julianday(?1)", [.text(literal.sqlite)])
                    #expect(!expected.isEmpty && expected.count < count, "\(column) \(op.query) \(literal.query) tells nothing")
                }
                #expect(keys == expected, "\(column) \(op.query) \(literal.query)")
                compared += 1
            }
        }
        let between = try fixture.keys("Rental where \(column) BETWEEN {2005-05-24T22:53:30, 2005-05-25}")
        #expect(between == (try Self.oracle(fixture, column, "$c BETWEEN julianday(?1) AND julianday(?2)",
                                            [.text("2005-05-24T22:53:30"), .text("2005-05-25")])))
        let inList = try fixture.keys("Rental where \(column) IN {2005-05-25, 2009-01-01, nil}")
        #expect(inList == (try Self.oracle(fixture, column, "$c IN (julianday(?1), julianday(?2)) OR \(column) IS NULL",
                                           [.text("2005-05-25"), .text("2009-01-01")])))
        let parameter = try fixture.keys("Rental where \(column) > $0", ["2005-05-25"])
        if column == "rental_date" {
            #expect(parameter == (try Self.oracle(fixture, column, "$c > julianday(?1)", [.text("2005-05-25")])))
        }
        #expect(compared == Self.literals.count * Self.operators.count)
    }

    /// In a column that holds one zoneless shape, as Sakila's does, a query finds what SQLite's plain text
    /// comparison finds once the literal is written in that shape: what a user copying a shown value into
    /// `SELECT … WHERE rental_date > '…'` finds.
    @Test(arguments: ["%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"])
    func comparesAsSQLiteTextInTheColumnsShape(_ shape: String) throws {
        let fixture = try QueryFixture(sql: "CREATE TABLE Rental (id INTEGER PRIMARY KEY, rental_date DATETIME NOT NULL);")
        for (index, moment) in Self.moments.enumerated() {
            try fixture.connection.execute("INSERT INTO Rental VALUES (?1, strftime(?2, ?3 / 1000.0, 'unixepoch'))",
                                           [.integer(Int64(index + 1)), .text(shape), .integer(moment)])
        }
        let literals = ["2005-05-25", "2005-05-24T22:53:30", "2005-05-24T18:30:00", "2009-01-01T00:00:00"]
        for literal in literals {
            // Only literals the shape can hold: a date alone holds no time of day.
            let shaped = try fixture.connection.scalar("SELECT julianday(strftime(?1, ?2)) = julianday(?2)", [.text(shape), .text(literal)])
            guard shaped.int64 == 1 else { continue }
            for op in Self.operators {
                let keys = try fixture.keys("Rental where rental_date \(op.query) \(literal)")
                let text = try fixture.connection.rows(
                    "SELECT id FROM Rental WHERE rental_date \(op.sql) strftime(?1, ?2) ORDER BY id", [.text(shape), .text(literal)]
                ).compactMap { $0[0].int64 }
                #expect(keys == text, "\(shape): rental_date \(op.query) \(literal)")
            }
        }
    }

    /// A shown zoneless value, copied into a query, finds its row, and only the rows stored at that moment.
    @Test func aShownValueFindsItsRow() throws {
        let (fixture, _) = try Self.fixture()
        let stored = try fixture.connection.rows("SELECT id, rental_date FROM Rental WHERE rental_date NOT LIKE '%Z' AND rental_date NOT LIKE '%:__:%+%' AND rental_date NOT LIKE '%:__:%-%'")
        try #require(stored.count > 40)
        for row in stored {
            guard let id = row[0].int64, let text = row[1].string, let moment = ISODate.parse(text) else { continue }
            let keys = try fixture.keys("Rental where rental_date == \"\(text)\"")
            #expect(keys.contains(id), "\(text)")
            let same = try fixture.connection.rows("SELECT id FROM Rental ORDER BY id").compactMap { $0[0].int64 }.filter { other in
                (try? fixture.connection.scalar("SELECT rental_date FROM Rental WHERE id = ?1", [.integer(other)]).string)
                    .flatMap { $0 }.flatMap(ISODate.parse) == moment
            }
            #expect(keys == same, "\(text)")
        }
    }

    // MARK: - Bad literals

    static let refused: [(String, String)] = [
        ("Rental where rental_date > 2005-05-25T10:00:00+05:3", "invalid date '2005-05-25T10:00:00+05:3'"),
        ("Rental where rental_date > \"2005-05-25 25:00\"", "'2005-05-25 25:00', which is not an ISO 8601 date"),
        ("Rental where rental_date > \"\(String(repeating: "9", count: 5000))\"", "which is not an ISO 8601 date"),
        ("Rental where rental_date BETWEEN {2005-05-25}", "expected ',' but found '}'"),
        ("Rental where rental_date BETWEEN {2005-05-25, nil}", "BETWEEN needs two values that are not nil"),
        ("Rental where rental_date > 42", "cannot compare 'rental_date', a date, with a number"),
        ("Rental where rental_date > x'00'", "cannot compare 'rental_date', a date, with data"),
    ]

    @Test(arguments: refused)
    func refusesABadLiteralOnOneLine(_ query: String, _ message: String) throws {
        let (fixture, _) = try Self.fixture()
        do {
            _ = try fixture.compile(query)
            Issue.record("compiled \(query)")
        } catch let error as QueryError {
            #expect(error.message.contains(message) && !error.message.contains("\n"), "\(error)")
        }
    }

    @Test func aHugeFractionInALiteralIsRoundedToTheNanosecond() throws {
        let (fixture, _) = try Self.fixture()
        let keys = try fixture.keys("Rental where rental_date == 2005-05-24T22:53:30.0009" + String(repeating: "9", count: 10_000))
        #expect(keys == (try Self.oracle(fixture, "rental_date", "$c IS julianday(?1)", [.text("2005-05-24T22:53:30.001")])))
    }
}
