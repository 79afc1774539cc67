import CoreDataModel

/// One attribute value of a fixture object, as a test states it; `CoreDataStoreWriter` turns it into what Core Data
/// would store for the attribute's type.
public enum FixtureValue: Sendable, Equatable {
    case null
    /// Integer 16/32/64 (and Boolean as 0 or 1).
    case int(Int64)
    case bool(Bool)
    /// Double and Float.
    case double(Double)
    /// Decimal, as its text (`"12.50"`): the DECIMAL column's numeric affinity stores it as a number.
    case decimal(String)
    case string(String)
    /// Seconds since 2001-01-01 00:00:00 UTC (`timeIntervalSinceReferenceDate`).
    case date(Double)
    /// Binary data. For an attribute that allows external storage, stored inline after the marker byte 0x01.
    case data([UInt8])
    /// Binary data kept in a file of its own: the column holds 0x02 and `fileName` (a UUID string, as UTF-8), and
    /// the bytes go to `.<StoreName>_SUPPORT/_EXTERNAL_DATA/<fileName>` beside the store. Only for an attribute that
    /// allows external storage.
    case externalData([UInt8], fileName: String)
    /// A UUID in its text form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`), stored as its 16 bytes.
    case uuid(String)
    /// A URI, stored as its text.
    case uri(String)
    /// A transformable's value: an `NSKeyedArchiver` archive whose root is an instance of `className` with these
    /// fields (stored inline in the instance, as `encodeInt:`/`encodeBytes:` store theirs).
    case archived(className: String, superclasses: [String], fields: [String: PropertyListValue])
    /// A value stored as given, whatever the attribute's type (for hostile and disagreeing stores).
    case sql(StoredValue)

    /// A stored value for `.sql`: SQLite's five storage classes.
    public enum StoredValue: Sendable, Equatable {
        case null, integer(Int64), real(Double), text(String), blob([UInt8])
    }

    /// An archived `NSColor` in calibrated RGB, the shape AppKit's keyed archive of one has (`NSColorSpace` 1,
    /// `NSRGB` the components as text).
    public static func color(red: Double, green: Double, blue: Double, alpha: Double = 1) -> FixtureValue {
        let components = [red, green, blue] + (alpha == 1 ? [] : [alpha])
        let text = components.map { String($0) }.joined(separator: " ")
        return .archived(className: "NSColor", superclasses: ["NSObject"],
                         fields: ["NSColorSpace": .integer(1), "NSRGB": .data(Array(text.utf8) + [0])])
    }

    /// The keyed archive's bytes (a binary property list) for `.archived`, else nil.
    public var archiveBytes: [UInt8]? {
        guard case .archived(let className, let superclasses, let fields) = self else { return nil }
        var writer = KeyedArchiveWriter()
        let root = writer.instance(className, superclasses: superclasses, fields)
        return writer.bytes(root: root)
    }
}
