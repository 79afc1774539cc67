// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.ext.backlinks
import io.realm.kotlin.query.RealmResults
import io.realm.kotlin.types.RealmInstant
import io.realm.kotlin.types.RealmObject

// A sub-entity of Item, an abstract entity that is not written: Realm has no inheritance, so its properties are written here too.
class Recipe : RealmObject {
    var createdAt: RealmInstant = RealmInstant.from(0, 0)
    var name: String = ""
    var notes: String? = null
    var isFavorite: Boolean = false
    var prepMinutes: Int = 0
    var rating: Double? = null
    var servings: Short = 2
    var cuisine: Cuisine? = null
    // The inverse of Ingredient.recipes, which Realm keeps once: its backlinks.
    val ingredients: RealmResults<Ingredient> by backlinks(Ingredient::recipes)
}
