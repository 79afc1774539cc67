/// `--to realm-kotlin`: one `RealmObject` (or `EmbeddedRealmObject`) class per class, one file each (`Task.kt`).
///
/// bool is `Boolean`, int `Long` (`Int`, `Short` for Core Data's Integer 32 and 16), float `Float`, double `Double`,
/// decimal `Decimal128` and objectId `ObjectId` (org.mongodb.kbson), string `String`, date `RealmInstant`, data
/// `ByteArray`, uuid `RealmUUID`, mixed `RealmAny?`. Lists, sets and dictionaries are `RealmList`, `RealmSet` and
/// `RealmDictionary` (a dictionary of objects holds `T?`); backlinks are `val … by backlinks(Origin::property)`, one
/// parent (`Origin`, not `RealmResults`) for an embedded class. Realm Kotlin needs every property initialized: the
/// file's default where it has one, else the type's empty value (`0`, `""`, `RealmInstant.from(0, 0)`), a new
/// `ObjectId()` or `RealmUUID.random()`, or `null`.
///
/// Names: a name that is not a Kotlin identifier, or is a keyword, is made one (`Fat ` → `Fat`, `class` → `class_`,
/// see `KotlinSyntax`) and keeps its stored name with `@PersistedName`. Realm has no inheritance: a Core Data
/// sub-entity is written with its inherited properties, an abstract entity is not written (said in its sub-entities'
/// files), and a link to one is `RealmAny?`, which can hold an object of any class. A to-many whose inverse is a link
/// is that link's backlinks, and one side of a many-to-many is the other's backlinks (`ToManyStorage`). What Realm
/// cannot say (a composite key, a delete rule) is a comment beside the class or property.
struct RealmKotlinWriter {
    let model: AppModel

    func files() -> [ModelFile] {
        let typeNames = KotlinSyntax.classNames(model.classes)
        var propertyNames: [String: [String: String]] = [:]
        for info in model.classes { propertyNames[info.name] = KotlinSyntax.propertyNames(info.properties.map(\.name)) }
        let context = Context(model: model, typeNames: typeNames, propertyNames: propertyNames)
        var files: [ModelFile] = []
        for info in model.classes {
            let typeName = typeNames[info.name] ?? info.name
            if info.isAbstract, model.classes.contains(where: { $0.parent == info.name }) { continue }
            files.append(ModelFile(path: typeName + ".kt", contents: context.file(for: info)))
        }
        return files
    }

    /// The names every file refers to, and the writing of one file.
    struct Context {
        let model: AppModel
        let typeNames: [String: String]
        let propertyNames: [String: [String: String]]

        func typeName(_ name: String) -> String { typeNames[name] ?? name }

        func propertyName(_ property: String, of className: String) -> String {
            propertyNames[className]?[property] ?? Identifier.make(property, keywords: KotlinSyntax.keywords)
        }

        /// A class that exists in the written code (not abstract, among the classes written).
        func written(_ name: String) -> ModelClass? {
            model.class(named: name).flatMap { $0.isAbstract ? nil : $0 }
        }

        func file(for info: ModelClass) -> String {
            var imports: Set<String> = []
            var body = CodeLines()
            let typeName = typeName(info.name)
            if info.isAbstract {
                body.add("// \(CommentText.clean(info.name)) is an abstract Core Data entity: Realm has no inheritance, and no sub-entity of it is written.")
                return header(imports: []) + body.text
            }
            if let parent = info.parent, let parentClass = model.class(named: parent) {
                body.add("// A sub-entity of \(CommentText.clean(parent))" + (parentClass.isAbstract ? ", an abstract entity that is not written" : "")
                    + ": Realm has no inheritance, so its properties are written here too.")
            }
            if info.primaryKey.count > 1 {
                body.add("// Primary key (\(info.primaryKey.map(CommentText.clean).joined(separator: ", "))): Realm has no composite keys; none is marked.")
            }
            if typeName != info.name {
                body.add("@PersistedName(\(KotlinSyntax.quoted(info.name)))")
                imports.insert("io.realm.kotlin.types.annotations.PersistedName")
            }
            let base = info.isEmbedded ? "EmbeddedRealmObject" : "RealmObject"
            imports.insert("io.realm.kotlin.types." + base)
            body.block("class \(typeName) : \(base) {") { code in
                for property in info.properties {
                    code.add(contentsOf: lines(for: property, in: info, imports: &imports))
                }
            }
            return header(imports: imports) + body.text
        }

        func header(imports: Set<String>) -> String {
            var code = CodeLines()
            code.add("// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's")
            code.add("// default where it has one, else the type's empty value or null.")
            code.add("")
            if !imports.isEmpty {
                for line in imports.sorted() { code.add("import " + line) }
                code.add("")
            }
            return code.text
        }

        // MARK: - Properties

