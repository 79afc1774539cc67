// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey

// The set Person.tags: each value once.
@Entity(
    tableName = "Person_tags",
    primaryKeys = ["owner", "value"],
    foreignKeys = [
        ForeignKey(
            entity = Person::class,
            parentColumns = ["name"],
            childColumns = ["owner"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
)
data class PersonTags(
    val owner: String,
    val value: String,
)
