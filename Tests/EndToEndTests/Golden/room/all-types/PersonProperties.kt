// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey

// The dictionary Person.properties: each key with its value.
@Entity(
    tableName = "Person_properties",
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
data class PersonProperties(
    val owner: String,
    val key: String,
    // A value of any type (mixed): Room has no untyped column, so its text; the app converts it.
    val value: String?,
)
