/// Reading a model from its keyed archive: a compiled model (`.mom`) or a store's `Z_MODELCACHE` after inflation.
/// The keys are those `NSManagedObjectModel`, `NSEntityDescription`, `NSPropertyDescription`,
/// `NSAttributeDescription` and `NSRelationshipDescription` archive (see README.md beside this file, with sources).
extension ManagedObjectModel {
    /// Builds the model from the archive's `root` object (an `NSManagedObjectModel`).
    ///
    /// Entities and their properties are archived as dictionaries keyed by name, so their order in the file says
    /// nothing: both come out sorted by name. Flags Core Data writes only when true (`NSIsOptional`,
    /// `NSIsTransient`, `NSIsAbstract`, `NSIsOrdered`) read as false when absent.
    /// - Throws: `ModelReadError` when the root is not a model, or an entity or property lacks its name or has a
    ///   field of the wrong type.
    public init(archive: KeyedArchive) throws {
        let root = try archive.root(key: "root")
        guard root.isKind(of: "NSManagedObjectModel") else {
            throw KeyedArchive.error("the root object is \(root.className.map { "of class \($0)" } ?? "not an object"), not an NSManagedObjectModel")
        }
        var entities: [Entity] = []
        for (key, object) in try root.dictionaryEntries("NSEntities") ?? [] {
            entities.append(try Self.entity(object, key: key))
        }
        entities.sort { $0.name < $1.name }
        var identifiers: [String] = []
        if let set = try root.object("NSVersionIdentifiers") {
            identifiers = try set.asArray().map { try $0.asString() }.sorted()
        }
        self.init(entities: entities, versionIdentifiers: identifiers)
    }

    static func entity(_ object: ArchivedObject, key: String) throws -> Entity {
        guard object.isKind(of: "NSEntityDescription") else {
            throw KeyedArchive.error("entity '\(key)' is \(object.className.map { "of class \($0)" } ?? "not an object"), not an NSEntityDescription")
        }
        let name = try object.string("NSEntityName") ?? key
        var entity = Entity(name: name)
        entity.className = try object.string("NSClassNameForEntity")
        entity.isAbstract = try object.bool("NSIsAbstract") ?? false
        if let parent = try object.object("NSSuperentity") {
            guard let parentName = try parent.string("NSEntityName") else {
                throw KeyedArchive.error("entity '\(name)': its superentity (\(parent.name)) has no 'NSEntityName'")
            }
            entity.parentName = parentName
        }
        entity.versionHash = try object.data("NSVersionHash")
        for (propertyKey, property) in (try object.dictionaryEntries("NSProperties") ?? []).sorted(by: { $0.key < $1.key }) {
            let propertyName = try property.string("NSPropertyName") ?? propertyKey
            if property.isKind(of: "NSRelationshipDescription") {
                entity.relationships.append(try relationship(property, name: propertyName, entity: name))
            } else if property.isKind(of: "NSAttributeDescription") {
                entity.attributes.append(try attribute(property, name: propertyName))
            }
            // Fetched properties (NSFetchedPropertyDescription) have no column: left out.
        }
        return entity
    }

    static func attribute(_ object: ArchivedObject, name: String) throws -> Attribute {
        let type = try object.int("NSAttributeType") ?? 0
        var attribute = Attribute(name: name, kind: Attribute.Kind(archivedType: type))
        attribute.isOptional = try object.bool("NSIsOptional") ?? false
        attribute.isTransient = try object.bool("NSIsTransient") ?? false
        attribute.isDerived = object.isKind(of: "NSDerivedAttributeDescription")
        attribute.valueTransformerName = try object.string("NSValueTransformerName")
        attribute.allowsExternalStorage = try object.bool("NSAllowsExternalBinaryDataStorage") ?? false
        attribute.versionHash = try object.data("NSVersionHash")
        if let value = try object.object("NSDefaultValue") {
            attribute.defaultValue = Self.defaultValueText(value)
        }
        return attribute
    }

    static func relationship(_ object: ArchivedObject, name: String, entity: String) throws -> Relationship {
        // The destination is a (conditional) reference to the entity, or only its name when that was not archived.
        let destination: String
        if let target = try object.object("NSDestinationEntity"), let targetName = try target.string("NSEntityName") {
            destination = targetName
        } else if let targetName = try object.string("_NSDestinationEntityName") {
            destination = targetName
        } else {
            throw KeyedArchive.error("relationship '\(entity).\(name)' has no destination entity")
        }
        var relationship = Relationship(name: name, destination: destination)
        if let inverse = try object.object("NSInverseRelationship") {
            relationship.inverseName = try inverse.string("NSPropertyName")
        }
        if relationship.inverseName == nil { relationship.inverseName = try object.string("_NSInverseRelationshipName") }
        let maxCount = try object.int("NSMaxCount") ?? 0
        let minCount = try object.int("NSMinCount") ?? 0
        relationship.maxCount = Int(clamping: maxCount)
        relationship.minCount = Int(clamping: minCount)
        relationship.isToMany = maxCount != 1
        relationship.isOrdered = try object.bool("NSIsOrdered") ?? false
        relationship.isOptional = try object.bool("NSIsOptional") ?? false
        relationship.isTransient = try object.bool("NSIsTransient") ?? false
        let rule = try object.int("NSDeleteRule") ?? 1
        let rules: [Relationship.DeleteRule] = [.noAction, .nullify, .cascade, .deny]
        guard (0..<Int64(rules.count)).contains(rule) else {
            throw KeyedArchive.error("relationship '\(entity).\(name)': delete rule \(rule) is not 0 to 3")
        }
        relationship.deleteRule = rules[Int(rule)]
        relationship.versionHash = try object.data("NSVersionHash")
        return relationship
    }

    /// The default value as text, the way Xcode's model writes it (`0`, `YES`, `Untitled`); nil for other objects.
    static func defaultValueText(_ value: ArchivedObject) -> String? {
        switch value.value {
        case .bool(let flag): return flag ? "YES" : "NO"
        case .integer(let number): return String(number)
        case .unsignedInteger(let number): return String(number)
        case .real(let number): return String(number)
        case .string(let text): return text
        default: return try? value.asString()
        }
    }
}

extension Attribute.Kind {
    /// The kind for an archived `NSAttributeType` number (`NSStringAttributeType` = 700…); unknown numbers are
    /// `.undefined` so that the rest of the model still reads.
    init(archivedType: Int64) {
        switch archivedType {
        case 100: self = .integer16
        case 200: self = .integer32
        case 300: self = .integer64
        case 400: self = .decimal
        case 500: self = .double
        case 600: self = .float
        case 700: self = .string
        case 800: self = .boolean
        case 900: self = .date
        case 1000: self = .binary
        case 1100: self = .uuid
        case 1200: self = .uri
        case 1800: self = .transformable
        case 2000: self = .objectID
        case 2100: self = .composite
        default: self = .undefined
        }
    }
}
