import SQLiteKit
import StrataCore

/// A property and the value an edit stores in it, already parsed by the property's type.
struct Assignment {
    var property: Property
    var value: SQLiteValue

    /// The column it writes: the property's own, else its name.
    var column: String { property.column ?? property.name }

    /// `"name" = ?1` in a SET clause.
    var columnValue: ColumnValue { ColumnValue(column: .column(column), value: value) }

    /// A column Strata fills itself (Core Data's `Z_PK`, `Z_ENT`, `Z_OPT`), which the model does not show.
    static func bookkeeping(_ column: String, _ value: Int64) -> Assignment {
        Assignment(property: Property(name: column, type: .int, column: column), value: .integer(value))
    }
}
