import Foundation
import SQLiteKit
import Testing
import StrataTestSupport
@testable import StrataQuery
@testable import StrataCore

/// `page N` straight after a class is shown, before any census or count: the key before the page is
/// found by OFFSET over the keys (from the start, or from the end once a whole table was counted first
/// because its rowids put the page near its end), and the page must hold exactly the objects that
/// SQLite's own `ORDER BY key LIMIT size OFFSET (N - 1) * size` gives, whatever the keys look like.
@Suite struct DeepPageTests {
    static let pageSize = 7

    /// Each class with the SQL that lists its keys in key order: the oracle.
    static let classes: [(name: String, keys: String)] = [
        ("Dense", "SELECT id FROM Dense ORDER BY id"),
        ("Gappy", "SELECT id FROM Gappy ORDER BY id"),
        ("Extreme", "SELECT id FROM Extreme ORDER BY id"),
        ("Bare", "SELECT rowid FROM Bare ORDER BY rowid"),
        ("Loose", "SELECT k FROM Loose ORDER BY k"),
        ("Code", "SELECT code FROM Code ORDER BY code"),
        ("Pair", "SELECT a, b FROM Pair ORDER BY a, b"),
        ("Dense where v > 300", "SELECT id FROM Dense WHERE v > 300 ORDER BY id"),
        ("Single", "SELECT id FROM Single ORDER BY id"),
        ("Empty", "SELECT id FROM Empty ORDER BY id"),
    ]

    static let sql = PagingFixture.sql

    /// A database file and a session on it, with another connection for a background census.
    final class Fixture {
        let path = NSTemporaryDirectory() + "strata-deep-page-\(UUID().uuidString).sqlite"
        let session: DatabaseSession

        init() throws {
            let writer = try Connection(path: path, mode: .create)
            try writer.execute(DeepPageTests.sql)
            let connection = try Connection(path: path, mode: .readOnly)
            var reader = SchemaReader(connection: connection)
            let path = self.path
            session = try DatabaseSession(connection: connection, schema: try reader.read(), path: path,
                                          openAnother: { try Connection(path: path, mode: .readOnly) })
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func browser(_ text: String) throws -> ResultPager {
            try ResultPager(query: try QueryParser.parse(text), text: text, title: text, pageSize: DeepPageTests.pageSize,
                        session: session)
        }

        /// The keys in key order, as SQLite lists them.
        func keys(_ sql: String) throws -> [[SQLiteValue]] {
            try session.connection.rows(sql)
        }

        /// The error `page(number)` throws, as the user reads it.
        func error(paging browser: ResultPager, to number: Int) -> String? {
            do {
                try browser.page(number, session)
                return nil
            } catch {
                return "\(error)"
            }
        }
    }

    static func pageCount(_ objects: Int, size: Int = pageSize) -> Int { max(1, (objects + size - 1) / size) }

    /// Every page number worth a try: the first ones, the middle, and the last ones, where a whole
    /// table is counted first.
    static func numbers(_ pages: Int) -> [Int] {
        Array(Set([1, 2, 3, pages / 2, pages * 8 / 10, pages * 9 / 10, pages * 9 / 10 + 1, pages - 2, pages - 1, pages]
            .filter { $0 >= 1 && $0 <= pages })).sorted()
    }

    @Test(arguments: classes) func aDeepPageAskedForFirstHoldsThePagesObjects(_ name: String, _ keys: String) throws {
        let fixture = try Fixture()
        let all = try fixture.keys(keys)
        let pages = Self.pageCount(all.count)
        for number in Self.numbers(pages) where !all.isEmpty {
            // A browser of its own for each page: nothing counted, no census, the first page shown.
            let browser = try fixture.browser(name)
            try browser.first(fixture.session)
            try browser.page(number, fixture.session)
            let start = (number - 1) * Self.pageSize
            #expect(browser.keys == Array(all[start..<min(all.count, start + Self.pageSize)]), "\(name): page \(number)")
            #expect(browser.pageNumber == number, "\(name): page \(number)")
            #expect(browser.hasMore == (number < pages), "\(name): page \(number)")
            #expect(browser.hasLess == (number > 1), "\(name): page \(number)")
            // Paging on from there goes on from the same place.
            if number > 1 {
                try browser.previous(fixture.session)
                #expect(browser.keys == Array(all[start - Self.pageSize..<start]), "\(name): page \(number), then prev")
            }
        }
    }

    @Test(arguments: classes) func pagesOneAfterAnotherInOneBrowserAgreeWithTheOracle(_ name: String, _ keys: String) throws {
        // Once one deep page has counted the table, the others are found from the nearer end.
        let fixture = try Fixture()
        let all = try fixture.keys(keys)
        let pages = Self.pageCount(all.count)
        let browser = try fixture.browser(name)
        try browser.first(fixture.session)
        for number in Self.numbers(pages).reversed() where !all.isEmpty {
            try browser.page(number, fixture.session)
            let start = (number - 1) * Self.pageSize
            #expect(browser.keys == Array(all[start..<min(all.count, start + Self.pageSize)]), "\(name): page \(number)")
        }
    }

