/// `--to realm-js`: one JavaScript module (`<name>.js`) with a `Realm.Object` class per class, each with its
/// `static schema`, and a `schema` array of them all to open a realm with (`new Realm({ schema })`).
///
/// Types are Realm's names: `bool`, `int`, `float`, `double`, `decimal128`, `objectId`, `string`, `date`, `data`,
/// `uuid`, `mixed`; `T?` when optional. A link is `"Dog?"` (Realm's links are always optional), a list `"Dog[]"`, a
/// set `"Dog<>"`, a dictionary of objects `{ type: "dictionary", objectType: "Dog", optional: true }`, value
/// collections `"int[]"`, `"string?<>"`, `"mixed{}"`, backlinks `{ type: "linkingObjects", objectType, property }`.
/// A property with more to say (`indexed`, `default`, `mapTo`) is written as an object.
///
/// Names: a class's stored name is its schema's `name`, whatever its JavaScript class is called; a property name that
/// is not an identifier, or is a JavaScript keyword (`default`, `class`), is made one and keeps its stored name with
/// `mapTo`. `primaryKey` names the JavaScript property; `linkingObjects`' `property` the stored one, as realm-core looks
/// it up. Realm has no inheritance: a Core Data sub-entity is written with its inherited properties, an abstract entity
/// is not written (a comment says so), and a link to one is `mixed`. A to-many whose inverse is a link is that link's
/// backlinks, and one side of a many-to-many is the other's backlinks (`ToManyStorage`).
struct RealmJSWriter {
    let model: AppModel
    let name: String

    /// JavaScript's reserved words (strict mode and modules included), and the names the module itself uses.
    static let keywords: Set<String> = [
        "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "implements", "import", "in", "instanceof",
        "interface", "let", "new", "null", "package", "private", "protected", "public", "return", "static", "super", "switch",
        "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "arguments", "eval", "undefined",
        "NaN", "Infinity", "Realm", "BSON", "schema", "Object",
    ]

    func files() -> [ModelFile] {
        let typeNames = Identifier.unique(model.classes.map(\.name)) { Identifier.make($0, keywords: Self.keywords) }
        var code = CodeLines(indent: "  ")
        code.add("// The model of \(CommentText.clean(name)), written by strata model --to realm-js.")
        code.add("// Open a realm with it: new Realm({ schema }).")
        code.add("")
        let usesBSON = model.classes.contains { $0.properties.contains { $0.defaultValue != nil && $0.valueType == .decimal } }
        code.add(usesBSON ? "import Realm, { BSON } from \"realm\";" : "import Realm from \"realm\";")
        code.add("")
        for line in model.leftOut { code.add("// Not written: \(CommentText.clean(line)).") }
        if !model.leftOut.isEmpty { code.add("") }
        var written: [String] = []
        for info in model.classes {
            let typeName = typeNames[info.name] ?? info.name
            if info.isAbstract {
                code.add("// Not written: \(CommentText.clean(info.name)), an abstract Core Data entity: Realm has no inheritance,")
                code.add("// so its sub-entities are written with its properties.")
                code.add("")
                continue
            }
            written.append(typeName)
            if let parent = info.parent { code.add("// A sub-entity of \(CommentText.clean(parent)), with its properties.") }
            if info.primaryKey.count > 1 {
                code.add("// Primary key (\(info.primaryKey.map(CommentText.clean).joined(separator: ", "))): Realm has no composite keys.")
            }
            let propertyNames = Identifier.unique(info.properties.map(\.name)) { Identifier.make($0, keywords: Self.keywords) }
            code.block("export class \(typeName) extends Realm.Object {") { code in
                code.block("static schema = {", close: "};") { code in
                    code.add("name: \(Self.quoted(info.name)),")
                    if info.isEmbedded { code.add("embedded: true,") }
                    if let key = info.keyProperty, let keyName = propertyNames[key.name] {
                        if [.int, .string, .objectId, .uuid].contains(key.valueType) {
                            code.add("primaryKey: \(Self.quoted(keyName)),")
                        } else {
                            code.add("// The primary key in the file, \(CommentText.clean(keyName)): Realm's key is an int, a string, an objectId or a uuid.")
                        }
                    }
                    code.block("properties: {", close: "},") { code in
                        for property in info.properties {
                            let jsName = propertyNames[property.name] ?? property.name
                            code.add(contentsOf: lines(for: property, named: jsName, in: info))
                        }
                    }
                }
            }
            code.add("")
        }
        code.add("export const schema = [\(written.joined(separator: ", "))];")
        return [ModelFile(path: Identifier.make(name, keywords: []) + ".js", contents: code.text)]
    }

    static func quoted(_ text: String) -> String { StringLiteral.quoted(text, in: .typeScript) }

    /// Realm JS's name for a value type.
    static func typeName(_ type: ValueType) -> String {
        switch type {
        case .decimal: "decimal128"
        default: type.rawValue
        }
    }

    // MARK: - Properties

