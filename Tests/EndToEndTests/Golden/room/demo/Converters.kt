// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.TypeConverter
import java.time.Instant

/** The types SQLite has no storage for, each as the value Room stores. */
class Converters {
    /** A date as Unix milliseconds (an Instant's nanoseconds below a millisecond are not kept). */
    @TypeConverter fun instantFromMillis(millis: Long?): Instant? = millis?.let { Instant.ofEpochMilli(it) }
    @TypeConverter fun millisFromInstant(instant: Instant?): Long? = instant?.toEpochMilli()
}
