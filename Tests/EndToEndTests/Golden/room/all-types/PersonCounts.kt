// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey

// The dictionary Person.counts: each key with its value.
@Entity(
    tableName = "Person_counts",
    primaryKeys = ["owner", "key"],
    foreignKeys = [
        ForeignKey(
            entity = Person::class,
            parentColumns = ["name"],
            childColumns = ["owner"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
)
data class PersonCounts(
    val owner: String,
    val key: String,
    val value: Long,
)
