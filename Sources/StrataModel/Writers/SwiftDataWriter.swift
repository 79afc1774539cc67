/// `--to swiftdata`: one `@Model` class per class (`Task.swift`), a Realm embedded class as a `Codable` struct (a
/// composite attribute), and `MixedValue.swift` when a property holds values of any type.
///
/// A single-property primary key is `@Attribute(.unique)`, a composite one `#Unique`; indexed properties are `#Index`.
/// Links and to-manys are `@Relationship`s with their delete rule, and `inverse:` on one side of each pair (the to-many
/// side, else the first by name), as SwiftData wants. A renamed property keeps its stored name as
/// `@Attribute(originalName:)` (`@Relationship(originalName:)`). SwiftData keeps a to-many unordered and has no
/// dictionary of relationships: both are said beside the property.
struct SwiftDataWriter {
    let model: AppModel
    /// Every class's Swift name, and every property's in its class: made once, for the inverses' key paths.
    private let classNames: [String: String]
    private let propertyNames: [String: [String: String]]

    init(model: AppModel) {
        self.model = model
        classNames = SwiftNames.classNames(model)
        propertyNames = Dictionary(model.classes.map { ($0.name, SwiftNames.propertyNames($0, reserved: Self.reserved)) }) { first, _ in first }
    }

    /// Names a `PersistentModel` has for itself: a property named so gets another name, its own kept as `originalName`.
    static let reserved: Set<String> = ["modelContext", "persistentModelID", "hasChanges", "isDeleted", "persistentBackingData",
                                        "schemaMetadata"]

    func files() -> [ModelFile] {
        var files: [ModelFile] = []
        for info in model.classes {
            let typeName = classNames[info.name] ?? info.name
            var code = CodeLines()
            code.add("// \(CommentText.clean(info.name)), written by strata model --to swiftdata.")
            code.add("import Foundation")
            code.add("import SwiftData")
            code.add("")
            if info.isAbstract {
                code.add(SwiftNames.abstractNote(info, in: model))
            } else if info.isEmbedded {
                writeEmbedded(info, typeName: typeName, classNames: classNames, into: &code)
            } else {
                writeModel(info, typeName: typeName, classNames: classNames, into: &code)
            }
            files.append(ModelFile(path: typeName + ".swift", contents: code.text))
        }
        if SwiftNames.usesMixed(model) { files.append(ModelFile(path: "MixedValue.swift", contents: SwiftNames.mixedValueFile)) }
        return files
    }

    /// The stored properties a class's code declares, with their Swift names.
    private func declared(_ info: ModelClass) -> [(property: ModelProperty, name: String)] {
        let names = propertyNames[info.name] ?? [:]
        return info.properties.map { ($0, names[$0.name] ?? $0.name) }
    }

    private func writeModel(_ info: ModelClass, typeName: String, classNames: [String: String], into code: inout CodeLines) {
        if typeName != info.name {
            code.add("// Stored as \(CommentText.clean(StringLiteral.quoted(info.name, in: .swift))): SwiftData names an entity after its class; "
                + "a MigrationStage.custom moves the objects of the old one.")
        }
        code.add("@Model")
        let properties = declared(info)
        code.block("final class \(typeName) {") { code in
            let keyPaths = Dictionary(properties.map { ($0.property.name, "\\.\($0.name)") }) { first, _ in first }
            if info.primaryKey.count > 1 {
                code.add("#Unique<\(typeName)>([" + info.primaryKey.compactMap { keyPaths[$0] }.joined(separator: ", ") + "])")
            }
            let indexed = properties.filter { $0.property.isIndexed && !$0.property.isPrimaryKey && $0.property.valueType != nil }
            if !indexed.isEmpty { code.add("#Index<\(typeName)>(" + indexed.map { "[\\.\($0.name)]" }.joined(separator: ", ") + ")") }
            if info.primaryKey.count > 1 || !indexed.isEmpty { code.add("") }
            var parameters: [(name: String, type: String, value: String?)] = []
            for (property, name) in properties {
                for remark in property.remarks { code.add("// \(CommentText.clean(remark))") }
                if let line = declaration(property, name: name, in: info, classNames: classNames, parameters: &parameters) {
                    code.add(line)
                }
            }
            code.add("")
            let signature = parameters.map { "\($0.name): \($0.type)" + ($0.value.map { " = \($0)" } ?? "") }.joined(separator: ", ")
            code.block("init(\(signature)) {") { code in
                for parameter in parameters { code.add("self.\(parameter.name) = \(parameter.name)") }
            }
        }
    }

