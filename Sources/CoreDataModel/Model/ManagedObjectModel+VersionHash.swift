import Digests

/// Core Data's entity version hashes, computed from a model: what a store's metadata records per entity
/// (`Z_METADATA`'s `NSStoreModelVersionHashes`, a `.momd`'s `VersionInfo.plist`), and what Core Data compares to
/// decide whether a model opens a store as it is.
///
/// ## The algorithm
///
/// Every hash is SHA-256; "name" is UTF-8 without a terminator; integers are little-endian; properties are sorted by
/// name (here by Unicode scalars, where Core Data uses `-[NSString compare:]`: the same order for ASCII names);
/// transient properties are left out.
///
/// - property: SHA-256(name, 2 bytes of flags (1 optional, 2 transient, 4 read-only), its `versionHashModifier`).
///   Read-only is 0 here: only code sets it on a stored property (Xcode's read-only properties are derived ones).
/// - attribute: SHA-256(property hash, 4 bytes of `NSAttributeType`, a byte 1 if it allows external storage, a byte
///   1 if it preserves its value on deletion).
/// - derived attribute: SHA-256(the derivation expression's text, the filtering predicate's text) — its attribute
///   hash is computed by Core Data and then not used.
/// - relationship: SHA-256(property hash, the destination entity's name, the inverse's name (unless it is its own
///   inverse), 4 bytes of max count, 4 bytes of min count, and 2 bytes `01 00` when ordered).
/// - entity: SHA-256(name, a byte 1 or 0 for abstract, the parent entity's hash, the hashes of every attribute and
///   relationship it has, inherited ones included, its `versionHashModifier`, and each uniqueness constraint's
///   property names joined with `.`, in sorted order).
///
/// The class name, delete rules, default values, indexes, user info and renaming identifiers are not part of it,
/// so two models can differ in those and still match a store.
///
/// ## Sources and checks
///
/// Core Data's implementation is not published. The steps above come from decompiled listings of Apple's
/// CoreData framework in public repositories of iOS system files — `EthanArbuckle/iPhone18-3_26.1_23B85_Restore`
/// (`System/Library/Frameworks/CoreData.framework/CoreData/NSRelationshipDescription.mm`,
/// `NSAttributeDescription.mm`) and others of the same kind for `NSPropertyDescription _versionHash:inStyle:`,
/// `NSEntityDescription _newVersionHashInStyle:` and `NSDerivedAttributeDescription` — and were checked against
/// every hash Core Data wrote in the test fixtures (29 entity hashes in three stores' metadata and two `.momd`
/// bundles' `VersionInfo.plist`, from models with inheritance, uniqueness constraints, a derived attribute,
/// transformable, decimal and UUID attributes). Not covered by a real hash: ordered relationships, version hash
/// modifiers, external storage and preserve-after-deletion flags, and derived attributes written as text in Xcode
/// (Xcode's text is used as is, where Core Data would use `NSExpression(format:)`'s `predicateFormat`).
extension ManagedObjectModel {
    /// The version hash of every entity, by name.
    /// - Throws: `ModelReadError` for the first entity (by name) whose hash cannot be computed; see
    ///   `computedVersionHash(ofEntity:)`.
    public func computedVersionHashes() throws(ModelReadError) -> [String: [UInt8]] {
        var hasher = VersionHasher(model: self)
        var hashes: [String: [UInt8]] = [:]
        for name in entities.map(\.name).sorted() {
            hashes[name] = try hasher.entityHash(name)
        }
        return hashes
    }

    /// The version hash of one entity: 32 bytes, as `NSEntityDescription.versionHash` gives it.
    /// - Throws: `ModelReadError` naming the entity when the model has no such entity, its parents form a cycle or
    ///   name an entity the model does not have, or it has a property whose hash this model cannot give: an
    ///   attribute of a type this reader does not know, a composite attribute (its elements are not read), or a
    ///   derived attribute without its expression.
    public func computedVersionHash(ofEntity name: String) throws(ModelReadError) -> [UInt8] {
        var hasher = VersionHasher(model: self)
        return try hasher.entityHash(name)
    }

