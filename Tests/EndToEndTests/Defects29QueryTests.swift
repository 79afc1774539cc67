import Foundation
import Testing

/// Issue 29's query and output items, through the built binary: dates beyond years 0–9999 (item 7), exact
/// `DECIMAL TEXT` (item 8), a Mixed's Decimal128 and ObjectId (item 9), every digit of a text timestamp (item 14)
/// and `[c]` operators that let SQLite narrow first (item 16).
@Suite struct Defects29QueryTests {
    static func query(_ db: String, _ text: String, _ extra: [String] = []) throws -> StrataProcess.Result {
        try StrataProcess.run(["query", db, text] + extra)
    }

    /// The first column of a `--format csv` answer, header left out.
    static func keys(_ result: StrataProcess.Result) -> [String] {
        result.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }.map { String($0.prefix { $0 != "," }) }
    }

    // MARK: - Item 7: dates beyond years 0–9999

    static func farDates(_ workspace: Workspace) throws -> String {
        try workspace.database("far.sqlite", """
            CREATE TABLE E (id INTEGER PRIMARY KEY, at DATETIME);
            INSERT INTO E (at) VALUES ('2020-01-01T00:00:00.000Z'), ('+10000-01-01T00:00:00.000Z'),
                ('-0002-06-01T00:00:00.000Z'), ('0001-01-01T00:00:00.000Z'), ('+275760-09-13T00:00:00.000Z');
            """)
    }

    /// `SORT(at ASC)` put +10000 first (text order), and `at > 9000-01-01` missed it: both read it as no date.
    @Test func datesBeyondYear9999SortAndCompareAsMoments() throws {
        let workspace = try Workspace()
        let db = try Self.farDates(workspace)
        let sorted = try Self.query(db, "E SORT(at ASC)", ["--format", "csv"])
        #expect(sorted.status == 0, "\(sorted.stderr)")
        #expect(Self.keys(sorted) == ["3", "4", "1", "2", "5"], "\(sorted.stdout)")
        let later = try Self.query(db, "E where at > 9000-01-01", ["--format", "csv"])
        #expect(Self.keys(later) == ["2", "5"], "\(later.stdout)")
        let earlier = try Self.query(db, "E where at < \"0000-01-01\"", ["--format", "csv"])
        #expect(Self.keys(earlier) == ["3"], "\(earlier.stdout)")
        let argument = try Self.query(db, "E where at == $0", ["--arg", "+10000-01-01", "--format", "csv"])
        #expect(Self.keys(argument) == ["2"], "\(argument.stdout) \(argument.stderr)")
        let newest = try Self.query(db, "E SORT(at DESC) LIMIT(1)", ["--format", "json"])
        #expect(newest.stdout.contains("\"+275760-09-13T00:00:00.000Z\""), "\(newest.stdout)")
    }

    // MARK: - Item 14: every digit of a text timestamp

    /// Calibre's `2021-11-09 11:41:52.207729+00:00` was written `2021-11-09T11:41:52.208Z` by `--format json`.
    @Test func exportsKeepEveryDigitOfATextTimestamp() throws {
        let workspace = try Workspace()
        let db = try workspace.database("calibre.sqlite", """
            CREATE TABLE books (id INTEGER PRIMARY KEY, last_modified TIMESTAMP);
            INSERT INTO books (last_modified) VALUES ('2021-11-09 11:41:52.207729+00:00'), ('2021-11-09 13:41:52.2077+02:00'),
                ('2021-11-09 11:41:52.207+00:00');
            """)
        let json = try Self.query(db, "books", ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"2021-11-09T11:41:52.207729Z\""), "\(json.stdout)")
        #expect(json.stdout.contains("\"2021-11-09T11:41:52.2077Z\""), "\(json.stdout)")
        #expect(json.stdout.contains("\"2021-11-09T11:41:52.207Z\""), "\(json.stdout)")
        let csv = try Self.query(db, "books where id == 1", ["--format", "csv"])
        #expect(csv.stdout.contains("1,2021-11-09T11:41:52.207729Z"), "\(csv.stdout)")
        let get = try StrataProcess.run(["get", db, "books", "1"])
        #expect(get.stdout.contains("2021-11-09T11:41:52.207729Z"), "\(get.stdout)")
    }
}
