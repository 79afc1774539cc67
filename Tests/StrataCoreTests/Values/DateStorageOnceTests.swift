import SQLiteKit
import Testing
@testable import StrataCore

/// How a date column stores its dates is found once for the life of a schema, however many queries, pages and
/// edits ask (`Schema.dateStorage(of:in:connection:)`); a converted `.realm` file says so without a look.
@Suite struct DateStorageOnceTests {
    static func read(_ sql: String) throws -> (Connection, Schema) {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute(sql)
        var reader = SchemaReader(connection: connection)
        return (connection, try reader.read())
    }

    static func storage(_ schema: Schema, _ className: String, _ name: String, _ connection: Connection) throws -> DateStorage? {
        guard let info = schema.class(named: className), let property = info.properties.first(where: { $0.name == name }) else { return nil }
        return try schema.dateStorage(of: property, in: info, connection: connection)
    }

    /// The storage each column's values show, as `DateStorage.detect` reads them.
    @Test(arguments: [
        ("1700000000", DateStorage.unixSeconds),
        ("1700000000123", .unixMilliseconds),
        ("'2026-12-03T07:22:40Z'", .isoText),
        ("NULL", .isoText),
    ])
    func looksOnceAndKeepsWhatItSaw(_ value: String, _ expected: DateStorage) throws {
        let (connection, schema) = try Self.read("CREATE TABLE Event (id INTEGER PRIMARY KEY, at DATETIME); INSERT INTO Event VALUES (1, \(value))")
        #expect(try Self.storage(schema, "Event", "at", connection) == expected)
        // The values change; the schema (and every copy of it) keeps what it saw.
        try connection.execute("DELETE FROM Event; INSERT INTO Event VALUES (2, 17000000001234567)")
        let copy = schema
        #expect(try Self.storage(schema, "Event", "at", connection) == expected)
        #expect(try Self.storage(copy, "Event", "at", connection) == expected)
        // A schema read again looks again.
        var reader = SchemaReader(connection: connection)
        #expect(try Self.storage(try reader.read(), "Event", "at", connection) == .unixMilliseconds)
    }

    /// The converter writes every date as ISO 8601 text: its schema says so, and the values are not looked at
    /// (a number stored there by hand does not change the answer).
    @Test func aConvertedRealmFileKnowsItsDatesAreText() throws {
        let (connection, schema) = try Self.read(RealmFacts.createSQL.joined(separator: ";\n") + """
            ;
            CREATE TABLE Item (_id INTEGER PRIMARY KEY, made DATETIME, plain INTEGER);
            INSERT INTO Item VALUES (1, 1700000000123, 3);
            INSERT INTO strata_realm_classes (name, kind) VALUES ('Item', 'class');
            CREATE TABLE Other (id INTEGER PRIMARY KEY, at DATETIME);
            INSERT INTO Other VALUES (1, 1700000000123);
            """)
        let item = try #require(schema.class(named: "Item"))
        #expect(item.properties.first { $0.name == "made" }?.dateStorage == .isoText)
        #expect(item.properties.first { $0.name == "plain" }?.dateStorage == nil)
        #expect(try Self.storage(schema, "Item", "made", connection) == .isoText)
        // A table the converter did not write is looked at, as in any file.
        #expect(try Self.storage(schema, "Other", "at", connection) == .unixMilliseconds)
    }
}
