/// `--to realm-swift`: one `Object` (or `EmbeddedObject`) subclass per class, `Task.swift`, with `@Persisted`
/// properties.
///
/// decimal is `Decimal128`, objectId `ObjectId`, mixed `AnyRealmValue`; links are optional (Realm's rule), lists
/// `List`, sets `MutableSet`, dictionaries `Map<String, T>`, backlinks `LinkingObjects` with their origin property. A
/// renamed property keeps its stored name in `propertiesMapping()`, a renamed class in `_realmObjectName()`.
struct RealmSwiftWriter {
    let model: AppModel

    func files() -> [ModelFile] {
        let classNames = SwiftNames.classNames(model)
        return model.classes.map { info in
            let typeName = classNames[info.name] ?? info.name
            var code = CodeLines()
            code.add("// \(CommentText.clean(info.name)), written by strata model --to realm-swift.")
            code.add("import Foundation")
            code.add("import RealmSwift")
            code.add("")
            if info.isAbstract {
                code.add(SwiftNames.abstractNote(info, in: model))
            } else {
                write(info, typeName: typeName, classNames: classNames, into: &code)
            }
            return ModelFile(path: typeName + ".swift", contents: code.text)
        }
    }

    /// Names `Object` has for itself: a property named so gets another name, its own kept in `propertiesMapping()`.
    static let reserved: Set<String> = ["realm", "isInvalidated", "objectSchema", "description", "hash", "isFrozen", "isSameObject",
                                        "thaw", "freeze", "observe", "propertiesMapping", "_realmObjectName"]

    static func valueType(_ type: ValueType, bits: Int?) -> String {
        switch type {
        case .decimal: "Decimal128"
        case .objectId: "ObjectId"
        case .mixed: "AnyRealmValue"
        default: SwiftNames.valueType(type, bits: bits)
        }
    }

    /// An element type: `Int`, `Double?`, `AnyRealmValue` (never optional: it holds nil itself).
    static func elementType(_ type: ValueType, optional: Bool) -> String {
        valueType(type, bits: nil) + (optional && type != .mixed ? "?" : "")
    }

    private func write(_ info: ModelClass, typeName: String, classNames: [String: String], into code: inout CodeLines) {
        let names = SwiftNames.propertyNames(info, reserved: Self.reserved)
        func target(_ name: String) -> String { classNames[name] ?? "Object" }
        code.block("class \(typeName): \(info.isEmbedded ? "EmbeddedObject" : "Object") {") { code in
            for property in info.properties {
                let name = names[property.name] ?? property.name
                for remark in property.remarks { code.add("// \(CommentText.clean(remark))") }
                var arguments: [String] = []
                if property.isPrimaryKey, info.primaryKey.count == 1 { arguments.append("primaryKey: true") }
                else if property.isIndexed, property.valueType != nil, !property.isPrimaryKey { arguments.append("indexed: true") }
                switch property.kind {
                case .value(let type):
                    if info.primaryKey.count > 1, property.isPrimaryKey { code.add("// part of the composite key (\(info.primaryKey.map(CommentText.clean).joined(separator: ", "))): Realm keys a class by one property") }
                    let swiftType = Self.valueType(type, bits: property.integerBits) + (property.isOptional && type != .mixed ? "?" : "")
                    let value = property.defaultValue.flatMap { SwiftNames.literal($0, for: type) }.map { " = \($0)" } ?? ""
                    let remark = SwiftNames.defaultRemark(property).map { "  // \(CommentText.clean($0))" } ?? ""
                    code.add(Self.persisted(arguments) + "var \(name): \(swiftType)\(value)" + remark)
                case .link(let targetName):
                    code.add(Self.persisted(arguments) + "var \(name): \(target(targetName))?")
                case .objects(let targetName, let ordered):
                    code.add(Self.persisted(arguments) + "var \(name): \(ordered ? "List" : "MutableSet")<\(target(targetName))>")
                case .objectDictionary(let targetName):
                    code.add(Self.persisted(arguments) + "var \(name): Map<String, \(target(targetName))?>")
                case .values(let kind, let type, let optional):
                    let element = Self.elementType(type, optional: optional)
                    let collection = switch kind {
                    case .list: "List<\(element)>"
                    case .set: "MutableSet<\(element)>"
                    case .dictionary: "Map<String, \(element)>"
                    }
                    code.add(Self.persisted(arguments) + "var \(name): \(collection)")
                case .backlinks(let origin, let originProperty):
                    let originNames = model.class(named: origin).map { SwiftNames.propertyNames($0, reserved: Self.reserved) } ?? [:]
                    let swiftOrigin = originNames[originProperty] ?? originProperty
                    code.add("@Persisted(originProperty: \(StringLiteral.quoted(swiftOrigin, in: .swift))) var \(name): LinkingObjects<\(target(origin))>")
                }
            }
            let renamed = info.properties.filter { !$0.isBacklinks && names[$0.name] != $0.name }
            if !renamed.isEmpty {
                code.add("")
                code.add("/// The names the file stores these properties by.")
                code.block("override class public func propertiesMapping() -> [String: String] {") { code in
                    code.add("[" + renamed.map { "\(StringLiteral.quoted(names[$0.name] ?? $0.name, in: .swift)): \(StringLiteral.quoted($0.name, in: .swift))" }
                        .joined(separator: ", ") + "]")
                }
            }
            if typeName != info.name {
                code.add("")
                code.add("/// The name the file stores the class by.")
                code.block("override class func _realmObjectName() -> String? {") { code in
                    code.add(StringLiteral.quoted(info.name, in: .swift))
                }
            }
        }
    }

    static func persisted(_ arguments: [String]) -> String {
        arguments.isEmpty ? "@Persisted " : "@Persisted(" + arguments.joined(separator: ", ") + ") "
    }
}
