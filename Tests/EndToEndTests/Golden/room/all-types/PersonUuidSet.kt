// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey
import java.util.UUID

// The set Person.uuidSet: each value once.
@Entity(
    tableName = "Person_uuidSet",
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
data class PersonUuidSet(
    val owner: String,
    val value: UUID,
)
