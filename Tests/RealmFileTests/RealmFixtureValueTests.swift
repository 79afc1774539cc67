import Foundation
import Testing
@testable import RealmFile

/// Every table, column and value of the files realm-core wrote, read by Strata's reader and compared with what
/// realm-core itself read back (the JSON beside each file): classes, kinds, primary keys, object counts, column
/// types, nullability, collections, link targets, column keys, and every object's key and values.
@Suite struct RealmFixtureValueTests {
    /// The generated fixtures, then the real files of apps and SDK tests (`Real/…`).
    static var files: [String] {
        let real = RealmFixtureFileTests.root.deletingLastPathComponent().appendingPathComponent("Real")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: real.path)) ?? []).filter { $0.hasSuffix(".realm") }.sorted()
        return RealmFixtureFileTests.fixtures.filter { !$0.hasSuffix("encrypted.realm") } + names.map { "../Real/" + $0 }
    }

    @Test func thereAreRealFiles() { #expect(Self.files.filter { $0.hasPrefix("../Real/") }.count >= 15) }

    @Test(arguments: files)
    func everyValueIsWhatRealmCoreRead(_ name: String) throws {
        let url = RealmFixtureFileTests.root.appendingPathComponent(name).standardized
        let json = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: url.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any])
        let reader = try RealmFileReader(contentsOf: url.path, name: name)
        let schema = try reader.schema()
        let tables = try #require(json["tables"] as? [[String: Any]])
        #expect(schema.tables.map(\.name) == tables.compactMap { $0["name"] as? String })
        for expected in tables {
            let tableName = try #require(expected["name"] as? String)
            let table = try #require(schema.table(named: tableName))
            let kind = ["topLevel": RealmTableKind.topLevel, "embedded": .embedded, "asymmetric": .asymmetric][expected["tableType"] as? String ?? ""]
            #expect(table.kind == kind, "\(name) \(tableName)")
            #expect(table.primaryKey.map { table.columns[$0].name } == expected["primaryKey"] as? String, "\(name) \(tableName)")
            #expect(table.objectCount == expected["objectCount"] as? Int, "\(name) \(tableName)")
            let columns = try #require(expected["columns"] as? [[String: Any]])
            #expect(table.columns.map(\.name) == columns.compactMap { $0["name"] as? String }, "\(name) \(tableName)")
            for (column, info) in zip(table.columns, columns) {
                let what = "\(name) \(tableName).\(column.name)"
                #expect(column.type.description == info["type"] as? String, "\(what)")
                #expect(column.isNullable == info["nullable"] as? Bool, "\(what)")
                #expect(Self.collectionName(column.collection) == info["collection"] as? String, "\(what)")
                #expect(column.key == (info["colKey"] as? NSNumber)?.int64Value, "\(what)")
                #expect(column.targetTable.flatMap { schema.table(at: $0)?.name } == info["target"] as? String, "\(what)")
            }
            let objects = try #require(expected["objects"] as? [[String: Any]])
            var read: [(Int64, [RealmValue])] = []
            try reader.forEachObject(in: table) { read.append(($0, $1)) }
            #expect(read.count == objects.count, "\(name) \(tableName)")
            for ((key, values), object) in zip(read, objects) {
                #expect(key == (object["_key"] as? NSNumber)?.int64Value, "\(name) \(tableName)")
                for (column, value) in zip(table.columns, values) {
                    let mine = Self.json(value, column: column, schema: schema)
                    let theirs = object[column.name] ?? NSNull()
                    #expect(Self.same(mine, theirs), "\(name) \(tableName)[\(key)].\(column.name): read \(mine), realm-core read \(theirs)")
                }
            }
        }
        #expect(schema.schemaVersion == (tables.first { $0["name"] as? String == "metadata" }?["objects"] as? [[String: Any]])?.first?["version"] as? Int64)
    }

    static func collectionName(_ kind: RealmCollectionKind) -> String? {
        switch kind {
        case .none: nil
        case .list: "list"
        case .set: "set"
        case .dictionary: "dictionary"
        }
    }

    /// A value in the JSON layout of the generator (Tests/Fixtures/Realm/Generator/README.md).
    static func json(_ value: RealmValue, column: RealmColumn, schema: RealmSchema) -> Any {
        let wrap = column.type == .mixed
        switch value {
        case .list(let items) where column.collection.isCollection, .set(let items) where column.collection.isCollection:
            return items.map { plain($0, wrapped: wrap, schema: schema) }
        case .dictionary(let entries) where column.collection.isCollection:
            return Dictionary(entries.map { ($0.key, plain($0.value, wrapped: wrap, schema: schema)) }, uniquingKeysWith: { a, _ in a })
        default:
            return plain(value, wrapped: wrap, schema: schema)
        }
    }

    static func plain(_ value: RealmValue, wrapped: Bool, schema: RealmSchema) -> Any {
        func float(_ value: Double) -> Any {
            if value.isInfinite { return value < 0 ? "-inf" : "inf" }
            return value.isNaN ? "nan" : value
        }
        let inner: Any
        switch value {
        case .null: return NSNull()
        case .int(let value): inner = value
        case .bool(let value): inner = value
        case .float(let value): inner = value.isFinite ? value as Any : float(Double(value))
        case .double(let value): inner = float(value)
        case .string(let value): inner = value
        case .binary(let bytes): inner = ["$binary": Data(bytes).base64EncodedString()]
        case .timestamp(let time): inner = ["$timestamp": ["seconds": time.seconds, "nanoseconds": Int64(time.nanoseconds)]]
        case .decimal(let decimal): inner = ["$decimal128": decimal.description]
        case .objectId(let id): inner = ["$oid": id.description]
        case .uuid(let uuid): inner = ["$uuid": uuid.description]
        case .link(let table, let key): inner = ["$link": ["table": schema.table(at: table)?.name ?? "?", "key": key] as [String: Any]]
        case .list(let items), .set(let items): inner = items.map { plain($0, wrapped: wrapped, schema: schema) }
        case .dictionary(let entries):
            inner = Dictionary(entries.map { ($0.key, plain($0.value, wrapped: wrapped, schema: schema)) }, uniquingKeysWith: { a, _ in a })
        }
        guard wrapped else { return inner }
        let type = value.typeName.map { $0 == "link" ? "typedLink" : $0 } ?? "null"
        return ["type": type, "value": inner] as [String: Any]
    }

    /// Equal as JSON values: numbers by value (doubles to 15 digits), bools apart from numbers.
    static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (is NSNull, is NSNull): return true
        case (let x as [String: Any], let y as [String: Any]):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        case (let x as [Any], let y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (let x as String, let y as String): return x == y
        case (let x as Bool, let y as NSNumber): return String(cString: y.objCType) == "c" && y.boolValue == x
        case (let x as Int64, let y as NSNumber):
            return String(cString: y.objCType) != "c" && (y.stringValue == String(x) || (y.int64Value == x && y.doubleValue == Double(x)))
        case (let x as Float, let y as NSNumber): return x == Float(y.doubleValue)
        case (let x as Double, let y as NSNumber):
            let other = y.doubleValue
            return x == other || abs(x - other) <= abs(x) * 1e-15
        default: return false
        }
    }
}