        /// The lines that declare `property`: its remarks, its annotations, its declaration.
        func lines(for property: ModelProperty, in owner: ModelClass, imports: inout Set<String>) -> [String] {
            var lines = property.remarks.map { "// " + CommentText.clean($0) }
            let name = propertyName(property.name, of: owner.name)
            var annotations: [String] = []
            if name != property.name {
                annotations.append("@PersistedName(\(KotlinSyntax.quoted(property.name)))")
                imports.insert("io.realm.kotlin.types.annotations.PersistedName")
            }
            func declare(_ declaration: String) -> [String] { lines + annotations + [declaration] }
            switch property.kind {
            case .value(let type):
                return value(property, type: type, name: name, in: owner, lines: lines, annotations: annotations, imports: &imports)
            case .link(let target):
                guard let targetClass = model.class(named: target) else {
                    return lines + ["// \(name): a link to \(CommentText.clean(target)), a class that is not written"]
                }
                if targetClass.isAbstract {
                    imports.insert("io.realm.kotlin.types.RealmAny")
                    lines.append("// A link to \(CommentText.clean(target)), an abstract entity: Realm has no inheritance; RealmAny holds an object of any class.")
                    return declare("var \(name): RealmAny? = null")
                }
                if !property.isOptional { lines.append("// Required in the file: Realm's links are always optional.") }
                lines.append(contentsOf: deleteRuleRemark(property))
                return declare("var \(name): \(typeName(target))? = null")
            case .objects(let target, let ordered):
                guard let targetClass = model.class(named: target) else {
                    return lines + ["// \(name): a to-many of \(CommentText.clean(target)), a class that is not written"]
                }
                switch ToManyStorage.of(property, in: owner, model: model) {
                case .inverseOfLink(let origin), .inverseOfToMany(let origin):
                    imports.formUnion(["io.realm.kotlin.ext.backlinks", "io.realm.kotlin.query.RealmResults"])
                    lines.append("// The inverse of \(CommentText.clean(target)).\(CommentText.clean(origin)), which Realm keeps once: its backlinks.")
                    lines.append(contentsOf: deleteRuleRemark(property))
                    return declare("val \(name): RealmResults<\(typeName(target))> by backlinks(\(typeName(target))::\(propertyName(origin, of: target)))")
                case .stored:
                    break
                }
                lines.append(contentsOf: deleteRuleRemark(property))
                if targetClass.isAbstract {
                    imports.formUnion(["io.realm.kotlin.types.RealmAny", "io.realm.kotlin.types.RealmList", "io.realm.kotlin.ext.realmListOf"])
                    lines.append("// A to-many of \(CommentText.clean(target)), an abstract entity: Realm has no inheritance; RealmAny holds an object of any class.")
                    return declare("var \(name): RealmList<RealmAny?> = realmListOf()")
                }
                if ordered || targetClass.isEmbedded {
                    if !ordered { lines.append("// A set in the file: Realm keeps no sets of embedded objects, so a list.") }
                    imports.formUnion(["io.realm.kotlin.types.RealmList", "io.realm.kotlin.ext.realmListOf"])
                    return declare("var \(name): RealmList<\(typeName(target))> = realmListOf()")
                }
                imports.formUnion(["io.realm.kotlin.types.RealmSet", "io.realm.kotlin.ext.realmSetOf"])
                return declare("var \(name): RealmSet<\(typeName(target))> = realmSetOf()")
            case .objectDictionary(let target):
                guard let targetClass = model.class(named: target), !targetClass.isAbstract else {
                    return lines + ["// \(name): a dictionary of \(CommentText.clean(target)), a class that is not written"]
                }
                imports.formUnion(["io.realm.kotlin.types.RealmDictionary", "io.realm.kotlin.ext.realmDictionaryOf"])
                return declare("var \(name): RealmDictionary<\(typeName(target))?> = realmDictionaryOf()")
            case .values(let kind, let type, let optionalElements):
                let element = valueType(type, imports: &imports) + (optionalElements && type != .mixed ? "?" : "")
                switch kind {
                case .list:
                    imports.formUnion(["io.realm.kotlin.types.RealmList", "io.realm.kotlin.ext.realmListOf"])
                    return declare("var \(name): RealmList<\(element)> = realmListOf()")
                case .set:
                    imports.formUnion(["io.realm.kotlin.types.RealmSet", "io.realm.kotlin.ext.realmSetOf"])
                    return declare("var \(name): RealmSet<\(element)> = realmSetOf()")
                case .dictionary:
                    imports.formUnion(["io.realm.kotlin.types.RealmDictionary", "io.realm.kotlin.ext.realmDictionaryOf"])
                    return declare("var \(name): RealmDictionary<\(element)> = realmDictionaryOf()")
                }
            case .backlinks(let origin, let originProperty):
                guard let originClass = written(origin), originClass.property(named: originProperty) != nil else {
                    return lines + ["// \(name): the objects of \(CommentText.clean(origin)) that link here through \(CommentText.clean(originProperty)), a class or property that is not written"]
                }
                imports.insert("io.realm.kotlin.ext.backlinks")
                let reference = "\(typeName(origin))::\(propertyName(originProperty, of: origin))"
                if owner.isEmbedded {
                    let others = owner.properties.filter(\.isBacklinks).count
                    if others > 1 { lines.append("// An embedded object has one parent: only the backlinks through the property that holds it answer.") }
                    return declare("val \(name): \(typeName(origin)) by backlinks(\(reference))")
                }
                imports.insert("io.realm.kotlin.query.RealmResults")
                return declare("val \(name): RealmResults<\(typeName(origin))> by backlinks(\(reference))")
            }
        }

