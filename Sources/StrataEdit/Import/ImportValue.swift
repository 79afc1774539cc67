import SQLiteKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataCore
import StrataQuery

/// Where a row's value for one property is: a field of the current CSV record, or a JSON value.
enum ImportCell {
    case csv(CSVReader, field: Int)
    case json(ImportJSON)

    /// An empty unquoted CSV field, or JSON null.
    var isNil: Bool {
        switch self {
        case .csv(let reader, let field): !reader.isQuoted(field) && reader.withField(field) { $0.isEmpty }
        case .json(let value): value == .null
        }
    }

    /// The text of a CSV field or a JSON string; nil for other JSON values.
    var text: String? {
        switch self {
        case .csv(let reader, let field): reader.text(field)
        case .json(.string(let text)): text
        case .json: nil
        }
    }

    /// The value as an error quotes it.
    var shown: String {
        switch self {
        case .csv(let reader, let field): ImportError.quoted(reader.text(field))
        case .json(let value): value.shown
        }
    }
}

/// Where a row's values are bound: a statement run at once, or a statement of an insert pipe, which runs it on a
/// second thread (`InsertPipe`).
enum RowParameters {
    case statement(Statement)
    case pipe(InsertPipe, statement: Int)

    @inline(__always)
    func bind(_ value: SQLiteValue, at index: Int) throws {
        switch self {
        case .statement(let statement): try statement.bind(value, at: index)
        case .pipe(let pipe, let statement): try pipe.bind(value, at: index, of: statement)
        }
    }

    @inline(__always)
    func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int) throws {
        switch self {
        case .statement(let statement): try statement.bindText(bytes, at: index)
        case .pipe(let pipe, let statement): try pipe.bindText(bytes, at: index, of: statement)
        }
    }
}

/// Why a value does not fit its property, in words after the value: `is not a whole number`.
struct ImportRefusal: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// How one value type is read from an import's text or JSON and stored in its column (ARCHITECTURE.md §3), with
/// everything it needs looked up once for the whole import: the date column's storage and text shape, the UUID
/// column's storage, the link target's lookup statement.
final class ImportScalar {
    enum Kind {
        case bool, int, float, double, string, data
        /// Text exactly as given when the column keeps decimals as text, else a number.
        case decimal(asText: Bool)
        case date(DateWriter)
        case uuid(UUIDWriter)
        case link(LinkTarget)
        case any
    }

    /// A link's target: how its key reads, and a statement that finds it.
    struct LinkTarget {
        var name: String
        var integerKey: Bool
        var lookup: Statement
    }

    let kind: Kind
    /// What the type is called in messages: `a double`, `a link to Tag`.
    let typeName: String

    init(kind: Kind, typeName: String) {
        self.kind = kind
        self.typeName = typeName
    }

    /// The reader for a property's (or a collection element's) type, on the class `info` of `schema`.
    /// - Throws: `StrataError` for a type an import cannot write, SQLite's error when a lookup cannot be prepared.
    static func make(for property: Property, in info: ClassInfo, table: String, schema: Schema, connection: Connection) throws -> ImportScalar {
        switch property.type {
        case .bool: return ImportScalar(kind: .bool, typeName: "a bool")
        case .int: return ImportScalar(kind: .int, typeName: "an int")
        case .float: return ImportScalar(kind: .float, typeName: "a float")
        case .double: return ImportScalar(kind: .double, typeName: "a double")
        case .string: return ImportScalar(kind: .string, typeName: "a string")
        case .data: return ImportScalar(kind: .data, typeName: "data (base64)")
        case .any: return ImportScalar(kind: .any, typeName: "any")
        case .decimal:
            return ImportScalar(kind: .decimal(asText: ColumnAffinity(declaredType: property.declaredType) == .text), typeName: "a decimal")
        case .date:
            return ImportScalar(kind: .date(try DateWriter.of(property, in: info, table: table, schema: schema, connection: connection)),
                                typeName: "a date")
        case .uuid:
            return ImportScalar(kind: .uuid(try UUIDWriter.of(property, table: table, connection: connection)), typeName: "a uuid")
        case .object:
            guard let targetName = property.target, let target = schema.class(named: targetName),
                  target.objectKey.count == 1, let keyColumn = target.objectKey.columns().first
            else {
                throw StrataError("\(info.name).\(property.name) links to a class without a single key: import cannot write it")
            }
            let keyProperty = target.primaryKey.first.flatMap { target.property(named: $0) }
            let integerKey = keyProperty.map { $0.type == .int } ?? true
            let filter: SQL = target.entityCondition(alias: nil).map { " AND \($0)" } ?? ""
            let lookup = try connection.prepare("SELECT 1 FROM \(identifier: target.tableName) WHERE \(keyColumn) = ?1\(filter)" as SQL)
            return ImportScalar(kind: .link(LinkTarget(name: target.name, integerKey: integerKey, lookup: lookup)), typeName: "a link to \(target.name)")
        case .list, .collection, .linkingObjects:
            throw StrataError("\(info.name).\(property.name) is \(property.typeDescription), not a value")
        }
    }

