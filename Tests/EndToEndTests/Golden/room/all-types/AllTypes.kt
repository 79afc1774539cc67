// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.Index
import androidx.room.PrimaryKey
import java.math.BigDecimal
import java.time.Instant
import java.util.UUID

@Entity(
    indices = [
        Index(value = ["indexedString"]),
    ],
)
data class AllTypes(
    @PrimaryKey val _id: Long,
    val intValue: Long,
    val boolValue: Boolean,
    val floatValue: Float,
    val doubleValue: Double,
    val stringValue: String,
    val binaryValue: ByteArray,
    val dateValue: Instant,
    val decimalValue: BigDecimal,
    // An ObjectId: its 24 hex digits.
    val objectIdValue: String,
    val uuidValue: UUID,
    // A value of any type (mixed): Room has no untyped column, so its text; the app converts it.
    val mixedValue: String? = null,
    val optIntValue: Long? = null,
    val optBoolValue: Boolean? = null,
    val optFloatValue: Float? = null,
    val optDoubleValue: Double? = null,
    val optStringValue: String? = null,
    val optBinaryValue: ByteArray? = null,
    val optDateValue: Instant? = null,
    val optDecimalValue: BigDecimal? = null,
    // An ObjectId: its 24 hex digits.
    val optObjectIdValue: String? = null,
    val optUuidValue: UUID? = null,
    val indexedString: String,
)
