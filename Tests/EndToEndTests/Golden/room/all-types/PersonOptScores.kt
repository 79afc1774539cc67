// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey

// The list Person.optScores: its values, in order.
@Entity(
    tableName = "Person_optScores",
    primaryKeys = ["owner", "position"],
    foreignKeys = [
        ForeignKey(
            entity = Person::class,
            parentColumns = ["name"],
            childColumns = ["owner"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
)
data class PersonOptScores(
    val owner: String,
    val position: Long,
    val value: Double?,
)
