// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.ext.backlinks
import io.realm.kotlin.ext.realmListOf
import io.realm.kotlin.query.RealmResults
import io.realm.kotlin.types.RealmInstant
import io.realm.kotlin.types.RealmList
import io.realm.kotlin.types.RealmObject
import io.realm.kotlin.types.annotations.PrimaryKey

class RealmTestClass1 : RealmObject {
    @PrimaryKey
    var id: Long = 0
    var integerValue: Long = 0
    var boolValue: Boolean = false
    var floatValue: Float = 0.0f
    var doubleValue: Double = 0.0
    var stringValue: String = ""
    var dateValue: RealmInstant = RealmInstant.from(0, 0)
    var arrayReference: RealmList<RealmTestClass0> = realmListOf()
    val realmTestClass2s: RealmResults<RealmTestClass2> by backlinks(RealmTestClass2::objectReference)
}
