/// One value of a property list, binary (`bplist00`) or XML, as `BinaryPropertyList` and `PropertyList` read it.
///
/// Dictionary keys are strings (a binary dictionary with a key of another type is a read error). A keyed
/// archive's references are `uid`s; dates are seconds since 2001-01-01 00:00:00 UTC, as the file stores them.
public indirect enum PropertyListValue: Sendable, Equatable {
    /// `null` and `fill` objects (binary only; neither occurs in files Apple writes).
    case null
    case bool(Bool)
    case integer(Int64)
    /// A 16-byte integer whose value needs 64 unsigned bits (how Apple writes values above `Int64.max`).
    case unsignedInteger(UInt64)
    case real(Double)
    case date(Double)
    case data([UInt8])
    case string(String)
    /// A keyed archive's reference to an entry of `$objects`.
    case uid(UInt64)
    case array([PropertyListValue])
    case set([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The name of the value's type as messages use it: `an integer`, `a dictionary`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .unsignedInteger: "an integer"
        case .real: "a real"
        case .date: "a date"
        case .data: "data"
        case .string: "a string"
        case .uid: "a reference"
        case .array: "an array"
        case .set: "a set"
        case .dictionary: "a dictionary"
        }
    }
}
