import SQLiteKit

/// Where a list, set or dictionary property keeps its elements (ARCHITECTURE.md §2): a table `<Class>_<property>`
/// holding the owner's key, the list's `position` or the dictionary's `key`, and the element in `value` (with its
/// Realm type in `value_type` for Mixed elements). A list of objects is a `ListStorage` instead; a set of objects is
/// both (its table is this one, `value` a link to the target).
public struct ValueCollection: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case list, set, dictionary
    }

    public var kind: Kind
    public var table: String
    public var ownerColumn: String
    /// The list's order; nil for a set (kept in value order) and a dictionary (in key order). A table `strata convert`
    /// wrote before sets lost their positions keeps them here.
    public var positionColumn: String?
    /// A dictionary's keys.
    public var keyColumn: String?
    /// The element as a property of the table's rows, named `@values`: its type, optionality, declared type, column
    /// (`value`), Mixed type column and a link's target.
    public var element: Property

    public init(kind: Kind, table: String, ownerColumn: String = "owner", positionColumn: String? = nil, keyColumn: String? = nil,
                element: Property)
    {
        self.kind = kind
        self.table = table
        self.ownerColumn = ownerColumn
        self.positionColumn = positionColumn
        self.keyColumn = keyColumn
        self.element = element
    }

    /// The element's column.
    public var valueColumn: String { element.column ?? "value" }

    /// What orders the elements as shown: the position, the key, else the value.
    public var orderColumn: String { positionColumn ?? keyColumn ?? valueColumn }

    /// The name of the element in a query path (`scores.@values`), and of a dictionary's key (`scores.@keys`).
    public static let valuesName = "@values", keysName = "@keys"

    /// The rows of the collection as a class of their own, for a query's scope: `@values` (and `@keys`) are its
    /// properties.
    public func elementClass(ownerClass: String, property: String) -> ClassInfo {
        var key = Property(name: Self.keysName, type: .string, declaredType: "TEXT", column: keyColumn)
        key.isOptional = false
        var info = ClassInfo(name: "\(ownerClass).\(property)", kind: .table,
                             properties: [element] + (keyColumn == nil ? [] : [key]), hasRowID: false)
        info.tableName = table
        info.isHidden = true
        return info
    }

    /// The CREATE TABLE statement of a collection of `owner`'s, its elements of `elementSQL` (`TEXT NOT NULL`, or a
    /// link's `TEXT NOT NULL REFERENCES "Dog"("id") ON DELETE CASCADE`), with a `value_type` column for Mixed elements.
    ///
    /// A set whose elements may be nil is a rowid table, unique on owner and value: a WITHOUT ROWID table's key
    /// holds no NULL.
    public static func createSQL(kind: Kind, table: String, owner: String, ownerKey: String, ownerKeyType: SQL, elementSQL: SQL,
                                 typeColumn: Bool, optionalElements: Bool) -> SQL
    {
        let rowidSet = kind == .set && optionalElements
        var lines: [SQL] = ["owner \(ownerKeyType) NOT NULL REFERENCES \(identifier: owner)(\(identifier: ownerKey)) ON DELETE CASCADE"]
        switch kind {
        case .list: lines.append("position INTEGER NOT NULL")
        case .dictionary: lines.append("key TEXT NOT NULL")
        case .set: break
        }
        lines.append("value" + (elementSQL.elements.isEmpty ? "" : " " + elementSQL))
        if typeColumn { lines.append("value_type TEXT") }
        switch kind {
        case .list: lines.append("PRIMARY KEY (owner, position)")
        case .dictionary: lines.append("PRIMARY KEY (owner, key)")
        // A Mixed set holds 1 and true, both stored as the integer 1, apart by their types.
        case .set: lines.append((rowidSet ? "UNIQUE" : "PRIMARY KEY") + (typeColumn ? " (owner, value, value_type)" : " (owner, value)"))
        }
        return "CREATE TABLE \(identifier: table) (\n    \(lines.joined(separator: ",\n    "))\n)" + (rowidSet ? "" : " WITHOUT ROWID")
    }
}

/// What a collection property holds, for its type's name: `list<string>`, `set<int?>`, `dictionary<mixed>`,
/// `set<Dog>`.
public struct CollectionType: Sendable, Equatable {
    public var kind: ValueCollection.Kind
    /// The element's type's name: a value type as Realm spells it (`objectId`, `mixed`), or the target class.
    public var element: String
    public var isOptionalElement: Bool

    public init(kind: ValueCollection.Kind, element: String, isOptionalElement: Bool) {
        self.kind = kind
        self.element = element
        self.isOptionalElement = isOptionalElement
    }

    public var description: String { "\(kind.rawValue)<\(element)\(isOptionalElement ? "?" : "")>" }
}
