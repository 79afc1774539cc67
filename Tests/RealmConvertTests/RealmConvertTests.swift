import Foundation
import Testing
@testable import RealmConvert
@testable import RealmFile
import SQLiteKit
import StrataCore

/// The converter's own pieces: dates as text, and a whole fixture converted into SQLite, checked against the values
/// realm-core read (the JSON beside the file) by a reader that knows nothing of the converter.
@Suite struct RealmConvertTests {
    struct DateCase: Sendable, CustomStringConvertible {
        let seconds: Int64
        let nanoseconds: Int32
        let text: String
        var description: String { text }
    }

    static let dates: [DateCase] = [
        .init(seconds: 0, nanoseconds: 0, text: "1970-01-01T00:00:00.000Z"),
        .init(seconds: 1_600_000_000, nanoseconds: 0, text: "2020-09-13T12:26:40.000Z"),
        .init(seconds: 1_700_000_000, nanoseconds: 123_456_789, text: "2023-11-14T22:13:20.123456789Z"),
        .init(seconds: 1_700_000_000, nanoseconds: 5_000_000, text: "2023-11-14T22:13:20.005Z"),
        .init(seconds: 1, nanoseconds: 1, text: "1970-01-01T00:00:01.000000001Z"),
        // Before 1970 Realm's nanoseconds take the sign of the seconds: −1 s − 0.5 s is 1969-12-31T23:59:58.5.
        .init(seconds: -1, nanoseconds: -500_000_000, text: "1969-12-31T23:59:58.500Z"),
        .init(seconds: -1, nanoseconds: 0, text: "1969-12-31T23:59:59.000Z"),
        .init(seconds: -86_400, nanoseconds: -1, text: "1969-12-30T23:59:59.999999999Z"),
        .init(seconds: -62_135_596_800, nanoseconds: 0, text: "0001-01-01T00:00:00.000Z"),
        .init(seconds: 253_402_300_799, nanoseconds: 999_000_000, text: "9999-12-31T23:59:59.999Z"),
        .init(seconds: 253_402_300_800, nanoseconds: 0, text: "+10000-01-01T00:00:00.000Z"),
        .init(seconds: -62_167_219_200, nanoseconds: 0, text: "0000-01-01T00:00:00.000Z"),
        .init(seconds: -62_198_755_200, nanoseconds: 0, text: "-0001-01-01T00:00:00.000Z"),
        .init(seconds: 951_782_400, nanoseconds: 0, text: "2000-02-29T00:00:00.000Z"),
    ]

    @Test(arguments: dates)
    func aTimestampIsISOTextWithItsNanoseconds(_ date: DateCase) {
        let time = RealmTimestamp(seconds: date.seconds, nanoseconds: date.nanoseconds)
        let fast = KeyMaps.withISOText(time) { String(decoding: $0, as: UTF8.self) }
        #expect(fast == date.text)
        #expect(ISODate.format(unixSeconds: date.seconds, nanoseconds: Int64(date.nanoseconds)) == date.text)
        // Strata reads the text back to the millisecond, years past 9999 and before 0000 too.
        let milliseconds = date.seconds * 1000 + Int64(date.nanoseconds) / 1_000_000
        #expect(ISODate.parse(date.text) == milliseconds, "\(date.text)")
    }

    /// Random timestamps in SQLite's date range (years 0000 to 9999), against SQLite's own `strftime`: the date and
    /// time to the second, then the fraction as milliseconds when it is whole milliseconds, else nine digits.
    @Test func randomTimestampsAgreeWithSQLite() throws {
        var generator = SystemRandomNumberGenerator()
        let db = try Connection(path: "", mode: .memory)
        let strftime = try db.prepare("SELECT strftime('%Y-%m-%dT%H:%M:%S', ?1, 'unixepoch')")
        for _ in 0..<5_000 {
            let seconds = Int64.random(in: -62_167_219_200...253_402_300_798, using: &generator)
            var nanoseconds = Int32.random(in: 0..<1_000_000_000, using: &generator)
            if Bool.random(using: &generator) { nanoseconds -= nanoseconds % 1_000_000 }
            let time = RealmTimestamp(seconds: seconds, nanoseconds: nanoseconds)
            let text = KeyMaps.withISOText(time) { String(decoding: $0, as: UTF8.self) }
            try strftime.bind([.integer(seconds)])
            #expect(try strftime.step())
            let fraction = nanoseconds % 1_000_000 == 0 ? String(format: "%03d", nanoseconds / 1_000_000) : String(format: "%09d", nanoseconds)
            #expect(text == "\(strftime.column(0).string ?? "?").\(fraction)Z", "\(seconds) \(nanoseconds)")
            strftime.reset()
        }
    }

