import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataQuery

/// Answers that differed from realm-core's (issue "The whole Realm Query Language"): each was a silent wrong count.
@Suite struct RealmAnswerTests {
    /// A float property compares at float precision: 1.23 is the float 1.2300000190734863, whichever double of it a file
    /// holds (`convert` writes the double of the float's shortest text, an app the float's own double).
    static let floats = """
        CREATE TABLE Reading (id INTEGER PRIMARY KEY, f FLOAT, d DOUBLE);
        INSERT INTO Reading VALUES (1, 1.23, 1.23), (2, 1.2300000190734863, 1.2300000190734863), (3, 1.25, 1.25), (4, NULL, NULL),
            (5, -0.1, -0.1), (6, 16777217, 16777217);
        CREATE INDEX Reading_f ON Reading (f);
        """

    @Test(arguments: [
        ("f == 1.23", [1, 2]), ("f = 1.23", [1, 2]), ("f != 1.23", [3, 4, 5, 6]), ("f > 1.23", [3, 6]), ("f >= 1.23", [1, 2, 3, 6]),
        ("f < 1.23", [5]), ("f <= 1.23", [1, 2, 5]), ("f IN {1.23, -0.1}", [1, 2, 5]), ("f IN {1.25, nil}", [3, 4]),
        ("f BETWEEN {1.23, 1.23}", [1, 2]), ("f BETWEEN {1.2, 1.24}", [1, 2]), ("f == $0", [1, 2]), ("f == -0.1", [5]),
        // 16777217 is no float: it rounds to 16777216, the float both sides are.
        ("f == 16777216", [6]), ("f == 16777217", [6]),
        // A double keeps its precision.
        ("d == 1.23", [1]), ("d == 16777217", [6]),
    ] as [(String, [Int64])])
    func aFloatComparesAtFloatPrecision(_ condition: String, _ keys: [Int64]) throws {
        let fixture = try QueryFixture(sql: Self.floats)
        #expect(try fixture.keys("Reading where \(condition)", ["1.23"]).sorted() == keys)
    }

