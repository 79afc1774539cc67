// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey

// The list Person.anyList: its values, in order.
@Entity(
    tableName = "Person_anyList",
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
data class PersonAnyList(
    val owner: String,
    val position: Long,
    // A value of any type (mixed): Room has no untyped column, so its text; the app converts it.
    val value: String?,
)