    @Test(arguments: classes) func pastTheEndSaysWhichPageIsTheLast(_ name: String, _ keys: String) throws {
        let fixture = try Fixture()
        let last = Self.pageCount(try fixture.keys(keys).count)
        for number in [last + 1, last + 2, last * 10 + 7, Int.max / Self.pageSize + 2, Int.max] {
            let browser = try fixture.browser(name)
            try browser.first(fixture.session)
            #expect(fixture.error(paging: browser, to: number) == "there is no page \(number): the last is page \(last)",
                    "\(name): page \(number)")
            // The page shown before stays shown.
            #expect(browser.pageNumber == 1)
        }
    }

    @Test func pagesCountFromOne() throws {
        let fixture = try Fixture()
        let browser = try fixture.browser("Dense")
        try browser.first(fixture.session)
        for number in [0, -1, Int.min] {
            #expect(fixture.error(paging: browser, to: number) == "pages count from 1")
        }
    }

    @Test func aViewPagesByPosition() throws {
        let fixture = try Fixture()
        let all = try fixture.session.connection.rows("SELECT id FROM Dense WHERE id % 3 = 0 ORDER BY id").map { $0[0] }
        let pages = Self.pageCount(all.count)
        for number in Self.numbers(pages) {
            let browser = try fixture.browser("Thirds")
            try browser.first(fixture.session)
            try browser.page(number, fixture.session)
            let start = (number - 1) * Self.pageSize
            #expect(browser.rows.map { $0.values[0] } == Array(all[start..<min(all.count, start + Self.pageSize)]), "page \(number)")
        }
        let browser = try fixture.browser("Thirds")
        try browser.first(fixture.session)
        #expect(fixture.error(paging: browser, to: pages + 1) == "there is no page \(pages + 1): the last is page \(pages)")
    }

    @Test(arguments: classes) func aPageAskedForWhileTheCensusRunsIsTheSameAndTheCensusEnds(_ name: String, _ keys: String) throws {
        // The census pauses while the page is read, and goes on after; past the end, the count that the
        // message needs is taken without waiting for the paused census (which would wait for itself).
        let fixture = try Fixture()
        let all = try fixture.keys(keys)
        let pages = Self.pageCount(all.count)
        for number in Self.numbers(pages) + [pages + 1] {
            let browser = try fixture.browser(name)
            try browser.first(fixture.session)
            try browser.startCensus(fixture.session)
            if number > pages {
                #expect(fixture.error(paging: browser, to: number) == "there is no page \(number): the last is page \(pages)")
            } else {
                try browser.page(number, fixture.session)
                let start = (number - 1) * Self.pageSize
                #expect(browser.keys == Array(all[start..<min(all.count, start + Self.pageSize)]), "\(name): page \(number)")
            }
            #expect(try browser.count(fixture.session) == all.count, "\(name)")
            #expect(browser.pageCount == pages)
        }
    }
}

/// A census long enough to be running when the pages are asked for: it pauses while each is read, then
/// ends with the right count; past the end, the message's count does not wait for the paused census.
@Suite struct DeepPageCensusTests {
    @Test func pagesOfABigTableWhileItsCensusRuns() throws {
        let path = NSTemporaryDirectory() + "strata-deep-census-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try Connection(path: path, mode: .create)
        try writer.execute("""
            CREATE TABLE Big (id INTEGER PRIMARY KEY, v TEXT NOT NULL);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 300000)
            INSERT INTO Big SELECT i * 2 + i % 5, printf('%040d', i) FROM c;
            DELETE FROM Big WHERE id % 17 = 3;
            """)
        let connection = try Connection(path: path, mode: .readOnly)
        var reader = SchemaReader(connection: connection)
        let session = try DatabaseSession(connection: connection, schema: try reader.read(), path: path,
                                          openAnother: { try Connection(path: path, mode: .readOnly) })
        let all = try connection.rows("SELECT id FROM Big ORDER BY id")
        let size = 25, pages = DeepPageTests.pageCount(all.count, size: 25)
        for number in [pages, pages - 1, pages / 2, pages + 1, 2] {
            let browser = try ResultPager(query: try QueryParser.parse("Big"), text: "Big", title: "Big", pageSize: size,
                                      session: session)
            try browser.first(session)
            try browser.startCensus(session)
            if number > pages {
                #expect(throws: StrataError("there is no page \(number): the last is page \(pages)")) {
                    try browser.page(number, session)
                }
            } else {
                try browser.page(number, session)
                let start = (number - 1) * size
                #expect(browser.keys == Array(all[start..<min(all.count, start + size)]), "page \(number)")
            }
            #expect(try browser.count(session) == all.count)
        }
    }
}
