import Foundation
import SQLiteKit
import Testing
import StrataTestSupport
@testable import StrataDemo
@testable import StrataCore

/// A folder that removes itself.
final class Scratch {
    let path = NSTemporaryDirectory() + "strata-demo-" + UUID().uuidString
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
    func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}

@Suite struct DemoFileTests {
    @Test func theSchemaReadsAsRealmBrowsersClasses() throws {
        let scratch = try Scratch()
        let path = scratch.file("demo.sqlite")
        try DemoFile.write(DemoGenerator(rows: 1000, seed: 1), to: path, force: false)
        let connection = try Connection(path: path, mode: .readOnly)
        var reader = SchemaReader(connection: connection)
        let schema = try reader.read()
        #expect(schema.visibleClasses.map(\.name) == DemoGenerator.classNames)

        func types(_ name: String) throws -> [String] {
            try schema.require(name).properties.map { "\($0.name): \($0.typeDescription)" }
        }
        #expect(try types("RealmTestClass0") == [
            "id: int", "integerValue: int", "stringValue: string", "dataValue: data",
            "@links.RealmTestClass1.arrayReference: linkingObjects<RealmTestClass1.arrayReference>",
        ])
        #expect(try types("RealmTestClass1") == [
            "id: int", "integerValue: int", "boolValue: bool", "floatValue: float", "doubleValue: double",
            "stringValue: string", "dateValue: date", "arrayReference: list<RealmTestClass0>",
            "@links.RealmTestClass2.objectReference: linkingObjects<RealmTestClass2.objectReference>",
        ])
        #expect(try types("RealmTestClass2") == [
            "id: int", "integerValue: int", "boolValue: bool", "objectReference: object<RealmTestClass1>?",
        ])
        for name in DemoGenerator.classNames {
            let info = try schema.require(name)
            #expect(info.primaryKey == ["id"])
            #expect(try ObjectCounter(connection: connection).count(info) == 1000)
            #expect(try connection.scalar("SELECT min(id) || '-' || max(id) FROM \(name)") == .text("1-1000"))
        }
        #expect(try schema.require("RealmTestClass1_arrayReference").isHidden)
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
        #expect(try connection.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(try scratch.listing() == ["demo.sqlite"])
    }

    @Test func sameSeedSameContentDifferentSeedDifferentContent() throws {
        let scratch = try Scratch()
        var digests: [String] = []
        for (name, seed) in [("a", 7), ("b", 7), ("c", 8)] as [(String, UInt64)] {
            try DemoFile.write(DemoGenerator(rows: 500, seed: seed), to: scratch.file(name), force: false)
            digests.append(try ContentDigest.sha256(try Connection(path: scratch.file(name), mode: .readOnly)))
        }
        #expect(digests[0] == digests[1])
        #expect(digests[0] != digests[2])
    }

    /// Pins the content of a seed: a change here means `--seed 7` no longer gives users the same database.
    @Test func seededContentIsPinned() throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.transaction { try DemoGenerator(rows: 100, seed: 7).write(into: connection) }
        let digest = try ContentDigest.sha256(connection)
        #expect(digest == "19fa5fa2118f9174954f2f351f82b505843e7518edc818fea6094f891609f060")
    }

    /// Values drawn on one thread and inserted on another give the file one thread writes: rows in many batches,
    /// with the list rows between their owners.
    @Test func insertingOnASecondThreadWritesTheSameContent() throws {
        var digests: [String] = []
        for threaded in [false, true] {
            let connection = try Connection(path: "", mode: .memory)
            try connection.transaction { try DemoGenerator(rows: 10_000, seed: 11).write(into: connection, threaded: threaded) }
            digests.append(try ContentDigest.sha256(connection))
        }
        #expect(digests[0] == digests[1])
    }

    /// Stopping midway with the inserting thread busy: the error comes back and nothing waits forever.
    @Test func stoppingWhileTheSecondThreadInserts() throws {
        let connection = try Connection(path: "", mode: .memory)
        var polls = 0
        #expect(throws: StrataError.self) {
            try connection.transaction {
                try DemoGenerator(rows: 20_000, seed: 3).write(into: connection, threaded: true, shouldStop: {
                    polls += 1
                    return polls == 5
                })
            }
        }
        #expect(try connection.rows("SELECT name FROM sqlite_schema").isEmpty)
    }

    @Test func refusesToReplaceWithoutForce() throws {
        let scratch = try Scratch()
        let path = scratch.file("demo.sqlite")
        try "precious".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: StrataError("\(path) already exists (use --force to replace it)", code: .fileExists, site: ErrorSite(file: path))) {
            try DemoFile.write(DemoGenerator(rows: 10, seed: 1), to: path, force: false)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        try DemoFile.write(DemoGenerator(rows: 10, seed: 1), to: path, force: true)
        #expect(try Connection(path: path, mode: .readOnly).scalar("SELECT count(*) FROM RealmTestClass2") == .integer(10))
        #expect(try scratch.listing() == ["demo.sqlite"])
    }

    @Test func refusesToReplaceADatabaseInUse() throws {
        let scratch = try Scratch()
        let path = scratch.file("demo.sqlite")
        try DemoFile.write(DemoGenerator(rows: 10, seed: 1), to: path, force: false)
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data())
        #expect(throws: StrataError.self) { try DemoFile.write(DemoGenerator(rows: 10, seed: 2), to: path, force: true) }
    }

    @Test func badDestinations() throws {
        let scratch = try Scratch()
        #expect(throws: StrataError("\(scratch.path) is a directory; give the demo database a file name")) {
            try DemoFile.write(DemoGenerator(rows: 1, seed: 1), to: scratch.path, force: true)
        }
        #expect(throws: StrataError("no such directory: \(scratch.file("missing"))")) {
            try DemoFile.write(DemoGenerator(rows: 1, seed: 1), to: scratch.file("missing/demo.sqlite"), force: false)
        }
        #expect(try scratch.listing() == [])
    }

    @Test func anInterruptedRunLeavesNothing() throws {
        let scratch = try Scratch()
        let path = scratch.file("demo.sqlite")
        var reports = 0
        #expect(throws: StrataError.interrupted) {
            try DemoFile.write(DemoGenerator(rows: 50_000, seed: 1), to: path, force: false,
                               progress: { _ in reports += 1 }, shouldStop: { reports >= 3 })
        }
        #expect(try scratch.listing() == [])
    }

    @Test func anInterruptedReplacementKeepsTheOldFile() throws {
        let scratch = try Scratch()
        let path = scratch.file("demo.sqlite")
        try DemoFile.write(DemoGenerator(rows: 5, seed: 1), to: path, force: false)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StrataError.interrupted) {
            try DemoFile.write(DemoGenerator(rows: 50_000, seed: 2), to: path, force: true, shouldStop: { true })
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try scratch.listing() == ["demo.sqlite"])
    }

    @Test func zeroRowsIsAnEmptySchema() throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.transaction { try DemoGenerator(rows: 0, seed: 1).write(into: connection) }
        #expect(try connection.scalar("SELECT count(*) FROM RealmTestClass1") == .integer(0))
    }
}

