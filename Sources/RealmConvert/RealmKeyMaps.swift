import RealmFile
import SQLiteKit
import StrataCore
import StrataRender

/// A class's object keys with its primary key values, sorted by object key (the order the cluster tree yields them),
/// so that a link's object key becomes the target's primary key by a binary search: 8 bytes per object plus the
/// key value, instead of a hash table's overhead. For a class without a primary key only the object keys, so that a
/// link to an object that does not exist is known as one (formats 2–9 have no tombstones: such a link is damage).
struct KeyMap {
    var objectKeys: [Int64] = []
    var values: [SQLiteValue] = []
    /// Nil: the object key itself is the key links are written as.
    let keyColumn: RealmColumn?

    init(reader: RealmFileReader, table: RealmTable, keyColumn: RealmColumn?, walk: inout RealmNodeWalk) throws {
        self.keyColumn = keyColumn
        // The count is the file's claim: reserved only up to a million, the arrays grow past it as objects are read.
        objectKeys.reserveCapacity(min(table.objectCount, 1 << 20))
        values.reserveCapacity(min(table.objectCount, 1 << 20))
        var sorted = true
        try reader.forEachObject(in: table, columns: keyColumn.map { [$0] } ?? [], walk: &walk) { key, row in
            // Each leaf read maps the pages around it too: given back as the reading goes (see `RealmConverter.write`).
            if objectKeys.count % 65_536 == 65_535 { reader.bytes.releasePages() }
            if let last = objectKeys.last, last >= key { sorted = false }
            objectKeys.append(key)
            if keyColumn != nil { values.append(KeyMaps.plainValue(row[0])) }
        }
        if !sorted {
            let order = objectKeys.indices.sorted { objectKeys[$0] < objectKeys[$1] }
            objectKeys = order.map { objectKeys[$0] }
            if keyColumn != nil { values = order.map { values[$0] } }
        }
    }

    func value(for key: Int64) -> SQLiteValue? {
        var low = 0, high = objectKeys.count
        while low < high {
            let middle = (low + high) / 2
            if objectKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < objectKeys.count && objectKeys[low] == key else { return nil }
        return keyColumn == nil ? .integer(key) : values[low]
    }
}

/// Turns Realm values into the SQLite values of the mapping, links through the targets' key maps.
struct KeyMaps {
    let mapping: RealmMapping
    /// By Realm table index, every class's (the object keys of one without a primary key, which are its keys).
    var maps: [KeyMap?]
    /// By Realm table index: whether the table is a class (links to other tables are not written).
    let isClass: [Bool]

    init(mapping: RealmMapping) {
        self.mapping = mapping
        let count = (mapping.byTableIndex.keys.max() ?? -1) + 1
        maps = Array(repeating: nil, count: count)
        isClass = (0..<count).map { mapping.byTableIndex[$0] != nil }
    }

    /// The key a link to object `key` of table `table` is written as, or nil when the object does not exist (or
    /// the table is not one of the file's classes).
    func linkKey(table: Int, key: Int64) -> SQLiteValue? {
        guard table >= 0, table < isClass.count, isClass[table] else { return nil }
        return maps[table]?.value(for: key)
    }

    /// True when `value` is a link that `sqlValue` writes as NULL because its object does not exist: a dangling link.
    /// (A link to a tombstone, an object deleted on another device, is read as null and is not one.)
    func isDangling(_ value: RealmValue, column: RealmColumn) -> Bool {
        guard case .link(let table, let key) = value else { return false }
        let resolved = table >= 0 ? table : (column.targetTable ?? -1)
        return linkKey(table: resolved, key: key) == nil
    }

    /// True when a dangling `value` points at a table that is not a class of the file (rather than at a missing
    /// object of a class).
    func pointsOutsideTheClasses(_ value: RealmValue, column: RealmColumn) -> Bool {
        guard case .link(let table, _) = value else { return false }
        let resolved = table >= 0 ? table : (column.targetTable ?? -1)
        return !(resolved >= 0 && resolved < isClass.count && isClass[resolved])
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
        case .timestamp(let time):
            var text = ""
            withISOText(time) { text = String(decoding: $0, as: UTF8.self) }
            return .text(text)
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

    /// Calls `body` with the ISO 8601 text of a timestamp (`ISODate.withText`), made on the stack.
    static func withISOText<T>(_ time: RealmTimestamp, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try ISODate.withText(unixSeconds: time.seconds, nanoseconds: Int64(time.nanoseconds), body)
    }
}
