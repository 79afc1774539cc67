import Foundation

// Reading the XML `contents` file of an Xcode model (`Recipes.xcdatamodeld/Recipes 2.xcdatamodel/contents`):
//
//   <model type="com.apple.IDECoreDataModeler.DataModel" userDefinedModelVersionIdentifier="…" …>
//       <entity name="Recipe" representedClassName="Recipe" parentEntity="…" isAbstract="YES" syncable="YES"
//               versionHashModifier="…">
//           <attribute name="name" optional="YES" attributeType="String" defaultValueString="…" transient="YES"
//                      derived="YES" derivationExpression="…" allowsExternalBinaryDataStorage="YES"
//                      valueTransformerName="…" customClassName="…" usesScalarValueType="YES" indexed="YES"
//                      versionHashModifier="…" preserveAfterDeletion="YES"/>
//           <relationship name="ingredients" optional="YES" toMany="YES" ordered="YES" minCount="1" maxCount="1"
//                         deletionRule="Cascade" destinationEntity="Ingredient" inverseName="recipe"
//                         inverseEntity="Ingredient" transient="YES" versionHashModifier="…"/>
//           <uniquenessConstraints><uniquenessConstraint><constraint value="name"/>…</uniquenessConstraints>
//           <fetchedProperty …/> <userInfo …/> <compoundIndexes …/>                              (not model: skipped)
//       </entity>
//       <fetchRequest …/> <configuration …/> <elements …/>                                       (not model: skipped)
//   </model>
//
// A missing `optional` means required (Xcode writes `optional="YES"` only). Xcode 4-era files add `syncable` and
// `indexed` and may write `minCount`/`maxCount` on to-one relationships: both are read the same way.

extension ManagedObjectModel {
    /// The largest `contents` file read: Apple's largest sample models are a few hundred KiB.
    public static let maximumXcodeModelSize = 64 << 20
    /// The longest chain of parent entities read (a root entity is level 1); real models use a handful.
    public static let maximumInheritanceDepth = 100

    /// Reads an Xcode model's XML `contents` file.
    ///
    /// What is refused and what is kept, so that a model either reads as Core Data would load it or says why not:
    /// - refused with a one-line `ModelReadError` (prefixed with `source` and, where it applies, `line:column`):
    ///   malformed XML, a root element other than `<model>`, a file over `maximumXcodeModelSize`, an entity or
    ///   property without a name, two entities with one name, two properties with one name in an entity, an
    ///   entity whose `parentEntity` does not exist, a cycle of parents, inheritance deeper than
    ///   `maximumInheritanceDepth`, an unknown `deletionRule`, and a
    ///   `minCount`/`maxCount` that is not a non-negative integer. Each of these would make inheritance, tables or
    ///   delete rules guesswork; `momc` refuses them too.
    /// - kept and flagged in `problems`: a relationship with no `destinationEntity` or one that does not exist,
    ///   and an `inverseName` the destination does not have. The rest of the model is still usable, and a caller
    ///   can show the relationship as broken instead of losing the whole model.
    /// - kept silently: an attribute type this reader does not know (`kind` `.undefined`, `unknownTypeName` set),
    ///   and every element or attribute that is not model (layout, user info, fetch requests, configurations).
    public init(xcdatamodelContents data: Data, source: String = "contents") throws(ModelReadError) {
        guard data.count <= Self.maximumXcodeModelSize else {
            throw ModelReadError("\(source): \(data.count) bytes, larger than the \(Self.maximumXcodeModelSize >> 20) MiB "
                                 + "an xcode model is read up to")
        }
        let root = try XMLReader.parse(data, source: source)
        guard root.name == "model" else {
            throw ModelReadError("\(source) \(root.line):\(root.column): root element is <\(root.name)>, "
                                 + "expected <model> (an xcode core data model)")
        }
        var entities: [Entity] = []
        for node in root.children where node.name == "entity" {
            entities.append(try Self.entity(from: node, source: source))
        }
        let identifiers = root.attributes["userDefinedModelVersionIdentifier"].map { $0.isEmpty ? [] : [$0] } ?? []
        self.init(entities: entities, versionIdentifiers: identifiers)
        try checkEntities(source: source)
        problems = relationshipProblems()
    }