    /// A damaged file's timestamp may hold any nanoseconds, and seconds at the ends of Int64: text, never a crash
    /// (a damaged all-types.realm once stopped `strata classes` with "Negative value is not representable"); the
    /// nanoseconds' whole seconds carried into the seconds, and the text read back as the moment it says.
    @Test func timestampsOutsideRealmsRangesAreTextToo() {
        let nanoseconds: [Int32] = [.min, .max, -1_000_000_000, 1_000_000_000, 1_999_999_999, -1_999_999_999, -1, 999_999_999]
        for seconds: Int64 in [.min, .max, .min + 1, .max - 1, 0, -1, 1_700_000_000, -62_135_596_800, 253_402_300_799] {
            for nanos in nanoseconds {
                let time = RealmTimestamp(seconds: seconds, nanoseconds: nanos)
                let text = KeyMaps.withISOText(time) { String(decoding: $0, as: UTF8.self) }
                #expect(text.hasSuffix("Z") && text.utf8.count <= 48, "\(seconds) \(nanos)")
                // Within ±100,000,000 days of 1970 (JavaScript's dates, which `parse` reads), to the millisecond.
                let (carry, rest) = Int64(nanos).quotientAndRemainder(dividingBy: 1_000_000_000)
                let whole = rest < 0 ? (carry - 1, rest + 1_000_000_000) : (carry, rest)
                if (-8_640_000_000_000..<8_640_000_000_000).contains(seconds) {
                    let milliseconds = (seconds + whole.0) * 1000 + (whole.1 + 500_000) / 1_000_000
                    let read = ISODate.reading(text)
                    #expect(read.map { abs($0.milliseconds - milliseconds) <= 1 } == true, "\(text)")
                }
            }
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Realm/Files")

    /// `all-types.realm` converted in memory: its tables, declared types and values as realm-core read them.
    @Test(arguments: ["all-types", "format-23/all-types", "format-22/all-types", "format-20/all-types", "format-11/all-types"])
    func allTypesConvertsToWhatRealmCoreRead(_ name: String) throws {
        let url = Self.fixtures.appendingPathComponent(name + ".realm")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any])
        let converter = try RealmConverter(reader: try RealmFileReader(contentsOf: url.path))
        let connection = try Connection(path: ":memory:", mode: .memory)
        let summary = try connection.transaction { try converter.write(into: connection) }
        let tables = try #require(json["tables"] as? [[String: Any]])
        let allTypes = try #require(tables.first { $0["name"] as? String == "class_AllTypes" })
        let objects = try #require(allTypes["objects"] as? [[String: Any]])
        #expect(summary.tables.first { $0.name == "AllTypes" }?.rows == objects.count)
        let declared = Dictionary(uniqueKeysWithValues: try connection.rows("SELECT name, type FROM pragma_table_info('AllTypes')").map { ($0[0].string!, $0[1].string!) })
        #expect(declared["_id"] == "INTEGER" && declared["boolValue"] == "BOOLEAN" && declared["floatValue"] == "FLOAT")
        #expect(declared["dateValue"] == "DATETIME" && declared["binaryValue"] == "BLOB")
        for object in objects {
            let id = try #require((object["_id"] as? NSNumber)?.int64Value)
            let row = try #require(try connection.rows("SELECT intValue, stringValue, dateValue, optIntValue, binaryValue FROM AllTypes WHERE _id = ?1", [.integer(id)]).first)
            #expect(row[0] == .integer((object["intValue"] as? NSNumber)?.int64Value ?? -1), "\(name) \(id)")
            #expect(row[1] == .text(object["stringValue"] as? String ?? "?"), "\(name) \(id)")
            if let date = (object["dateValue"] as? [String: Any])?["$timestamp"] as? [String: Any],
               let seconds = (date["seconds"] as? NSNumber)?.int64Value, let nanoseconds = (date["nanoseconds"] as? NSNumber)?.int64Value
            {
                #expect(row[2] == .text(ISODate.format(unixSeconds: seconds, nanoseconds: nanoseconds)), "\(name) \(id)")
            }
            #expect(row[3] == ((object["optIntValue"] as? NSNumber).map { .integer($0.int64Value) } ?? .null), "\(name) \(id)")
            if let binary = (object["binaryValue"] as? [String: Any])?["$binary"] as? String {
                #expect(row[4] == .blob(Array(Data(base64Encoded: binary) ?? Data())), "\(name) \(id)")
            }
        }
        #expect(try connection.scalar("PRAGMA foreign_key_check").isNull)
        #expect(try connection.scalar("SELECT value FROM strata_realm_file WHERE key = 'fileFormat'") == .integer(Int64(converter.schema.fileFormat)))
    }
}

