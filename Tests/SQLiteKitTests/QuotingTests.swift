import Testing
@testable import SQLiteKit

@Suite struct QuotingTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("my table", "\"my table\""),
        ("\"quoted\"", "\"\"\"quoted\"\"\""),
        ("Order", "\"Order\""),
        ("数据", "\"数据\""),
        ("a\"\u{301}b", "\"a\"\"\u{301}b\""),
    ])
    func quotesIdentifiers(_ name: String, _ expected: String) {
        #expect(quoteIdentifier(name) == expected)
    }

    @Test func quotesLiterals() {
        #expect(quoteLiteral("O'Brien") == "'O''Brien'")
    }

    /// Every awkward name works as a table and a column name, and reads back unchanged.
    @Test(arguments: ["Order", "my table", "\"quoted\"", "数据", "select", "a\"\u{301}b", "x'y", "semi;colon", "  spaced  "])
    func awkwardNamesRoundTrip(_ name: String) throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE \(quoteIdentifier(name)) (\(quoteIdentifier(name)) TEXT)")
        try db.execute("INSERT INTO \(quoteIdentifier(name)) VALUES (?)", [.text(name)])
        #expect(try db.rows("SELECT name FROM sqlite_schema") == [[.text(name)]])
        #expect(try db.rows("SELECT \(quoteIdentifier(name)) FROM \(quoteIdentifier(name))") == [[.text(name)]])
        #expect(try db.rows("SELECT name FROM pragma_table_info(?)", [.text(name)]) == [[.text(name)]])
    }
}
