/// What the Swift targets (SwiftData, GRDB, Realm Swift) share: Swift's keywords, the names a class may not take, the
/// flattening of Core Data sub-entities, and the `MixedValue` type that stands for a value of any type.
enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "some", "any",
    ]

    /// Names a class may not take without hiding a type the generated code uses.
    static let typeNames: Set<String> = keywords.union([
        "Bool", "Int", "Int16", "Int32", "Int64", "Float", "Double", "Decimal", "String", "Date", "Data", "UUID", "Array", "Set",
        "Dictionary", "Optional", "Codable", "Column", "Model", "Schema", "Object", "EmbeddedObject", "List", "MutableSet", "Map",
        "LinkingObjects", "ObjectId", "Decimal128", "AnyRealmValue", "MixedValue", "Persisted", "Relationship", "Attribute",
        "Database", "DatabaseMigrator", "ForeignKey", "PersistentModel",
    ])

    /// The classes a Swift target writes and the Swift name of each: every class but abstract Core Data entities, whose
    /// properties their sub-entities carry (Swift's stores have no entity inheritance).
    static func classNames(_ model: AppModel) -> [String: String] {
        Identifier.unique(model.classes.map(\.name)) { Identifier.make($0, keywords: typeNames) }
    }

    /// A line for an abstract entity that is not written.
    static func abstractNote(_ info: ModelClass, in model: AppModel) -> String {
        let children = model.classes.filter { $0.parent == info.name }.map(\.name)
        return "// \(CommentText.clean(info.name)) is an abstract Core Data entity: its properties are written into "
            + (children.isEmpty ? "its sub-entities" : children.map(CommentText.clean).joined(separator: ", ")) + ", as this target has no entity inheritance."
    }

    /// The property names of one class: each made a Swift identifier, unique in the class.
    static func propertyNames(_ info: ModelClass, reserved: Set<String> = []) -> [String: String] {
        Identifier.unique(info.properties.map(\.name), make: { Identifier.make($0, keywords: keywords) }, reserved: reserved)
    }

    /// Swift's type for a value: `Int16` and `Int32` where the store says, `MixedValue` for mixed.
    static func valueType(_ type: ValueType, bits: Int? = nil) -> String {
        switch type {
        case .bool: "Bool"
        case .int: bits == 16 ? "Int16" : bits == 32 ? "Int32" : "Int"
        case .float: "Float"
        case .double: "Double"
        case .decimal: "Decimal"
        case .string, .objectId: "String"
        case .date: "Date"
        case .data: "Data"
        case .uuid: "UUID"
        case .mixed: "MixedValue"
        }
    }

    static func usesMixed(_ model: AppModel) -> Bool {
        model.classes.contains { $0.properties.contains { property in
            switch property.kind {
            case .value(.mixed), .values(_, .mixed, _): true
            default: false
            }
        } }
    }

    /// A Codable value of any type, for Mixed properties: what SwiftData and GRDB can store (as JSON).
    static let mixedValueFile = """
        import Foundation

        /// A value of any type (Realm's Mixed, SQLite's untyped column), stored as JSON.
        enum MixedValue: Codable, Hashable {
            case bool(Bool)
            case int(Int64)
            case double(Double)
            case string(String)
            case data(Data)
            case date(Date)
            case decimal(Decimal)
            case uuid(UUID)
        }

        """

    /// A Swift literal for a default, or nil when it is an expression no literal writes.
    static func literal(_ value: ModelDefault, for type: ValueType?) -> String? {
        switch value {
        case .bool(let flag): return type == .bool ? String(flag) : nil
        case .integer(let number):
            switch type {
            case .int?, .float?, .double?, .decimal?: return String(number)
            case .bool?: return number == 0 ? "false" : "true"
            default: return nil
            }
        case .real(let number): return [.float, .double, .decimal].contains(type) ? String(number) : nil
        case .text(let text): return type == .string || type == .objectId ? StringLiteral.quoted(text, in: .swift) : nil
        case .expression: return nil
        }
    }

    /// The comment for a default no literal writes.
    static func defaultRemark(_ property: ModelProperty) -> String? {
        guard let value = property.defaultValue, literal(value, for: property.valueType) == nil else { return nil }
        if case .expression(let text) = value { return "the store's default is \(text), an expression Swift cannot write as a value" }
        return "the store's default does not fit the type"
    }
}
