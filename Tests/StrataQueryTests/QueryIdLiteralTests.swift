import SQLiteKit
import Testing
@testable import StrataQuery

/// Realm's `oid(…)` and `uuid(…)` literals: an ObjectId's 24 hex digits (compared lower-cased, as Realm writes them)
/// and a UUID in any case, against the columns a converted `.realm` file keeps them in.
@Suite struct QueryIdLiteralTests {
    static let sql = """
        CREATE TABLE Dog (_id OBJECTID TEXT PRIMARY KEY NOT NULL, tag UUID TEXT);
        INSERT INTO Dog VALUES ('600000000000000000000001', '3b241101-e2bb-4255-8caf-4136c566a962'), ('60000000000000000000000a', NULL);
        """

    @Test(arguments: [
        ("Dog where _id == oid(600000000000000000000001)", 1),
        ("Dog where _id == oid(60000000000000000000000A)", 1),
        ("Dog where _id IN {oid(600000000000000000000001), oid(60000000000000000000000a)}", 2),
        ("Dog where _id != oid( 600000000000000000000001 )", 1),
        ("Dog where tag == uuid(3B241101-E2BB-4255-8CAF-4136C566A962)", 1),
        ("Dog where tag == uuid(3b241101-e2bb-4255-8caf-4136c566a962) OR tag == nil", 2),
    ])
    func anIdLiteralFindsItsObject(_ query: String, _ count: Int) throws {
        let fixture = try QueryFixture(sql: Self.sql)
        #expect(try fixture.runner.rows(try fixture.compile(query)).count == count, "\(query)")
    }

    @Test(arguments: [
        ("Dog where _id == oid(6000)", "1:18: oid(…) takes an ObjectId's 24 hex digits"),
        ("Dog where _id == oid(60000000000000000000000g)", "1:18: oid(…) takes an ObjectId's 24 hex digits"),
        ("Dog where tag == uuid(3b241101e2bb42558caf4136c566a962)", "1:18: uuid(…) takes a UUID, 8-4-4-4-12 hex digits"),
        ("Dog where _id == oid(600000000000000000000001", "1:18: oid( has no closing )"),
    ])
    func aMalformedIdLiteralIsSaidWhereItIs(_ query: String, _ message: String) throws {
        let fixture = try QueryFixture(sql: Self.sql)
        #expect { _ = try fixture.compile(query) } throws: { error in "\(error)".hasPrefix(message) }
    }
}
