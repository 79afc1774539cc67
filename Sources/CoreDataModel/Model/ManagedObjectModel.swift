/// A Core Data model as the app declared it: entities with their attributes and relationships, as read from
/// an Xcode model (`.xcdatamodel` XML), a compiled model (`.mom`, a keyed archive) or a store's
/// `Z_MODELCACHE`. Plain values only: turning it into Strata's classes is StrataCore's work.
public struct ManagedObjectModel: Sendable, Equatable {
    public var entities: [Entity]
    /// The version's name where the source gives one (`Recipes 2` in an `.xcdatamodeld`), else nil.
    public var versionName: String?
    /// Version identifiers the developer set on the model (`versionHashModifier`-like labels), in order.
    public var versionIdentifiers: [String]
    /// What the reader kept although Core Data would refuse it (a relationship whose destination is missing, an
    /// inverse that does not exist), one lower-case line each, naming the entity and property.
    public var problems: [String]

    public init(entities: [Entity], versionName: String? = nil, versionIdentifiers: [String] = [],
                problems: [String] = [])
    {
        self.entities = entities
        self.versionName = versionName
        self.versionIdentifiers = versionIdentifiers
        self.problems = problems
    }

    public func entity(named name: String) -> Entity? { entities.first { $0.name == name } }

    /// The entities that inherit from `name`, directly or through others, nearest first.
    public func descendants(of name: String) -> [Entity] {
        var result: [Entity] = []
        var queue = [name]
        var seen: Set<String> = [name]
        while !queue.isEmpty {
            let parent = queue.removeFirst()
            for child in entities where child.parentName == parent && seen.insert(child.name).inserted {
                result.append(child)
                queue.append(child.name)
            }
        }
        return result
    }
}

/// One entity: a class of objects, stored in the table of its root entity (`Z` + the root's name, upper-cased).
public struct Entity: Sendable, Equatable {
    public var name: String
    /// The Objective-C or Swift class the app uses (`representedClassName`), when the model names one.
    public var className: String?
    /// The entity this one inherits from, or nil for a root entity.
    public var parentName: String?
    public var isAbstract: Bool
    /// Its own attributes and relationships, in model order; inherited ones are the parent's.
    public var attributes: [Attribute]
    public var relationships: [Relationship]
    /// The hash Core Data stores in the store's metadata to tell whether a model matches (`NSStoreModelVersionHashes`),
    /// when the source carries it.
    public var versionHash: [UInt8]?
    /// The developer's `versionHashModifier` (part of the version hash), or nil.
    public var versionHashModifier: String? = nil
    /// The uniqueness constraints, each a list of property names (part of the version hash).
    public var uniquenessConstraints: [[String]] = []
    /// The name the entity had before a rename (`renamingIdentifier`: Xcode's "Renaming ID", `elementID` in the
    /// model file, `NSRenamingIdentifier` in an archive), or nil. A migrated store's `Z_PRIMARYKEY` may keep it.
    public var renamingIdentifier: String? = nil

    public init(name: String, className: String? = nil, parentName: String? = nil, isAbstract: Bool = false,
                attributes: [Attribute] = [], relationships: [Relationship] = [], versionHash: [UInt8]? = nil)
    {
        self.name = name
        self.className = className
        self.parentName = parentName
        self.isAbstract = isAbstract
        self.attributes = attributes
        self.relationships = relationships
        self.versionHash = versionHash
    }
}

/// An attribute and how Core Data stores it.
public struct Attribute: Sendable, Equatable {
    /// Core Data's attribute types, named as in Xcode's model editor (and `NSAttributeType`).
    public enum Kind: String, Sendable, CaseIterable {
        case integer16 = "Integer 16", integer32 = "Integer 32", integer64 = "Integer 64"
        case decimal = "Decimal", double = "Double", float = "Float"
        case string = "String", boolean = "Boolean", date = "Date", binary = "Binary"
        case uuid = "UUID", uri = "URI", transformable = "Transformable", objectID = "ObjectID"
        case composite = "Composite"
        /// A type this reader does not know, kept so that the rest of the model still reads.
        case undefined = "Undefined"
    }