    // MARK: - Elements

    private static func entity(from node: XMLElementNode, source: String) throws(ModelReadError) -> Entity {
        let at = "\(source) \(node.line):\(node.column)"
        guard let name = node.attributes["name"], !name.isEmpty else { throw ModelReadError("\(at): entity without a name") }
        var entity = Entity(name: name, className: nonEmpty(node.attributes["representedClassName"]),
                            parentName: nonEmpty(node.attributes["parentEntity"]),
                            isAbstract: flag(node.attributes["isAbstract"]))
        entity.versionHashModifier = nonEmpty(node.attributes["versionHashModifier"])
        entity.renamingIdentifier = nonEmpty(node.attributes["elementID"])
        // <uniquenessConstraints><uniquenessConstraint><constraint value="name"/>…
        for group in node.children where group.name == "uniquenessConstraints" {
            for constraint in group.children where constraint.name == "uniquenessConstraint" {
                entity.uniquenessConstraints.append(constraint.children.filter { $0.name == "constraint" }
                    .compactMap { nonEmpty($0.attributes["value"]) })
            }
        }
        var propertyNames: Set<String> = []
        for child in node.children where child.name == "attribute" || child.name == "relationship" {
            let childAt = "\(source) \(child.line):\(child.column)"
            guard let propertyName = child.attributes["name"], !propertyName.isEmpty else {
                throw ModelReadError("\(childAt): \(child.name) without a name in entity \(name)")
            }
            guard propertyNames.insert(propertyName).inserted else {
                throw ModelReadError("\(childAt): entity \(name) has two properties named \(propertyName)")
            }
            if child.name == "attribute" {
                entity.attributes.append(attribute(propertyName, child.attributes))
            } else {
                entity.relationships.append(try relationship(propertyName, child.attributes,
                                                             at: "\(childAt): relationship \(name).\(propertyName)"))
            }
        }
        return entity
    }

    private static func attribute(_ name: String, _ xml: [String: String]) -> Attribute {
        let typeName = xml["attributeType"] ?? "Undefined"
        let kind = Attribute.Kind(rawValue: typeName) ?? .undefined
        var attribute = Attribute(
            name: name, kind: kind, isOptional: flag(xml["optional"]), isTransient: flag(xml["transient"]),
            isDerived: flag(xml["derived"]), defaultValue: xml["defaultValueString"],
            allowsExternalStorage: flag(xml["allowsExternalBinaryDataStorage"]),
            valueTransformerName: nonEmpty(xml["valueTransformerName"]),
            unknownTypeName: kind == .undefined && typeName != "Undefined" ? typeName : nil,
            derivationExpression: nonEmpty(xml["derivationExpression"]),
            customClassName: nonEmpty(xml["customClassName"]),
            usesScalarValueType: flag(xml["usesScalarValueType"])
        )
        attribute.versionHashModifier = nonEmpty(xml["versionHashModifier"])
        attribute.preservesValueOnDeletion = flag(xml["preserveAfterDeletion"])
        attribute.renamingIdentifier = nonEmpty(xml["elementID"])
        return attribute
    }

