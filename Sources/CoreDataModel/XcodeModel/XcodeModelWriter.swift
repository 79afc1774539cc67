
/// A `ManagedObjectModel` as the `contents` file Xcode's model editor writes (`Recipes.xcdatamodel/contents`), in the
/// shape of the real ones in Tests/CoreDataModelTests/Fixtures/Stores/SampleModel_V1/SampleModel.xcdatamodeld, and
/// the `.xccurrentversion` property list that names a package's current version.
///
/// Xcode writes entities sorted by name, each entity's attributes sorted by name and then its relationships sorted
/// by name; flags only as `YES`; `maxCount="1"` on every to-one. Entity and property version hashes are not part of
/// the file (Xcode computes them when it compiles the model).
public enum XcodeModelWriter {
    public static func contents(_ model: ManagedObjectModel) -> String {
        var modelAttributes = [("type", "com.apple.IDECoreDataModeler.DataModel"), ("documentVersion", "1.0"),
                               ("lastSavedToolsVersion", "22758"), ("systemVersion", "23E224"),
                               ("minimumToolsVersion", "Automatic"), ("sourceLanguage", "Swift")]
        // Xcode has one model version identifier field; the first identifier goes there.
        if let identifier = model.versionIdentifiers.first {
            modelAttributes.append(("userDefinedModelVersionIdentifier", identifier))
        }
        var lines = [#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#, "<model\(attributes(modelAttributes))>"]
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            var entityAttributes = [("name", entity.name)]
            if let className = entity.className { entityAttributes.append(("representedClassName", className)) }
            if let parent = entity.parentName { entityAttributes.append(("parentEntity", parent)) }
            if entity.isAbstract { entityAttributes.append(("isAbstract", "YES")) }
            if let modifier = entity.versionHashModifier { entityAttributes.append(("versionHashModifier", modifier)) }
            if let identifier = entity.renamingIdentifier { entityAttributes.append(("elementID", identifier)) }
            entityAttributes.append(("syncable", "YES"))
            var body = entity.attributes.sorted { $0.name < $1.name }.map(attributeElement)
                + entity.relationships.sorted { $0.name < $1.name }.map { relationshipElement($0, in: model) }
            if !entity.uniquenessConstraints.isEmpty {
                body.append("<uniquenessConstraints>")
                for constraint in entity.uniquenessConstraints {
                    body.append("    <uniquenessConstraint>")
                    body += constraint.map { "        <constraint\(attributes([("value", $0)]))/>" }
                    body.append("    </uniquenessConstraint>")
                }
                body.append("</uniquenessConstraints>")
            }
            if body.isEmpty {
                lines.append("    <entity\(attributes(entityAttributes))/>")
            } else {
                lines.append("    <entity\(attributes(entityAttributes))>")
                lines += body.map { "        " + $0 }
                lines.append("    </entity>")
            }
        }
        lines.append("</model>")
        return lines.joined(separator: "\n")
    }

    // MARK: - Elements

    public static func currentVersion(named name: String) -> String {
        """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_XCCurrentVersionName</key>
            \t<string>\(escape(name)).xcdatamodel</string>
            </dict>
            </plist>

            """
    }

    static func attributeElement(_ attribute: Attribute) -> String {
        var xml = [("name", attribute.name)]
        if attribute.isOptional { xml.append(("optional", "YES")) }
        if attribute.isTransient { xml.append(("transient", "YES")) }
        xml.append(("attributeType", attribute.unknownTypeName ?? attribute.kind.rawValue))
        if let value = attribute.defaultValue { xml.append(("defaultValueString", value)) }
        if attribute.isDerived { xml.append(("derived", "YES")) }
        if let expression = attribute.derivationExpression { xml.append(("derivationExpression", expression)) }
        if attribute.allowsExternalStorage { xml.append(("allowsExternalBinaryDataStorage", "YES")) }
        if let transformer = attribute.valueTransformerName { xml.append(("valueTransformerName", transformer)) }
        if let className = attribute.customClassName { xml.append(("customClassName", className)) }
        if attribute.usesScalarValueType { xml.append(("usesScalarValueType", "YES")) }
        if let modifier = attribute.versionHashModifier { xml.append(("versionHashModifier", modifier)) }
        if attribute.preservesValueOnDeletion { xml.append(("preserveAfterDeletion", "YES")) }
        if let identifier = attribute.renamingIdentifier { xml.append(("elementID", identifier)) }
        return "<attribute\(attributes(xml))/>"
    }

    static func relationshipElement(_ relationship: Relationship, in model: ManagedObjectModel) -> String {
        var xml = [("name", relationship.name)]
        if relationship.isOptional { xml.append(("optional", "YES")) }
        if relationship.isTransient { xml.append(("transient", "YES")) }
        if relationship.isToMany { xml.append(("toMany", "YES")) }
        if relationship.isOrdered { xml.append(("ordered", "YES")) }
        if relationship.minCount != 0 { xml.append(("minCount", String(relationship.minCount))) }
        if !relationship.isToMany { xml.append(("maxCount", "1")) }
        // Some compiled models say -1 for no bound, which is part of the version hash: kept as written.
        else if relationship.maxCount != 0 { xml.append(("maxCount", String(relationship.maxCount))) }
        xml.append(("deletionRule", relationship.deleteRule.rawValue))
        if !relationship.destination.isEmpty { xml.append(("destinationEntity", relationship.destination)) }
        if let inverse = relationship.inverseName {
            xml.append(("inverseName", inverse))
            xml.append(("inverseEntity", relationship.destination))
        }
        if let modifier = relationship.versionHashModifier { xml.append(("versionHashModifier", modifier)) }
        if let identifier = relationship.renamingIdentifier { xml.append(("elementID", identifier)) }
        return "<relationship\(attributes(xml))/>"
    }

    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            // XML 1.0 has no way to write the other C0 controls, not even as references.
            default: result.append(character.unicodeScalars.contains { $0.value < 0x20 } ? "\u{FFFD}" : character)
            }
        }
        return result
    }
}
