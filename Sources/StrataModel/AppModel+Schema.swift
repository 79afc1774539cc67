import CoreDataModel
import StrataCore

extension AppModel {
    /// The model of a file, from the classes its reader made.
    ///
    /// - Parameter only: the classes to write (by exact name); nil for every visible class. A class named here is
    ///   written even when hidden, so that a list table can be written on purpose.
    /// - Throws: `StrataError` for a name in `only` that is not a class of the file.
    public init(schema: Schema, only: [String]? = nil, file: String = "the file") throws {
        let source: Source = schema.isCoreData ? .coreData : (schema.conventions == .realmConversion ? .realm : .sqlite)
        var chosen: [ClassInfo]
        if let only {
            // By exact name at once; a name in another case through the schema's own lookup (and its message).
            let byName = Dictionary(schema.classes.map { ($0.name, $0) }) { first, _ in first }
            var seen: Set<String> = []
            chosen = try only.map { try byName[$0] ?? schema.findClass($0, includeHidden: true, in: file) }.filter { seen.insert($0.name).inserted }
        } else {
            chosen = schema.visibleClasses
        }
        var leftOut: [String] = []
        chosen.removeAll { info in
            if info.kind == .view { leftOut.append("view \(info.name): a view is a query over other classes, not a class of its own"); return true }
            if info.isVirtual { leftOut.append("virtual table \(info.name): its module (FTS, R-Tree, …) keeps its own storage"); return true }
            return false
        }
        let names = Set(chosen.map(\.name))
        var classes = chosen.map { Self.modelClass($0, source: source) }
        Self.nameBacklinks(&classes)
        Self.markInherited(&classes)
        // A link to a class that is not written stays a link, said beside it.
        for index in classes.indices {
            for offset in classes[index].properties.indices {
                let property = classes[index].properties[offset]
                if let target = property.target, !names.contains(target) {
                    classes[index].properties[offset].remarks.append("its target class \(target) is not among the classes written")
                }
            }
        }
        self.init(classes: classes, source: source, coreDataModel: schema.coreDataModel?.model, leftOut: leftOut)
    }

    /// A class's model: its properties but the store's own key.
    static func modelClass(_ info: ClassInfo, source: Source) -> ModelClass {
        let storeKey = Self.storeKey(of: info, source: source)
        var model = ModelClass(name: info.name, isEmbedded: info.kind == .embedded,
                               primaryKey: storeKey == nil ? info.primaryKey.compactMap { column in
                                   info.properties.first { $0.column == column && $0.type != .linkingObjects }?.name
                               } : [],
                               parent: info.entity?.parent, isAbstract: info.entity?.isAbstract ?? false)
        for property in info.properties where property.name != storeKey {
            guard let converted = Self.modelProperty(property, in: info) else { continue }
            model.properties.append(converted)
        }
        return model
    }

    /// The property that is the store's bookkeeping key rather than the app's: Core Data's `Z_PK`, a converted Realm
    /// class's `_key` (Realm's object key, for a class with no primary key of its own).
    static func storeKey(of info: ClassInfo, source: Source) -> String? {
        switch source {
        case .coreData where info.kind == .entity: return info.primaryKey == ["Z_PK"] ? "Z_PK" : nil
        case .realm: return info.primaryKey == ["_key"] ? "_key" : nil
        default: return nil
        }
    }

