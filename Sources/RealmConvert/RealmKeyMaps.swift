import RealmFile
import SQLiteKit
import StrataCore
import StrataRender

/// A class's object keys with its primary key values, sorted by object key (the order the cluster tree yields them),
/// so that a link's object key becomes the target's primary key by a binary search: 8 bytes per object plus the
/// key value, instead of a hash table's overhead.
struct KeyMap {
    var objectKeys: [Int64] = []
    var values: [SQLiteValue] = []

    init(reader: RealmFileReader, table: RealmTable, keyColumn: RealmColumn) throws {
        objectKeys.reserveCapacity(table.objectCount)
        values.reserveCapacity(table.objectCount)
        var sorted = true
        try reader.forEachObject(in: table, columns: [keyColumn]) { key, row in
            if let last = objectKeys.last, last >= key { sorted = false }
            objectKeys.append(key)
            values.append(KeyMaps.plainValue(row[0]))
        }
        if !sorted {
            let order = objectKeys.indices.sorted { objectKeys[$0] < objectKeys[$1] }
            objectKeys = order.map { objectKeys[$0] }
            values = order.map { values[$0] }
        }
    }

    func value(for key: Int64) -> SQLiteValue? {
        var low = 0, high = objectKeys.count
        while low < high {
            let middle = (low + high) / 2
            if objectKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < objectKeys.count && objectKeys[low] == key ? values[low] : nil
    }
}

/// Turns Realm values into the SQLite values of the mapping, links through the targets' key maps.
struct KeyMaps {
    let mapping: RealmMapping
    /// By Realm table index; classes without a primary key have none (their key is the object key).
    var maps: [Int: KeyMap] = [:]

    init(mapping: RealmMapping) { self.mapping = mapping }

    /// The key a link to object `key` of table `table` is written as, or nil when the object does not exist.
    func linkKey(table: Int, key: Int64) -> SQLiteValue? {
        if let map = maps[table] { return map.value(for: key) }
        guard mapping.byTableIndex[table] != nil else { return nil }
        return .integer(key)
    }

    /// The SQLite value of `value`, a value of `column` (or an element of its collection).
    func sqlValue(_ value: RealmValue, column: RealmColumn) -> SQLiteValue {
        if case .link(let table, let key) = value {
            let resolved = table >= 0 ? table : (column.targetTable ?? -1)
            return linkKey(table: resolved, key: key) ?? .null
        }
        return Self.plainValue(value, keys: self)
    }

    /// The Realm type a Mixed value had, for its `_type` column: the value's type name, `link:Class` for a link.
    func typeName(_ value: RealmValue) -> String? {
        if case .link(let table, _) = value {
            return "link" + (mapping.byTableIndex[table].map { ":" + mapping.classes[$0].name } ?? "")
        }
        return value.typeName
    }

    /// Every value but links (which need the key maps): numbers, text in canonical forms, and nested collections as
    /// JSON text.
    static func plainValue(_ value: RealmValue, keys: KeyMaps? = nil) -> SQLiteValue {
        switch value {
        case .null: return .null
        case .int(let value): return .integer(value)
        case .bool(let value): return .integer(value ? 1 : 0)
        // SQLite stores a NaN as NULL: keep it as the text NaN.
        // A float as the double of its shortest text (1.23, not 1.2300000190734863): the same float again.
        case .float(let value): return value.isNaN ? .text("NaN") : .real(Double("\(value)") ?? Double(value))
        case .double(let value): return value.isNaN ? .text("NaN") : .real(value)
        case .string(let value): return .text(value)
        case .binary(let bytes): return .blob(bytes)
        case .timestamp(let time): return .text(ISODate.format(unixSeconds: time.seconds, nanoseconds: Int64(time.nanoseconds)))
        case .decimal(let decimal): return .text(decimal.description)
        case .objectId(let id): return .text(id.description)
        case .uuid(let uuid): return .text(uuid.description)
        case .link(_, let key): return .integer(key)
        case .list, .set, .dictionary:
            var text = ""
            json(value, keys: keys, into: &text)
            return .text(text)
        }
    }

    /// A nested collection (format 24 Mixed) as JSON: values as Strata's JSON output writes them, links as
    /// `{"class": …, "key": …}`.
    static func json(_ value: RealmValue, keys: KeyMaps?, into text: inout String) {
        switch value {
        case .list(let items), .set(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                json(item, keys: keys, into: &text)
            }
            text += "]"
        case .dictionary(let entries):
            text += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { text += "," }
                text += quoted(entry.key) + ":"
                json(entry.value, keys: keys, into: &text)
            }
            text += "}"
        case .link(let table, let key):
            let name = keys?.mapping.byTableIndex[table].map { keys!.mapping.classes[$0].name }
            let target = keys?.linkKey(table: table, key: key) ?? .integer(key)
            text += "{\"class\":" + (name.map(quoted) ?? "null") + ",\"key\":"
            json(sqlite: target, into: &text)
            text += "}"
        default:
            json(sqlite: plainValue(value, keys: keys), into: &text)
        }
    }

    private static func json(sqlite value: SQLiteValue, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .integer(let number): text += String(number)
        case .real(let number): text += number.isFinite ? "\(number)" : quoted("\(number)")
        case .text(let string): text += quoted(string)
        case .blob(let bytes): text += quoted(Base64.encode(bytes))
        }
    }

    /// A JSON string, escaped as every JSON output of Strata escapes it.
    private static func quoted(_ string: String) -> String {
        var buffer = ByteBuffer(capacity: string.utf8.count + 2)
        var string = string
        string.withUTF8 { buffer.appendJSONString(UnsafeRawBufferPointer($0)) }
        return String(decoding: buffer.bytes, as: UTF8.self)
    }
}
