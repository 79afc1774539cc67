/// Where a to-many relationship is kept when both of its sides declare it, as a Core Data model does
/// (`Cuisine.recipes` ↔ `Recipe.cuisine`, `Recipe.ingredients` ↔ `Ingredient.recipes`).
///
/// Realm and Room keep a relationship once: a to-many whose inverse is a to-one link is that link seen from the other
/// side (Realm's backlinks, Room's `@Relation` on the link's column); of a many-to-many, one side holds the list or
/// join table and the other is its inverse. The side that holds it: the ordered one, else the first by class and
/// property name, so that the choice is the same on every run.
enum ToManyStorage: Equatable {
    /// The property holds its objects: a list, a set, a join table.
    case stored
    /// The target's to-one link of this name holds the relationship.
    case inverseOfLink(String)
    /// The target's to-many of this name holds the relationship.
    case inverseOfToMany(String)

    static func of(_ property: ModelProperty, in owner: ModelClass, model: AppModel) -> ToManyStorage {
        guard case .objects(let targetName, let ordered) = property.kind, let inverseName = property.inverse,
              let target = model.class(named: targetName), !target.isAbstract,
              let inverse = target.property(named: inverseName) else { return .stored }
        switch inverse.kind {
        case .link(let back) where back == owner.name || back == owner.parent:
            return .inverseOfLink(inverseName)
        case .objects(let back, let backOrdered) where (back == owner.name || back == owner.parent) && inverse.inverse == property.name:
            if ordered != backOrdered { return ordered ? .stored : .inverseOfToMany(inverseName) }
            return (owner.name, property.name) <= (target.name, inverse.name) ? .stored : .inverseOfToMany(inverseName)
        default:
            return .stored
        }
    }
}
