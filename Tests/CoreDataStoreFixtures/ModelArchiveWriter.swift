import CoreDataModel
import Foundation

/// A `ManagedObjectModel` written as `NSKeyedArchiver` writes an `NSManagedObjectModel`: the binary property list
/// inside a compiled `.mom` and, deflated, in a store's `Z_MODELCACHE`. The keys are those of the doc comment in
/// Sources/CoreDataModel/KeyedArchive/ManagedObjectModel+Archive.swift, in the shape the real model caches in
/// Tests/CoreDataModelTests/Fixtures/Stores have:
///
/// - every entity lists all its properties in `NSProperties`, inherited ones as its own copies naming it as their
///   `NSEntity` (the reader keeps each property on the entity that declares it);
/// - back references make the graph cyclic: entity → model, property → entity, relationship ↔ inverse, entity ↔
///   superentity and sub-entities;
/// - flags (`NSIsOptional`, `NSIsTransient`, `NSIsOrdered`, `NSIsAbstract`) are written only when true, `$null` is
///   written for an absent superentity, default value, transformer and class name; `NSFlagsKey` is 0.
///
/// Not written: `_P` (a packed flags number real archives carry, its bits not documented), fetched properties,
/// fetch request templates, configurations, uniqueness constraints, user info contents. Written although not seen
/// in the real caches: `NSVersionHash` (only when the model gives one) and `NSAllowsExternalBinaryDataStorage`
/// (the key the reader takes; how real archives mark external storage is not confirmed).
public enum ModelArchiveWriter {
    static let propertyClasses = ["NSPropertyDescription", "NSObject"]

    /// The archive as a binary property list (`bplist00`).
    public static func archive(_ model: ManagedObjectModel) -> [UInt8] {
        var w = KeyedArchiveWriter()
        let modelSlot = w.reserve()
        let entities = model.entities.sorted { $0.name < $1.name }
        let byName = Dictionary(entities.map { ($0.name, $0) }) { first, _ in first }
        var entitySlots: [String: PropertyListValue] = [:]
        for entity in entities { entitySlots[entity.name] = w.reserve() }
        // Every entity's properties, inherited ones included, each with a slot of its own.
        func lineage(_ name: String) -> [Entity] {
            var result: [Entity] = []
            var next: String? = name
            while let current = next, let found = byName[current], !result.contains(where: { $0.name == current }) {
                result.append(found)
                next = found.parentName
            }
            return result
        }
        var propertySlots: [String: [String: PropertyListValue]] = [:]
        for entity in entities {
            for ancestor in lineage(entity.name) {
                for name in ancestor.attributes.map(\.name) + ancestor.relationships.map(\.name)
                    where propertySlots[entity.name]?[name] == nil {
                    propertySlots[entity.name, default: [:]][name] = w.reserve()
                }
            }
        }
        for entity in entities {
            let entitySlot = entitySlots[entity.name] ?? KeyedArchiveWriter.null
            var properties: [(String, PropertyListValue)] = []
            var done: Set<String> = []
            for ancestor in lineage(entity.name) {
                for attribute in ancestor.attributes where done.insert(attribute.name).inserted {
                    guard let slot = propertySlots[entity.name]?[attribute.name] else { continue }
                    w.fill(slot, with: attributeFields(attribute, entity: entitySlot, writer: &w))
                    properties.append((attribute.name, slot))
                }
                for relationship in ancestor.relationships where done.insert(relationship.name).inserted {
                    guard let slot = propertySlots[entity.name]?[relationship.name] else { continue }
                    let destination = entitySlots[relationship.destination] ?? KeyedArchiveWriter.null
                    let inverse = relationship.inverseName.flatMap { propertySlots[relationship.destination]?[$0] }
                    w.fill(slot, with: relationshipFields(relationship, entity: entitySlot, destination: destination,
                                                          inverse: inverse ?? KeyedArchiveWriter.null, writer: &w))
                    properties.append((relationship.name, slot))
                }
            }
            var fields: [String: PropertyListValue] = [
                "NSEntityName": w.string(entity.name),
                "NSManagedObjectModel": modelSlot,
                "NSSuperentity": entity.parentName.flatMap { entitySlots[$0] } ?? KeyedArchiveWriter.null,
                "NSSubentities": w.dictionary(entities.filter { $0.parentName == entity.name }
                    .map { ($0.name, entitySlots[$0.name] ?? KeyedArchiveWriter.null) }, className: "NSMutableDictionary"),
                "NSProperties": w.dictionary(properties.sorted { $0.0 < $1.0 }, className: "NSMutableDictionary"),
                "NSUserInfo": w.dictionary([]),
                "NSVersionHashModifier": KeyedArchiveWriter.null,
                "NSRenamingIdentifier": w.string(entity.name),
            ]
            if let className = entity.className { fields["NSClassNameForEntity"] = w.string(className) }
            if entity.isAbstract { fields["NSIsAbstract"] = .bool(true) }
            if let hash = entity.versionHash { fields["NSVersionHash"] = w.add(.data(hash)) }
            w.fill(entitySlot, with: w.instanceFields("NSEntityDescription", fields))
        }
        let entityDictionary = w.dictionary(entities.map { ($0.name, entitySlots[$0.name] ?? KeyedArchiveWriter.null) })
        let identifiers = w.array(model.versionIdentifiers.map { w.string($0) }, className: "NSSet")
        w.fill(modelSlot, with: w.instanceFields("NSManagedObjectModel", [
            "NSEntities": entityDictionary, "NSVersionIdentifiers": identifiers,
            "NSFetchRequestTemplates": KeyedArchiveWriter.null,
        ]))
        return w.bytes(root: modelSlot)
    }

