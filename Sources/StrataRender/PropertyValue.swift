/// A stored value as its property's type reads it (ARCHITECTURE.md §3): what `ValueFormatter.read` decides
/// once, and every output writes. Text and bytes are borrowed from the row, valid only while it is read.
enum PropertyValue {
    case null
    /// A bool property's 0 or 1.
    case bool(Bool)
    case integer(Int64)
    /// A float property's REAL that is exactly a 32-bit float: shown with a float's shortest digits.
    case float(Float)
    /// Any other REAL, infinities included (SQLite stores NaN as NULL).
    case double(Double)
    /// A date property's value that reads as a date in its column's storage: milliseconds since 1970.
    case date(Int64)
    /// Text, as UTF-8 bytes that may be invalid: the writers repair them.
    case text(UnsafeRawBufferPointer)
    /// A list property's keys: the JSON array SQLite's `json_group_array` makes.
    case keys(UnsafeRawBufferPointer)
    /// A collection property's values: a JSON array, or an object for a dictionary (`CollectionJSON`).
    case collection(UnsafeRawBufferPointer)
    /// A uuid property's 16-byte blob.
    case uuid(UnsafeRawBufferPointer)
    /// Any other blob.
    case data(UnsafeRawBufferPointer)
}
