import Foundation
import Testing
@testable import RealmFile

/// Real `.realm` files of formats 2–9 (Tests/Fixtures/Realm/Real/legacy, provenance in its README), read with the
/// values that the programs which wrote them put in: the generator sources and SDK tests cited below.
@Suite struct RealmLegacyRealFileTests {
    static let folder = RealmFixtureFileTests.root.deletingLastPathComponent().appendingPathComponent("Real/legacy")

    static func read(_ name: String) throws -> (RealmFileReader, RealmSchema) {
        let reader = try RealmFileReader(contentsOf: folder.appendingPathComponent(name).path, name: name)
        return (reader, try reader.schema())
    }

    static func objects(_ reader: RealmFileReader, _ table: RealmTable) throws -> [(Int64, [String: RealmValue])] {
        var rows: [(Int64, [String: RealmValue])] = []
        try reader.forEachObject(in: table) { key, values in
            rows.append((key, Dictionary(uniqueKeysWithValues: zip(table.columns.map(\.name), values))))
        }
        return rows
    }

    /// realm-java's `ios/` assets, written by realm-cocoa 0.90.4, 0.96.2 and 0.98.0 with the app in realm-java's
    /// `realm/realm-library/src/androidTest/assets/ios/README`: ten `IOSAllTypes`, object i with id i + 1, boolCol
    /// true, shortCol 1 + i, intCol 10 + i, longCol 100 + i, longLongCol 100000000 + i, floatCol 1.23 + i, doubleCol
    /// 1.234 + i, byteCol 01 02 03, stringCol "String i", dateCol 1000 + i seconds, a child named Foo and ten
    /// children named "Name: i"; primary key id (the `pk` table). The model grew: 0.90.4 has no id and no
    /// longLongCol, 0.96.2 no longLongCol.
    @Test(arguments: [("realm-java-ios-0.90.4-alltypes.realm", 2, false, false), ("realm-java-ios-0.96.2-alltypes.realm", 2, true, false),
                      ("realm-java-ios-0.98.0-alltypes.realm", 3, true, true)])
    func realmCocoaAllTypes(_ name: String, _ format: Int, _ hasID: Bool, _ hasLongLong: Bool) throws {
        let (reader, schema) = try Self.read(name)
        #expect(reader.header.fileFormat == format)
        #expect(Set(schema.classes.map(\.name)) == ["class_IOSAllTypes", "class_IOSChild"])
        let all = try #require(schema.table(named: "class_IOSAllTypes"))
        let child = try #require(schema.table(named: "class_IOSChild"))
        #expect(all.primaryKey.map { all.columns[$0].name } == (hasID ? "id" : nil))
        #expect(all.objectCount == 10 && child.objectCount == 110)
        let types = Dictionary(uniqueKeysWithValues: all.columns.map { ($0.name, "\($0.type)\($0.collection == .list ? " list" : "")") })
        var expected = ["boolCol": "bool", "shortCol": "int", "intCol": "int", "longCol": "int",
                        "floatCol": "float", "doubleCol": "double", "byteCol": "binary", "stringCol": "string", "dateCol": "timestamp",
                        "child": "link", "children": "link list"]
        if hasID { expected["id"] = "int" }
        if hasLongLong { expected["longLongCol"] = "int" }
        #expect(types == expected)
        let children = try Self.objects(reader, child)
        for (key, object) in try Self.objects(reader, all) {
            let i = Int64(key)
            #expect(object["id"] == (hasID ? .int(i + 1) : nil))
            #expect(object["boolCol"] == .bool(true))
            #expect(object["shortCol"] == .int(1 + i) && object["intCol"] == .int(10 + i) && object["longCol"] == .int(100 + i))
            #expect(object["longLongCol"] == (hasLongLong ? .int(100_000_000 + i) : nil))
            #expect(object["floatCol"] == .float(Float(1.23) + Float(i)))
            #expect(object["doubleCol"] == .double(1.234 + Double(i)))
            #expect(object["byteCol"] == .binary([1, 2, 3]))
            #expect(object["stringCol"] == .string("String \(i)"))
            #expect(object["dateCol"] == .timestamp(RealmTimestamp(seconds: 1000 + i, nanoseconds: 0)))
            guard case .link(let table, let target) = object["child"] else { Issue.record("\(name) \(key): child \(String(describing: object["child"]))"); continue }
            #expect(table == child.index && children[Int(target)].1["name"] == .string("Foo"))
            guard case .list(let list) = object["children"] else { Issue.record("\(name) \(key): children"); continue }
            #expect(list.count == 10)
            for case .link(_, let target) in list { #expect(children[Int(target)].1["name"] == .string("Name: \(i)")) }
        }
    }

    /// realm-js's `tests/data/dates-v3.realm` (format 3, old DateTime columns holding milliseconds, as realm-js wrote
    /// them, read so when asked: `oldDateTimeUnit`) and `dates-v5.realm` (format 5, timestamps): realm-js's
    /// `testDates` expects 1462500087955 ms twice, then -10000 ms and null.
    @Test(arguments: ["realm-js-dates-v3.realm", "realm-js-dates-v5.realm"])
    func realmJSDatesOfBothEras(_ name: String) throws {
        var (reader, schema) = try Self.read(name)
        reader.oldDateTimeUnit = .milliseconds
        let table = try #require(schema.table(named: "class_Date"))
        #expect(table.columns.map(\.type) == [.timestamp, .timestamp])
        let rows = try Self.objects(reader, table).map(\.1)
        let may = RealmValue.timestamp(RealmTimestamp(seconds: 1_462_500_087, nanoseconds: 955_000_000))
        #expect(rows.map { $0["currentDate"] } == [may, .timestamp(RealmTimestamp(seconds: -10, nanoseconds: 0))])
        #expect(rows.map { $0["nullDate"] } == [may, .null])
    }

    /// An old DateTime is seconds unless the reader is told otherwise, whatever the values (realm-core's definition):
    /// dates-v3's milliseconds read as seconds by default.
    @Test func oldDateTimesAreSecondsByDefault() throws {
        let (reader, schema) = try Self.read("realm-js-dates-v3.realm")
        let rows = try Self.objects(reader, try #require(schema.table(named: "class_Date"))).map(\.1)
        #expect(rows.map { $0["currentDate"] } == [.timestamp(RealmTimestamp(seconds: 1_462_500_087_955, nanoseconds: 0)),
                                                   .timestamp(RealmTimestamp(seconds: -10_000, nanoseconds: 0))])
    }

