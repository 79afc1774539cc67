/// One value read from a `.realm` file, in Realm's own types.
public enum RealmValue: Sendable, Equatable {
    case null
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case binary([UInt8])
    case timestamp(RealmTimestamp)
    case decimal(RealmDecimal128)
    case objectId(RealmObjectId)
    case uuid(RealmUUID)
    /// A link: the target table's index in the group and the target object's key. A plain link column's table is
    /// its target class; a typed link (in a Mixed or a typed-link column) names its own.
    case link(table: Int, key: Int64)
    /// A Mixed holding a list or set (format 24), or the elements of a list or set property.
    case list([RealmValue])
    case set([RealmValue])
    /// A Mixed holding a dictionary (format 24), or a dictionary property, in stored order.
    case dictionary([RealmDictionaryEntry])

    public var isNull: Bool { self == .null }

    /// Realm's name for the value's type, as the SDKs spell it (`int`, `objectId`, `decimal128`, `link`…).
    public var typeName: String? {
        switch self {
        case .null: nil
        case .int: "int"
        case .bool: "bool"
        case .float: "float"
        case .double: "double"
        case .string: "string"
        case .binary: "binary"
        case .timestamp: "timestamp"
        case .decimal: "decimal128"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .link: "link"
        case .list: "list"
        case .set: "set"
        case .dictionary: "dictionary"
        }
    }
}

public struct RealmDictionaryEntry: Sendable, Equatable {
    public let key: String
    public let value: RealmValue

    public init(key: String, value: RealmValue) {
        self.key = key
        self.value = value
    }
}

/// A Realm timestamp: seconds since 1970 and nanoseconds, with the nanoseconds' sign following the seconds'
/// (realm-core `timestamp.hpp`).
public struct RealmTimestamp: Sendable, Equatable, Hashable {
    public let seconds: Int64
    public let nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}

/// A 12-byte ObjectId, shown as 24 lower-case hex digits.
public struct RealmObjectId: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var description: String { hex(bytes) }
}

/// A 16-byte UUID, shown in its canonical lower-case form.
public struct RealmUUID: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var description: String {
        let text = hex(bytes)
        var out = ""
        out.reserveCapacity(36)
        for (index, character) in text.enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 { out.append("-") }
            out.append(character)
        }
        return out
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)

func hex(_ bytes: some Collection<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
}
