import Foundation
import SQLiteKit
import Testing
@testable import StrataEdit
@testable import StrataCore

/// A table of every type, some columns holding dates in each storage, to parse values against.
struct EditFixture {
    let connection: Connection
    let schema: Schema

    init() throws {
        connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            CREATE TABLE List (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE Item (
                id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, flag BOOLEAN NOT NULL DEFAULT 0,
                count INTEGER, ratio FLOAT, amount DOUBLE, price DECIMAL, blob BLOB, token UUID, anything,
                isoDate DATETIME, spaceDate DATETIME, dayDate DATE, unixDate TIMESTAMP, realDate TIMESTAMP,
                millisDate DATETIME, list INTEGER REFERENCES List(id) ON DELETE SET NULL,
                rank INTEGER CHECK (rank >= 0));
            INSERT INTO List VALUES (1, 'Inbox'), (2, 'Work');
            INSERT INTO Item (id, name, isoDate, spaceDate, dayDate, unixDate, realDate, millisDate, token)
                VALUES (1, 'a', '2026-01-01T00:00:00.000Z', '2026-01-01 00:00:00', '2026-01-01', 1767225600, 1767225600.5,
                        1767225600000, 'abcdef01-2345-6789-abcd-ef0123456789');
            """)
        var reader = SchemaReader(connection: connection)
        schema = try reader.read()
    }

    func parser() -> ValueParser {
        var parser = ValueParser(info: schema.class(named: "Item")!, schema: schema, connection: connection)
        parser.now = { 1_780_000_000_123 }
        parser.readFile = { path, _ in
            guard path == "/tmp/logo.png" else { throw StrataError("no such file: \(path)") }
            return [0x89, 0x50]
        }
        return parser
    }

    func parse(_ text: String, _ property: String) throws -> SQLiteValue {
        let parser = parser()
        return try parser.value(TypedValue.reading(text), for: parser.info.property(named: property)!)
    }
}

@Suite struct ValueParserTests {
    @Test(arguments: [
        // Strings: quoted or bare; nil distinct from the empty string and from the word in quotes.
        ("\"Buy milk\"", "name", SQLiteValue.text("Buy milk")),
        ("Buy milk", "name", .text("Buy milk")),
        ("'O''Brien'", "name", .text("O'Brien")),
        ("\"say \\\"hi\\\"\\n\"", "name", .text("say \"hi\"\n")),
        ("\"\"", "note", .text("")),
        ("", "note", .text("")),
        ("nil", "note", .null),
        ("NULL", "note", .null),
        ("\"nil\"", "note", .text("nil")),
        // Bools.
        ("true", "flag", .integer(1)), ("YES", "flag", .integer(1)), ("1", "flag", .integer(1)),
        ("false", "flag", .integer(0)), ("no", "flag", .integer(0)), ("0", "flag", .integer(0)),
        // Ints to their bounds.
        ("9223372036854775807", "count", .integer(Int64.max)),
        ("-9223372036854775808", "count", .integer(Int64.min)),
        ("+42", "count", .integer(42)),
        ("\"42\"", "count", .integer(42)),
        // Floats keep the nearest Float, doubles every digit.
        ("0.1", "ratio", .real(Double(Float(0.1)))),
        ("3.4028235e38", "ratio", .real(Double(Float.greatestFiniteMagnitude))),
        ("0.1", "amount", .real(0.1)),
        ("1.7976931348623157e308", "amount", .real(Double.greatestFiniteMagnitude)),
        ("5e-324", "amount", .real(Double.leastNonzeroMagnitude)),
        ("-inf", "amount", .real(-Double.infinity)),
        ("12", "price", .integer(12)), ("12.25", "price", .real(12.25)),
        // Data in its three spellings.
        ("x'0A1b'", "blob", .blob([0x0a, 0x1b])),
        ("B64\"aGk=\"", "blob", .blob(Array("hi".utf8))),
        ("x''", "blob", .blob([])),
        ("@/tmp/logo.png", "blob", .blob([0x89, 0x50])),
        // UUIDs in the case the column uses.
        ("F0E1D2C3-B4A5-9687-7869-5A4B3C2D1E0F", "token", .text("f0e1d2c3-b4a5-9687-7869-5a4b3c2d1e0f")),
        // Any: what the text looks like.
        ("7", "anything", .integer(7)), ("7.5", "anything", .real(7.5)), ("\"7\"", "anything", .text("7")),
        ("x'00'", "anything", .blob([0])), ("word", "anything", .text("word")), ("@/tmp/logo.png", "anything", .text("@/tmp/logo.png")),
        // Links by key, with or without the class.
        ("2", "list", .integer(2)), ("List 2", "list", .integer(2)), ("nil", "list", .null),
    ])
    func parsesValidValues(_ text: String, _ property: String, _ expected: SQLiteValue) throws {
        #expect(try EditFixture().parse(text, property) == expected)
    }

    @Test(arguments: [
        // Offsets become UTC; each column keeps its own storage and shape.
        ("2026-12-01T10:30:00+01:00", "isoDate", SQLiteValue.text("2026-12-01T09:30:00.000Z")),
        ("2026-12-01", "isoDate", .text("2026-12-01T00:00:00.000Z")),
        ("2026-12-01T09:30:00.123456Z", "isoDate", .text("2026-12-01T09:30:00.123Z")),
        ("2026-12-01T09:30:00-05:30", "spaceDate", .text("2026-12-01 15:00:00")),
        ("2026-12-01T09:30:00.250Z", "spaceDate", .text("2026-12-01 09:30:00.250")),
        ("2026-12-01", "dayDate", .text("2026-12-01")),
        ("2026-12-01T09:30:00Z", "dayDate", .text("2026-12-01T09:30:00.000Z")),
        ("2026-12-01T00:00:00Z", "unixDate", .integer(1_796_083_200)),
        ("2026-12-01T00:00:00.5Z", "realDate", .real(1_796_083_200.5)),
        ("2026-12-01T00:00:00.007Z", "millisDate", .integer(1_796_083_200_007)),
        ("now", "isoDate", .text("2026-05-28T20:26:40.123Z")),
        ("now", "unixDate", .integer(1_780_000_000)),
        ("1970-01-01T00:00:00Z", "unixDate", .integer(0)),
        ("1969-12-31T23:59:59Z", "unixDate", .integer(-1)),
    ])
    func writesDatesInTheColumnsStorage(_ text: String, _ property: String, _ expected: SQLiteValue) throws {
        #expect(try EditFixture().parse(text, property) == expected)
    }

    @Test(arguments: [
        ("nil", "name", "Item.name is a required string: it cannot be nil"),
        ("abc", "count", "Item.count is an int?: 'abc' is not a whole number"),
        ("1.5", "count", "Item.count is an int?: '1.5' is not a whole number"),
        ("9223372036854775808", "count", "Item.count is an int?: '9223372036854775808' is out of range for an int (-9223372036854775808 to 9223372036854775807)"),
        ("-9223372036854775809", "count", "Item.count is an int?: '-9223372036854775809' is out of range for an int (-9223372036854775808 to 9223372036854775807)"),
        ("maybe", "flag", "Item.flag is a bool: 'maybe' is not a bool (true, false, yes, no, 1 or 0)"),
        ("2", "flag", "Item.flag is a bool: '2' is not a bool (true, false, yes, no, 1 or 0)"),
        ("3.5e38", "ratio", "Item.ratio is a float?: '3.5e38' is out of range for a float (±3.4028235e38)"),
        ("1e309", "amount", "Item.amount is a double?: '1e309' is out of range for a double (±1.7976931348623157e308)"),
        ("nan", "amount", "Item.amount is a double?: 'nan' is not a number SQLite can store (it reads NaN as nil)"),
        ("ten", "amount", "Item.amount is a double?: 'ten' is not a number"),
        ("2026-02-30", "isoDate", "Item.isoDate is a date?: '2026-02-30' is not an ISO 8601 date (2026-12-01, 2026-12-01T09:30:00Z, 2026-12-01T10:30:00+01:00) or now"),
        ("yesterday", "isoDate", "Item.isoDate is a date?: 'yesterday' is not an ISO 8601 date (2026-12-01, 2026-12-01T09:30:00Z, 2026-12-01T10:30:00+01:00) or now"),
        ("2026-12-01T00:00:00.5Z", "unixDate", "Item.unixDate is a date?: '2026-12-01T00:00:00.5Z' has milliseconds, and Item.unixDate stores whole seconds"),
        ("\"hello\"", "blob", "Item.blob is a data?: \"hello\" is not data: write x'0a1b…', B64\"…\" or @path/to/file"),
        ("x'0g'", "blob", "Item.blob is a data?: 'x'0g'' is not data: hex needs pairs of 0-9 and a-f between x' and '"),
        ("B64\"%%\"", "blob", "Item.blob is a data?: 'B64\"%%\"' is not data: the text between B64\" and \" is not base64"),
        ("@/tmp/missing", "blob", "no such file: /tmp/missing"),
        ("not-a-uuid", "token", "Item.token is a uuid?: 'not-a-uuid' is not a UUID (8-4-4-4-12 hexadecimal digits)"),
        ("9", "list", "no List with key 9 for Item.list to link to"),
        ("Item 1", "list", "Item.list links to List, not Item"),
        ("x", "list", "'x' is not a key of List: id is a whole number"),
    ])
    func refusesValuesThatDoNotFit(_ text: String, _ property: String, _ message: String) throws {
        #expect(throws: StrataError(message)) { try EditFixture().parse(text, property) }
    }

    @Test func refusesComputedAndListProperties() throws {
        let fixture = try EditFixture()
        try fixture.connection.execute("CREATE TABLE Box (id INTEGER PRIMARY KEY, w INT, area INT GENERATED ALWAYS AS (w * w))")
        var reader = SchemaReader(connection: fixture.connection)
        let schema = try reader.read()
        let box = schema.class(named: "Box")!
        let parser = ValueParser(info: box, schema: schema, connection: fixture.connection)
        #expect(throws: StrataError("Box.area is a generated column: SQLite computes it")) {
            try parser.value(TypedValue("4"), for: box.property(named: "area")!)
        }
        let list = schema.class(named: "List")!
        let backlinks = list.properties.first { $0.type == .linkingObjects }!
        #expect(throws: StrataError("List.\(backlinks.name) is computed (the objects whose Item.list links here): it cannot be edited")) {
            try ValueParser(info: list, schema: schema, connection: fixture.connection).value(TypedValue("1"), for: backlinks)
        }
    }

    @Test(arguments: [
        ("name = \"Buy milk\" note = nil", [TypedAssignment("name", TypedValue("Buy milk", quoted: true)), TypedAssignment("note", TypedValue("nil"))]),
        ("name=Buy milk flag=yes", [TypedAssignment("name", TypedValue("Buy milk")), TypedAssignment("flag", TypedValue("yes"))]),
        ("list = List 2", [TypedAssignment("list", TypedValue("List 2"))]),
        ("blob = B64\"a b=\" anything = x'00'", [TypedAssignment("blob", TypedValue("B64\"a b=\"")), TypedAssignment("anything", TypedValue("x'00'"))]),
        ("note = 'a = b'", [TypedAssignment("note", TypedValue("a = b", quoted: true))]),
    ])
    func splitsAssignments(_ line: String, _ expected: [TypedAssignment]) throws {
        let assignments = try EditWords(line).assignments(from: 0)
        #expect(assignments == expected)
    }

    @Test(arguments: [
        ("name", "expected property = value, not 'name'"),
        ("name =", "name = needs a value (nil for none)"),
        ("name = \"open", "a string is not closed: add \" at its end"),
    ])
    func refusesMalformedAssignments(_ line: String, _ message: String) throws {
        #expect(throws: StrataError(message)) { try EditWords(line).assignments(from: 0) }
    }
}