    /// Files of formats 6, 7 and 9 from SDK tests and a sample app, with what their sources put in.
    @Test func otherEras() throws {
        let (pre, preSchema) = try Self.read("realm-java-string-only-pre-null.realm")  // realm-java 0.82.2, RealmMigrationTests
        #expect(try Self.objects(pre, try #require(preSchema.table(named: "class_StringOnly"))).map { $0.1["chars"] } == [.string("String_set_with_0.82.2")])
        let (sync, syncSchema) = try Self.read("realm-js-sync-v1.realm")  // format 7
        #expect(sync.header.fileFormat == 7)
        #expect(try Self.objects(sync, try #require(syncSchema.table(named: "class_Dog"))).map { $0.1["name"] } == (1...3).map { .string("Lassy \($0)") })
        // realm-java's migrationExample default2: three people, the last with one pet.
        let (people, peopleSchema) = try Self.read("realm-java-migration-default2.realm")
        let person = try #require(peopleSchema.table(named: "class_Person"))
        let rows = try Self.objects(people, person)
        #expect(rows.map { $0.1["fullName"] } == [.string("Bjarne Christianson"), .string("Tim Manglade"), .string("JP McDonald")])
        #expect(rows.map { $0.1["age"] } == [.int(32), .int(49), .int(19)])
        let pet = try #require(peopleSchema.table(named: "class_Pet"))
        #expect(rows.map { $0.1["pets"] } == [.list([]), .list([]), .list([.link(table: pet.index, key: 0)])])
        let (version, versionSchema) = try Self.read("realm-java-version-test.realm")  // format 6, every realm-java test entity
        #expect(version.header.fileFormat == 6 && versionSchema.classes.count == 64)
    }

    /// Primary keys come from the `pk` table: realm-java 0.84.1's `0841_pk_migration.realm`.
    @Test func primaryKeysOfThePkTable() throws {
        let (_, schema) = try Self.read("realm-java-pk-migration.realm")
        let keyed = schema.classes.compactMap { table in table.primaryKey.map { (table.className ?? "", table.columns[$0].name) } }
        #expect(keyed.contains { $0 == ("Tags", "id") } && keyed.contains { $0 == ("PopularPost", "threadId") } && keyed.contains { $0 == ("Message", "uid") },
                "\(keyed)")
        for table in schema.classes { if let key = table.primaryKey { #expect(table.columns[key].isPrimaryKey) } }
    }

    /// Every node of every legacy file is reachable and sound, and every table reads to its end.
    @Test(arguments: (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".realm") }.sorted()) ?? [])
    func everyLegacyFileReadsWhole(_ name: String) throws {
        let (reader, schema) = try Self.read(name)
        #expect(reader.header.isLegacyLayout)
        try reader.checkTree(from: reader.header.topRef)
        for table in schema.tables {
            var count = 0
            try reader.forEachObject(in: table) { _, _ in count += 1 }
            #expect(count == table.objectCount, "\(name) \(table.name)")
        }
    }
}
