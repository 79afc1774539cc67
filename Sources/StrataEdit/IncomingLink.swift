import StrataCore

/// A link that points at objects of one class: the class (a table, not a view) that holds it, the link
/// property, and its column.
struct IncomingLink {
    var source: ClassInfo
    var property: Property
    var column: String
}
