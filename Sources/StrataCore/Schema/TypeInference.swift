/// Infers a property's type from what the schema says about its column.
///
/// First match wins: Strata's own type names → the declared type's family → `CHECK (x IN (0, 1))` → `any`.
/// A boolean CHECK also turns an integer column into `bool`: `done INTEGER CHECK (done IN (0, 1))` is how
/// most apps spell a bool.
enum TypeInference {
    static func type(declared: String, hasBooleanCheck: Bool) -> PropertyType {
        let lower = declared.lowercased().trimmingSpaces
        if let own = PropertyType(rawValue: lower), own.isValue {
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

/// SQLite's affinity of a column, from its declared type (https://www.sqlite.org/datatype3.html §3.1): what SQLite
/// converts a value to when it is stored there or compared with the column.
package enum ColumnAffinity: Equatable {
    case integer, text, blob, real, numeric

    package init(declaredType: String) {
        let upper = declaredType.uppercased()
        if upper.contains("INT") { self = .integer }
        else if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") { self = .text }
        else if upper.isEmpty || upper.contains("BLOB") { self = .blob }
        else if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") { self = .real }
        else { self = .numeric }
    }
}

extension PropertyType {
    /// Links, lists and backlinks: types that point at another class.
    public var isRelationship: Bool {
        self == .object || self == .list || self == .linkingObjects
    }

    /// The types a column holds one value of: bool through uuid (not `any`, a link, a list or a collection).
    public var isValue: Bool {
        !isRelationship && self != .any && self != .collection
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
