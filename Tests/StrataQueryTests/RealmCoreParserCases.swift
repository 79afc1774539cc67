import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataQuery

/// realm-core's own parser tests (`test/test_parser.cpp` in github.com/realm/realm-core, at commit f8752e180), ported:
/// each test's tables rebuilt in Strata's SQLite conventions (what `strata convert` writes for the same Realm), each of
/// its `verify_query` cases with the count realm-core expects, and each query it refuses. A case names the line of
/// `test_parser.cpp` it comes from. Cases left out are listed beside their test with the reason.
struct RealmCoreCase: Sendable, CustomTestStringConvertible {
    var line: Int
    var query: String
    /// The objects realm-core finds; nil where it refuses the query.
    var count: Int?

    var testDescription: String { "test_parser.cpp:\(line) \(query)" }
}

private func found(_ line: Int, _ query: String, _ count: Int) -> RealmCoreCase {
    RealmCoreCase(line: line, query: query, count: count)
}

private func refused(_ line: Int, _ query: String) -> RealmCoreCase {
    RealmCoreCase(line: line, query: query, count: nil)
}

/// One of realm-core's parser tests: its tables, made by `setUp`, and its cases, run against `className`.
struct RealmCoreTest: Sendable, CustomTestStringConvertible {
    var name: String
    var className: String
    var setUp: @Sendable (Connection) throws -> Void
    var cases: [RealmCoreCase]

    var testDescription: String { name }

    /// Each case's failure, as "line query: found n, realm-core n" (empty when all agree).
    func disagreements() throws -> [String] {
        let connection = try Connection(path: "", mode: .memory)
        try setUp(connection)
        var reader = SchemaReader(connection: connection)
        let schema = try reader.read()
        let runner = try QueryRunner(connection: connection)
        var failures: [String] = []
        for testCase in cases {
            let text = "\(QueryParser.quotedName(className)) where \(testCase.query)"
            do {
                let compiled = try QueryCompiler.compile(text, schema: schema, connection: connection)
                let rows = try runner.rows(compiled).count
                if let count = testCase.count {
                    if rows != count { failures.append("\(testCase.line) \(testCase.query): found \(rows), realm-core \(count)") }
                } else {
                    failures.append("\(testCase.line) \(testCase.query): found \(rows), realm-core refuses it")
                }
            } catch let error as QueryError {
                if testCase.count != nil { failures.append("\(testCase.line) \(testCase.query): \(error.message)") }
            }
        }
        return failures
    }
}

/// A Realm timestamp as `strata convert` stores it: ISO 8601 text, to the nanosecond.
private func timestamp(_ seconds: Int64, _ nanoseconds: Int64) -> SQLiteValue {
    // realm-core's nanoseconds take the seconds' sign: Timestamp(-1, -1) is 1.000000001 s before 1970.
    .text(ISODate.format(unixSeconds: seconds, nanoseconds: nanoseconds))
}

@Suite struct RealmCoreParserCasesTests {
    static let tests: [RealmCoreTest] = [timestamps, oddColumnNames]

    @Test(arguments: tests)
    func givesRealmCoresAnswers(_ test: RealmCoreTest) throws {
        let failures = try test.disagreements()
        #expect(failures.isEmpty, Comment(rawValue: "\(test.name): \(failures.count) of \(test.cases.count) cases differ:\n" + failures.joined(separator: "\n")))
    }

