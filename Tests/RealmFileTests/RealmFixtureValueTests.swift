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
        func realms(_ folder: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".realm") }.sorted()
        }
        // The legacy files (formats 2–9) that realm core 5 could read into JSON.
        let legacy = realms(real.appendingPathComponent("legacy")).filter {
            FileManager.default.fileExists(atPath: real.appendingPathComponent("legacy/" + $0.dropLast(6) + ".json").path)
        }
        return RealmFixtureFileTests.fixtures.filter { !$0.hasSuffix("encrypted.realm") } + realms(real).map { "../Real/" + $0 }
            + legacy.map { "../Real/legacy/" + $0 }
    }

    @Test func thereAreRealFiles() { #expect(Self.files.filter { $0.hasPrefix("../Real/") }.count >= 15) }

    @Test(arguments: files)
    func everyValueIsWhatRealmCoreRead(_ name: String) throws {
        let url = RealmFixtureFileTests.root.appendingPathComponent(name).standardized
        let json = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: url.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any])
        var reader = try RealmFileReader(contentsOf: url.path, name: name)
        // The one fixture realm-js wrote with old DateTime columns: milliseconds, read so when asked (--realm-dates ms).
        let milliseconds = name.hasSuffix("realm-js-dates-v3.realm")
        if milliseconds { reader.oldDateTimeUnit = .milliseconds }
        let schema = try reader.schema()
        var tables = try #require(json["tables"] as? [[String: Any]])
        if reader.header.isLegacyLayout {
            tables = Self.legacyNormalized(tables, upgradedDates: json["oldDateTimeColumns"] as? [[String: Any]] ?? [], milliseconds: milliseconds)
        }
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

    /// realm core 5's view of a legacy file (Generator/legacy/README.md) in the layout of the newer fixtures, as
    /// Strata reads such files: rows as object keys (`_row` → `_key`, `row` → `key` in links), the spec position
    /// as the column key, an old DateTime as a timestamp of whole seconds (of milliseconds for a file realm-js wrote,
    /// `milliseconds`), a one-column subtable (`!ARRAY_VALUE`) as a list of its values; a
    /// subtable of several columns, alone or in an old Mixed, cannot be read: a null Mixed (an old Mixed is nullable
    /// for that). `upgradedDates` are the
    /// old DateTime columns that realm core's upgrade of the file made timestamps (`oldDateTimeColumns`).
    static func legacyNormalized(_ tables: [[String: Any]], upgradedDates: [[String: Any]], milliseconds: Bool = false) -> [[String: Any]] {
        tables.map { table in
            var table = table
            let upgraded = Set(upgradedDates.filter { $0["table"] as? String == table["name"] as? String }.compactMap { $0["column"] as? String })
            var columns = table["columns"] as? [[String: Any]] ?? []
            var kinds: [String: LegacyKind] = [:]
            let objects = table["objects"] as? [[String: Any]] ?? []
            for index in columns.indices {
                var column = columns[index]
                let name = column["name"] as? String ?? ""
                column["colKey"] = column["colIndex"]
                var kind = LegacyKind()
                if column["type"] as? String == "oldDateTime" || upgraded.contains(name) {
                    column["type"] = "timestamp"
                    kind.milliseconds = milliseconds
                }
                // An old Mixed may hold a value Strata cannot read, which it makes nil: nullable, as today's Mixed is.
                if column["type"] as? String == "mixed" { column["nullable"] = true }
                if column["type"] as? String == "table" {
                    let inner = column["subtableColumns"] as? [[String: Any]] ?? []
                    if inner.count == 1, let only = inner.first, only["name"] as? String == "!ARRAY_VALUE" {
                        column["type"] = only["type"] as? String == "oldDateTime" ? "timestamp" : only["type"]
                        column["collection"] = "list"
                        column["nullable"] = only["nullable"]
                        kind.list = true
                    } else {
                        (column["type"], column["nullable"]) = ("mixed", true)
                        kind.unreadable = true
                    }
                }
                kinds[name] = kind
                columns[index] = column
            }
            table["columns"] = columns
            table["objects"] = objects.map { object in
                var converted: [String: Any] = [:]
                for (key, stored) in object {
                    if key == "_row" { converted["_key"] = stored; continue }
                    let kind = kinds[key] ?? LegacyKind()
                    if kind.unreadable {
                        converted[key] = NSNull()
                    } else if kind.list, let rows = stored as? [[String: Any]] {
                        converted[key] = rows.map { legacyValue($0["!ARRAY_VALUE"] ?? NSNull(), milliseconds: kind.milliseconds) }
                    } else {
                        converted[key] = legacyValue(stored, milliseconds: kind.milliseconds)
                    }
                }
                return converted
            }
            return table
        }
    }

    struct LegacyKind {
        var list = false, unreadable = false, milliseconds = false
    }

    /// The seconds of an old DateTime or a timestamp value as realm core dumped it.
    static func legacySeconds(_ stored: Any?) -> Int64? {
        guard let object = stored as? [String: Any] else { return nil }
        return (object["$oldDateTime"] as? NSNumber)?.int64Value ?? ((object["$timestamp"] as? [String: Any])?["seconds"] as? NSNumber)?.int64Value
    }

    static func legacyValue(_ stored: Any, milliseconds: Bool = false) -> Any {
        switch stored {
        case let object as [String: Any]:
            if object["$oldDateTime"] != nil || milliseconds && object["$timestamp"] != nil, let seconds = legacySeconds(object) {
                let (whole, part) = milliseconds ? (seconds / 1000, (seconds % 1000) * 1_000_000) : (seconds, 0)
                return ["$timestamp": ["seconds": whole, "nanoseconds": part]]
            }
            if let link = object["$link"] as? [String: Any], let row = link["row"] { return ["$link": ["table": link["table"] ?? "", "key": row]] }
            if let type = object["type"] as? String, object.count == 2 {
                if type == "table" || type == "mixed" { return NSNull() }
                return ["type": type == "oldDateTime" ? "timestamp" : type, "value": object["value"].map { legacyValue($0) } ?? NSNull()]
            }
            return object.mapValues { legacyValue($0) }
        case let array as [Any]: return array.map { legacyValue($0) }
        default: return stored
        }
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
