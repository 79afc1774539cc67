// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.ext.backlinks
import io.realm.kotlin.ext.realmDictionaryOf
import io.realm.kotlin.ext.realmListOf
import io.realm.kotlin.ext.realmSetOf
import io.realm.kotlin.query.RealmResults
import io.realm.kotlin.types.RealmAny
import io.realm.kotlin.types.RealmDictionary
import io.realm.kotlin.types.RealmInstant
import io.realm.kotlin.types.RealmList
import io.realm.kotlin.types.RealmObject
import io.realm.kotlin.types.RealmSet
import io.realm.kotlin.types.RealmUUID
import io.realm.kotlin.types.annotations.PrimaryKey

class Person : RealmObject {
    @PrimaryKey
    var name: String = ""
    var age: Long = 0
    var favouriteDog: Dog? = null
    var bestFriend: Person? = null
    var home: Address? = null
    var nested: RealmAny? = null
    var dogs: RealmList<Dog> = realmListOf()
    var pastAddresses: RealmList<Address> = realmListOf()
    var dogSet: RealmSet<Dog> = realmSetOf()
    var dogsByNickname: RealmDictionary<Dog?> = realmDictionaryOf()
    var scores: RealmList<Long> = realmListOf()
    var optScores: RealmList<Double?> = realmListOf()
    var nicknames: RealmList<String> = realmListOf()
    var dates: RealmList<RealmInstant> = realmListOf()
    var anyList: RealmList<RealmAny?> = realmListOf()
    var tags: RealmSet<String> = realmSetOf()
    var luckyNumbers: RealmSet<Long> = realmSetOf()
    var uuidSet: RealmSet<RealmUUID> = realmSetOf()
    var anySet: RealmSet<RealmAny?> = realmSetOf()
    var properties: RealmDictionary<RealmAny?> = realmDictionaryOf()
    var counts: RealmDictionary<Long> = realmDictionaryOf()
    var labels: RealmDictionary<String?> = realmDictionaryOf()
    val persons: RealmResults<Person> by backlinks(Person::bestFriend)
}
