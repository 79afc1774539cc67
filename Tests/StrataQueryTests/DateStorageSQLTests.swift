import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataQuery

/// `DateStorage.momentSQL`, what queries compare, reads every stored value as `moment(_:)` does, and as the
/// moment `milliseconds(_:)`, what outputs show, reads to the millisecond: in every storage, for every storage class
/// a column may hold.
@Suite struct DateStorageSQLTests {
    static let values: [SQLiteValue] = [
        .text("2026-01-02T03:04:05.678Z"), .text("2026-01-02 03:04:05"), .text("2026-01-02"), .text("soon"), .text(""),
        .text("1767225600"), .integer(1_767_225_600), .integer(0), .integer(-86_400), .integer(1_767_225_600_123),
        .integer(Int64.max), .integer(Int64.min), .real(1_767_225_600.5), .real(0.0004), .real(-0.0005), .real(.infinity),
        .real(-.infinity), .real(8.64e12), .real(8.64e12 + 1), .real(8.64e15), .blob([0x01, 0x02]), .blob([]), .null,
    ]

    @Test(arguments: [DateStorage.isoText, .unixSeconds, .unixMilliseconds, .referenceSeconds])
    func queriesReadEveryValueAsItIsShown(_ storage: DateStorage) throws {
        let fixture = try QueryFixture(sql: "CREATE TABLE T (id INTEGER PRIMARY KEY, d)")
        let insert = try fixture.connection.prepare("INSERT INTO T (id, d) VALUES (?1, ?2)")
        for (index, value) in Self.values.enumerated() {
            try insert.bind([.integer(Int64(index)), value])
            try insert.run()
        }
        let rows = try fixture.connection.rows("SELECT id, \(storage.momentSQL("d")) FROM T ORDER BY id")
        for row in rows {
            guard case .integer(let index) = row[0] else { continue }
            let value = Self.values[Int(index)]
            let shown = storage.milliseconds(value)
            let compared: Moment? = if case .blob(let key) = row[1] { Moment(key: key) } else { nil }
            #expect(compared == storage.moment(value))
            #expect((compared == nil) == (shown == nil), "\(storage): \(value) is shown as \(shown.map(String.init) ?? "no date") but compares as \(compared.map(\.isoText) ?? "NULL")")
            if let compared, let shown { #expect(abs(compared.milliseconds - shown) <= 1, "\(storage): \(value)") }
        }
    }
}
