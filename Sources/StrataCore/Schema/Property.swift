/// One property of a class: a column, a list, or the backlinks of a link.
public struct Property: Sendable, Equatable {
    public var name: String
    public var type: PropertyType
    /// Accepts nil: a nullable column (lists and backlinks are never optional).
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

    public enum Generated: String, Sendable { case virtual, stored }

    public init(name: String, type: PropertyType, isOptional: Bool = false, isPrimaryKey: Bool = false,
                isIndexed: Bool = false, defaultValue: String? = nil, target: String? = nil,
                originProperty: String? = nil, declaredType: String = "", generated: Generated? = nil,
                column: String? = nil, onDelete: ForeignKeyAction? = nil)
    {
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

    /// Computed properties cannot be edited: backlinks and generated columns.
    public var isReadOnly: Bool { type == .linkingObjects || generated != nil }

    /// The type as Realm writes it: `string?`, `object<TaskList>?`, `list<Tag>`, `linkingObjects<Task.list>`.
    public var typeDescription: String {
        var text: String
        switch type {
        case .object, .list: text = "\(type.rawValue)<\(target ?? "?")>"
        case .linkingObjects: text = "linkingObjects<\(target ?? "?").\(originProperty ?? "?")>"
        default: text = type.rawValue
        }
        if isOptional { text += "?" }
        return text
    }
}
