/// `--to typescript`: one interface per class, the shape of the objects `strata query --format json` prints.
///
/// int, float and double are `number` (an int beyond 2⁵³ loses digits in JavaScript: said in the header), decimal and
/// objectId are `string` (exact digits, 24 hex digits), date is `Date` and data `Uint8Array`, uuid `string`, mixed the
/// `Mixed` union. A link is the target's interface or `null`, a to-many an array, a set an array (JSON has no sets), a
/// dictionary a `Record<string, T>`; backlinks are `readonly` arrays. A sub-entity `extends` its parent. A property
/// name that is not an identifier is written quoted, which keeps it exactly; a class name that is not one is made one,
/// with its stored name in the doc comment.
struct TypeScriptWriter {
    let model: AppModel
    let name: String

    static let keywords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export",
        "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
        "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "implements", "interface", "let",
        "package", "private", "protected", "public", "static", "yield", "any", "boolean", "number", "string", "symbol",
        "type", "object", "never", "unknown", "undefined", "bigint", "Date", "Uint8Array", "Record", "Set", "Array", "Mixed",
    ]

    func files() -> [ModelFile] {
        let typeNames = Identifier.unique(model.classes.map(\.name)) { Identifier.make($0, keywords: Self.keywords) }
        var code = CodeLines(indent: "  ")
        code.add("// The model of \(CommentText.clean(name)), written by strata model --to typescript.")
        code.add("// int, float and double are number: an int beyond 2^53 (9007199254740992) loses digits in JavaScript.")
        code.add("")
        if model.classes.contains(where: { $0.properties.contains(where: Self.usesMixed) }) {
            code.add("/** A value of any type (Realm's Mixed, SQLite's untyped column). */")
            code.add("export type Mixed = null | boolean | number | string | Date | Uint8Array;")
            code.add("")
        }
        for line in model.leftOut { code.add("// Not written: \(CommentText.clean(line)).") }
        if !model.leftOut.isEmpty { code.add("") }
        for info in model.classes {
            let typeName = typeNames[info.name] ?? info.name
            var doc: [String] = []
            if typeName != info.name { doc.append("Stored as \(CommentText.clean(StringLiteral.quoted(info.name, in: .typeScript))).") }
            if info.isEmbedded { doc.append("Embedded: its objects belong to the object that links to them.") }
            if info.isAbstract { doc.append("Abstract: its objects are those of its sub-entities.") }
            if !info.primaryKey.isEmpty { doc.append("Primary key: \(info.primaryKey.map(CommentText.clean).joined(separator: ", ")).") }
            if !doc.isEmpty { code.add("/** " + doc.joined(separator: " ") + " */") }
            let parent = info.parent.flatMap { model.class(named: $0) == nil ? nil : typeNames[$0] }
            let properties = parent == nil ? info.properties : info.ownProperties
            code.block("export interface \(typeName)" + (parent.map { " extends \($0)" } ?? "") + " {") { code in
                for property in properties {
                    for remark in property.remarks { code.add("/** \(CommentText.clean(remark)) */") }
                    let key = Self.isIdentifier(property.name) ? property.name : StringLiteral.quoted(property.name, in: .typeScript)
                    let (type, readonly) = Self.type(of: property, typeNames: typeNames)
                    code.add((readonly ? "readonly " : "") + key + ": " + type + ";")
                }
            }
            code.add("")
        }
        return [ModelFile(path: Identifier.make(name, keywords: []) + ".ts", contents: code.text)]
    }

    /// A property name TypeScript takes unquoted (keywords are fine as property names).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first == "$" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    static func usesMixed(_ property: ModelProperty) -> Bool {
        switch property.kind {
        case .value(.mixed), .values(_, .mixed, _): true
        default: false
        }
    }

    static func valueType(_ type: ValueType) -> String {
        switch type {
        case .bool: "boolean"
        case .int, .float, .double: "number"
        case .decimal, .objectId, .string, .uuid: "string"
        case .date: "Date"
        case .data: "Uint8Array"
        case .mixed: "Mixed"
        }
    }

    static func type(of property: ModelProperty, typeNames: [String: String]) -> (String, readonly: Bool) {
        func name(_ target: String) -> String { typeNames[target] ?? "unknown" }
        switch property.kind {
        case .value(let type):
            let base = valueType(type)
            return (property.isOptional && type != .mixed ? base + " | null" : base, false)
        case .link(let target): return (name(target) + " | null", false)
        case .objects(let target, _): return (name(target) + "[]", false)
        case .objectDictionary(let target): return ("Record<string, \(name(target)) | null>", false)
        case .values(let kind, let type, let optional):
            let element = valueType(type) + (optional && type != .mixed ? " | null" : "")
            switch kind {
            case .list, .set: return (element.contains("|") ? "(\(element))[]" : element + "[]", false)
            case .dictionary: return ("Record<string, \(element)>", false)
            }
        case .backlinks(let target, _): return (name(target) + "[]", true)
        }
    }
}
