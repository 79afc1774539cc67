import CoreDataModel
import Foundation
import StrataCore

/// A file's model as an app's code would declare it: classes with typed properties, links with their inverses and
/// delete rules, lists, sets and dictionaries, backlinks, keys and defaults. Built from the object model that every
/// reader makes (`Schema`), so that each target (`ModelTarget`) writes code from one description whatever the file was:
/// SQLite, a Core Data store, a `.realm` file.
///
/// What is the store's bookkeeping rather than the app's data is left out here, once: a Core Data entity's `Z_PK`, a
/// converted Realm class's `_key`, a table's rowid. Such a class has no primary key of its own (`primaryKey` empty);
/// targets that need one (GRDB, Room, SQL) give it theirs.
public struct AppModel: Sendable {
    public let classes: [ModelClass]
    /// Where each class is in `classes`, by name: a lookup is constant time, however many classes a file has.
    private let positions: [String: Int]
    public var source: Source
    /// For a Core Data store: the model its classes were read with (its model cache, `--model`, or inferred).
    public var coreDataModel: ManagedObjectModel?
    /// Classes of the file that are not written, and why: one line each (`view TopTracks: …`).
    public var leftOut: [String]

    public enum Source: String, Sendable {
        case sqlite, coreData, realm
    }

    public init(classes: [ModelClass], source: Source = .sqlite, coreDataModel: ManagedObjectModel? = nil, leftOut: [String] = []) {
        self.classes = classes
        self.positions = Dictionary(classes.enumerated().map { ($1.name, $0) }) { first, _ in first }
        self.source = source
        self.coreDataModel = coreDataModel
        self.leftOut = leftOut
    }

    public func `class`(named name: String) -> ModelClass? { positions[name].map { classes[$0] } }
}

/// One class of the model.
public struct ModelClass: Sendable, Equatable {
    /// The class's name as the file stores it: a table, an entity, a Realm class.
    public var name: String
    public var isEmbedded: Bool
    /// The properties that are the primary key, in key order; empty when the store identifies objects itself.
    public var primaryKey: [String]
    public var properties: [ModelProperty]
    /// For a Core Data sub-entity: its parent entity. Its inherited properties are among `properties`, marked.
    public var parent: String?
    public var isAbstract: Bool

    public init(name: String, isEmbedded: Bool = false, primaryKey: [String] = [], properties: [ModelProperty] = [],
                parent: String? = nil, isAbstract: Bool = false)
    {
        self.name = name
        self.isEmbedded = isEmbedded
        self.primaryKey = primaryKey
        self.properties = properties
        self.parent = parent
        self.isAbstract = isAbstract
    }

    public func property(named name: String) -> ModelProperty? { properties.first { $0.name == name } }

    /// The properties the class declares itself (not inherited from its parent entity).
    public var ownProperties: [ModelProperty] { properties.filter { !$0.isInherited } }

    /// The single property that is the key, when the key is one property.
    public var keyProperty: ModelProperty? { primaryKey.count == 1 ? property(named: primaryKey[0]) : nil }
}

/// A value type, as the targets map it.
public enum ValueType: String, Sendable, Equatable, CaseIterable {
    case bool, int, float, double, decimal, string, objectId, date, data, uuid, mixed
}