    @Test func theRangesOfAFloatAreItsDoubles() {
        for float: Float in [1.23, -0.1, 0, 1, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 16_777_216, 3.4e38, -2.5] {
            guard let range = QueryCompiler.doubles(roundingTo: float) else { Issue.record("\(float)"); continue }
            #expect(Float(range.lowerBound) == float && Float(range.upperBound) == float, "\(float)")
            #expect(Float(range.lowerBound.nextDown) != float, "\(float) from \(range.lowerBound)")
            if range.upperBound < .greatestFiniteMagnitude { #expect(Float(range.upperBound.nextUp) != float, "\(float) to \(range.upperBound)") }
        }
        #expect(QueryCompiler.doubles(roundingTo: .infinity) == nil && QueryCompiler.doubles(roundingTo: .nan) == nil)
    }

    @Test func aFloatComparisonUsesTheColumnsIndex() throws {
        let fixture = try QueryFixture(sql: Self.floats)
        let compiled = try fixture.compile("Reading where f == 1.23")
        let plan = try fixture.connection.rows("EXPLAIN QUERY PLAN " + compiled.sql, compiled.statement.arguments).map { $0[3].string ?? "" }
        #expect(plan.contains { $0.contains("USING") && $0.contains("Reading_f") }, "\(plan)")
    }

    /// An argument takes the property's type: a whole number stays whole, not a double that misses it.
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "12345678901234567"])
    func aWholeArgumentMatchesADecimalExactly(_ number: String) throws {
        let fixture = try QueryFixture(sql: """
            CREATE TABLE Ledger (id INTEGER PRIMARY KEY, amount DECIMAL, big NUMERIC);
            INSERT INTO Ledger VALUES (1, \(number), \(number)), (2, 1, 1);
            """)
        #expect(try fixture.keys("Ledger where amount == $0", [number]) == [1])
        #expect(try fixture.keys("Ledger where big == $0", [number]) == [1])
        #expect(try fixture.keys("Ledger where amount IN {$0}", [number]) == [1])
    }

    /// [c] folds ASCII case in binary data, as realm-core folds it, in every string operator and ==.
    @Test(arguments: [
        ("b CONTAINS[c] \"bc\"", [1, 2]), ("b CONTAINS \"bc\"", [2]), ("b BEGINSWITH[c] x'41'", [1, 2]), ("b BEGINSWITH x'41'", [1]),
        ("b ENDSWITH[c] B64\"Qw==\"", [1, 2]), ("b LIKE[c] \"a?c\"", [1, 2]), ("b ==[c] bin(\"abc\")", [1, 2]), ("b == bin(\"abc\")", [2]),
        ("b ==[c] binary(B64\"YWJj\")", [1, 2]), ("b CONTAINS[c] x'c3a9'", [3]),
    ] as [(String, [Int64])])
    func caseIsFoldedInData(_ condition: String, _ keys: [Int64]) throws {
        let fixture = try QueryFixture(sql: """
            CREATE TABLE Blob (id INTEGER PRIMARY KEY, b BLOB);
            INSERT INTO Blob VALUES (1, x'414243'), (2, x'616263'), (3, x'c3a9'), (4, NULL);
            """)
        #expect(try fixture.keys("Blob where \(condition)").sorted() == keys)
    }

    /// Each DISTINCT keeps one object per value of its own paths, after the stages before it.
    @Test func aSecondDistinctIsApplied() throws {
        let fixture = try QueryFixture(sql: """
            CREATE TABLE Pair (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER);
            INSERT INTO Pair VALUES (1, 1, 1), (2, 1, 2), (3, 2, 1), (4, 2, 2);
            """)
        #expect(try fixture.keys("Pair DISTINCT(b) DISTINCT(a)") == [1])
        #expect(try fixture.keys("Pair DISTINCT(a) DISTINCT(b)") == [1])
        #expect(try fixture.keys("Pair SORT(id DESC) DISTINCT(b) DISTINCT(a)") == [4])
        #expect(try fixture.keys("Pair DISTINCT(a) LIMIT(5) DISTINCT(b) SORT(id DESC)") == [1])
    }

    /// ALL through two lists holds of every element at the end of the path; an empty list on the way holds vacuously.
    @Test(arguments: [
        ("ALL boxes.items.done == true", [2, 3, 4]), ("ANY boxes.items.done == false", [1]), ("NONE boxes.items.done == false", [2, 3, 4]),
        ("ALL boxes.items.done == false", [3, 4]), ("boxes.items.done == false", [1]),
    ] as [(String, [Int64])])
    func allGoesThroughEveryList(_ condition: String, _ keys: [Int64]) throws {
        let fixture = try QueryFixture(sql: """
            CREATE TABLE Shelf (id INTEGER PRIMARY KEY);
            CREATE TABLE Box (id INTEGER PRIMARY KEY);
            CREATE TABLE Item (id INTEGER PRIMARY KEY, done BOOLEAN NOT NULL);
            CREATE TABLE Shelf_boxes (owner INTEGER NOT NULL REFERENCES Shelf (id) ON DELETE CASCADE, position INTEGER NOT NULL,
                target INTEGER NOT NULL REFERENCES Box (id) ON DELETE CASCADE, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Box_items (owner INTEGER NOT NULL REFERENCES Box (id) ON DELETE CASCADE, position INTEGER NOT NULL,
                target INTEGER NOT NULL REFERENCES Item (id) ON DELETE CASCADE, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            INSERT INTO Shelf VALUES (1), (2), (3), (4);
            INSERT INTO Box VALUES (1), (2), (3);
            INSERT INTO Item VALUES (1, 1), (2, 1), (3, 0), (4, 1);
            INSERT INTO Shelf_boxes VALUES (1, 0, 1), (1, 1, 2), (2, 0, 1), (4, 0, 3);
            INSERT INTO Box_items VALUES (1, 0, 1), (1, 1, 2), (2, 0, 3), (2, 1, 4);
            """)
        #expect(try fixture.keys("Shelf where \(condition)").sorted() == keys)
    }
}