    private static func relationship(_ name: String, _ xml: [String: String], at: String) throws(ModelReadError)
        -> Relationship
    {
        let rule: Relationship.DeleteRule
        if let written = xml["deletionRule"] {
            guard let known = Relationship.DeleteRule(rawValue: written) else {
                throw ModelReadError("\(at) has an unknown deletion rule '\(written)' "
                                     + "(expected Nullify, Cascade, Deny or No Action)")
            }
            rule = known
        } else {
            rule = .nullify
        }
        func count(_ key: String) throws(ModelReadError) -> Int {
            guard let text = xml[key] else { return 0 }
            // -1 is how some compiled models say "no bound" (and it counts in the version hash).
            guard let value = Int(text), value >= -1 else {
                throw ModelReadError("\(at) has \(key) '\(text)', expected a non-negative integer (or -1 for no bound)")
            }
            return value
        }
        var relationship = Relationship(
            name: name, destination: xml["destinationEntity"] ?? "",
            inverseName: nonEmpty(xml["inverseName"]), isToMany: flag(xml["toMany"]),
            isOrdered: flag(xml["ordered"]), isOptional: flag(xml["optional"]),
            isTransient: flag(xml["transient"]), deleteRule: rule,
            minCount: try count("minCount"), maxCount: try count("maxCount")
        )
        relationship.versionHashModifier = nonEmpty(xml["versionHashModifier"])
        relationship.renamingIdentifier = nonEmpty(xml["elementID"])
        return relationship
    }

    /// Xcode writes `YES`; anything else (`NO`, absent) is false.
    private static func flag(_ value: String?) -> Bool {
        switch value?.lowercased() {
        case "yes"?, "true"?, "1"?: return true
        default: return false
        }
    }

    private static func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }

    // MARK: - Checks across entities

    /// Entities by name; the checks below use it so that a model of many entities is read in linear time.
    private func entitiesByName(source: String) throws(ModelReadError) -> [String: Entity] {
        var byName: [String: Entity] = [:]
        byName.reserveCapacity(entities.count)
        for entity in entities where byName.updateValue(entity, forKey: entity.name) != nil {
            throw ModelReadError("\(source): two entities named \(entity.name)")
        }
        return byName
    }

    /// Every parent exists, no entity is its own ancestor, and no chain of parents is longer than
    /// `maximumInheritanceDepth`; each entity is walked once.
    private func checkEntities(source: String) throws(ModelReadError) {
        let byName = try entitiesByName(source: source)
        var depths: [String: Int] = [:]
        for entity in entities where depths[entity.name] == nil {
            var chain: [String] = []
            var onChain: Set<String> = []
            var next: String? = entity.name
            while let current = next, depths[current] == nil {
                guard let found = byName[current] else {
                    let child = chain.last ?? entity.name
                    throw ModelReadError("\(source): entity \(child) has parent \(current), which the model does not have")
                }
                guard onChain.insert(current).inserted else {
                    let start = chain.firstIndex(of: current) ?? 0
                    throw ModelReadError("\(source): entities inherit in a cycle: "
                                         + (chain[start...] + [current]).joined(separator: " -> "))
                }
                chain.append(current)
                next = found.parentName
            }
            var depth = next.flatMap { depths[$0] } ?? 0
            for name in chain.reversed() {
                depth += 1
                guard depth <= Self.maximumInheritanceDepth else {
                    throw ModelReadError("\(source): entity \(entity.name) inherits through more than "
                                         + "\(Self.maximumInheritanceDepth) levels")
                }
                depths[name] = depth
            }
        }
    }

    /// The relationships kept although broken: no destination, a destination or inverse that does not exist.
    /// Runs after `checkEntities`, so names are unique and parents form no cycle.
    private func relationshipProblems() -> [String] {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        for entity in entities {
            for relationship in entity.relationships {
                let name = "\(entity.name).\(relationship.name)"
                if relationship.destination.isEmpty {
                    problems.append("relationship \(name) has no destination entity")
                    continue
                }
                guard let destination = byName[relationship.destination] else {
                    problems.append("relationship \(name) points at entity \(relationship.destination), "
                                    + "which the model does not have")
                    continue
                }
                guard let inverse = relationship.inverseName else { continue }
                var owner: Entity? = destination
                var found = false
                while let current = owner, !found {
                    found = current.relationships.contains { $0.name == inverse }
                    owner = current.parentName.flatMap { byName[$0] }
                }
                if !found {
                    problems.append("relationship \(name) names inverse \(inverse), which entity "
                                    + "\(destination.name) does not have")
                }
            }
        }
        return problems
    }
}