    /// One property's declaration; an initializer parameter for each value the object needs when made.
    private func declaration(_ property: ModelProperty, name: String, in info: ModelClass, classNames: [String: String],
                             parameters: inout [(name: String, type: String, value: String?)]) -> String?
    {
        let renamed = name != property.name
        let original = renamed ? "originalName: \(StringLiteral.quoted(property.name, in: .swift))" : nil
        func target(_ name: String) -> String { classNames[name] ?? "AnyObject" }
        func isEmbedded(_ name: String) -> Bool { model.class(named: name)?.isEmbedded == true }
        switch property.kind {
        case .value(let type):
            var options: [String] = []
            if property.isPrimaryKey, info.primaryKey.count == 1 { options.append(".unique") }
            if property.allowsExternalStorage { options.append(".externalStorage") }
            let attribute = options.isEmpty && original == nil ? "" : "@Attribute(" + (options + [original].compactMap { $0 }).joined(separator: ", ") + ") "
            let swiftType = SwiftNames.valueType(type, bits: property.integerBits) + (property.isOptional ? "?" : "")
            let remark = SwiftNames.defaultRemark(property).map { "  // \(CommentText.clean($0))" } ?? ""
            let typeRemark = type == .objectId ? "  // an ObjectId: its 24 hex digits" : ""
            let value = property.defaultValue.flatMap { SwiftNames.literal($0, for: type) } ?? (property.isOptional ? "nil" : nil)
            parameters.append((name, swiftType, value))
            return "\(attribute)var \(name): \(swiftType)" + remark + typeRemark
        case .link(let targetName):
            if isEmbedded(targetName) {
                let attribute = original.map { "@Attribute(\($0)) " } ?? ""
                parameters.append((name, target(targetName) + "?", "nil"))
                return "\(attribute)var \(name): \(target(targetName))?  // embedded: a composite attribute"
            }
            return relationship(property, name: name, original: original) + "var \(name): \(target(targetName))?"
        case .objects(let targetName, let ordered):
            if isEmbedded(targetName) {
                let attribute = original.map { "@Attribute(\($0)) " } ?? ""
                return "\(attribute)var \(name): [\(target(targetName))] = []  // embedded: a composite attribute, in order"
            }
            let note = ordered ? "  // a list: SwiftData keeps a to-many unordered, so keep a position property to read it in order" : ""
            return relationship(property, name: name, original: original) + "var \(name): [\(target(targetName))] = []" + note
        case .objectDictionary(let targetName):
            return "// var \(name): [String: \(target(targetName))]  — a dictionary of links: SwiftData has no dictionary of relationships; "
                + "model it as a class with a key and a link"
        case .values(let kind, let type, let optional):
            let element = SwiftNames.valueType(type) + (optional ? "?" : "")
            let attribute = original.map { "@Attribute(\($0)) " } ?? ""
            switch kind {
            case .list: return "\(attribute)var \(name): [\(element)] = []"
            case .set: return "\(attribute)var \(name): Set<\(element)> = []"
            case .dictionary: return "\(attribute)var \(name): [String: \(element)] = [:]"
            }
        case .backlinks(let origin, _):
            if isEmbedded(info.name) { return nil }
            return relationship(property, name: name, original: original) + "var \(name): [\(target(origin))] = []"
        }
    }

    /// `@Relationship(deleteRule: .cascade, inverse: \Task.list) `, the inverse on one side of the pair only.
    private func relationship(_ property: ModelProperty, name: String, original: String?) -> String {
        var arguments: [String] = []
        if property.deleteRule != .nullify { arguments.append("deleteRule: .\(property.deleteRule == .noAction ? "noAction" : property.deleteRule.rawValue)") }
        if let original { arguments.append(original) }
        if let inverse = property.inverse, let target = property.target, let other = model.class(named: target),
           let otherProperty = other.property(named: inverse), declaresInverse(property, other: otherProperty)
        {
            arguments.append("inverse: \\\(classNames[target] ?? target).\(propertyNames[target]?[inverse] ?? inverse)")
        }
        return arguments.isEmpty ? "@Relationship " : "@Relationship(" + arguments.joined(separator: ", ") + ") "
    }

    /// Whether this side of a pair names the inverse: the to-many side of a one-to-many, else the first by name.
    private func declaresInverse(_ property: ModelProperty, other: ModelProperty) -> Bool {
        if property.isLink != other.isLink { return other.isLink }
        return property.name < other.name || (property.name == other.name && (property.target ?? "") < (other.target ?? ""))
    }

    private func writeEmbedded(_ info: ModelClass, typeName: String, classNames: [String: String], into code: inout CodeLines) {
        code.add("/// Embedded: its values belong to the object that holds them (a SwiftData composite attribute).")
        let properties = declared(info).filter { !$0.property.isBacklinks }
        let renamed = properties.filter { $0.name != $0.property.name }
        code.block("struct \(typeName): Codable, Hashable {") { code in
            for (property, name) in properties {
                for remark in property.remarks { code.add("// \(CommentText.clean(remark))") }
                switch property.kind {
                case .value(let type):
                    code.add("var \(name): \(SwiftNames.valueType(type, bits: property.integerBits))\(property.isOptional ? "?" : "")")
                case .link(let target) where model.class(named: target)?.isEmbedded == true:
                    code.add("var \(name): \(classNames[target] ?? target)?")
                case .objects(let target, _) where model.class(named: target)?.isEmbedded == true:
                    code.add("var \(name): [\(classNames[target] ?? target)]")
                case .values(let kind, let type, let optional):
                    let element = SwiftNames.valueType(type) + (optional ? "?" : "")
                    code.add(kind == .list ? "var \(name): [\(element)]" : kind == .set ? "var \(name): Set<\(element)>" : "var \(name): [String: \(element)]")
                default:
                    code.add("// var \(name): a link out of an embedded object: a composite attribute holds values only")
                }
            }
            if !renamed.isEmpty {
                code.add("")
                code.block("enum CodingKeys: String, CodingKey {") { code in
                    for (property, name) in properties where property.valueType != nil || property.target.map({ model.class(named: $0)?.isEmbedded == true }) == true
                        || { if case .values = property.kind { true } else { false } }()
                    {
                        code.add(name == property.name ? "case \(name)" : "case \(name) = \(StringLiteral.quoted(property.name, in: .swift))")
                    }
                }
            }
        }
    }
}
