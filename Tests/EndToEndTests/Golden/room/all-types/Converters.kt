// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.TypeConverter
import java.math.BigDecimal
import java.time.Instant
import java.util.UUID

/** The types SQLite has no storage for, each as the value Room stores. */
class Converters {
    /** A date as Unix milliseconds (an Instant's nanoseconds below a millisecond are not kept). */
    @TypeConverter fun instantFromMillis(millis: Long?): Instant? = millis?.let { Instant.ofEpochMilli(it) }
    @TypeConverter fun millisFromInstant(instant: Instant?): Long? = instant?.toEpochMilli()
    /** A UUID as its canonical text. */
    @TypeConverter fun uuidFromText(text: String?): UUID? = text?.let { UUID.fromString(it) }
    @TypeConverter fun textFromUUID(uuid: UUID?): String? = uuid?.toString()
    /** A decimal as its text: exact digits, which a REAL would round. */
    @TypeConverter fun decimalFromText(text: String?): BigDecimal? = text?.let { BigDecimal(it) }
    @TypeConverter fun textFromDecimal(decimal: BigDecimal?): String? = decimal?.toPlainString()
}
