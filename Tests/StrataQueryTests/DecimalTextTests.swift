import SQLiteKit
import Testing
@testable import StrataQuery

/// Decimals kept as text, as `strata convert` keeps a Realm Decimal128 (`DECIMAL TEXT`, every digit): they compare
/// and sort as numbers. As text, "2.25" > "10" and "9.5" sorts after "10.25". Decimal128's `NaN` equals nothing (it is
/// not nil either) and sorts first; `Inf` and `-Inf` are beyond every number.
@Suite struct DecimalTextTests {
    static let sql = """
        CREATE TABLE Price (id INTEGER PRIMARY KEY, amount DECIMAL TEXT, plain DECIMAL);
        INSERT INTO Price VALUES (1, '1.25', 1.25), (2, '2.25', 2.25), (3, '10.25', 10.25), (4, '9.5', 9.5),
                                 (5, '-3', -3), (6, NULL, NULL), (7, '100000000000000000000.5', 1e20),
                                 (8, 'NaN', NULL), (9, 'Inf', NULL), (10, '-Inf', NULL);
        """

    @Test(arguments: [
        ("Price where amount > 10 SORT(id)", ["3", "7", "9"]),
        ("Price where amount < 2 SORT(id)", ["1", "5", "10"]),
        ("Price where amount BETWEEN {2, 10} SORT(id)", ["2", "4"]),
        ("Price where amount == 9.5", ["4"]),
        ("Price where amount == 0", []),
        ("Price where amount == nil", ["6"]),
        ("Price where plain > 10 SORT(id)", ["3", "7"]),
        ("Price where amount != nil SORT(amount)", ["8", "10", "5", "1", "2", "4", "3", "7", "9"]),
        ("Price where amount != nil SORT(amount DESC)", ["9", "7", "3", "4", "2", "1", "5", "10", "8"]),
    ])
    func compareAndSortAsNumbers(_ query: String, _ ids: [String]) throws {
        let fixture = try QueryFixture(sql: Self.sql)
        #expect(try fixture.values(query, columns: ["id"]) == ids)
    }

    /// What is shown is the text as stored, every digit of it.
    @Test func showsTheStoredText() throws {
        let fixture = try QueryFixture(sql: Self.sql)
        #expect(try fixture.values("Price where id == 7 SHOW(amount)", columns: ["amount"]) == ["100000000000000000000.5"])
    }
}
