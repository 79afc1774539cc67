import Foundation

/// One object of a `KeyedArchive`: an entry of `$objects` (a class instance with its fields, or a plain string,
/// number or data) or a value stored inline in a field (`encodeInt:forKey:` and `encodeBool:forKey:` store theirs
/// there). Fields are read by key; references are resolved when asked for, one step at a time.
///
/// Accessors return nil for a missing key or `$null`, and throw `ModelReadError` for a value of the wrong type.
public struct ArchivedObject: Sendable {
    public let archive: KeyedArchive
    /// The index in `$objects`, or nil for a value stored inline in a field.
    public let index: Int?
    /// The raw entry: a dictionary of fields for a class instance.
    public let value: PropertyListValue
    /// The class and its superclasses, nearest first (`$classes`), or empty for a plain value.
    public let classHierarchy: [String]

    init(archive: KeyedArchive, index: Int?, value: PropertyListValue, classHierarchy: [String]) {
        self.archive = archive
        self.index = index
        self.value = value
        self.classHierarchy = classHierarchy
    }

    /// `$classname` of the object's class, or nil for a plain value.
    public var className: String? { classHierarchy.first }

    public func isKind(of className: String) -> Bool { classHierarchy.contains(className) }

    /// True for `$null` (object 0), what the archiver writes for nil.
    public var isNull: Bool { index == 0 }

    /// The field names of a class instance (without `$class`), sorted.
    public var keys: [String] {
        guard case .dictionary(let fields) = value else { return [] }
        return fields.keys.filter { $0 != "$class" }.sorted()
    }

    // MARK: - Fields

    /// The field `key`, resolved through its reference; nil when absent or `$null`.
    public func object(_ key: String) throws -> ArchivedObject? {
        guard let raw = try field(key) else { return nil }
        let resolved = try resolve(raw, place: "\(name) key '\(key)'")
        return resolved.isNull ? nil : resolved
    }

    public func string(_ key: String) throws -> String? {
        guard let object = try object(key) else { return nil }
        return try object.stringValue(place: "\(name) key '\(key)'")
    }

    public func int(_ key: String) throws -> Int64? {
        guard let object = try object(key) else { return nil }
        switch object.value {
        case .integer(let number): return number
        case .unsignedInteger(let number) where number <= UInt64(Int64.max): return Int64(number)
        case .bool(let flag): return flag ? 1 : 0
        default: throw mismatch(key, object, "an integer")
        }
    }

    public func bool(_ key: String) throws -> Bool? {
        guard let object = try object(key) else { return nil }
        switch object.value {
        case .bool(let flag): return flag
        case .integer(let number): return number != 0
        default: throw mismatch(key, object, "a boolean")
        }
    }

    public func double(_ key: String) throws -> Double? {
        guard let object = try object(key) else { return nil }
        switch object.value {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        default: throw mismatch(key, object, "a number")
        }
    }

    /// Data stored directly or as an `NSData`/`NSMutableData` (`NS.data`).
    public func data(_ key: String) throws -> [UInt8]? {
        guard let object = try object(key) else { return nil }
        return try object.dataValue(place: "\(name) key '\(key)'")
    }

    /// An `NSDate` (`NS.time`), as seconds since 2001-01-01 00:00:00 UTC.
    public func date(_ key: String) throws -> Double? {
        guard let object = try object(key) else { return nil }
        if case .date(let seconds) = object.value { return seconds }
        guard object.isKind(of: "NSDate"), let seconds = try object.double("NS.time") else {
            throw mismatch(key, object, "a date")
        }
        return seconds
    }

