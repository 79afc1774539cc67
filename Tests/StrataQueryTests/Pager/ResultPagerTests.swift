import Foundation
import SQLiteKit
import Testing
@testable import StrataQuery
@testable import StrataCore

/// `page N` lands on the same objects however it gets there: through a census (taken now, or in the
/// background on another connection), by skipping keys without one, or by walking `next` from page 1.
@Suite struct ResultPagerTests {
    /// Keys with gaps, text keys in a WITHOUT ROWID table, a composite key, and a list with duplicates:
    /// the page size (7) and the census stride (64) never line up.
    static let sql = """
        CREATE TABLE Item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, grp INTEGER NOT NULL);
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1000)
        INSERT INTO Item SELECT i * 3 + (i % 7), 'n' || (i * 7919 % 1000), i % 5 FROM c;
        DELETE FROM Item WHERE id % 11 = 0;
        CREATE TABLE Code (code TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 450)
        INSERT INTO Code SELECT printf('%s-%04d', CASE i % 3 WHEN 0 THEN 'a' WHEN 1 THEN 'B' ELSE 'ä' END, i * 37 % 1000), i FROM c;
        CREATE TABLE Pair (a INTEGER NOT NULL, b TEXT NOT NULL, v INTEGER, PRIMARY KEY (a, b));
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400)
        INSERT INTO Pair SELECT i % 13, 'b' || i, i FROM c;
        CREATE TABLE Owner (id INTEGER PRIMARY KEY);
        INSERT INTO Owner VALUES (1);
        \(ListTable.createSQL(owner: "Owner", property: "items", target: "Item"))
        WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 299)
        INSERT INTO Owner_items SELECT 1, i * 2, (SELECT id FROM Item WHERE id >= (i * 53 % 150) * 20 ORDER BY id LIMIT 1) FROM c;
        """

    static let queries = ["Item", "Item where grp == 2", "Code", "Code where n > 100", "Pair", "Pair where v > 50",
                          "Item SORT(name DESC)", "Item where grp < 3 SORT(grp ASC, name DESC) LIMIT(500)"]
    static let pageSize = 7

    /// A database file, for censuses on another connection, and a session on it.
    final class Fixture {
        let path = NSTemporaryDirectory() + "strata-browser-\(UUID().uuidString).sqlite"
        let session: DatabaseSession