    /// How the model's entities differ from the hashes a store records (`NSStoreModelVersionHashes`): one
    /// lower-case line per entity that differs, sorted; empty when Core Data would open the store with this model
    /// without migrating.
    public func versionHashDifferences(from stored: [String: [UInt8]]) -> [String] {
        var hasher = VersionHasher(model: self)
        var lines: [String] = []
        for name in Set(entities.map(\.name)).union(stored.keys).sorted() {
            guard let storedHash = stored[name] else {
                lines.append("entity \(name): in the model, not in the store")
                continue
            }
            guard entity(named: name) != nil else {
                lines.append("entity \(name): in the store, not in the model")
                continue
            }
            do {
                if try hasher.entityHash(name) != storedHash { lines.append("entity \(name): its version hash differs") }
            } catch {
                lines.append("entity \(name): version hash not computed (\(error.message))")
            }
        }
        return lines
    }
}

/// Computes hashes with a cache, each entity once (a parent's hash and properties are part of its children's).
private struct VersionHasher {
    let byName: [String: Entity]
    var cache: [String: [UInt8]] = [:]
    /// Each hashed entity's properties, inherited ones included, by name.
    var propertiesCache: [String: [String: Property]] = [:]

    init(model: ManagedObjectModel) {
        byName = Dictionary(model.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The entity and its ancestors up to the first one already hashed, nearest first; throws for a missing parent
    /// or a cycle.
    func lineage(_ name: String) throws(ModelReadError) -> [Entity] {
        guard let entity = byName[name] else { throw ModelReadError("entity \(name): not in the model") }
        var chain = [entity]
        var seen: Set<String> = [name]
        while let parent = chain[chain.count - 1].parentName, cache[parent] == nil {
            guard seen.insert(parent).inserted else {
                throw ModelReadError("entity \(name): its parents form a cycle through \(parent)")
            }
            guard let found = byName[parent] else {
                throw ModelReadError("entity \(name): parent \(parent) is not in the model")
            }
            chain.append(found)
        }
        return chain
    }

    mutating func entityHash(_ name: String) throws(ModelReadError) -> [UInt8] {
        if let known = cache[name] { return known }
        let chain = try lineage(name)
        // Parents first, iteratively, so that a deep chain does not recurse.
        for entity in chain.reversed() {
            // Its own properties and every inherited one, an own one hiding an ancestor's of the same name.
            var properties = entity.parentName.flatMap { propertiesCache[$0] } ?? [:]
            for attribute in entity.attributes { properties[attribute.name] = .attribute(attribute) }
            for relationship in entity.relationships { properties[relationship.name] = .relationship(relationship, entity) }
            propertiesCache[entity.name] = properties
            cache[entity.name] = try hashOne(entity, properties: properties)
        }
        return cache[name] ?? []
    }

    /// One entity whose parent (if any) is already in the cache.
    private func hashOne(_ entity: Entity, properties: [String: Property]) throws(ModelReadError) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(entity.name)
        hasher.update([entity.isAbstract ? 1 : 0])
        if let parent = entity.parentName, let parentHash = cache[parent] { hasher.update(parentHash) }
        for name in properties.keys.sorted() {
            guard let property = properties[name] else { continue }
            switch property {
            case .attribute(let attribute):
                if attribute.isTransient { continue }
                hasher.update(try attributeHash(attribute, entity: entity.name))
            case .relationship(let relationship, let owner):
                if relationship.isTransient { continue }
                hasher.update(relationshipHash(relationship, declaredBy: owner))
            }
        }
        if let modifier = entity.versionHashModifier { hasher.update(modifier) }
        for constraint in entity.uniquenessConstraints.map({ $0.joined(separator: ".") }).sorted() where !constraint.isEmpty {
            hasher.update(constraint)
        }
        return hasher.digest()
    }

    enum Property {
        case attribute(Attribute)
        /// With the entity that declares it (an ancestor for an inherited one).
        case relationship(Relationship, Entity)
    }

    private func propertyHash(name: String, isOptional: Bool, isTransient: Bool, modifier: String?) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(name)
        hasher.update([(isOptional ? 1 : 0) | (isTransient ? 2 : 0), 0])
        if let modifier { hasher.update(modifier) }
        return hasher.digest()
    }

