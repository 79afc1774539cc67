/// One column of a query's result and how to read it.
public struct ResultColumn: Sendable {
    public var property: Property
    /// For date properties: how the column stores its dates.
    public var dateStorage: DateStorage?
    public var name: String { property.name }

    public init(property: Property, dateStorage: DateStorage? = nil) {
        self.property = property
        self.dateStorage = dateStorage
    }
}