/// One property of a class.
public struct ModelProperty: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case value(ValueType)
        /// A to-one link.
        case link(target: String)
        /// A to-many link: ordered (a list) or not (a set, a Core Data to-many).
        case objects(target: String, ordered: Bool)
        /// A dictionary of links, by text key (Realm's `Map<String, Dog?>`).
        case objectDictionary(target: String)
        /// A list, set or dictionary of values.
        case values(ValueCollection.Kind, ValueType, optionalElements: Bool)
        /// The objects of `target` whose `property` links here: computed, read-only.
        case backlinks(target: String, property: String)
    }

    /// What deleting the owner does to the objects a link or a to-many holds (Core Data's delete rules).
    public enum DeleteRule: String, Sendable, Equatable {
        case nullify, cascade, deny, noAction = "no action"
    }

    /// The property's name as the file stores it: the column, the attribute, the Realm property.
    public var name: String
    public var kind: Kind
    public var isOptional: Bool
    public var isPrimaryKey: Bool
    public var isIndexed: Bool
    public var defaultValue: ModelDefault?
    /// For a link or a to-many: the property of the target that points back, when there is one.
    public var inverse: String?
    public var deleteRule: DeleteRule
    /// For a link stored as a foreign key: what deleting the target does to this object (its ON DELETE), which is the
    /// delete rule of the backlinks on the other side.
    public var targetDeleteRule: DeleteRule?
    /// For an int: its width in bits when the store says (Core Data's Integer 16, 32, 64); nil for 64.
    public var integerBits: Int?
    /// Binary data the store may keep in a file beside it (Core Data's external storage).
    public var allowsExternalStorage: Bool
    /// Inherited from the parent entity.
    public var isInherited: Bool
    /// What a target must say beside the property because the file has more than a type says: a generated column,
    /// a derived attribute, a Core Data transformable's class.
    public var remarks: [String]

    public init(name: String, kind: Kind, isOptional: Bool = false, isPrimaryKey: Bool = false, isIndexed: Bool = false,
                defaultValue: ModelDefault? = nil, inverse: String? = nil, deleteRule: DeleteRule = .nullify,
                integerBits: Int? = nil, allowsExternalStorage: Bool = false, isInherited: Bool = false, remarks: [String] = [])
    {
        self.name = name
        self.kind = kind
        self.isOptional = isOptional
        self.isPrimaryKey = isPrimaryKey
        self.isIndexed = isIndexed
        self.defaultValue = defaultValue
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.integerBits = integerBits
        self.allowsExternalStorage = allowsExternalStorage
        self.isInherited = isInherited
        self.remarks = remarks
    }

    /// The value type of a plain value property; nil for links, collections and backlinks.
    public var valueType: ValueType? { if case .value(let type) = kind { type } else { nil } }

    /// The class a link, to-many, dictionary of links or backlinks points at.
    public var target: String? {
        switch kind {
        case .link(let target), .objects(let target, _), .objectDictionary(let target), .backlinks(let target, _): target
        case .value, .values: nil
        }
    }

    public var isBacklinks: Bool { if case .backlinks = kind { true } else { false } }

    /// A to-one link (not a to-many, a dictionary or backlinks).
    public var isLink: Bool { if case .link = kind { true } else { false } }
}

/// A property's default, as far as a target can write it.
public enum ModelDefault: Sendable, Equatable {
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case text(String)
    /// An SQL expression no target writes as a literal (`CURRENT_TIMESTAMP`, `(random())`): kept for SQL, said as a
    /// comment elsewhere.
    case expression(String)

    /// The default a schema's DEFAULT text (or a Core Data model's default value) means for `type`.
    static func parse(_ text: String, for type: ValueType?) -> ModelDefault? {
        var value = text.trimmingCharacters(in: .whitespaces)
        while value.hasPrefix("("), value.hasSuffix(")"), value.count >= 2 { value = String(value.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces) }
        if value.uppercased() == "NULL" { return nil }
        switch type {
        case .bool?:
            switch value.uppercased() {
            case "1", "TRUE", "YES": return .bool(true)
            case "0", "FALSE", "NO": return .bool(false)
            default: return .expression(text)
            }
        case .int?: return Int64(value).map(ModelDefault.integer) ?? .expression(text)
        case .float?, .double?: return Double(value).flatMap { $0.isFinite ? .real($0) : nil } ?? .expression(text)
        default:
            if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") {
                let inner = value.dropFirst().dropLast()
                // A quote inside is doubled; a lone one means the text is not one literal (`'a' || 'b'`).
                if inner.components(separatedBy: "''").allSatisfy({ !$0.contains("'") }) { return .text(inner.replacingOccurrences(of: "''", with: "'")) }
            }
            if type == .string, !value.isEmpty, value.first != "'", Int64(value) == nil, Double(value) == nil,
               value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " }), !["CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME"].contains(value.uppercased())
            {
                // Core Data's models write a string default bare.
                return .text(value)
            }
            return .expression(text)
        }
    }
}