/// Arithmetic and lists in braces compile to SQL that the column's index serves, where the meaning allows it.
@Suite struct IndexedArithmeticTests {
    static let sql = """
        CREATE TABLE Item (id INTEGER PRIMARY KEY, qty INTEGER NOT NULL, price DOUBLE NOT NULL, note);
        CREATE INDEX Item_qty ON Item (qty);
        INSERT INTO Item VALUES (1, 5, 1.5, 'a'), (2, 10, 2.5, 3), (3, 15, 3.5, NULL), (4, 20, 4.5, 7);
        """

    /// Each condition, the objects it finds, and the bare comparison of the column its SQL holds (what an index serves:
    /// SQLite's plan then depends on the table's size, so the SQL is checked, and the plan of an equality).
    @Test(arguments: [
        ("qty + 1 == 11", [2], "t0.\"qty\" IS ?1"), ("qty - 5 >= 10", [3, 4], "t0.\"qty\" >= ?1"), ("1 + qty < 11", [1], "t0.\"qty\" < ?1"),
        ("30 - qty < 12", [4], "t0.\"qty\" > ?1"), ("30 - qty <= 15", [3, 4], "t0.\"qty\" >= ?1"),
        ("qty > ANY {12, 7}", [2, 3, 4], "t0.\"qty\" > ?1"), ("qty > ALL {12, 7}", [3, 4], "t0.\"qty\" > ?1"),
        ("qty <= ANY {12.5, 7.0}", [1, 2], "t0.\"qty\" <= ?1"), ("qty < ALL {11, 16}", [1, 2], "t0.\"qty\" < ?1"),
        ("qty == ANY {10, 20}", [2, 4], "t0.\"qty\" IS ?1 OR t0.\"qty\" IS ?2"), ("qty IN {10, 20}", [2, 4], "t0.\"qty\" IN (?1, ?2)"),
    ] as [(String, [Int64], String)])
    func comparesTheBareColumn(_ condition: String, _ keys: [Int64], _ fragment: String) throws {
        let fixture = try QueryFixture(sql: Self.sql)
        #expect(try fixture.keys("Item where \(condition)").sorted() == keys)
        let compiled = try fixture.compile("Item where \(condition)")
        #expect(compiled.sql.contains(fragment), "\(condition): \(compiled.sql)")
    }

    @Test(arguments: ["qty + 1 == 11", "qty == ANY {10, 20}", "qty IN {10, 20}", "10 - qty == 0"])
    func anEqualityUsesTheIndex(_ condition: String) throws {
        let fixture = try QueryFixture(sql: Self.sql)
        let compiled = try fixture.compile("Item where \(condition)")
        let plan = try fixture.connection.rows("EXPLAIN QUERY PLAN " + compiled.sql, compiled.statement.arguments).map { $0[3].string ?? "" }
        #expect(plan.contains { $0.contains("Item_qty") }, "\(condition): \(plan)")
    }

    /// What the index cannot serve keeps its meaning: a double's sum (not exact when moved), a Mixed value, overflow.
    @Test(arguments: [
        ("price + 1 == 2.5", [1]), ("note + 1 == 4", [2]), ("qty + 9223372036854775807 > 0", [1, 2, 3, 4]),
        ("qty * 2 == 20", [2]), ("qty / 3 == 3", [2]), ("qty / 0 == 9223372036854775807", [1, 2, 3, 4]),
    ] as [(String, [Int64])])
    func keepsItsMeaningWhereItCannotBeMoved(_ condition: String, _ keys: [Int64]) throws {
        let fixture = try QueryFixture(sql: Self.sql)
        #expect(try fixture.keys("Item where \(condition)").sorted() == keys)
    }
}
