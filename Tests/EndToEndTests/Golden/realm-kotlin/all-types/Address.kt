// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.ext.backlinks
import io.realm.kotlin.types.EmbeddedRealmObject

class Address : EmbeddedRealmObject {
    var street: String = ""
    var city: String? = null
    // An embedded object has one parent: only the backlinks through the property that holds it answer.
    val personsViaHome: Person by backlinks(Person::home)
    // An embedded object has one parent: only the backlinks through the property that holds it answer.
    val personsViaPastAddresses: Person by backlinks(Person::pastAddresses)
}
