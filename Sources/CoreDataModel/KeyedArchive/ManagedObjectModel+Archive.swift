/// Reading a model from its keyed archive: a compiled model (`.mom`) or a store's `Z_MODELCACHE` after inflation.
///
/// Research notes for the next developer: which keys Core Data's model classes archive, and where that comes from.
///
/// A compiled model (`.mom`, one per version inside a `.momd`) and a store's `Z_MODELCACHE` (zlib-compressed) hold
/// the same thing: a binary property list containing an `NSKeyedArchiver` archive whose `$top` key `root` is an
/// `NSManagedObjectModel`. `KeyedArchive` reads the archive; `ManagedObjectModel.init(archive:)` reads the keys below.
///
/// ## Archive layout (NSKeyedArchiver)
///
/// - `$archiver` = `NSKeyedArchiver`, `$version` = 100000, `$top` = `{root: UID}`, `$objects` = array, index 0 = `$null`.
/// - An object is a dictionary with `$class` (UID of `{$classname, $classes}`) and its fields. Strings, numbers and
///   data are stored as plain entries of `$objects`; `encodeInt:`/`encodeBool:` values are stored inline in the field.
/// - `NSArray`/`NSSet`/`NSOrderedSet` (and mutable kinds): `NS.objects` = array of UIDs. `NSDictionary`: `NS.keys` and
///   `NS.objects`, same length. `NSString`/`NSMutableString`: `NS.string`. `NSData`: `NS.data`. `NSDate`: `NS.time`
///   (seconds since 2001). `NSUUID`: `NS.uuidbytes` (16 bytes).
/// - `encodeConditionalObject:` writes `$null` unless the object is archived elsewhere — so a relationship's
///   `NSDestinationEntity` may be `$null`, and the name fallbacks below exist for that case.
///
/// ## NSManagedObjectModel
///
/// | key | value |
/// |---|---|
/// | `NSEntities` | NSDictionary entity name → NSEntityDescription |
/// | `NSVersionIdentifiers` | NSSet of strings (`versionIdentifiers`) |
/// | `NSFetchRequestTemplates` | NSDictionary name → NSFetchRequest (not read) |
/// | `NSConfigurations` | NSDictionary configuration name → entities (not read; written only when there are configurations besides the default `PF_DEFAULT_CONFIGURATION_NAME`) |
///
/// ## NSEntityDescription
///
/// | key | value |
/// |---|---|
/// | `NSEntityName` | string |
/// | `NSClassNameForEntity` | string (`managedObjectClassName`) |
/// | `NSIsAbstract` | bool, written only when true |
/// | `NSManagedObjectModel` | conditional reference back to the model (a cycle) |
/// | `NSSuperentity` | conditional reference to the parent entity |
/// | `NSSubentities` | NSDictionary name → entity |
/// | `NSProperties` | NSDictionary property name → NSAttributeDescription / NSRelationshipDescription / NSFetchedPropertyDescription |
/// | `NSVersionHashModifier` | string or `$null` |
/// | `NSUniqueTuples` | array of arrays of property names (uniqueness constraints) |
/// | `NSRenamingIdentifier` | string or `$null`: the entity's name before a rename (`renamingIdentifier`) |
/// | `NSUserInfo`, `NSCompoundIndexes` | not read |
///
/// ## NSPropertyDescription (both kinds)
///
/// | key | value |
/// |---|---|
/// | `NSPropertyName` | string |
/// | `NSEntity` | conditional reference back to the entity (a cycle) |
/// | `NSIsOptional`, `NSIsTransient`, `NSIsReadOnly`, `NSIndexedBySpotlight`, `NSIsStoredInTruth`, `NSIsOrdered` | bools, each written only when true |
/// | `NSVersionHashModifier` | string or `$null` |
/// | `NSUserInfo`, `NSValidationPredicates`, `NSValidationWarnings`, `NSRenamingIdentifier` | not read |
///
/// ## NSAttributeDescription
///
/// | key | value |
/// |---|---|
/// | `NSAttributeType` | int: 0 undefined, 100/200/300 integer 16/32/64, 400 decimal, 500 double, 600 float, 700 string, 800 boolean, 900 date, 1000 binary, 1100 UUID, 1200 URI, 1800 transformable, 2000 object ID (`NSAttributeType` in the SDK header); 2100 composite (newer SDKs) |
/// | `NSAttributeValueClassName` | string (not read yet: for `<archived NSColor>` it would help) |
/// | `NSFlagsKey` | int32: 4 allows external storage, 0x10 preserves the value on deletion, 0x20 file-backed future |
/// | `NSDerivationExpression` | an `NSExpression` (derived attributes), written back as text by `expressionFormat()` |
/// | `NSDefaultValue` | object (string, number…) |
/// | `NSValueTransformerName` | string |
/// | class `NSDerivedAttributeDescription` | a derived attribute (a subclass of NSAttributeDescription) |
///
/// ## NSRelationshipDescription
///
/// | key | value |
/// |---|---|
/// | `NSDestinationEntity` | conditional reference to the destination entity |
/// | `_NSDestinationEntityName` | string, the destination's name (the fallback when the reference is `$null`) |
/// | `NSInverseRelationship` | conditional reference to the inverse relationship (a cycle) |
/// | `_NSInverseRelationshipName` | string, the inverse's name |
/// | `NSMinCount`, `NSMaxCount` | ints; `NSMaxCount == 1` is to-one, anything else (0 = unbounded) to-many (`isToMany` is `maxCount != 1`) |
/// | `NSDeleteRule` | int: 0 no action, 1 nullify, 2 cascade, 3 deny |
/// | `NSIsOrdered` | bool, written only when true (ordered to-many) |
///
/// ## Not confirmed (read if present, verify on a real `.mom`)
///
/// - `NSVersionHash` on entities and properties: Core Data computes version hashes rather than archiving them (no
///   archive seen has the key; `computedVersionHashes()` computes them). The reader takes the key when present and
///   otherwise leaves `versionHash` nil.
/// - `NSAllowsExternalBinaryDataStorage`: no archive seen has this key; Apple's attribute encoder writes the flag in
///   `NSFlagsKey` (bit 4), which the reader falls back to. The key is still taken when present.
/// - Newer models (iOS 9+ caches) have been reported to wrap properties in proxy objects referring to ids, with only
///   some relationships stored as plain `NSRelationshipDescription`s (an observation in a public analysis, not a
///   source): a real `Z_MODELCACHE` should be dumped with `ArchivedObject.dump()` before trusting this table for it.
///
/// ## Sources
///
/// - Cocotron's Core Data (`initWithCoder:` for each class): `cjwl/cocotron` `CoreData/NSManagedObjectModel.m`,
///   `CoreData/NSEntityDescription.m`, `CoreData/NSAttributeDescription.m`, `CoreData/NSRelationshipDescription.m`
///   (keys `NSEntities`, `NSFetchRequestTemplates`, `NSVersionIdentifiers`, `NSEntityName`, `NSClassNameForEntity`,
///   `NSProperties`, `NSSubentities`, `NSSuperentity`, `NSAttributeType`, `NSAttributeValueClassName`,
///   `NSDefaultValue`, `NSValueTransformerName`, `NSDeleteRule`, `NSDestinationEntity`, `NSInverseRelationship`,
///   `NSIsOptional`, `NSMaxCount`, `NSMinCount`, `_NSDestinationEntityName`, `_NSInverseRelationshipName`).
/// - FreeCoreData, a Cocotron descendant: `ashalkhakov/FreeCoreData` `CoreData/NSPropertyDescription.m` (`NSEntity`,
///   `NSPropertyName`, `NSIsOptional`, `NSIsTransient`, … and the note that momc writes the flags only when YES),
///   `CoreData/NSEntityDescription.m` (`NSIsAbstract`, written only when abstract), `CoreData/NSManagedObjectModel.m`.
/// - Apple's headers for the numbers: `phracker/MacOSX-SDKs`
///   `MacOSX12.1.sdk/System/Library/Frameworks/CoreData.framework/Versions/A/Headers/NSAttributeDescription.h`
///   (`NSAttributeType` values) and
///   `MacOSX10.10.sdk/System/Library/Frameworks/CoreData.framework/Versions/A/Headers/NSRelationshipDescription.h`
///   (`NSDeleteRule` order; min/max count "1/1 for a to-one").
/// - Decompiled `encodeWithCoder:` listings of Apple's CoreData (found by the search tool without a repository name,
///   so not citable by path) agree with the above and add `NSIsReadOnly`, `NSIndexedBySpotlight`, `NSIsStoredInTruth`,
///   `NSIsOrdered`, `NSConfigurations` and the conditional encoding of `NSDestinationEntity`/`NSInverseRelationship`.
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
        // One budget for every derivation expression of the model: a shared sub-expression is visited each time.
        var budget = ArchivedObject.maximumExpressionNodes
        for (key, object) in try root.dictionaryEntries("NSEntities") ?? [] {
            entities.append(try Self.entity(object, key: key, budget: &budget))
        }
        entities.sort { $0.name < $1.name }
        Self.dropInherited(&entities)
        var identifiers: [String] = []
        if let set = try root.object("NSVersionIdentifiers") {
            identifiers = try set.asArray().map { try $0.asString() }.sorted()
        }
        self.init(entities: entities, versionIdentifiers: identifiers)
    }

    /// A sub-entity's archive repeats every property it inherits (its own copies, naming it as their entity).
    /// Core Data forbids a sub-entity a property of an ancestor's name, so a property an ancestor has is the
    /// ancestor's: each entity keeps only its own, as the Xcode model lists them.
    static func dropInherited(_ entities: inout [Entity]) {
        let byName = Dictionary(entities.map { ($0.name, $0) }) { first, _ in first }
        for index in entities.indices {
            var inherited: Set<String> = []
            var seen: Set<String> = [entities[index].name]
            var parent = entities[index].parentName
            while let name = parent, seen.insert(name).inserted, let ancestor = byName[name] {
                inherited.formUnion(ancestor.attributes.map(\.name))
                inherited.formUnion(ancestor.relationships.map(\.name))
                parent = ancestor.parentName
            }
            entities[index].attributes.removeAll { inherited.contains($0.name) }
            entities[index].relationships.removeAll { inherited.contains($0.name) }
        }
    }

    static func entity(_ object: ArchivedObject, key: String, budget: inout Int) throws -> Entity {
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
        entity.versionHashModifier = try object.string("NSVersionHashModifier")
        entity.renamingIdentifier = try object.string("NSRenamingIdentifier")
        for tuple in try object.array("NSUniqueTuples") ?? [] {
            entity.uniquenessConstraints.append(try tuple.asArray().map { try $0.asString() })
        }
        for (propertyKey, property) in (try object.dictionaryEntries("NSProperties") ?? []).sorted(by: { $0.key < $1.key }) {
            let propertyName = try property.string("NSPropertyName") ?? propertyKey
            if property.isKind(of: "NSRelationshipDescription") {
                entity.relationships.append(try relationship(property, name: propertyName, entity: name))
            } else if property.isKind(of: "NSAttributeDescription") {
                entity.attributes.append(try attribute(property, name: propertyName, entity: name, budget: &budget))
            }
            // Fetched properties (NSFetchedPropertyDescription) have no column: left out.
        }
        return entity
    }

    static func attribute(_ object: ArchivedObject, name: String, entity: String, budget: inout Int) throws -> Attribute {
        let type = try object.int("NSAttributeType") ?? 0
        var attribute = Attribute(name: name, kind: Attribute.Kind(archivedType: type))
        attribute.isOptional = try object.bool("NSIsOptional") ?? false
        attribute.isTransient = try object.bool("NSIsTransient") ?? false
        attribute.isDerived = object.isKind(of: "NSDerivedAttributeDescription")
        attribute.valueTransformerName = try object.string("NSValueTransformerName")
        // NSFlagsKey (encodeWithCoder:): 4 = allows external storage, 0x10 = preserves the value on deletion.
        let flags = try object.int("NSFlagsKey") ?? 0
        attribute.allowsExternalStorage = try object.bool("NSAllowsExternalBinaryDataStorage") ?? (flags & 4 != 0)
        attribute.preservesValueOnDeletion = flags & 0x10 != 0
        attribute.versionHash = try object.data("NSVersionHash")
        attribute.versionHashModifier = try object.string("NSVersionHashModifier")
        if attribute.isDerived, let expression = try object.object("NSDerivationExpression") {
            do {
                attribute.derivationExpression = try expression.expressionFormat(budget: &budget)
            } catch let error as ModelReadError {
                throw KeyedArchive.error("attribute '\(entity).\(name)', its derivation: " + error.problem)
            }
        }
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
        relationship.versionHashModifier = try object.string("NSVersionHashModifier")
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
