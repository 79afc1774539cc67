/// One value as SQLite stores it: one of the five storage classes.
///
/// See https://www.sqlite.org/datatype3.html
public enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The storage class name SQLite's `typeof()` returns.
    public var storageClass: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The integer, or nil for any other storage class.
    public var int64: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The text, or nil for any other storage class.
    public var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// A number of either numeric storage class as a Double.
    public var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }
}

extension SQLiteValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}

/// The five storage classes, for reading a column without building a value.
public enum StorageClass: Sendable {
    case null, integer, real, text, blob
}

extension SQLiteValue {
    /// The value written as an SQL literal (`NULL`, `42`, `2.5`, `'O''Brien'`, `x'0aff'`): for showing a bound
    /// value to a person (`--explain`, a plan, a message), never for building SQL that runs.
    public var sqlLiteral: String {
        switch self {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): "\(number)"
        case .text(let text): quoteLiteral(text)
        case .blob(let bytes): "x'" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "'"
        }
    }
}