    /// An `NSUUID` (`NS.uuidbytes`, 16 bytes).
    public func uuid(_ key: String) throws -> UUID? {
        guard let object = try object(key) else { return nil }
        guard object.isKind(of: "NSUUID"), let bytes = try object.data("NS.uuidbytes"), bytes.count == 16 else {
            throw mismatch(key, object, "a uuid of 16 bytes")
        }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// The elements of an `NSArray`, `NSSet`, `NSOrderedSet` or their mutable kinds (`NS.objects`).
    public func array(_ key: String) throws -> [ArchivedObject]? {
        guard let object = try object(key) else { return nil }
        return try object.elements(place: "\(name) key '\(key)'")
    }

    /// An `NSDictionary` or `NSMutableDictionary` (`NS.keys`, `NS.objects`) whose keys are strings.
    public func dictionary(_ key: String) throws -> [String: ArchivedObject]? {
        guard let entries = try dictionaryEntries(key) else { return nil }
        return Dictionary(entries, uniquingKeysWith: { _, last in last })
    }

    /// The same entries in archive order.
    public func dictionaryEntries(_ key: String) throws -> [(key: String, value: ArchivedObject)]? {
        guard let object = try object(key) else { return nil }
        return try object.entries(place: "\(name) key '\(key)'")
    }

    // MARK: - The object as a value

    /// The object itself as a string (`NSString`, `NSMutableString` or a plain string).
    public func asString() throws -> String { try stringValue(place: name) }
    /// The object itself as data (`NSData`, `NSMutableData` or plain data).
    public func asData() throws -> [UInt8] { try dataValue(place: name) }
    /// The object itself as an array or set's elements.
    public func asArray() throws -> [ArchivedObject] { try elements(place: name) }
    /// The object itself as a dictionary's entries, in archive order.
    public func asDictionaryEntries() throws -> [(key: String, value: ArchivedObject)] { try entries(place: name) }

    func entries(place: String) throws -> [(key: String, value: ArchivedObject)] {
        guard isKind(of: "NSDictionary") || isKind(of: "NSMutableDictionary") else {
            throw KeyedArchive.error("\(place) is \(kind), not a dictionary")
        }
        var keys = try references("NS.keys", place: place)
        var values = try references("NS.objects", place: place)
        // Core Data's own dictionaries (NSKnownKeysDictionary1, which holds a model's entities and an entity's
        // properties in a real model cache) keep their keys in a shared mapping and their values in an array.
        if keys.isEmpty && values.isEmpty, let mapping = try object("searchMapping"), let stored = try object("values") {
            keys = try mapping.object("keys")?.asArray() ?? []
            values = try stored.asArray()
        }
        guard keys.count == values.count else {
            throw KeyedArchive.error("\(place): \(keys.count) keys but \(values.count) values")
        }
        return try zip(keys, values).map { keyObject, valueObject in
            (try keyObject.stringValue(place: "\(place) dictionary key"), valueObject)
        }
    }

    /// An `NSString`/`NSMutableString` (`NS.string`) or a plain string.
    func stringValue(place: String) throws -> String {
        if case .string(let text) = value { return text }
        if isKind(of: "NSString") || isKind(of: "NSMutableString") {
            if let text = try string("NS.string") { return text }
            if let bytes = try data("NS.bytes") { return String(decoding: bytes, as: UTF8.self) }
        }
        throw KeyedArchive.error("\(place) is \(kind), not a string")
    }

    func dataValue(place: String) throws -> [UInt8] {
        if case .data(let bytes) = value { return bytes }
        if isKind(of: "NSData") || isKind(of: "NSMutableData"), let bytes = try data("NS.data") { return bytes }
        throw KeyedArchive.error("\(place) is \(kind), not data")
    }

    func elements(place: String) throws -> [ArchivedObject] {
        let collections = ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet"]
        guard collections.contains(where: isKind(of:)) else {
            throw KeyedArchive.error("\(place) is \(kind), not an array or a set")
        }
        return try references("NS.objects", place: place)
    }

    /// The objects an `NS.objects`/`NS.keys` array refers to (an absent array is empty).
    func references(_ key: String, place: String) throws -> [ArchivedObject] {
        guard let raw = try field(key) else { return [] }
        guard case .array(let entries) = raw else {
            throw KeyedArchive.error("\(place): '\(key)' is \(raw.kindDescription), not an array")
        }
        return try entries.enumerated().map { offset, entry in
            try resolve(entry, place: "\(place) '\(key)' entry \(offset)")
        }
    }

    // MARK: - Debugging

    /// A readable outline of the object and what it refers to, at most `depth` levels deep; an object already
    /// on the path is shown as a back reference, so cycles end.
    public func dump(depth: Int = 8) -> String {
        var lines: [String] = []
        dump(into: &lines, indent: "", depth: depth, path: [])
        return lines.joined(separator: "\n")
    }

    private func dump(into lines: inout [String], indent: String, depth: Int, path: Set<Int>) {
        let label = index.map { "#\($0) " } ?? ""
        guard case .dictionary(let fields) = value, className != nil else {
            lines.append(indent + label + Self.describe(value))
            return
        }
        lines.append(indent + label + (className ?? "?"))
        let inner = path.union(index.map { [$0] } ?? [])
        for key in fields.keys.sorted() where key != "$class" {
            guard let field = fields[key] else { continue }
            let resolved = try? resolve(field, place: key)
            if case .uid(let uid) = field, let seen = Int(exactly: uid), inner.contains(seen) {
                lines.append("\(indent)  \(key): <back to #\(uid)>")
            } else if depth <= 0 {
                lines.append("\(indent)  \(key): …")
            } else if let resolved, resolved.className != nil {
                lines.append("\(indent)  \(key):")
                resolved.dump(into: &lines, indent: indent + "    ", depth: depth - 1, path: inner)
            } else if case .array(let entries) = field {
                lines.append("\(indent)  \(key): [\(entries.map(Self.describe).joined(separator: ", "))]")
            } else {
                lines.append("\(indent)  \(key): \(resolved.map { Self.describe($0.value) } ?? Self.describe(field))")
            }
        }
    }

    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .unsignedInteger(let number): String(number)
        case .real(let number): String(number)
        case .date(let seconds): "date \(seconds)"
        case .data(let bytes): "<\(bytes.count) bytes>"
        case .string(let text): "\"\(text)\""
        case .uid(let uid): "#\(uid)"
        case .array(let entries): "array of \(entries.count)"
        case .set(let entries): "set of \(entries.count)"
        case .dictionary(let entries): "dictionary of \(entries.count)"
        }
    }

    // MARK: - Pieces

    private func field(_ key: String) throws -> PropertyListValue? {
        guard case .dictionary(let fields) = value else {
            throw KeyedArchive.error("\(name) is \(kind), not an object with keys (asked for '\(key)')")
        }
        return fields[key]
    }

    private func resolve(_ raw: PropertyListValue, place: String) throws -> ArchivedObject {
        if case .uid(let uid) = raw { return try archive.object(uid: uid, from: place) }
        return ArchivedObject(archive: archive, index: nil, value: raw, classHierarchy: [])
    }

    /// How messages name this object: `object 5 (NSEntityDescription)`.
    var name: String {
        let where_ = index.map { "object \($0)" } ?? "an inline value"
        return className.map { "\(where_) (\($0))" } ?? where_
    }

    private var kind: String { className.map { "an object of class \($0)" } ?? value.kindDescription }

    private func mismatch(_ key: String, _ object: ArchivedObject, _ expected: String) -> ModelReadError {
        KeyedArchive.error("\(name) key '\(key)' is \(object.kind), not \(expected)")
    }
}