    // MARK: - Reading values

    /// The value to store for a cell that is not nil.
    /// - Throws: `ImportRefusal` saying what is wrong with it.
    func value(_ cell: ImportCell) throws -> SQLiteValue {
        switch cell {
        case .csv(let reader, let field):
            if case .string = kind { return .text(reader.text(field)) }
            return try value(text: reader.text(field), quoted: reader.isQuoted(field))
        case .json(let json):
            return try value(json)
        }
    }

    /// Binds a cell that is not nil straight to `statement`'s parameter `index`: a CSV field's text and whole
    /// numbers without a `String` in between.
    @inline(__always)
    func bind(_ cell: ImportCell, to statement: RowParameters, at index: Int) throws -> SQLiteValue? {
        if case .csv(let reader, let field) = cell {
            switch kind {
            case .string:
                try reader.withField(field) { try statement.bindText($0, at: index) }
                return nil
            case .int:
                if let number = reader.withField(field, Self.wholeNumber) {
                    try statement.bind(.integer(number), at: index)
                    return .integer(number)
                }
            case .double:
                if let number = reader.withField(field, Self.decimalNumber) {
                    try statement.bind(.real(number), at: index)
                    return .real(number)
                }
            default: break
            }
        }
        let value = try value(cell)
        try statement.bind(value, at: index)
        return value
    }