/// Names that SQLite would refuse or confuse: taken ones get underscores, and every statement the mapping makes runs.
@Suite struct RealmMappingNameTests {
    static func column(_ name: String, _ type: RealmColumnType, key: Int64, collection: RealmCollectionKind = .none,
                       primaryKey: Bool = false, target: Int? = nil) -> RealmColumn {
        RealmColumn(name: name, type: type, collection: collection, isNullable: !primaryKey, isIndexed: primaryKey,
                    isPrimaryKey: primaryKey, key: key, targetTable: target, specIndex: Int(key))
    }

    static func table(_ index: Int, _ name: String, _ columns: [RealmColumn]) -> RealmTable {
        RealmTable(index: index, name: name, kind: .topLevel, columns: columns, primaryKey: columns.firstIndex(where: \.isPrimaryKey),
                   clusterRoot: nil, objectCount: 0, enumKeys: [:])
    }

    @Test func takenNamesGetUnderscoresAndTheTablesCanBeCreated() throws {
        let schema = RealmSchema(fileFormat: 24, tables: [
            Self.table(0, "class_Dog", [Self.column("name", .string, key: 0, primaryKey: true), Self.column("Name", .string, key: 1)]),
            Self.table(1, "class_dog", [Self.column("_key", .int, key: 0), Self.column("m", .mixed, key: 1), Self.column("m_type", .string, key: 2)]),
            Self.table(2, "class_Person_tags", [Self.column("x", .int, key: 0)]),
            Self.table(3, "class_Person", [Self.column("tags", .string, key: 0, collection: .set),
                                           Self.column("dogs", .link, key: 1, collection: .list, target: 0)]),
            Self.table(4, "class_strata_realm_file", [Self.column("x", .int, key: 0)]),
            Self.table(5, "class_sqlite_master", [Self.column("x", .int, key: 0)]),
            Self.table(6, "metadata", [Self.column("version", .int, key: 0)]),
        ], schemaVersion: nil)
        let mapping = try RealmMapping(schema: schema)
        #expect(mapping.classes.map(\.name) == ["Dog", "dog_", "Person_tags", "Person", "strata_realm_file_", "realm_sqlite_master", "metadata"])
        #expect(mapping.classes[0].columns.map(\.name) == ["Name_"])
        #expect(mapping.classes[1].columns.map(\.name) == ["_key_", "m", "m_type"])
        #expect(mapping.classes[1].columns[1].typeName == "m_type_")
        #expect(mapping.classes[3].collections.map(\.name) == ["Person_tags_", "Person_dogs"])
        let connection = try Connection(path: ":memory:", mode: .memory)
        for statement in mapping.createStatements() + RealmFacts.createSQL { try connection.execute(statement) }
    }

    @Test func aNameWithANulIsRefusedInOneLine() throws {
        let schema = RealmSchema(fileFormat: 24, tables: [Self.table(0, "class_A\u{0}B", [Self.column("x", .int, key: 0)])], schemaVersion: nil)
        #expect(throws: RealmReadError.self) { try RealmMapping(schema: schema) }
    }
}