    /// The lines that declare `property` in `owner`'s `properties`: its remarks, then `name: type,`.
    func lines(for property: ModelProperty, named jsName: String, in owner: ModelClass) -> [String] {
        var lines = property.remarks.map { "// " + CommentText.clean($0) }
        var fields: [(String, String)] = []  // beyond the type, in Realm's documented order
        var type: [(String, String)]
        switch property.kind {
        case .value(let value):
            type = Self.shorthand(Self.typeName(value) + (property.isOptional && value != .mixed ? "?" : ""))
            if property.isIndexed, !(property.isPrimaryKey && owner.primaryKey.count == 1) {
                if [.bool, .int, .string, .date, .objectId, .uuid, .mixed].contains(value) {
                    fields.append(("indexed", "true"))
                } else {
                    lines.append("// Indexed in the file: Realm indexes no \(value.rawValue) property.")
                }
            }
            if let defaultValue = property.defaultValue {
                if let literal = Self.literal(defaultValue, for: value) {
                    fields.append(("default", literal))
                } else {
                    lines.append("// The file's default, \(CommentText.clean(KotlinSyntax.describe(defaultValue))), has no JavaScript literal here.")
                }
            }
        case .link(let target):
            guard let targetClass = model.class(named: target) else {
                return lines + ["// \(CommentText.clean(jsName)): a link to \(CommentText.clean(target)), a class that is not written"]
            }
            if targetClass.isAbstract {
                lines.append("// A link to \(CommentText.clean(target)), an abstract entity: Realm has no inheritance; mixed holds an object of any class.")
                type = Self.shorthand("mixed")
            } else {
                if !property.isOptional { lines.append("// Required in the file: Realm's links are always optional.") }
                type = Self.objects("object", target, suffix: "?")
            }
        case .objects(let target, let ordered):
            guard let targetClass = model.class(named: target) else {
                return lines + ["// \(CommentText.clean(jsName)): a to-many of \(CommentText.clean(target)), a class that is not written"]
            }
            switch ToManyStorage.of(property, in: owner, model: model) {
            case .inverseOfLink(let origin), .inverseOfToMany(let origin):
                lines.append("// The inverse of \(CommentText.clean(target)).\(CommentText.clean(origin)), which Realm keeps once: its backlinks.")
                return lines + [Self.entry(jsName, "{ type: \"linkingObjects\", objectType: \(Self.quoted(target)), property: \(Self.quoted(origin)) }", mapTo: property.name)]
            case .stored:
                if targetClass.isAbstract {
                    lines.append("// A to-many of \(CommentText.clean(target)), an abstract entity: Realm has no inheritance; mixed holds an object of any class.")
                    type = Self.shorthand("mixed[]")
                } else if ordered || targetClass.isEmbedded {
                    if !ordered { lines.append("// A set in the file: Realm keeps no sets of embedded objects, so a list.") }
                    type = Self.objects("list", target, suffix: "[]")
                } else {
                    type = Self.objects("set", target, suffix: "<>")
                }
            }
        case .objectDictionary(let target):
            guard let targetClass = model.class(named: target), !targetClass.isAbstract else {
                return lines + ["// \(CommentText.clean(jsName)): a dictionary of \(CommentText.clean(target)), a class that is not written"]
            }
            return lines + [Self.entry(jsName, "{ type: \"dictionary\", objectType: \(Self.quoted(target)), optional: true }", mapTo: property.name)]
        case .values(let kind, let value, let optionalElements):
            let element = Self.typeName(value) + (optionalElements && value != .mixed ? "?" : "")
            type = Self.shorthand(element + (kind == .list ? "[]" : kind == .set ? "<>" : "{}"))
        case .backlinks(let origin, let originProperty):
            guard let originClass = model.class(named: origin), !originClass.isAbstract else {
                return lines + ["// \(CommentText.clean(jsName)): the objects of \(CommentText.clean(origin)) that link here, a class that is not written"]
            }
            return lines + [Self.entry(jsName, "{ type: \"linkingObjects\", objectType: \(Self.quoted(origin)), property: \(Self.quoted(originProperty)) }", mapTo: property.name)]
        }
        if jsName != property.name { fields.append(("mapTo", Self.quoted(property.name))) }
        let all = type + fields
        if all.count == 1, all[0].0 == "type" { return lines + ["\(jsName): \(all[0].1),"] }
        return lines + ["\(jsName): { " + all.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " },"]
    }

    /// A type in Realm's short form (`"int?"`, `"string[]"`).
    static func shorthand(_ type: String) -> [(String, String)] { [("type", quoted(type))] }

    /// A link or a to-many of `target`: the short form (`"Dog?"`, `"Dog[]"`) for a class named by letters, digits and
    /// `_`, else `{ type, objectType }`, so that a class named `a[]` cannot read as a list.
    static func objects(_ kind: String, _ target: String, suffix: String) -> [(String, String)] {
        let plain = !target.isEmpty && target.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        if plain { return shorthand(target + suffix) }
        return [("type", quoted(kind)), ("objectType", quoted(target))] + (kind == "object" ? [("optional", "true")] : [])
    }

    /// `name: { …object… }`, with `mapTo` added inside when the name differs from the stored one.
    static func entry(_ jsName: String, _ object: String, mapTo stored: String) -> String {
        guard jsName != stored else { return "\(jsName): \(object)," }
        return "\(jsName): \(object.dropLast(2)), mapTo: \(quoted(stored)) },"
    }

    /// A default as a JavaScript literal of `type`; nil for what has none here (an SQL expression, a date).
    static func literal(_ value: ModelDefault, for type: ValueType) -> String? {
        switch (value, type) {
        case (.bool(let flag), .bool): return flag ? "true" : "false"
        case (.integer(let number), .int), (.integer(let number), .float), (.integer(let number), .double):
            // Beyond 2^53 a JavaScript number is not the integer any more.
            return abs(Double(number)) <= 9_007_199_254_740_992 ? String(number) : nil
        case (.real(let number), .float), (.real(let number), .double): return String(number)
        case (.text(let text), .string): return quoted(text)
        case (.text(let text), .decimal): return "new BSON.Decimal128(\(quoted(text)))"
        case (.integer(let number), .decimal): return "new BSON.Decimal128(\(quoted(String(number))))"
        case (.real(let number), .decimal): return "new BSON.Decimal128(\(quoted(String(number))))"
        default: return nil
        }
    }
}
