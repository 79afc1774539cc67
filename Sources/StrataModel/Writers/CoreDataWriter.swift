import CoreDataModel

/// `--to coredata`: an Xcode model package, `<Name>.xcdatamodeld` with one version `<Name>.xcdatamodel/contents` (the
/// XML Xcode's model editor writes) and its `.xccurrentversion`.
///
/// A Core Data store's own model (its model cache, or `--model`) is written as it is, so that the package has the same
/// entities and version hashes as the store. Any other file's classes become entities: attributes typed as Core Data
/// types them, links to-one relationships, lists ordered to-manys, sets to-manys, backlinks the to-many inverse of
/// their link (Core Data wants every relationship to have one), a delete rule from the link's ON DELETE. Lists, sets
/// and dictionaries of values are transformable attributes (`NSSecureUnarchiveFromData` of `[T]`, `Set<T>`,
/// `[String: T]`), mixed a transformable `NSObject`; an embedded class an entity its owner cascades to. Entity names
/// start with a capital and property names with a small letter, as Xcode requires; a renamed one keeps its stored name
/// as its renaming identifier (`elementID`).
struct CoreDataWriter {
    let model: AppModel
    let name: String

    func files() -> [ModelFile] {
        let managed = managedObjectModel()
        let package = Identifier.make(name, keywords: []) + ".xcdatamodeld"
        let version = Identifier.make(name, keywords: [])
        return [
            ModelFile(path: package + "/" + version + ".xcdatamodel/contents", contents: XcodeModelWriter.contents(managed) + "\n"),
            ModelFile(path: package + "/.xccurrentversion", contents: XcodeModelWriter.currentVersion(named: version)),
        ]
    }

    /// The model to write: the store's own, for the classes chosen, else one made of the classes.
    func managedObjectModel() -> ManagedObjectModel {
        if model.source == .coreData, var own = model.coreDataModel {
            let chosen = Set(model.classes.map(\.name))
            own.entities = own.entities.filter { chosen.contains($0.name) }
            for index in own.entities.indices {
                own.entities[index].relationships.removeAll { !chosen.contains($0.destination) }
                if let parent = own.entities[index].parentName, !chosen.contains(parent) { own.entities[index].parentName = nil }
            }
            return own
        }
        let entityNames = Identifier.unique(model.classes.map(\.name)) { Identifier.upperFirst(Identifier.make($0, keywords: Self.reserved)) }
        let propertyNames = Dictionary(model.classes.map { info in
            (info.name, Identifier.unique(info.properties.map(\.name), make: { Identifier.lowerFirst(Identifier.make($0, keywords: Self.reserved)) }))
        }) { first, _ in first }
        var entities: [Entity] = []
        for info in model.classes {
            let entityName = entityNames[info.name] ?? info.name
            var entity = Entity(name: entityName, className: entityName, parentName: info.parent.flatMap { entityNames[$0] }, isAbstract: info.isAbstract)
            if entityName != info.name { entity.renamingIdentifier = info.name }
            let names = propertyNames[info.name] ?? [:]
            let parentNames = Set(info.parent.flatMap { model.class(named: $0) }?.properties.map(\.name) ?? [])
            for property in info.properties where !parentNames.contains(property.name) {
                let propertyName = names[property.name] ?? property.name
                let renamed = propertyName != property.name ? property.name : nil
                if let attribute = attribute(property, name: propertyName) {
                    var attribute = attribute
                    attribute.renamingIdentifier = renamed
                    entity.attributes.append(attribute)
                } else if var relationship = relationship(property, name: propertyName, in: info, entityNames: entityNames, propertyNames: propertyNames) {
                    relationship.renamingIdentifier = renamed
                    entity.relationships.append(relationship)
                }
            }
            if !info.primaryKey.isEmpty, info.primaryKey.allSatisfy({ key in entity.attributes.contains { $0.name == (names[key] ?? key) } }) {
                entity.uniquenessConstraints = [info.primaryKey.map { names[$0] ?? $0 }]
            }
            entities.append(entity)
        }
        return ManagedObjectModel(entities: entities)
    }

