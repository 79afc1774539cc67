// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey

// The set Person.luckyNumbers: each value once.
@Entity(
    tableName = "Person_luckyNumbers",
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
data class PersonLuckyNumbers(
    val owner: String,
    val value: Long,
)
