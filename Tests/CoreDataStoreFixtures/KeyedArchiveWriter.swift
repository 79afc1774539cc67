import CoreDataModel

/// Builds `NSKeyedArchiver`-shaped archives for fixtures: `$objects` starting with `$null`, one class entry per
/// class name, fields holding UIDs or inline numbers, written through `BinaryPropertyListWriter`.
public struct KeyedArchiveWriter {
    public private(set) var objects: [PropertyListValue] = [.string("$null")]
    private var classes: [String: UInt64] = [:]

    public init() {}
    public static let null = PropertyListValue.uid(0)

    /// Appends an entry to `$objects` and returns a reference to it.
    public mutating func add(_ value: PropertyListValue) -> PropertyListValue {
        objects.append(value)
        return .uid(UInt64(objects.count - 1))
    }

    /// A slot to fill later with `fill`, for objects that refer to each other.
    public mutating func reserve() -> PropertyListValue { add(.null) }

    public mutating func fill(_ reference: PropertyListValue, with value: PropertyListValue) {
        guard case .uid(let uid) = reference else { return }
        objects[Int(uid)] = value
    }

    public mutating func classReference(_ name: String, superclasses: [String] = ["NSObject"]) -> PropertyListValue {
        if let uid = classes[name] { return .uid(uid) }
        let reference = add(.dictionary([
            "$classname": .string(name), "$classes": .array(([name] + superclasses).map(PropertyListValue.string)),
        ]))
        if case .uid(let uid) = reference { classes[name] = uid }
        return reference
    }

    /// The fields of an instance of `className`, ready for `add` or `fill`.
    public mutating func instanceFields(_ className: String, superclasses: [String] = ["NSObject"],
                                 _ fields: [String: PropertyListValue]) -> PropertyListValue
    {
        var all = fields
        all["$class"] = classReference(className, superclasses: superclasses)
        return .dictionary(all)
    }

    public mutating func instance(_ className: String, superclasses: [String] = ["NSObject"],
                           _ fields: [String: PropertyListValue]) -> PropertyListValue
    {
        add(instanceFields(className, superclasses: superclasses, fields))
    }

    public mutating func string(_ text: String) -> PropertyListValue { add(.string(text)) }

    public mutating func array(_ elements: [PropertyListValue], className: String = "NSArray") -> PropertyListValue {
        instance(className, ["NS.objects": .array(elements)])
    }

    public mutating func dictionary(_ entries: [(String, PropertyListValue)], className: String = "NSDictionary") -> PropertyListValue {
        let keys = entries.map { string($0.0) }
        return instance(className, ["NS.keys": .array(keys), "NS.objects": .array(entries.map(\.1))])
    }

    public func propertyList(top: [String: PropertyListValue]) -> PropertyListValue {
        .dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000),
            "$top": .dictionary(top), "$objects": .array(objects),
        ])
    }

    public func bytes(root: PropertyListValue) -> [UInt8] { BinaryPropertyListWriter.write(propertyList(top: ["root": root])) }
}
