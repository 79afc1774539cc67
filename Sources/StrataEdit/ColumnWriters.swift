import SQLiteKit
import StrataCore
import StrataQuery

/// How a date column stores a moment (ARCHITECTURE.md §3), learnt from the column once: text shaped like its other
/// dates, seconds (whole when it holds integers) or milliseconds since 1970, or Core Data's seconds since 2001. One
/// writer for every edit (`set`, `insert`) and for `import`, so that they store a date alike.
struct DateWriter {
    var storage: DateStorage
    var shape: DateTextShape
    /// Seconds since 1970 kept as whole numbers.
    var wholeSeconds: Bool
    /// The shape Strata writes (`2026-11-29T21:28:29.123Z`), which `ISODate.format` writes at once.
    var strataShape: Bool

    /// The writer for `property`'s column in `table`: its storage as the schema knows it, and a value of the column
    /// for the shape of its text or the kind of its seconds (one read, and only when the storage needs it).
    /// - Throws: SQLite's error when the column cannot be read.
    static func of(_ property: Property, in info: ClassInfo, table: String, schema: Schema, connection: Connection) throws -> DateWriter {
        var owner = info
        owner.tableName = table
        let storage = try schema.dateStorage(of: property, in: owner, connection: connection)
        let column = property.column ?? property.name
        var shape = DateTextShape(sample: nil)
        var whole = false
        switch storage {
        case .isoText:
            let sample = try connection.scalar(
                "SELECT \(identifier: column) FROM \(identifier: table) WHERE typeof(\(identifier: column)) = 'text' LIMIT 1" as SQL)
            shape = DateTextShape(sample: sample.string)
        case .unixSeconds:
            // Whole seconds when the column holds integers (or is declared so, while empty), else fractions.
            let type = try connection.scalar(
                "SELECT typeof(\(identifier: column)) FROM \(identifier: table) WHERE \(identifier: column) IS NOT NULL LIMIT 1" as SQL).string
            whole = type == "integer" || (type == nil && ColumnAffinity(declaredType: property.declaredType) == .integer)
        case .unixMilliseconds, .referenceSeconds:
            break
        }
        return DateWriter(storage: storage, shape: shape, wholeSeconds: whole, strataShape: shape == DateTextShape(sample: nil))
    }

    /// The moment as the column stores it; nil when the column keeps whole seconds and the moment has milliseconds.
    func value(milliseconds: Int64) -> SQLiteValue? {
        switch storage {
        case .isoText:
            return .text(strataShape ? ISODate.format(unixMilliseconds: milliseconds) : shape.format(milliseconds))
        case .unixMilliseconds:
            return .integer(milliseconds)
        case .unixSeconds:
            guard wholeSeconds else { return .real(Double(milliseconds) / 1000) }
            guard milliseconds % 1000 == 0 else { return nil }
            return .integer(milliseconds / 1000)
        case .referenceSeconds:
            return .real(Double(milliseconds - DateStorage.referenceOffsetSeconds * 1000) / 1000)
        }
    }
}

/// How a UUID column stores a UUID, learnt from the column once: 16 bytes when it holds blobs (or, empty, is declared
/// BLOB), else canonical text in the letter case it already uses (lower, as Strata writes and prints a UUID, when it holds none).
/// One writer for edits and for `import`.
struct UUIDWriter {
    var blob: Bool
    var lowercase: Bool

    static func of(_ property: Property, table: String, connection: Connection) throws -> UUIDWriter {
        let column = property.column ?? property.name
        let sample = try connection.scalar(
            "SELECT \(identifier: column) FROM \(identifier: table) WHERE \(identifier: column) IS NOT NULL LIMIT 1" as SQL)
        let blob: Bool = if case .blob = sample { true } else {
            sample.isNull && !property.declaredType.isEmpty && ColumnAffinity(declaredType: property.declaredType) == .blob
        }
        return UUIDWriter(blob: blob, lowercase: sample.string.map { $0 == $0.lowercased() } ?? true)
    }

    /// A UUID's 16 bytes from 8-4-4-4-12 or 32 hexadecimal digits, in braces or not; nil for anything else.
    static func bytes(_ text: String) -> [UInt8]? {
        var hex = text
        if hex.hasPrefix("{") && hex.hasSuffix("}") { hex = String(hex.dropFirst().dropLast()) }
        let groups = hex.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        guard groups == [8, 4, 4, 4, 12] || groups == [32] else { return nil }
        let digits = hex.filter { $0 != "-" }
        guard digits.count == 32 else { return nil }
        return QueryLexer.hexBytes(digits)
    }

    func value(_ bytes: [UInt8]) -> SQLiteValue {
        if blob { return .blob(bytes) }
        let canonical = UUIDText.canonical(bytes)
        return .text(lowercase ? canonical.lowercased() : canonical.uppercased())
    }
}