    static func modelProperty(_ property: Property, in info: ClassInfo) -> ModelProperty? {
        var model = ModelProperty(name: property.name, kind: .value(.mixed), isOptional: property.isOptional,
                                  isPrimaryKey: property.isPrimaryKey, isIndexed: property.isIndexed,
                                  inverse: property.model?.inverse)
        switch property.type {
        case .object:
            model.kind = .link(target: property.target ?? "?")
            model.isOptional = property.isOptional
        case .list:
            let target = property.target ?? "?"
            if let collection = property.collection, collection.kind == .set {
                model.kind = .objects(target: target, ordered: false)
            } else if let storage = info.lists[property.name] {
                model.kind = .objects(target: target, ordered: storage.positionColumn != nil)
            } else {
                model.kind = .objects(target: target, ordered: true)
            }
            model.isOptional = false
        case .collection:
            guard let collection = property.collection else { return nil }
            if let stored = info.collections[property.name], stored.element.type == .object, let target = stored.element.target {
                model.kind = .objectDictionary(target: target)
                if collection.kind != .dictionary { model.kind = .objects(target: target, ordered: collection.kind == .list) }
            } else {
                let element = info.collections[property.name]?.element
                let type = element.map(Self.valueType) ?? ValueType(rawValue: collection.element) ?? .mixed
                model.kind = .values(collection.kind, type, optionalElements: collection.isOptionalElement)
            }
            model.isOptional = false
        case .linkingObjects:
            model.kind = .backlinks(target: property.target ?? "?", property: property.originProperty ?? "?")
            model.isOptional = false
        default:
            model.kind = .value(Self.valueType(property))
        }
        if let rule = property.model?.deleteRule {
            model.deleteRule = switch rule {
            case .nullify: .nullify
            case .cascade: .cascade
            case .deny: .deny
            case .noAction: .noAction
            }
        }
        if let attributeType = property.model?.attributeType {
            switch attributeType {
            case "Integer 16": model.integerBits = 16
            case "Integer 32": model.integerBits = 32
            default: break
            }
            if attributeType == "Transformable" {
                model.remarks.append("a Core Data transformable" + (property.model?.customClass.map { " of \($0)" } ?? "") + ", kept as its archived bytes")
            }
        }
        model.allowsExternalStorage = property.model?.allowsExternalStorage ?? false
        if let generated = property.generated { model.remarks.append("a \(generated.rawValue) generated column: SQLite computes it") }
        if property.model?.isDerived == true {
            model.remarks.append("derived by Core Data" + (property.model?.derivation.map { " (\($0))" } ?? ""))
        }
        if let text = property.defaultValue { model.defaultValue = ModelDefault.parse(text, for: model.valueType) }
        if property.type == .object, let action = property.onDelete {
            model.targetDeleteRule = switch action {
            case .cascade: .cascade
            case .setNull, .setDefault: .nullify
            case .restrict: .deny
            case .noAction: .noAction
            }
        }
        return model
    }

    static func valueType(_ property: Property) -> ValueType {
        switch property.type {
        case .bool: .bool
        case .int: .int
        case .float: .float
        case .double: .double
        case .decimal: .decimal
        case .string: property.typeName == "objectId" ? .objectId : .string
        case .date: .date
        case .data: .data
        case .uuid: .uuid
        case .any, .object, .list, .collection, .linkingObjects: .mixed
        }
    }

    /// Backlinks come from the schema as `@links.Class.property`, which no language takes for a name: each gets one
    /// from its origin (`tasks` for the only link from Task, `tasksViaOwner` when Task links here twice), and the link
    /// it answers names it as its inverse.
    static func nameBacklinks(_ classes: inout [ModelClass]) {
        var inverses: [String: [String: String]] = [:]  // origin class → origin property → backlink name
        let positions = Dictionary(classes.enumerated().map { ($1.name, $0) }) { first, _ in first }
        for index in classes.indices {
            let origins = classes[index].properties.compactMap { property -> String? in
                if case .backlinks(let target, _) = property.kind { target } else { nil }
            }
            var used = Set(classes[index].properties.filter { !$0.isBacklinks }.map { $0.name.lowercased() })
            for offset in classes[index].properties.indices {
                guard case .backlinks(let origin, let originProperty) = classes[index].properties[offset].kind,
                      classes[index].properties[offset].name.hasPrefix("@links.") else { continue }
                let plural = Identifier.lowerFirst(Identifier.words(origin)) + "s"
                var name = origins.filter { $0 == origin }.count == 1 ? plural : plural + "Via" + Identifier.upperFirst(Identifier.words(originProperty))
                let base = name
                var number = 2
                while used.contains(name.lowercased()) { name = base + String(number); number += 1 }
                used.insert(name.lowercased())
                classes[index].properties[offset].name = name
                classes[index].properties[offset].inverse = originProperty
                if let position = positions[origin], let origin = classes[position].property(named: originProperty) {
                    classes[index].properties[offset].deleteRule = origin.targetDeleteRule ?? .noAction
                }
                inverses[origin, default: [:]][originProperty] = name
            }
        }
        for index in classes.indices {
            guard let names = inverses[classes[index].name] else { continue }
            for offset in classes[index].properties.indices where classes[index].properties[offset].inverse == nil {
                if let name = names[classes[index].properties[offset].name] { classes[index].properties[offset].inverse = name }
            }
        }
    }

    /// A sub-entity's properties that its parent entity has too.
    static func markInherited(_ classes: inout [ModelClass]) {
        let byName = Dictionary(classes.map { ($0.name, $0) }) { first, _ in first }
        for index in classes.indices {
            guard let parent = classes[index].parent.flatMap({ byName[$0] }) else { continue }
            let inherited = Set(parent.properties.map(\.name))
            for offset in classes[index].properties.indices where inherited.contains(classes[index].properties[offset].name) {
                classes[index].properties[offset].isInherited = true
            }
        }
    }
}
