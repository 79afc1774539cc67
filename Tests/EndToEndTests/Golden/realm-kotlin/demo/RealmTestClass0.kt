// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.ext.backlinks
import io.realm.kotlin.query.RealmResults
import io.realm.kotlin.types.RealmObject
import io.realm.kotlin.types.annotations.PrimaryKey

class RealmTestClass0 : RealmObject {
    @PrimaryKey
    var id: Long = 0
    var integerValue: Long = 0
    var stringValue: String = ""
    var dataValue: ByteArray = byteArrayOf()
    val realmTestClass1s: RealmResults<RealmTestClass1> by backlinks(RealmTestClass1::arrayReference)
}
