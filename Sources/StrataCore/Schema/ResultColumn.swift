/// One column of a query's result and how to read it.
public struct ResultColumn: Sendable {
    public var property: Property
    /// For date properties: how the column stores its dates.
    public var dateStorage: DateStorage?
    /// For links in grids and vertical records: where in the row the value that names the target is (its
    /// first text property; 1 when it has none; NULL when the link points at no object).
    public var labelIndex: Int?
    /// For a Mixed value that keeps its Realm type (a converted Realm's): where in the row the type's name is, so that
    /// the value is shown as what it is (a bool as `true`, not as the 1 it is stored as).
    public var typeIndex: Int?
    public var name: String { property.name }

    public init(property: Property, dateStorage: DateStorage? = nil) {
        self.property = property
        self.dateStorage = dateStorage
    }
}
