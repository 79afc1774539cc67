// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.ext.realmSetOf
import io.realm.kotlin.types.RealmInstant
import io.realm.kotlin.types.RealmObject
import io.realm.kotlin.types.RealmSet

// A sub-entity of Item, an abstract entity that is not written: Realm has no inheritance, so its properties are written here too.
class Ingredient : RealmObject {
    var createdAt: RealmInstant = RealmInstant.from(0, 0)
    var name: String = ""
    var notes: String? = null
    var caloriesPer100g: Int = 0
    var isVegetarian: Boolean = true
    var recipes: RealmSet<Recipe> = realmSetOf()
}