    /// A whole number in ASCII digits with an optional sign, without overflow; nil otherwise.
    @inline(__always)
    static func wholeNumber(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var index = 0
        let count = bytes.count
        guard count > 0, count <= 20 else { return nil }
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
            guard count > 1 else { return nil }
        }
        var number: Int64 = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow1) = number.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            number = next
            index += 1
        }
        return number
    }

    /// A number in plain decimal digits (`-12.5e3`), read by strtod without a `String`; nil for anything else
    /// (which the slower reading then reads or refuses).
    @inline(__always)
    static func decimalNumber(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let count = bytes.count
        guard count > 0, count < 64 else { return nil }
        var sawDigit = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): break
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Double? in
            guard let base = buffer.baseAddress else { return nil }
            for index in 0..<count { base[index] = CChar(bitPattern: bytes[index]) }
            base[count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let number = strtod(base, &end)
            guard let end, end == base + count, !number.isNaN else { return nil }
            return number
        }
    }

    private func value(_ json: ImportJSON) throws -> SQLiteValue {
        switch (kind, json) {
        case (.bool, .bool(let flag)): return .integer(flag ? 1 : 0)
        case (.string, .string(let text)): return .text(text)
        case (.string, _): throw ImportRefusal("is \(json.kind), not a string")
        case (.any, .bool(let flag)): return .integer(flag ? 1 : 0)
        case (.any, .string(let text)): return .text(text)
        case (.any, .number(let text)): return try value(text: text, quoted: false)
        case (.date(let writer), .number(let text)) where writer.storage != .isoText:
            return try storedDate(number: text, writer)
        case (.link, .number(let text)), (.link, .string(let text)):
            return try value(text: text, quoted: false)
        case (_, .string(let text)), (_, .number(let text)):
            return try value(text: text, quoted: true)
        case (_, .array), (_, .object), (_, .bool):
            throw ImportRefusal("is \(json.kind), not \(typeName)")
        case (_, .null):
            return .null
        }
    }

    /// The value of a text (a CSV field, or a JSON string or number's text).
    private func value(text: String, quoted: Bool) throws -> SQLiteValue {
        switch kind {
        case .string:
            return .text(text)
        case .bool:
            guard let flag = ValueParser.bool(text) else { throw ImportRefusal(ValueParser.notABool) }
            return .integer(flag)
        case .int:
            if let number = Int64(text) { return .integer(number) }
            if let number = Double(text), number.rounded() == number, let whole = Int64(exactly: number) { return .integer(whole) }
            let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
            if !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) {
                throw ImportRefusal("is out of range for an int (-9223372036854775808 to 9223372036854775807)")
            }
            throw ImportRefusal("is not an int (a whole number)")
        case .float, .double:
            guard let number = Self.number(text) else { throw ImportRefusal("is not \(typeName) (a number)") }
            if case .float = kind {
                guard number.isInfinite || Float(number).isFinite else { throw ImportRefusal("is out of range for a float (±3.4028235e38)") }
                return .real(Double(Float(number)))
            }
            return .real(number)
        case .decimal(let asText):
            if asText {
                guard Self.number(text) != nil else { throw ImportRefusal("is not a decimal (a number)") }
                return .text(text)
            }
            if let whole = Int64(text) { return .integer(whole) }
            guard let number = Self.number(text), number.isFinite else { throw ImportRefusal("is not a decimal (a number)") }
            return .real(number)
        case .date(let writer):
            if let milliseconds = ISODate.parse(text) { return try storedDate(milliseconds: milliseconds, writer) }
            if writer.storage != .isoText, Self.number(text) != nil { return try storedDate(number: text, writer) }
            throw ImportRefusal("is not a date (ISO 8601, such as 2026-12-01T09:30:00Z)")
        case .data:
            if text.isEmpty { return .blob([]) }
            guard let bytes = Base64.decode(text) else { throw ImportRefusal("is not data (base64)") }
            return .blob(bytes)
        case .uuid(let writer):
            guard let bytes = UUIDWriter.bytes(text) else { throw ImportRefusal("is not a uuid (8-4-4-4-12 hexadecimal digits)") }
            return writer.value(bytes)
        case .link(let target):
            let key: SQLiteValue
            if target.integerKey {
                guard let number = Int64(text) else { throw ImportRefusal("is not a key of \(target.name) (a whole number)") }
                key = .integer(number)
            } else {
                key = .text(text)
            }
            try target.lookup.bind(key, at: 1)
            defer { target.lookup.reset() }
            guard try target.lookup.step() else { throw ImportRefusal("is not the key of any \(target.name)") }
            return key
        case .any:
            if quoted { return .text(text) }
            if let whole = Int64(text) { return .integer(whole) }
            if let number = Self.number(text), number.isFinite, text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return .real(number) }
            return .text(text)
        }
    }

    /// A finite or infinite number; nil for text that is no number, and for NaN (which SQLite stores as nil).
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x20 }), let number = Double(text), !number.isNaN else { return nil }
        if text.hasPrefix("0x") || text.hasPrefix("-0x") || text.hasPrefix("+0x") { return nil }
        return number
    }

    private func storedDate(milliseconds: Int64, _ writer: DateWriter) throws -> SQLiteValue {
        guard let value = writer.value(milliseconds: milliseconds) else { throw ImportRefusal("has milliseconds, and the column stores whole seconds") }
        return value
    }

    /// A number given for a date: already in the column's storage (seconds or milliseconds).
    private func storedDate(number text: String, _ writer: DateWriter) throws -> SQLiteValue {
        if let whole = Int64(text) { return .integer(whole) }
        guard let number = Self.number(text), number.isFinite else { throw ImportRefusal("is not a date") }
        return .real(number)
    }

    /// The Realm type of a Mixed value as a converted `.realm` file keeps it beside the value.
    static func mixedTypeName(_ cell: ImportCell, _ value: SQLiteValue) -> SQLiteValue {
        switch value {
        case .null: .null
        case .integer:
            if case .json(.bool) = cell { .text("bool") } else { .text("int") }
        case .real: .text("double")
        case .text: .text("string")
        case .blob: .text("binary")
        }
    }
}