    /// Names Core Data keeps for itself (`NSManagedObject`'s own properties) or Xcode refuses.
    static let reserved: Set<String> = ["description", "entity", "objectID", "managedObjectContext", "isDeleted", "isInserted", "isUpdated",
                                        "isFault", "hash", "self", "class", "superclass", "id"]

    private func attribute(_ property: ModelProperty, name: String) -> Attribute? {
        switch property.kind {
        case .value(let type):
            var attribute = Attribute(name: name, kind: Self.kind(type, bits: property.integerBits), isOptional: property.isOptional,
                                      allowsExternalStorage: property.allowsExternalStorage)
            attribute.usesScalarValueType = [.bool, .int, .float, .double].contains(type)
            if type == .mixed { attribute.valueTransformerName = "NSSecureUnarchiveFromData"; attribute.customClassName = "NSObject" }
            if let value = property.defaultValue { attribute.defaultValue = Self.defaultText(value, for: type) }
            return attribute
        case .values(let kind, let type, let optional):
            let element = Self.swiftElement(type) + (optional ? "?" : "")
            var attribute = Attribute(name: name, kind: .transformable, isOptional: false)
            attribute.valueTransformerName = "NSSecureUnarchiveFromData"
            attribute.customClassName = switch kind {
            case .list: "[\(element)]"
            case .set: "Set<\(element)>"
            case .dictionary: "[String: \(element)]"
            }
            return attribute
        default:
            return nil
        }
    }

    private func relationship(_ property: ModelProperty, name: String, in info: ModelClass, entityNames: [String: String],
                              propertyNames: [String: [String: String]]) -> Relationship?
    {
        guard let target = property.target, let destination = entityNames[target] else { return nil }
        let inverse = property.inverse.flatMap { propertyNames[target]?[$0] }
        func rule(_ rule: ModelProperty.DeleteRule) -> Relationship.DeleteRule {
            switch rule {
            case .nullify: .nullify
            case .cascade: .cascade
            case .deny: .deny
            case .noAction: .noAction
            }
        }
        let embedded = model.class(named: target)?.isEmbedded == true
        switch property.kind {
        case .link:
            return Relationship(name: name, destination: destination, inverseName: inverse, isOptional: property.isOptional,
                                deleteRule: embedded ? .cascade : rule(property.deleteRule), maxCount: 1)
        case .objects(_, let ordered):
            return Relationship(name: name, destination: destination, inverseName: inverse, isToMany: true, isOrdered: ordered,
                                deleteRule: embedded ? .cascade : rule(property.deleteRule))
        case .backlinks:
            return Relationship(name: name, destination: destination, inverseName: inverse, isToMany: true, deleteRule: rule(property.deleteRule))
        case .objectDictionary:
            // Core Data has no dictionary of relationships: a to-many keeps the objects, not their keys.
            return Relationship(name: name, destination: destination, isToMany: true, deleteRule: .nullify)
        case .value, .values:
            return nil
        }
    }

    static func kind(_ type: ValueType, bits: Int?) -> Attribute.Kind {
        switch type {
        case .bool: .boolean
        case .int: bits == 16 ? .integer16 : bits == 32 ? .integer32 : .integer64
        case .float: .float
        case .double: .double
        case .decimal: .decimal
        case .string, .objectId: .string
        case .date: .date
        case .data: .binary
        case .uuid: .uuid
        case .mixed: .transformable
        }
    }

    static func swiftElement(_ type: ValueType) -> String {
        type == .mixed ? "NSObject" : SwiftNames.valueType(type)
    }

    /// A default as Xcode's model writes it: `YES`/`NO` for a Boolean, the number, the text.
    static func defaultText(_ value: ModelDefault, for type: ValueType) -> String? {
        switch value {
        case .bool(let flag): return type == .bool ? (flag ? "YES" : "NO") : nil
        case .integer(let number): return type == .bool ? (number == 0 ? "NO" : "YES") : String(number)
        case .real(let number): return String(number)
        case .text(let text): return type == .string || type == .objectId ? text : nil
        case .expression: return nil
        }
    }
}