    /// TEST(Parser_Timestamps), line 975. Left out: realm-core refuses dates before 1900 (lines 1036–1041, its
    /// `timegm`'s limit); Strata reads them.
    static let timestamps: RealmCoreTest = {
        var cases: [RealmCoreCase] = []
        for separator in ["@", "T"] {
            cases += [
                found(1002, "T399 == NULL", 1), found(1003, "T399 != NULL", 4), found(1004, "linked.T399 == NULL", 4),
                found(1005, "linked != NULL && linked.T399 == NULL", 1), found(1006, "linked.T399 != NULL", 1),
                found(1007, "linked != NULL && linked.T399 != NULL", 1), found(1008, "T399 == T399:0", 0),
                found(1009, "linked.T399 == T399:0", 0), found(1010, "T399 == 2017-12-04\(separator)0:0:0", 0),
                found(1012, "T2017-12-04 == NULL", 3), found(1013, "T2017-12-04 != NULL", 2), found(1014, "T2017-12-04 != NIL", 2),
                found(1015, "linked.T2017-12-04 == NULL", 3), found(1016, "linked != NULL && linked.T2017-12-04 == NULL", 0),
                found(1017, "linked.T2017-12-04 != NULL", 2), found(1018, "linked != NULL && linked.T2017-12-04 != NULL", 2),
                found(1019, "T2017-12-04 == T399:0", 0), found(1020, "linked.T2017-12-04 == T399:0", 0),
                found(1021, "T2017-12-04 == 2017-12-04@0:0:0", 0),
                found(1023, "birthday == NULL", 0), found(1024, "birthday == NIL", 0), found(1025, "birthday != NULL", 5),
                found(1026, "birthday != NIL", 5), found(1027, "birthday == T0:0", 3),
                found(1028, "birthday == 1970-1-1\(separator)0:0:0:0", 3),
                found(1032, "birthday == 1969-12-31\(separator)23:59:59:1", 1),
                found(1033, "birthday > 1905-12-31\(separator)23:59:59", 5),
                found(1034, "birthday > 1905-12-31\(separator)23:59:59:2020", 5),
                found(1038, "birthday == T399", 1),
                refused(1049, "birthday == T-1:1"), refused(1050, "birthday == T1:-1"),
                refused(1051, "birthday == 1970-1-1\(separator)0:0:1:-1"), refused(1054, "birthday == 1969-12-31\(separator)23:59:59:-1"),
                refused(1056, "birthday == 1970-1-1\(separator)0:0:0:-1"),
                refused(1060, "birthday == T1:"), refused(1061, "birthday == T:1"), refused(1062, "birthday == 1970-1-1"),
                refused(1063, "birthday == 1970-1-1\(separator)"), refused(1065, "birthday == 1970-1-1\(separator)0"),
                refused(1067, "birthday == 1970-1-1\(separator)0:"), refused(1069, "birthday == 1970-1-1\(separator)0:0"),
                refused(1071, "birthday == 1970-1-1\(separator)0:0:"), refused(1073, "birthday == 1970-1-1\(separator)0:0:0:"),
                refused(1075, "birthday == 1970-1-1\(separator)0:0:0:0:"), refused(1077, "birthday == 1970-1-1\(separator)0:0:0:0:0"),
            ]
        }
        cases += [
            refused(1088, "birthday == 1970-1-1T@0:0:0:0"), refused(1089, "birthday == 1970-1-1@T0:0:0:0"),
            refused(1091, "birthday == 1970-1-10:0:0:0:0"),
        ]
        return RealmCoreTest(name: "Parser_Timestamps", className: "person", setUp: { connection in
            try connection.execute("""
                CREATE TABLE person (id INTEGER PRIMARY KEY, birthday DATETIME NOT NULL, T399 DATETIME, "T2017-12-04" DATETIME,
                    linked INTEGER REFERENCES person (id))
                """)
            let epoch = timestamp(0, 0)
            let rows: [[SQLiteValue]] = [
                [.integer(1), timestamp(-1, -1), .null, timestamp(1_512_130_073, 0), .integer(2)],
                [.integer(2), timestamp(0, -1), timestamp(1_512_130_073, 0), timestamp(1_512_130_073, 505), .null],
                [.integer(3), epoch, timestamp(1_512_130_073, 505), .null, .integer(1)],
                [.integer(4), epoch, timestamp(1, 2), .null, .null],
                [.integer(5), epoch, epoch, .null, .null],
            ]
            for row in rows { try connection.execute("INSERT INTO person VALUES (?1, ?2, ?3, ?4, ?5)", row) }
        }, cases: cases)
    }()

    /// TEST(Parser_OddColumnNames), line 4293: properties named like the language's words.
    static let oddColumnNames = RealmCoreTest(name: "Parser_OddColumnNames", className: "table", setUp: { connection in
        try connection.execute("""
            CREATE TABLE "table" (id INTEGER PRIMARY KEY, age INTEGER, "between" INTEGER, "in" INTEGER, "desc" TEXT);
            INSERT INTO "table" VALUES (1, 24, 0, 100, 'Empty'), (2, 25, 1, 101, 'Empty'), (3, 26, 2, 102, 'Empty');
            """)
    }, cases: [
        found(4310, "between == 0", 1), found(4311, "between > 0", 2), found(4312, "between <= 3", 3),
        found(4315, "in == 100", 1), found(4316, "in > 100", 2), found(4317, "in <= 103", 3),
        found(4320, "desc CONTAINS[c] 'empty'", 3),
        found(4322, "age between {24, 26}", 3),
        found(4324, "age between {20, 23}", 0), found(4325, "age between {20, 24}", 1), found(4326, "age between {20, 25}", 2),
        found(4327, "age between {20, 26}", 3), found(4328, "age between {20, 27}", 3),
        found(4330, "age between {23, 30}", 3), found(4331, "age between {24, 30}", 3), found(4332, "age between {25, 30}", 2),
        found(4333, "age between {26, 30}", 1), found(4334, "age between {27, 30}", 0),
        refused(4336, "age between {20}"), refused(4337, "age between {20, 25, 34}"),
    ])
}
