import Testing
@testable import SQLiteKit

@Suite struct ValueRoundTripTests {
    static let values: [SQLiteValue] = [
        .null,
        .integer(0), .integer(-1), .integer(Int64.min), .integer(Int64.max),
        .real(0), .real(-0.5), .real(3.141592653589793), .real(Double.leastNormalMagnitude),
        .real(Double.greatestFiniteMagnitude), .real(Double.infinity),
        .text(""), .text("plain"), .text("O'Brien \"quoted\""), .text("数据 🎉 e\u{301}"), .text("nul\u{0}inside"),
        .blob([]), .blob([0]), .blob([0, 1, 2, 255, 0]),
    ]

    @Test(arguments: values)
    func bindAndReadBack(_ value: SQLiteValue) throws {
        let db = try Connection(path: "", mode: .memory)
        let statement = try db.prepare("SELECT ?1, typeof(?1)")
        try statement.bind([value])
        #expect(try statement.step())
        #expect(statement.column(0) == value)
        #expect(statement.column(1) == .text(value.storageClass))
        #expect(try !statement.step())
    }

    @Test(arguments: values)
    func storeInTableAndReadBack(_ value: SQLiteValue) throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (v ANY) STRICT")
        try db.execute("INSERT INTO t VALUES (?)", [value])
        #expect(try db.rows("SELECT v FROM t") == [[value]])
    }

    @Test func emptyTextIsNotNull() throws {
        let db = try Connection(path: "", mode: .memory)
        #expect(try db.scalar("SELECT ?1 IS NULL", [.text("")]) == .integer(0))
        #expect(try db.scalar("SELECT ?1 IS NULL", [.blob([])]) == .integer(0))
    }

    @Test func namedParameters() throws {
        let db = try Connection(path: "", mode: .memory)
        let statement = try db.prepare("SELECT :a || @b")
        try statement.bind(.text("x"), named: ":a")
        try statement.bind(.text("y"), named: "@b")
        #expect(try statement.step())
        #expect(statement.column(0) == .text("xy"))
        #expect(throws: SQLiteError.self) { try statement.bind(.null, named: ":missing") }
    }

    @Test func columnNamesAndCount() throws {
        let db = try Connection(path: "", mode: .memory)
        let statement = try db.prepare("SELECT 1 AS one, 'two' AS \"second one\"")
        #expect(statement.columnNames == ["one", "second one"])
        #expect(statement.parameterCount == 0)
    }
}