    /// Writes a compiled model as an app bundle has it: for a `.mom` path, the archive itself; for a `.momd`
    /// folder (created), one `<version>.mom` per version and a binary `VersionInfo.plist` with
    /// `NSManagedObjectModel_CurrentVersionName` (the current version's name) and
    /// `NSManagedObjectModel_VersionHashes` (version → entity → version hash, as in `Z_METADATA`), the keys code that
    /// loads `.momd` bundles reads. `model`'s version is named `model.versionName`, else the folder's name.
    /// - Throws: when `path` exists, has another extension, or a version name repeats or is empty.
    public static func writeCompiledModel(_ model: ManagedObjectModel, versions: [(name: String, model: ManagedObjectModel)]? = nil,
                                          to path: String) throws
    {
        let url = URL(fileURLWithPath: path)
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CoreDataFixtureError("fixture: \(path) exists; the compiled model is written only as a new file")
        }
        switch url.pathExtension {
        case "mom":
            try Data(archive(model)).write(to: url, options: .withoutOverwriting)
        case "momd":
            let current = model.versionName ?? url.deletingPathExtension().lastPathComponent
            let all = [(name: current, model: model)] + (versions ?? [])
            var names: Set<String> = []
            for version in all where version.name.isEmpty || !names.insert(version.name).inserted {
                throw CoreDataFixtureError("fixture: compiled model version name '\(version.name)' is empty or repeated")
            }
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            var hashes: [String: PropertyListValue] = [:]
            for version in all {
                try Data(archive(version.model)).write(to: url.appendingPathComponent(version.name + ".mom"))
                hashes[version.name] = .dictionary(Dictionary(version.model.entities.map {
                    ($0.name, PropertyListValue.data(CoreDataStoreWriter.versionHash(of: $0)))
                }) { first, _ in first })
            }
            let info = PropertyListValue.dictionary([
                "NSManagedObjectModel_CurrentVersionName": .string(current),
                "NSManagedObjectModel_VersionHashes": .dictionary(hashes),
            ])
            try Data(BinaryPropertyListWriter.write(info)).write(to: url.appendingPathComponent("VersionInfo.plist"))
        default:
            throw CoreDataFixtureError("fixture: \(path): a compiled model is a .mom file or a .momd folder")
        }
    }

    /// The archive raw-deflated, as `Z_MODELCACHE.Z_CONTENT` holds it.
    public static func modelCache(_ model: ManagedObjectModel) throws -> [UInt8] { try Deflate.raw(archive(model)) }

    // MARK: - Properties

    static func attributeFields(_ attribute: Attribute, entity: PropertyListValue, writer w: inout KeyedArchiveWriter)
        -> PropertyListValue
    {
        var fields: [String: PropertyListValue] = [
            "NSPropertyName": w.string(attribute.name), "NSEntity": entity,
            "NSAttributeType": .integer(archivedType(attribute.kind)),
            "NSAttributeValueClassName": valueClassName(attribute).map { w.string($0) } ?? KeyedArchiveWriter.null,
            "NSDefaultValue": attribute.defaultValue.map { w.add(defaultValue($0, kind: attribute.kind)) } ?? KeyedArchiveWriter.null,
            "NSValueTransformerName": attribute.valueTransformerName.map { w.string($0) } ?? KeyedArchiveWriter.null,
            "NSFlagsKey": .integer(0), "NSRenamingIdentifier": w.string(attribute.name),
        ]
        if attribute.isOptional { fields["NSIsOptional"] = .bool(true) }
        if attribute.isTransient { fields["NSIsTransient"] = .bool(true) }
        if attribute.allowsExternalStorage { fields["NSAllowsExternalBinaryDataStorage"] = .bool(true) }
        if let hash = attribute.versionHash { fields["NSVersionHash"] = w.add(.data(hash)) }
        guard attribute.isDerived else {
            return w.instanceFields("NSAttributeDescription", superclasses: propertyClasses, fields)
        }
        fields["NSIsReadOnly"] = .bool(true)
        fields["NSFilteringPredicate"] = KeyedArchiveWriter.null
        fields["NSDerivationExpression"] = attribute.derivationExpression.map { expression($0, writer: &w) } ?? KeyedArchiveWriter.null
        return w.instanceFields("NSDerivedAttributeDescription", superclasses: ["NSAttributeDescription"] + propertyClasses, fields)
    }

    static func relationshipFields(_ relationship: Relationship, entity: PropertyListValue, destination: PropertyListValue,
                                   inverse: PropertyListValue, writer w: inout KeyedArchiveWriter) -> PropertyListValue
    {
        let rules: [Relationship.DeleteRule: Int64] = [.noAction: 0, .nullify: 1, .cascade: 2, .deny: 3]
        var fields: [String: PropertyListValue] = [
            "NSPropertyName": w.string(relationship.name), "NSEntity": entity,
            "NSDestinationEntity": destination, "_NSDestinationEntityName": w.string(relationship.destination),
            "NSInverseRelationship": inverse,
            // A to-one is max 1; a to-many keeps the model's bound (0, unbounded, as Xcode's models give it).
            "NSMaxCount": .integer(relationship.isToMany ? Int64(relationship.maxCount) : 1),
            "NSMinCount": .integer(Int64(relationship.minCount)),
            "NSDeleteRule": .integer(rules[relationship.deleteRule] ?? 1),
            "NSRenamingIdentifier": w.string(relationship.name),
        ]
        if let inverseName = relationship.inverseName { fields["_NSInverseRelationshipName"] = w.string(inverseName) }
        if relationship.isOptional { fields["NSIsOptional"] = .bool(true) }
        if relationship.isTransient { fields["NSIsTransient"] = .bool(true) }
        if relationship.isOrdered { fields["NSIsOrdered"] = .bool(true) }
        if let hash = relationship.versionHash { fields["NSVersionHash"] = w.add(.data(hash)) }
        return w.instanceFields("NSRelationshipDescription", superclasses: propertyClasses, fields)
    }

    /// `NSAttributeType`: the SDK header's numbers.
    public static func archivedType(_ kind: Attribute.Kind) -> Int64 {
        switch kind {
        case .undefined: 0
        case .integer16: 100
        case .integer32: 200
        case .integer64: 300
        case .decimal: 400
        case .double: 500
        case .float: 600
        case .string: 700
        case .boolean: 800
        case .date: 900
        case .binary: 1000
        case .uuid: 1100
        case .uri: 1200
        case .transformable: 1800
        case .objectID: 2000
        case .composite: 2100
        }
    }

    /// `NSAttributeValueClassName` as the real caches have it: the Foundation class of the value, or a
    /// transformable's custom class.
    static func valueClassName(_ attribute: Attribute) -> String? {
        switch attribute.kind {
        case .integer16, .integer32, .integer64, .double, .float, .boolean: "NSNumber"
        case .decimal: "NSDecimalNumber"
        case .string: "NSString"
        case .date: "NSDate"
        case .binary: "NSData"
        case .uuid: "NSUUID"
        case .uri: "NSURL"
        case .transformable: attribute.customClassName
        case .objectID, .composite, .undefined: nil
        }
    }

    /// The default value as the archive holds it: a number, a boolean or a string.
    static func defaultValue(_ text: String, kind: Attribute.Kind) -> PropertyListValue {
        switch kind {
        case .boolean: return .bool(text == "YES" || text == "1" || text.lowercased() == "true")
        case .integer16, .integer32, .integer64, .decimal, .double, .float:
            if let integer = Int64(text) { return .integer(integer) }
            if let real = Double(text) { return .real(real) }
            return .string(text)
        default: return .string(text)
        }
    }

    /// A derivation expression as an `NSExpression` graph: `a.b.@count` as the `count:` function of
    /// `_NSPredicateUtilities` over the key path (the shape of the real `pagesCount` in SampleModel2_V2), any
    /// other text as a key path.
    static func expression(_ text: String, writer w: inout KeyedArchiveWriter) -> PropertyListValue {
        let expressionClasses = ["NSExpression", "NSObject"]
        func keyPath(_ path: String, writer w: inout KeyedArchiveWriter) -> PropertyListValue {
            let specifier = w.instance("NSKeyPathSpecifierExpression", superclasses: expressionClasses,
                                       ["NSExpressionType": .integer(10), "NSKeyPath": w.string(path)])
            let this = w.instance("NSSelfExpression", superclasses: expressionClasses, ["NSExpressionType": .integer(1)])
            return w.instance("NSKeyPathExpression", superclasses: ["NSFunctionExpression"] + expressionClasses, [
                "NSExpressionType": .integer(3), "NSOperand": this, "NSSelectorName": w.string("valueForKey:"),
                "NSArguments": w.array([specifier], className: "NSMutableArray"),
            ])
        }
        guard text.hasSuffix(".@count") else { return keyPath(text, writer: &w) }
        let path = keyPath(String(text.dropLast(".@count".count)), writer: &w)
        let utilities = w.instance("NSConstantValueExpression", superclasses: expressionClasses, [
            "NSExpressionType": .integer(0), "NSConstantValueClassName": w.string("_NSPredicateUtilities"),
        ])
        return w.instance("NSFunctionExpression", superclasses: expressionClasses, [
            "NSExpressionType": .integer(4), "NSOperand": utilities, "NSSelectorName": w.string("count:"),
            "NSArguments": w.array([path]),
        ])
    }
}
