import SQLiteKit
import StrataCore
import StrataQuery

/// Turns typed text into the value a property stores (ARCHITECTURE.md §2–3): by the property's type, in the
/// column's own storage, with an error naming the property, its type and the value when it does not fit.
public struct ValueParser {
    /// The class the property belongs to.
    public let info: ClassInfo
    public let schema: Schema
    public let connection: Connection
    /// The most bytes `@path` reads (`--max-blob`).
    public var maxBlobBytes = BlobLimit.defaultBytes
    /// Reads `@path` for data, at most the limit it is given; the file system by default.
    var readFile: (String, Int64) throws -> [UInt8] = ValueParser.readFromDisk
    /// The time `now` means, in milliseconds since 1970.
    var now: () -> Int64 = Platform.nowMilliseconds

    public init(info: ClassInfo, schema: Schema, connection: Connection) {
        self.info = info
        self.schema = schema
        self.connection = connection
    }

    /// The value to store in `property`'s column.
    ///
    /// - Throws: `StrataError` such as `Task.priority is an int: "high" is not a whole number`.
    public func value(_ typed: TypedValue, for property: Property) throws -> SQLiteValue {
        let name = "\(info.name).\(property.name)"
        let shown = typed.quoted ? "\"\(typed.text)\"" : "'\(typed.text)'"
        func refuse(_ reason: String) -> StrataError {
            StrataError("\(name) is \(Self.article(property.type)) \(property.typeDescription): \(shown) \(reason)")
        }
        if property.isReadOnly || property.type.isCollection {
            throw StrataError(Self.notSettable(property, in: info))
        }
        if typed.isNil {
            guard property.isOptional else {
                throw StrataError("\(name) is a required \(property.typeDescription): it cannot be nil")
            }
            return .null
        }
        let text = typed.text
        switch property.type {
        case .string:
            return .text(text)
        case .bool:
            guard let flag = Self.bool(text) else { throw refuse(Self.notABool) }
            return .integer(flag)
        case .int:
            return .integer(try Self.wholeNumber(text, refuse: refuse))
        case .float, .double:
            guard let number = Double(text.trimmingSpaces), !text.isEmpty else { throw refuse("is not a number") }
            if number.isNaN { throw refuse("is not a number SQLite can store (it reads NaN as nil)") }
            let isInfinity = text.lowercased().contains("inf")
            if property.type == .float {
                // A float holds 32 bits: the nearest Float is what Realm would keep.
                guard isInfinity || Float(number).isFinite else {
                    throw refuse("is out of range for a float (±3.4028235e38)")
                }
                return .real(Double(Float(number)))
            }
            guard isInfinity || number.isFinite else { throw refuse("is out of range for a double (±1.7976931348623157e308)") }
            return .real(number)
        case .decimal:
            if let whole = Int64(text) { return .integer(whole) }
            guard let number = Double(text), number.isFinite else { throw refuse("is not a number") }
            return .real(number)
        case .date:
            return try date(text, property: property, refuse: refuse)
        case .data:
            return .blob(try data(text, quoted: typed.quoted, refuse: refuse))
        case .uuid:
            return try uuid(text, property: property, refuse: refuse)
        case .object:
            return try link(typed, property: property)
        case .any:
            if typed.quoted { return .text(text) }
            if let whole = Int64(text) { return .integer(whole) }
            if let number = Double(text), number.isFinite { return .real(number) }
            // Data only when spelled as data: a bare `@word` is text here, never a file read by surprise.
            if !text.hasPrefix("@"), let bytes = try? data(text, quoted: false, refuse: refuse) { return .blob(bytes) }
            switch text.lowercased() {
            case "true": return .integer(1)
            case "false": return .integer(0)
            default: return .text(text)
            }
        case .list, .collection, .linkingObjects:
            throw StrataError(Self.notSettable(property, in: info))
        }
    }

    /// Why a property cannot be given a value by `set`.
    static func notSettable(_ property: Property, in info: ClassInfo) -> String {
        switch property.type {
        case .linkingObjects:
            return "\(info.name).\(property.name) is computed (the objects whose \(property.target ?? "?").\(property.originProperty ?? "?") links here): it cannot be edited"
        case .list where property.collection?.kind == .set, .collection where property.collection?.kind == .set:
            return "\(info.name).\(property.name) is a set: edit it with set add and set remove"
        case .collection where property.collection?.kind == .dictionary:
            return "\(info.name).\(property.name) is a dictionary: edit it with dict set and dict remove"
        case .list, .collection:
            return "\(info.name).\(property.name) is a list: edit it with list add, list remove and list move"
        default:
            return "\(info.name).\(property.name) is a generated column: SQLite computes it"
        }
    }

    static func article(_ type: PropertyType) -> String {
        [.int, .object, .any].contains(type) ? "an" : "a"
    }

    /// A bool as an edit or an import gives it: true, yes or 1 (as 1), false, no or 0 (as 0), in any case; nil otherwise.
    static func bool(_ text: String) -> Int64? {
        switch text.lowercased() {
        case "true", "yes", "1": 1
        case "false", "no", "0": 0
        default: nil
        }
    }

    static let notABool = "is not a bool (true, false, yes, no, 1 or 0)"

