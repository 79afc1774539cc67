// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.ext.backlinks
import io.realm.kotlin.query.RealmResults
import io.realm.kotlin.types.RealmObject

class Cuisine : RealmObject {
    var name: String = ""
    // The inverse of Recipe.cuisine, which Realm keeps once: its backlinks.
    val recipes: RealmResults<Recipe> by backlinks(Recipe::cuisine)
}