        init(background: Bool, sql: String = ResultPagerTests.sql) throws {
            let writer = try Connection(path: path, mode: .create)
            try writer.execute(sql)
            let connection = try Connection(path: path, mode: .readOnly)
            var reader = SchemaReader(connection: connection)
            let path = self.path
            var opener: (@Sendable () throws -> Connection)?
            if background { opener = { try Connection(path: path, mode: .readOnly) } }
            session = try DatabaseSession(connection: connection, schema: try reader.read(), path: path, openAnother: opener)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func browser(_ text: String, members: ListMembers? = nil) throws -> ResultPager {
            try ResultPager(query: try QueryParser.parse(text), text: text, title: text, pageSize: ResultPagerTests.pageSize,
                        members: members, session: session)
        }

        /// Every page by walking `next` from the first: the order the other ways must agree with.
        func walk(_ browser: ResultPager) throws -> [[ShownRow]] {
            try browser.first(session)
            var pages = [browser.rows]
            while browser.hasMore {
                try browser.next(session)
                pages.append(browser.rows)
            }
            return pages
        }

        /// - Parameter waiting: with a census, wait for its count before paging (else pages are asked
        ///   for while it runs).
        func checkPages(_ text: String, members: ListMembers? = nil, census: Bool, waiting: Bool = true) throws {
            let walked = try walk(try browser(text, members: members))
            let jumping = try browser(text, members: members)
            if census {
                try jumping.startCensus(session)
                if waiting { #expect(try jumping.count(session) == walked.reduce(0) { $0 + $1.count }, "\(text)") }
            }
            for number in [1, 2, 9, 10, 11, walked.count - 1, walked.count] + Array(stride(from: 3, to: walked.count, by: 5)) {
                try jumping.page(number, session)
                #expect(jumping.rows == walked[number - 1], "\(text): page \(number)")
                #expect(jumping.pageNumber == number)
            }
            #expect(throws: StrataError.self) { try jumping.page(walked.count + 1, session) }
            // The last page, by key from the end or through the count, holds the last objects.
            try jumping.last(session)
            #expect(jumping.rows.last == walked.last?.last, "\(text): last")
            #expect(!jumping.hasMore)
        }
    }

    /// Huge texts and blobs are held shortened, but not the keys that pages are found by: each key here is a
    /// text of 300 KB, and the pages are the same by `next`, by number and from the end.
    @Test func pagesHoldHugeValuesShortAndKeysWhole() throws {
        let size = ShownRow.limit + 50_000
        let fixture = try Fixture(background: false, sql: """
            CREATE TABLE Huge (code TEXT PRIMARY KEY, body TEXT, data BLOB) WITHOUT ROWID;
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20)
            INSERT INTO Huge SELECT printf('%02d', i) || printf('%.\(size)c', 'k'), printf('%.\(size)c', 'b'), zeroblob(\(size)) FROM c;
            """)
        let browser = try fixture.browser("Huge")
        let pages = try fixture.walk(browser)
        #expect(pages.map(\.count) == [7, 7, 6])
        for (number, page) in pages.enumerated() {
            for (index, row) in page.enumerated() {
                #expect(row.wholeCounts == [0: size + 2, 1: size, 2: size])
                #expect(row.values[0].string?.hasPrefix(String(format: "%02d", number * 7 + index + 1)) == true)
                #expect(row.values[1].string?.utf8.count == ShownRow.limit)
            }
        }
        #expect(browser.keys.map { $0[0].string?.utf8.count } == Array(repeating: size + 2, count: 6))
        for text in ["Huge", "Huge where body BEGINSWITH \"b\"", "Huge SORT(code DESC)"] {
            let walked = try fixture.walk(try fixture.browser(text))
            #expect(walked.joined().count == 20)
            let jumping = try fixture.browser(text)
            for number in [3, 2, 1, 3] {
                try jumping.page(number, fixture.session)
                #expect(jumping.rows == walked[number - 1], "\(text): page \(number)")
            }
            // From the end by key: the last rows, then the ones before them.
            let all = Array(walked.joined())
            try jumping.last(fixture.session)
            let start = all.count - jumping.rows.count
            #expect(jumping.rows == Array(all[start...]), "\(text): the last page")
            try jumping.previous(fixture.session)
            #expect(jumping.rows == Array(all[(start - jumping.rows.count)..<start]), "\(text): back from the last")
        }
    }

    @Test(arguments: queries) func pagesWithoutACensus(_ text: String) throws {
        try Fixture(background: false).checkPages(text, census: false)
    }

    @Test(arguments: queries) func pagesThroughACensusTakenNow(_ text: String) throws {
        try Fixture(background: false).checkPages(text, census: true)
    }

    @Test(arguments: queries) func pagesThroughACensusTakenInTheBackground(_ text: String) throws {
        try Fixture(background: true).checkPages(text, census: true)
    }

    @Test(arguments: queries) func pagesWhileABackgroundCensusRuns(_ text: String) throws {
        try Fixture(background: true).checkPages(text, census: true, waiting: false)
    }

    @Test(arguments: [false, true]) func pagesAListInListOrder(_ census: Bool) throws {
        let fixture = try Fixture(background: census)
        let members = ListMembers(storage: .strataList("Owner_items"), owner: .integer(1))
        try fixture.checkPages("Item", members: members, census: census)
        // The list's own order, duplicates included.
        let expected = try fixture.session.connection.rows("""
            SELECT i.id FROM Owner_items AS l JOIN Item AS i ON i.id = l.target WHERE l.owner = 1 ORDER BY l.position
            """).map { $0[0] }
        let shown = try fixture.walk(try fixture.browser("Item", members: members)).flatMap { $0.map { $0.values[0] } }
        #expect(shown == expected)
        #expect(Set(expected).count < expected.count)
    }

    @Test func aCensusCanBeStoppedAndStartedAgain() throws {
        let fixture = try Fixture(background: true)
        let browser = try fixture.browser("Item")
        try browser.first(fixture.session)
        try browser.startCensus(fixture.session)
        browser.stopCensus()
        try browser.startCensus(fixture.session)
        #expect(try browser.count(fixture.session) == 910)
        #expect(browser.pageCount == 130)
    }

    /// A first page cut down to fewer rows (as the browser does when vertical records would not fit) pages on as
    /// a pager of that size from the start does, by key and by position, in key order and sorted.
    @Test(arguments: queries) func aShrunkFirstPageGoesOnAsASmallerPager(_ text: String) throws {
        let fixture = try Fixture(background: false)
        let shrunk = try fixture.browser(text)
        try shrunk.first(fixture.session)
        shrunk.shrink(to: 3)
        var small = try ResultPager(query: try QueryParser.parse(text), text: text, title: text, pageSize: 3, session: fixture.session)
        try small.first(fixture.session)
        #expect(shrunk.pageSize == 3)
        for step in 0..<4 {
            #expect(shrunk.rows == small.rows, "\(text): step \(step)")
            #expect(shrunk.keys == small.keys && shrunk.hasMore == small.hasMore && shrunk.hasLess == small.hasLess)
            #expect(shrunk.pageNumber == small.pageNumber)
            try shrunk.next(fixture.session)
            try small.next(fixture.session)
        }
        try shrunk.page(5, fixture.session)
        try small.page(5, fixture.session)
        #expect(shrunk.rows == small.rows, "\(text): page 5")
        // Read again (as after an edit): still three rows a page.
        small = try ResultPager(query: try QueryParser.parse(text), text: text, title: text, pageSize: 3, session: fixture.session)
        try small.first(fixture.session)
        let again = try fixture.browser(text)
        try again.first(fixture.session)
        again.shrink(to: 3)
        try again.reload(fixture.session)
        #expect(again.rows == small.rows && again.hasMore == small.hasMore)
        // Only a first page is cut down; a larger size changes nothing.
        again.shrink(to: 5)
        #expect(again.pageSize == 3)
    }
}
