import StrataCore

/// A property as `add class`, `add property` and `change property` declare it:
/// `name type[?] [primary key] [= value]`.
struct PropertyDeclaration: Equatable, Sendable {
    var name: String
    var type: PropertyType
    var optional: Bool
    var primaryKey = false
    /// An SQL literal.
    var defaultValue: String?
}
