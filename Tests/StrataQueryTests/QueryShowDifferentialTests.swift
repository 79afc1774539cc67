import SQLiteKit
import Testing
@testable import StrataQuery
@testable import StrataCore

/// Random SHOW queries over the demo database, each compared with a join written here by hand in SQL, the
/// way a person would answer the same question in the sqlite3 shell: LEFT JOINs for links, grouped
/// subqueries for aggregates, ties broken by the key.
@Suite struct QueryShowDifferentialTests {
    /// A path SHOW can show, with the hand-written SQL of the same value on the row `o` of its class.
    struct Column {
        var path: String
        var sql: String
    }

    /// The RealmTestClass1 that `o.objectReference` names, if there is one.
    static let linked = "(SELECT r.id FROM RealmTestClass1 r WHERE r.id = o.objectReference)"

    /// RealmTestClass2 links to RealmTestClass1 (objectReference), which lists RealmTestClass0 (arrayReference).
    static let class2: [Column] = [
        Column(path: "integerValue", sql: "o.integerValue"),
        Column(path: "boolValue", sql: "o.boolValue"),
        Column(path: "objectReference", sql: "o.objectReference"),
        Column(path: "objectReference.stringValue", sql: "(SELECT r.stringValue FROM RealmTestClass1 r WHERE r.id = o.objectReference)"),
        Column(path: "objectReference.integerValue", sql: "(SELECT r.integerValue FROM RealmTestClass1 r WHERE r.id = o.objectReference)"),
        // Through a link to no object, a count is 0 and an extreme NULL, as over an empty list.
        Column(path: "objectReference.arrayReference.@count",
               sql: "(SELECT count(*) FROM RealmTestClass1_arrayReference a WHERE a.owner = \(linked))"),
        Column(path: "objectReference.arrayReference.@max.integerValue",
               sql: "(SELECT max(z.integerValue) FROM RealmTestClass1_arrayReference a JOIN RealmTestClass0 z ON z.id = a.target "
                   + "WHERE a.owner = \(linked))"),
    ]

    static let class1: [Column] = [
        Column(path: "stringValue", sql: "o.stringValue"),
        Column(path: "integerValue", sql: "o.integerValue"),
        Column(path: "arrayReference.@count", sql: "(SELECT count(*) FROM RealmTestClass1_arrayReference a WHERE a.owner = o.id)"),
        // (@sum of the demo's integers overflows SQLite's sum(); QueryCasesTests checks Strata's exact sums.)
        Column(path: "arrayReference.@max.integerValue",
               sql: "(SELECT max(z.integerValue) FROM RealmTestClass1_arrayReference a JOIN RealmTestClass0 z ON z.id = a.target WHERE a.owner = o.id)"),
        Column(path: "arrayReference.@min.integerValue",
               sql: "(SELECT min(z.integerValue) FROM RealmTestClass1_arrayReference a JOIN RealmTestClass0 z ON z.id = a.target WHERE a.owner = o.id)"),
        Column(path: "@links.RealmTestClass2.objectReference.@count",
               sql: "(SELECT count(*) FROM RealmTestClass2 b WHERE b.objectReference = o.id)"),
    ]

    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: [("RealmTestClass2", class2), ("RealmTestClass1", class1)])
    func randomShowQueriesMatchHandWrittenJoins(className: String, columns: [Column]) throws {
        // Some links point at nothing and some at deleted objects: a NULL, never a dropped row.
        let fixture = try QueryFixture(demoRows: 200, seed: 7, then: """
            UPDATE RealmTestClass2 SET objectReference = NULL WHERE id % 7 = 0;
            PRAGMA foreign_keys = OFF;
            DELETE FROM RealmTestClass1 WHERE id % 11 = 0;
            """)
        var generator = Generator(state: 0x5140_0000 + UInt64(columns.count))
        var failures: [String] = []
        for _ in 0..<60 {
            var picked: [Int] = []
            for _ in 0..<(1 + generator.next(4)) {
                let index = generator.next(columns.count)
                if !picked.contains(index) { picked.append(index) }
            }
            let sortBy = generator.next(3) == 0 ? nil : picked[generator.next(picked.count)]
            let descending = generator.next(2) == 0
            let limit = generator.next(3) == 0 ? nil : 1 + generator.next(40)
            let names = picked.map { "c\($0)" }
            var query = className
            if let sortBy { query += " SORT(c\(sortBy)\(descending ? " DESC" : ""))" }
            if let limit { query += " LIMIT(\(limit))" }
            query += " SHOW(" + zip(picked, names).map { "\(columns[$0].path) AS \($1)" }.joined(separator: ", ") + ")"

            // SQLite sorts NULL first ascending and last descending, as Strata does.
            var sql = "SELECT " + zip(picked, names).map { "\(columns[$0].sql) AS \($1)" }.joined(separator: ", ")
                + " FROM \(className) o ORDER BY "
            if let sortBy { sql += "c\(sortBy)\(descending ? " DESC" : ""), " }
            sql += "o.id"
            if let limit { sql += " LIMIT \(limit)" }

            let expected = try fixture.connection.rows(sql)
            let found = try fixture.runner.rows(try fixture.compile(query))
            if found != expected {
                failures.append("\(query)\n    expected \(expected.prefix(3))…\n    strata   \(found.prefix(3))…")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 60:\n\(failures.prefix(5).joined(separator: "\n"))")
    }
}
