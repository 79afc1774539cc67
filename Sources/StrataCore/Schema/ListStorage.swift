/// Where the elements of a list property are: rows of a table holding the owner's key and the element's key,
/// with the element's position where the list is ordered.
///
/// Strata's own lists are `<Class>_<property>(owner, position, target)`. A Core Data to-many is the target
/// table itself, found by the inverse's column (`ZINGREDIENT.ZRECIPE`, ordered by `Z_FOK_RECIPE` when the
/// relationship is ordered); a many-to-many is its join table (`Z_1TAGS(Z_1RECIPES, Z_3TAGS)`).
public struct ListStorage: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Strata's list table: edited by `list add`, `remove`, `move`.
        case strataList
        /// The target's table: `ownerColumn` is a column of the target, `targetColumn` its key.
        case inverseColumn
        /// A join table with one row per (owner, element) pair.
        case joinTable
        /// Strata's set of objects, `<Class>_<property>(owner, value)`: edited by `set add` and `remove`.
        case strataSet
    }

    public var kind: Kind
    public var table: String
    public var ownerColumn: String
    public var targetColumn: String
    /// The order of the elements; nil for an unordered to-many, shown in key order.
    public var positionColumn: String?

    public init(kind: Kind, table: String, ownerColumn: String, targetColumn: String, positionColumn: String?) {
        self.kind = kind
        self.table = table
        self.ownerColumn = ownerColumn
        self.targetColumn = targetColumn
        self.positionColumn = positionColumn
    }

    public static func strataList(_ table: String) -> ListStorage {
        ListStorage(kind: .strataList, table: table, ownerColumn: "owner", targetColumn: "target", positionColumn: "position")
    }

    /// What orders the elements: the position, else the element's key.
    public var orderColumn: String { positionColumn ?? targetColumn }
}