    static func wholeNumber(_ text: String, refuse: (String) -> StrataError) throws -> Int64 {
        if let whole = Int64(text) { return whole }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        if !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) {
            throw refuse("is out of range for an int (-9223372036854775808 to 9223372036854775807)")
        }
        throw refuse("is not a whole number")
    }

    // MARK: - Dates

    /// An ISO 8601 date (or `now`) in the column's own storage: text shaped like the column's other
    /// dates, seconds or milliseconds since 1970, or Core Data's seconds since 2001.
    func date(_ text: String, property: Property, refuse: (String) -> StrataError) throws -> SQLiteValue {
        let isNow = text.lowercased() == "now"
        guard let milliseconds = isNow ? now() : ISODate.parse(text) else {
            throw refuse("is not an ISO 8601 date (2026-12-01, 2026-12-01T09:30:00Z, 2026-12-01T10:30:00+01:00) or now")
        }
        let writer = try DateWriter.of(property, in: info, table: info.tableName, schema: schema, connection: connection)
        // `now` in a column of whole seconds: the second it is in.
        let moment = isNow && writer.wholeSeconds ? milliseconds - ((milliseconds % 1000) + 1000) % 1000 : milliseconds
        guard let value = writer.value(milliseconds: moment) else {
            throw refuse("has milliseconds, and \(info.name).\(property.name) stores whole seconds")
        }
        return value
    }

    // MARK: - Data and UUIDs

    func data(_ text: String, quoted: Bool, refuse: (String) -> StrataError) throws -> [UInt8] {
        let hint = "is not data: write x'0a1b…', B64\"…\" or @path/to/file"
        guard !quoted else { throw refuse(hint) }
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard !path.isEmpty else { throw refuse(hint) }
            return try readFile(Platform.expandingHome(path), maxBlobBytes)
        }
        if (text.hasPrefix("x'") || text.hasPrefix("X'")) && text.hasSuffix("'") && text.count >= 3 {
            guard let bytes = QueryLexer.hexBytes(String(text.dropFirst(2).dropLast())) else {
                throw refuse("is not data: hex needs pairs of 0-9 and a-f between x' and '")
            }
            return bytes
        }
        if text.lowercased().hasPrefix("b64\"") && text.hasSuffix("\"") && text.count >= 5 {
            guard let bytes = Base64.decode(String(text.dropFirst(4).dropLast())) else {
                throw refuse("is not data: the text between B64\" and \" is not base64")
            }
            return bytes
        }
        throw refuse(hint)
    }

    /// A regular file's bytes, at most `limit`: a FIFO, a device (`/dev/zero`) or a directory is refused
    /// before anything is read, and so is a file larger than the limit.
    static func readFromDisk(_ path: String, limit: Int64) throws -> [UInt8] {
        switch Platform.readRegularFile(path, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.missing): throw StrataError("no such file: \(path)")
        case .failure(.directory): throw StrataError("\(path) is a directory, not a file")
        case .failure(.notRegular):
            throw StrataError("\(path) is not a regular file (a FIFO, device or socket): @ reads data only from regular files")
        case .failure(.tooLarge(let size)):
            let held = size.map { "it holds \($0) bytes" } ?? "it grew while being read"
            throw StrataError("\(path) is larger than the limit of \(BlobLimit.describe(limit)) for @ data (\(held); raise the limit with --max-blob)")
        case .failure(.failed(let reason)): throw StrataError("cannot read \(path): \(reason)")
        }
    }

    /// A UUID in the column's storage (`UUIDWriter`).
    func uuid(_ text: String, property: Property, refuse: (String) -> StrataError) throws -> SQLiteValue {
        guard let bytes = UUIDWriter.bytes(text) else { throw refuse("is not a UUID (8-4-4-4-12 hexadecimal digits)") }
        return try UUIDWriter.of(property, table: info.tableName, connection: connection).value(bytes)
    }

    // MARK: - Links

    /// A link: `3`, `TaskList 3` or `(1, 2)`; the object must exist.
    func link(_ typed: TypedValue, property: Property) throws -> SQLiteValue {
        guard let targetName = property.target, let target = schema.class(named: targetName) else {
            throw StrataError("\(info.name).\(property.name) links to a class this database does not have")
        }
        var keyText = typed.text
        if !typed.quoted, let space = keyText.firstIndex(of: " ") {
            let word = String(keyText[..<space])
            guard word.lowercased() == target.name.lowercased() else {
                throw StrataError("\(info.name).\(property.name) links to \(target.name), not \(word)")
            }
            keyText = String(keyText[space...]).trimmingSpaces
        }
        // Quoted text is the key itself: quoted again for the key's reader, its own quotes doubled.
        let key = try QueryCompiler.parseKey(typed.quoted ? quoteLiteral(keyText) : keyText, for: target)
        guard key.count == 1 else { throw StrataError("\(info.name).\(property.name) links to a single key, not \(keyText)") }
        guard let keyColumn = target.objectKey.columns().first else {
            throw StrataError("\(target.name) has no key for \(info.name).\(property.name) to link to")
        }
        let filter: SQL = target.entityCondition(alias: nil).map { " AND \($0)" } ?? ""
        let found = try connection.scalar("\(SQL.count(table: target.tableName)) WHERE \(keyColumn) = \(key[0])\(filter)" as SQL)
        guard found.int64 == 1 else { throw StrataError("no \(target.name) with key \(keyText) for \(info.name).\(property.name) to link to") }
        return key[0]
    }
}