        func value(_ property: ModelProperty, type: ValueType, name: String, in owner: ModelClass, lines: [String], annotations: [String],
                   imports: inout Set<String>) -> [String]
        {
            var lines = lines
            var annotations = annotations
            let kotlinType = type == .int ? KotlinSyntax.integerType(bits: property.integerBits) : valueType(type, imports: &imports)
            let optional = property.isOptional || type == .mixed
            let isKey = owner.primaryKey.count == 1 && property.isPrimaryKey
            if isKey {
                if [.int, .string, .objectId, .uuid].contains(type) {
                    annotations.insert("@PrimaryKey", at: 0)
                    imports.insert("io.realm.kotlin.types.annotations.PrimaryKey")
                } else {
                    lines.append("// The primary key in the file: Realm's key is an int, a string, an ObjectId or a RealmUUID, so none is marked.")
                }
            } else if property.isIndexed {
                if [.bool, .int, .string, .date, .objectId, .uuid].contains(type) {
                    annotations.insert("@Index", at: 0)
                    imports.insert("io.realm.kotlin.types.annotations.Index")
                } else {
                    lines.append("// Indexed in the file: Realm indexes no \(type.rawValue) property.")
                }
            }
            var initial: String?
            if let defaultValue = property.defaultValue {
                if type == .decimal { imports.insert("org.mongodb.kbson.Decimal128") }
                initial = KotlinSyntax.literal(defaultValue, for: type, integerBits: property.integerBits, decimal: "Decimal128")
                if initial == nil { lines.append("// The file's default, \(CommentText.clean(KotlinSyntax.describe(defaultValue))), has no Kotlin literal here.") }
            }
            if initial == nil { initial = optional ? "null" : zero(of: type, bits: property.integerBits, imports: &imports) }
            return lines + annotations + ["var \(name): \(kotlinType)\(optional && type != .mixed ? "?" : "") = \(initial ?? "null")"]
        }

        /// A Core Data delete rule Realm cannot keep, said beside the property.
        func deleteRuleRemark(_ property: ModelProperty) -> [String] {
            switch property.deleteRule {
            case .cascade: ["// Core Data's delete rule cascade: Realm has none; delete these objects with their owner."]
            case .deny: ["// Core Data's delete rule deny: Realm has none; refuse to delete an owner that still has these objects."]
            case .nullify, .noAction: []
            }
        }

        func valueType(_ type: ValueType, imports: inout Set<String>) -> String {
            switch type {
            case .bool: return "Boolean"
            case .int: return "Long"
            case .float: return "Float"
            case .double: return "Double"
            case .decimal: imports.insert("org.mongodb.kbson.Decimal128"); return "Decimal128"
            case .string: return "String"
            case .objectId: imports.insert("org.mongodb.kbson.ObjectId"); return "ObjectId"
            case .date: imports.insert("io.realm.kotlin.types.RealmInstant"); return "RealmInstant"
            case .data: return "ByteArray"
            case .uuid: imports.insert("io.realm.kotlin.types.RealmUUID"); return "RealmUUID"
            case .mixed: imports.insert("io.realm.kotlin.types.RealmAny"); return "RealmAny?"
            }
        }

        /// The initial value of a required property with no default.
        func zero(of type: ValueType, bits: Int?, imports: inout Set<String>) -> String {
            switch type {
            case .bool: return "false"
            case .int: return "0"
            case .float: return "0.0f"
            case .double: return "0.0"
            case .decimal: imports.insert("org.mongodb.kbson.Decimal128"); return "Decimal128(\"0\")"
            case .string: return "\"\""
            case .objectId: imports.insert("org.mongodb.kbson.ObjectId"); return "ObjectId()"
            case .date: imports.insert("io.realm.kotlin.types.RealmInstant"); return "RealmInstant.from(0, 0)"
            case .data: return "byteArrayOf()"
            case .uuid: imports.insert("io.realm.kotlin.types.RealmUUID"); return "RealmUUID.random()"
            case .mixed: return "null"
            }
        }
    }
}