/// The value distributions of Realm Browser's generator, measured on 100,000 objects per class.
@Suite(.serialized) struct DemoDistributionTests {
    static let rows = 100_000
    /// Built once and shared; the suite runs serially because a connection serves one thread at a time.
    nonisolated(unsafe) static let database: Result<Connection, Error> = Result {
        let connection = try Connection(path: "", mode: .memory)
        try connection.transaction { try DemoGenerator(rows: rows, seed: 2026).write(into: connection) }
        return connection
    }

    func share(_ sql: String) throws -> Double {
        let connection = try Self.database.get()
        let count = try connection.scalar(sql).int64 ?? -1
        return Double(count) / Double(Self.rows)
    }

    @Test(arguments: ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"])
    func integerEdgeValuesNearFivePercentEach(_ table: String) throws {
        for edge in ["-9223372036854775808", "9223372036854775807", "0"] {
            let measured = try share("SELECT count(*) FROM \(table) WHERE integerValue = \(edge)")
            #expect(abs(measured - 0.05) < 0.004, "\(table).integerValue = \(edge): \(measured)")
        }
        #expect(try share("SELECT count(*) FROM \(table) WHERE integerValue NOT IN (-9223372036854775808, 9223372036854775807) AND (integerValue < 0 OR integerValue >= 9999999)") == 0)
    }

    @Test func floatAndDoubleEdgeValues() throws {
        let edges: [(String, Double)] = [
            ("floatValue", Double(Float.leastNormalMagnitude)), ("floatValue", Double(Float.greatestFiniteMagnitude)),
            ("floatValue", 0), ("doubleValue", Double.leastNormalMagnitude), ("doubleValue", .greatestFiniteMagnitude),
            ("doubleValue", 0),
        ]
        let connection = try Self.database.get()
        for (column, value) in edges {
            let count = try connection.scalar("SELECT count(*) FROM RealmTestClass1 WHERE \(column) = ?1", [.real(value)]).int64 ?? 0
            #expect(abs(Double(count) / Double(Self.rows) - 0.05) < 0.004, "\(column) = \(value)")
        }
        #expect(try share("SELECT count(*) FROM RealmTestClass1 WHERE doubleValue > 1000.1 AND doubleValue < 1e300") == 0)
    }

    @Test func floatsRoundTripAsFloat() throws {
        let connection = try Self.database.get()
        let statement = try connection.prepare("SELECT floatValue FROM RealmTestClass1")
        var checked = 0
        while try statement.step() {
            guard case .real(let value) = statement.column(0) else { Issue.record("not a real"); return }
            if Double(Float(value)) != value { Issue.record("\(value) is not a Float"); return }
            checked += 1
        }
        #expect(checked == Self.rows)
    }

    @Test func boolsAreAFairCoin() throws {
        #expect(abs(try share("SELECT count(*) FROM RealmTestClass1 WHERE boolValue = 1") - 0.5) < 0.01)
        #expect(abs(try share("SELECT count(*) FROM RealmTestClass2 WHERE boolValue = 1") - 0.5) < 0.01)
        #expect(try share("SELECT count(*) FROM RealmTestClass1 WHERE boolValue NOT IN (0, 1)") == 0)
    }

    @Test func stringsAreUUIDsAndOneInAHundredIsLong() throws {
        for (table, column) in [("RealmTestClass0", "stringValue"), ("RealmTestClass0", "dataValue"), ("RealmTestClass1", "stringValue")] {
            let long = try share("SELECT count(*) FROM \(table) WHERE length(\(column)) = 10000")
            #expect(abs(long - 0.01) < 0.002, "\(table).\(column): \(long)")
            #expect(try share("SELECT count(*) FROM \(table) WHERE length(\(column)) NOT IN (36, 10000)") == 0)
            #expect(try share("""
                SELECT count(*) FROM \(table) WHERE NOT (CAST(\(column) AS TEXT) GLOB
                '[0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F]-[0-9A-F][0-9A-F][0-9A-F][0-9A-F]-4*')
                """) == 0)
            #expect(try share("SELECT count(*) FROM \(table) WHERE length(\(column)) = 10000 AND substr(CAST(\(column) AS TEXT), 37, 8) != ' bla bla'") == 0)
        }
        #expect(try share("SELECT count(*) FROM RealmTestClass0 WHERE typeof(dataValue) != 'blob'") == 0)
        #expect(try share("SELECT count(DISTINCT stringValue) FROM RealmTestClass0") == 1)
    }

    @Test func datesCountBackFromNow() throws {
        let connection = try Self.database.get()
        let bounds = try connection.rows("SELECT min(dateValue), max(dateValue) FROM RealmTestClass1")[0]
        let earliest = ISODate.format(unixMilliseconds: DemoGenerator.seededNow - 999_999_999_000)
        let latest = ISODate.format(unixMilliseconds: DemoGenerator.seededNow)
        #expect((bounds[0].string ?? "") >= earliest)
        #expect((bounds[1].string ?? "") <= latest)
        #expect(try share("SELECT count(*) FROM RealmTestClass1 WHERE dateValue NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'") == 0)
    }

    @Test func listsHoldZeroToTwelveExistingObjects() throws {
        let connection = try Self.database.get()
        let lengths = try connection.rows("""
            SELECT n, count(*) FROM (
                SELECT c.id, count(l.owner) AS n FROM RealmTestClass1 c
                LEFT JOIN RealmTestClass1_arrayReference l ON l.owner = c.id GROUP BY c.id)
            GROUP BY n ORDER BY n
            """)
        #expect(lengths.map { $0[0].int64 ?? -1 } == Array(0...12))
        for row in lengths {
            let measured = Double(row[1].int64 ?? 0) / Double(Self.rows)
            #expect(abs(measured - 1.0 / 13) < 0.005, "lists of \(row[0]): \(measured)")
        }
        // Positions run 0..<n for each owner, and every target exists.
        #expect(try share("SELECT count(*) FROM (SELECT owner FROM RealmTestClass1_arrayReference GROUP BY owner HAVING max(position) + 1 != count(*))") == 0)
        #expect(try connection.rows("PRAGMA foreign_key_check").isEmpty)
    }

    @Test func linksPointAtExistingObjects() throws {
        #expect(try share("SELECT count(*) FROM RealmTestClass2 WHERE objectReference IS NULL") == 0)
        #expect(try share("SELECT count(*) FROM RealmTestClass2 r LEFT JOIN RealmTestClass1 t ON t.id = r.objectReference WHERE t.id IS NULL") == 0)
        #expect(try Self.database.get().scalar("PRAGMA integrity_check") == .text("ok"))
    }
}
