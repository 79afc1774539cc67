// Written by strata model --to realm-kotlin. Realm Kotlin needs every property initialized: the file's
// default where it has one, else the type's empty value or null.

import io.realm.kotlin.types.RealmAny
import io.realm.kotlin.types.RealmInstant
import io.realm.kotlin.types.RealmObject
import io.realm.kotlin.types.RealmUUID
import io.realm.kotlin.types.annotations.Index
import io.realm.kotlin.types.annotations.PrimaryKey
import org.mongodb.kbson.Decimal128
import org.mongodb.kbson.ObjectId

class AllTypes : RealmObject {
    @PrimaryKey
    var _id: Long = 0
    var intValue: Long = 0
    var boolValue: Boolean = false
    var floatValue: Float = 0.0f
    var doubleValue: Double = 0.0
    var stringValue: String = ""
    var binaryValue: ByteArray = byteArrayOf()
    var dateValue: RealmInstant = RealmInstant.from(0, 0)
    var decimalValue: Decimal128 = Decimal128("0")
    var objectIdValue: ObjectId = ObjectId()
    var uuidValue: RealmUUID = RealmUUID.random()
    var mixedValue: RealmAny? = null
    var optIntValue: Long? = null
    var optBoolValue: Boolean? = null
    var optFloatValue: Float? = null
    var optDoubleValue: Double? = null
    var optStringValue: String? = null
    var optBinaryValue: ByteArray? = null
    var optDateValue: RealmInstant? = null
    var optDecimalValue: Decimal128? = null
    var optObjectIdValue: ObjectId? = null
    var optUuidValue: RealmUUID? = null
    @Index
    var indexedString: String = ""
}
