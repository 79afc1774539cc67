// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.ext.backlinks
import io.realm.kotlin.query.RealmResults
import io.realm.kotlin.types.RealmObject
import io.realm.kotlin.types.annotations.PrimaryKey
import org.mongodb.kbson.ObjectId

class Dog : RealmObject {
    @PrimaryKey
    var _id: ObjectId = ObjectId()
    var dogName: String = ""
    var age: Long? = null
    val personsViaFavouriteDog: RealmResults<Person> by backlinks(Person::favouriteDog)
    val personsViaDogs: RealmResults<Person> by backlinks(Person::dogs)
    val personsViaDogSet: RealmResults<Person> by backlinks(Person::dogSet)
}
