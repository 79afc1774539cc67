/// The type of a property, in Realm's vocabulary.
public enum PropertyType: String, Sendable, CaseIterable, Codable {
    case bool, int, float, double, decimal, string, date, data, uuid
    /// A to-one link: a foreign key to another class's key.
    case object
    /// An ordered to-many link, stored in a Strata list table.
    case list
    /// A list, set or dictionary of values (`list<string>`, `set<int?>`, `dictionary<any?>`), stored in a table of
    /// its own (`ValueCollection`); `Property.collection` says which and of what.
    case collection
    /// Backlinks: the objects whose link or list points here. Computed, read-only.
    case linkingObjects
    /// No declared type: any storage class.
    case any
}

extension PropertyType {
    /// int, float, double and decimal: shown right-aligned, and never cut.
    public var isNumber: Bool { [.int, .float, .double, .decimal].contains(self) }

    /// A list of objects or a collection of values: a property with a table of its own, not a column.
    public var isCollection: Bool { self == .list || self == .collection }
}
