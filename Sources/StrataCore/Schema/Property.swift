/// One property of a class: a column, a list, or the backlinks of a link.
public struct Property: Sendable, Equatable {
    public var name: String
    public var type: PropertyType
    /// Accepts nil: a nullable column (lists, collections and backlinks are never optional; a collection's elements may be).
    public var isOptional: Bool
    /// Part of the class's primary key (`pragma_table_xinfo.pk`).
    public var isPrimaryKey: Bool
    /// The first column of an index, or the rowid.
    public var isIndexed: Bool
    /// The DEFAULT expression as written in the schema.
    public var defaultValue: String?
    /// The class a link, list or backlink points at.
    public var target: String?
    /// For backlinks: the property of `target` that links here.
    public var originProperty: String?
    /// The declared column type as written (`VARCHAR(20)`), empty when none.
    public var declaredType: String
    /// Set for generated columns, which are computed and read-only.
    public var generated: Generated?
    /// The column that stores the property; nil for lists and backlinks.
    public var column: String?
    /// For links: what happens to this object when the target is deleted (`CASCADE`, `SET NULL`, …).
    public var onDelete: ForeignKeyAction?
    /// What the model of a Core Data store says beyond the column: the attribute type, the relationship's inverse
    /// and delete rule, derived and transient flags. Nil for plain SQLite.
    public var model: ModelFacts?
    /// For a Mixed (`any`) property of a converted `.realm` file: the column that keeps each value's Realm type
    /// (`p_type`: `int`, `decimal128`, `objectId`, …), so that a value compares as what it was, not as the text or
    /// number SQLite holds. Not a property of its own.
    public var typeColumn: String?
    /// For a date: how its column stores dates, when the schema knows without looking at its values (a converted
    /// `.realm` file writes ISO 8601 text). Nil: `Schema.dateStorage(of:in:connection:)` looks, once a session.
    public var dateStorage: DateStorage?
    /// For a collection (`.collection`, or a `.list` of objects that is a set): its kind and what it holds, for its
    /// type's name. Nil for a list of objects.
    public var collection: CollectionType?

    public enum Generated: String, Sendable { case virtual, stored }

    public init(name: String, type: PropertyType, isOptional: Bool = false, isPrimaryKey: Bool = false,
                isIndexed: Bool = false, defaultValue: String? = nil, target: String? = nil,
                originProperty: String? = nil, declaredType: String = "", generated: Generated? = nil,
                column: String? = nil, onDelete: ForeignKeyAction? = nil, model: ModelFacts? = nil)
    {
        self.model = model
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isPrimaryKey = isPrimaryKey
        self.isIndexed = isIndexed
        self.defaultValue = defaultValue
        self.target = target
        self.originProperty = originProperty
        self.declaredType = declaredType
        self.generated = generated
        self.column = column
        self.onDelete = onDelete
    }

    /// Computed properties cannot be edited: backlinks, generated columns and derived attributes.
    public var isReadOnly: Bool { type == .linkingObjects || generated != nil || model?.isDerived == true }

    /// The type's name as Realm spells it: `objectId` for a string declared `OBJECTID` (the column a converted
    /// `.realm` file keeps an ObjectId in, as its 24 hex digits, compared as text), else `type`'s own name.
    public var typeName: String {
        if type == .string, declaredType.uppercased().hasPrefix("OBJECTID") { return "objectId" }
        return type.rawValue
    }

    /// The type as Realm writes it: `string?`, `object<TaskList>?`, `list<Tag>`, `linkingObjects<Task.list>`.
    public var typeDescription: String {
        var text: String
        switch type {
        case .list where collection != nil: return collection?.description ?? ""
        case .collection: return collection?.description ?? "collection"
        case .object, .list: text = "\(type.rawValue)<\(target ?? "?")>"
        case .linkingObjects: text = "linkingObjects<\(target ?? "?").\(originProperty ?? "?")>"
        default: text = typeName
        }
        if isOptional { text += "?" }
        return text
    }
}

/// What a Core Data model says about a property, beyond what its column says.
public struct ModelFacts: Sendable, Equatable {
    /// The attribute's type as Xcode names it (`Integer 16`, `Transformable`), nil for relationships.
    public var attributeType: String?
    /// The relationship on the target that points back, when the model names one.
    public var inverse: String?
    /// What deleting the owner does to the objects this relationship holds.
    public var deleteRule: DeleteRule?
    /// A derived attribute: Core Data computes it (`derivation`); shown, never edited.
    public var isDerived: Bool
    public var derivation: String?
    /// A transformable's class (`NSColor`), or binary data the store may keep in a file beside it.
    public var customClass: String?
    public var allowsExternalStorage: Bool
    /// For a to-one link to an entity with sub-entities: the column holding the target's entity number.
    public var entityColumn: String?
    /// Where the property came from when it is not the model's: `inferred` (no model), `not in the model` (a
    /// column the model does not know).
    public var note: String?

    public init(attributeType: String? = nil, inverse: String? = nil, deleteRule: DeleteRule? = nil, isDerived: Bool = false,
                derivation: String? = nil, customClass: String? = nil, allowsExternalStorage: Bool = false,
                entityColumn: String? = nil, note: String? = nil)
    {
        self.attributeType = attributeType
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.isDerived = isDerived
        self.derivation = derivation
        self.customClass = customClass
        self.allowsExternalStorage = allowsExternalStorage
        self.entityColumn = entityColumn
        self.note = note
    }

    /// Core Data's delete rules (`NSDeleteRule`).
    public enum DeleteRule: String, Sendable, CaseIterable {
        case noAction = "no action", nullify, cascade, deny
    }
}
