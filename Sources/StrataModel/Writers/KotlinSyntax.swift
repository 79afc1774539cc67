/// What the Kotlin writers (`--to room`, `--to realm-kotlin`) share: Kotlin's keywords, names made valid, and a
/// model default as a Kotlin expression.
///
/// A stored name that is a Kotlin keyword (`class`, `object`, `fun`, `val`) is renamed (`class_`) rather than written
/// in backticks, like every other name that is not an identifier, so that one rule holds in every target: the code's
/// name is an identifier, and the stored name is kept by the target's own mechanism (`@ColumnInfo(name =)`,
/// `@PersistedName`).
enum KotlinSyntax {
    /// Kotlin's hard keywords, which no name may be unquoted.
    static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
        "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when",
        "while",
    ]

    /// Names a class may not take because the written code uses them as types.
    static let typeNames: Set<String> = [
        "Any", "Boolean", "Byte", "ByteArray", "Char", "Double", "Float", "Int", "List", "Long", "Map", "Set", "Short",
        "String", "Unit", "Instant", "UUID", "BigDecimal", "Converters",
        "RealmObject", "EmbeddedRealmObject", "RealmList", "RealmSet", "RealmDictionary", "RealmResults", "RealmInstant",
        "RealmUUID", "RealmAny", "ObjectId", "Decimal128", "Entity", "Embedded", "Relation", "Junction", "Index",
        "ForeignKey", "PrimaryKey", "ColumnInfo", "Database", "RoomDatabase", "TypeConverter", "TypeConverters",
    ]

    static func quoted(_ text: String) -> String { StringLiteral.quoted(text, in: .kotlin) }

    /// The Kotlin names of `model`'s classes, each valid and unique.
    static func classNames(_ classes: [ModelClass], reserved: Set<String> = []) -> [String: String] {
        Identifier.unique(classes.map(\.name), make: { Identifier.make($0, keywords: keywords.union(typeNames)) }, reserved: reserved)
    }

    /// The Kotlin names of one class's properties, each valid and unique within the class.
    static func propertyNames(_ names: [String], reserved: Set<String> = []) -> [String: String] {
        Identifier.unique(names, make: { Identifier.make($0, keywords: keywords) }, reserved: reserved)
    }

    /// The Kotlin type of an int of `bits` bits (Core Data's Integer 16 and 32; else 64).
    static func integerType(bits: Int?) -> String {
        switch bits {
        case 16?: "Short"
        case 32?: "Int"
        default: "Long"
        }
    }

    /// `value` as a Kotlin expression of `type`; nil when Kotlin has no literal for it (an SQL expression, a date).
    ///
    /// - Parameter decimal: how the target builds a decimal from its digits (`BigDecimal`, `Decimal128`).
    static func literal(_ value: ModelDefault, for type: ValueType, integerBits: Int? = nil, decimal: String? = nil) -> String? {
        switch (value, type) {
        case (.bool(let flag), .bool): return flag ? "true" : "false"
        case (.integer(let number), .int):
            // Long.MIN_VALUE's digits do not parse as a literal (its negation overflows); a narrower int takes only
            // what fits it.
            if number == .min { return "Long.MIN_VALUE" }
            if integerBits == 16, Int16(exactly: number) == nil { return nil }
            if integerBits == 32, Int32(exactly: number) == nil { return nil }
            return String(number)
        case (.integer(let number), .float): return String(number) + ".0f"
        case (.integer(let number), .double): return String(number) + ".0"
        case (.real(let number), .float): return realText(number) + "f"
        case (.real(let number), .double): return realText(number)
        case (.real(let number), .int) where number == number.rounded() && abs(number) < 9e15: return String(Int64(number))
        case (.text(let text), .string): return quoted(text)
        case (.text, .decimal), (.integer, .decimal), (.real, .decimal):
            guard let decimal else { return nil }
            let digits: String
            switch value {
            case .text(let text): digits = text
            case .integer(let number): digits = String(number)
            case .real(let number): digits = realText(number)
            default: return nil
            }
            return "\(decimal)(\(quoted(digits)))"
        default: return nil
        }
    }

    /// A double as Kotlin reads it: always with a point or an exponent.
    static func realText(_ number: Double) -> String {
        let text = String(number)
        return text.contains(".") || text.contains("e") || text.contains("n") ? text : text + ".0"
    }

    /// What a model default says, for a comment when the target cannot write it.
    static func describe(_ value: ModelDefault) -> String {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): StringLiteral.quoted(text, in: .kotlin)
        case .expression(let text): "the SQL expression " + text
        }
    }
}