    private func attributeHash(_ attribute: Attribute, entity: String) throws(ModelReadError) -> [UInt8] {
        let place = "entity \(entity): attribute '\(attribute.name)'"
        if attribute.isDerived {
            guard let expression = attribute.derivationExpression else {
                throw ModelReadError("\(place) is derived and its expression was not read")
            }
            return SHA256.hash(Array(expression.utf8))
        }
        // Core Data allows the undefined type only on transient attributes, which are not hashed.
        guard attribute.kind != .undefined else {
            throw ModelReadError("\(place) has a type this reader does not know (\(attribute.unknownTypeName ?? "undefined"))")
        }
        guard attribute.kind != .composite else {
            throw ModelReadError("\(place) is composite; its elements are not read")
        }
        var hasher = SHA256()
        hasher.update(propertyHash(name: attribute.name, isOptional: attribute.isOptional, isTransient: false,
                                   modifier: attribute.versionHashModifier))
        hasher.update(littleEndian(UInt32(attribute.kind.archivedType)))
        if attribute.allowsExternalStorage { hasher.update([1]) }
        if attribute.preservesValueOnDeletion { hasher.update([1]) }
        return hasher.digest()
    }

    private func relationshipHash(_ relationship: Relationship, declaredBy owner: Entity) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(propertyHash(name: relationship.name, isOptional: relationship.isOptional, isTransient: false,
                                   modifier: relationship.versionHashModifier))
        // Core Data resolves the destination and the inverse by name; one that does not resolve adds nothing.
        if let destination = byName[relationship.destination] {
            hasher.update(destination.name)
            if let inverse = relationship.inverseName, let inverseOwner = declaringEntity(of: inverse, from: destination),
               !(inverseOwner == owner.name && inverse == relationship.name)
            {
                hasher.update(inverse)
            }
        }
        // A to-one relationship is max count 1 in Core Data, whether or not the source wrote it.
        let maxCount = !relationship.isToMany && relationship.maxCount == 0 ? 1 : relationship.maxCount
        hasher.update(littleEndian(UInt32(truncatingIfNeeded: maxCount)))
        hasher.update(littleEndian(UInt32(truncatingIfNeeded: relationship.minCount)))
        if relationship.isOrdered { hasher.update([1, 0]) }
        return hasher.digest()
    }

    /// The entity, among `start` and its ancestors, that declares the relationship `name`.
    private func declaringEntity(of name: String, from start: Entity) -> String? {
        var current: Entity? = start
        var seen: Set<String> = []
        while let entity = current, seen.insert(entity.name).inserted {
            if entity.relationships.contains(where: { $0.name == name }) { return entity.name }
            current = entity.parentName.flatMap { byName[$0] }
        }
        return nil
    }

    private func littleEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}

extension Attribute.Kind {
    /// The `NSAttributeType` number Core Data archives and hashes (0 for `.undefined`).
    var archivedType: Int {
        switch self {
        case .undefined: return 0
        case .integer16: return 100
        case .integer32: return 200
        case .integer64: return 300
        case .decimal: return 400
        case .double: return 500
        case .float: return 600
        case .string: return 700
        case .boolean: return 800
        case .date: return 900
        case .binary: return 1000
        case .uuid: return 1100
        case .uri: return 1200
        case .transformable: return 1800
        case .objectID: return 2000
        case .composite: return 2100
        }
    }
}
