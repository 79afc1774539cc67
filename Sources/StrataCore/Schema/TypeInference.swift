/// Infers a property's type from what the schema says about its column.
///
/// First match wins: Strata's own type names → the declared type's family → `CHECK (x IN (0, 1))` → `any`.
/// A boolean CHECK also turns an integer column into `bool`: `done INTEGER CHECK (done IN (0, 1))` is how
/// most apps spell a bool.
enum TypeInference {
    static func type(declared: String, hasBooleanCheck: Bool) -> PropertyType {
        let lower = declared.lowercased().trimmingSpaces
        if let own = PropertyType(rawValue: lower), !own.isRelationship, own != .any {
            return own
        }
        let family = declaredFamily(lower.uppercased())
        if hasBooleanCheck && (family == nil || family == .int) { return .bool }
        return family ?? .any
    }

    /// SQLite-style matching on the declared type name, as in https://www.sqlite.org/datatype3.html §3.1,
    /// refined into Strata's types.
    static func declaredFamily(_ upper: String) -> PropertyType? {
        if upper.isEmpty { return nil }
        if upper.hasPrefix("BOOL") { return .bool }
        if upper.hasPrefix("DATE") || upper.hasPrefix("TIMESTAMP") { return .date }
        if upper.hasPrefix("UUID") || upper.hasPrefix("GUID") { return .uuid }
        if upper.contains("INT") { return .int }
        if upper.hasPrefix("FLOAT") { return .float }
        if upper.hasPrefix("REAL") || upper.hasPrefix("DOUBLE") { return .double }
        if upper.hasPrefix("DECIMAL") || upper.hasPrefix("NUMERIC") || upper.hasPrefix("NUMBER") { return .decimal }
        if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") { return .string }
        if upper.hasPrefix("BLOB") { return .data }
        return nil
    }
}

extension PropertyType {
    /// Links, lists and backlinks: types that point at another class.
    public var isRelationship: Bool {
        self == .object || self == .list || self == .linkingObjects
    }
}

extension String {
    package var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