    public var name: String
    public var kind: Kind
    public var isOptional: Bool
    public var isTransient: Bool
    /// A derived attribute (computed by Core Data from an expression): shown, never edited.
    public var isDerived: Bool
    /// The default value as the model writes it (`0`, `YES`, `Untitled`), or nil.
    public var defaultValue: String?
    /// Binary data the store may keep in a file of its own beside the store (`allowsExternalBinaryDataStorage`).
    public var allowsExternalStorage: Bool
    /// A transformable's value transformer (`NSSecureUnarchiveFromData`, a custom name), or nil.
    public var valueTransformerName: String?
    public var versionHash: [UInt8]?
    /// The type's name as the source wrote it, when it is one this reader does not know (`kind` is `.undefined`).
    public var unknownTypeName: String?
    /// A derived attribute's expression (`derivationExpression`, such as `ingredients.@count`), or nil.
    public var derivationExpression: String?
    /// The class a transformable's value has (`customClassName`, such as `NSColor`), or nil.
    public var customClassName: String?
    /// Whether generated code uses a scalar (`Int64`, `Bool`) rather than an object (`NSNumber`); storage is the same.
    public var usesScalarValueType: Bool
    /// The developer's `versionHashModifier` (part of the version hash), or nil.
    public var versionHashModifier: String? = nil
    /// Whether persistent history keeps the value of a deleted object (Xcode's "Preserve After Deletion").
    public var preservesValueOnDeletion: Bool = false
    /// The name the attribute had before a rename (Xcode's "Renaming ID", `elementID`); not part of the version hash.
    public var renamingIdentifier: String? = nil

    public init(name: String, kind: Kind, isOptional: Bool = true, isTransient: Bool = false, isDerived: Bool = false,
                defaultValue: String? = nil, allowsExternalStorage: Bool = false, valueTransformerName: String? = nil,
                versionHash: [UInt8]? = nil, unknownTypeName: String? = nil, derivationExpression: String? = nil,
                customClassName: String? = nil, usesScalarValueType: Bool = false)
    {
        self.unknownTypeName = unknownTypeName
        self.derivationExpression = derivationExpression
        self.customClassName = customClassName
        self.usesScalarValueType = usesScalarValueType
        self.name = name
        self.kind = kind
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isDerived = isDerived
        self.defaultValue = defaultValue
        self.allowsExternalStorage = allowsExternalStorage
        self.valueTransformerName = valueTransformerName
        self.versionHash = versionHash
    }
}

/// A relationship: to-one (a `Z<NAME>` column), to-many (the inverse's column), many-to-many (a `Z_<n><NAME>` join
/// table) or ordered to-many (with a `Z_FOK_<NAME>` order column).
public struct Relationship: Sendable, Equatable {
    /// What deleting the source does to the destination objects (`NSDeleteRule`).
    public enum DeleteRule: String, Sendable, CaseIterable {
        case noAction = "No Action", nullify = "Nullify", cascade = "Cascade", deny = "Deny"
    }

    public var name: String
    public var destination: String
    /// The relationship on the destination that points back, or nil when the model has none.
    public var inverseName: String?
    public var isToMany: Bool
    public var isOrdered: Bool
    public var isOptional: Bool
    public var isTransient: Bool
    public var deleteRule: DeleteRule
    /// Bounds on the number of destination objects; 0 where the model sets none.
    public var minCount: Int
    public var maxCount: Int
    public var versionHash: [UInt8]?
    /// The developer's `versionHashModifier` (part of the version hash), or nil.
    public var versionHashModifier: String? = nil
    /// The name the relationship had before a rename (`elementID`); not part of the version hash.
    public var renamingIdentifier: String? = nil

    public init(name: String, destination: String, inverseName: String? = nil, isToMany: Bool = false,
                isOrdered: Bool = false, isOptional: Bool = true, isTransient: Bool = false,
                deleteRule: DeleteRule = .nullify, minCount: Int = 0, maxCount: Int = 0, versionHash: [UInt8]? = nil)
    {
        self.name = name
        self.destination = destination
        self.inverseName = inverseName
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.deleteRule = deleteRule
        self.minCount = minCount
        self.maxCount = maxCount
        self.versionHash = versionHash
    }
}

/// A model file or archive that cannot be read: what is wrong and where (a byte offset, an XML line, a key).
public struct ModelReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being read, as the message names it first.
    public enum Source: String, Sendable {
        case keyedArchive = "keyed archive"
    }

    /// Where the problem was found; nil when the problem says it all.
    public var source: Source?
    /// What is wrong, without where.
    public var problem: String
    public var message: String { source.map { "\($0.rawValue): \(problem)" } ?? problem }
    public var description: String { message }

    public init(_ message: String) { self.problem = message }

    public init(_ problem: String, in source: Source) {
        self.problem = problem
        self.source = source
    }

    /// Two errors are the same when they say the same.
    public static func == (lhs: ModelReadError, rhs: ModelReadError) -> Bool { lhs.message == rhs.message }
}
