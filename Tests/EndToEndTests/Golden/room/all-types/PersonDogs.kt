// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index

// The list Person.dogs: its objects' keys, in order.
@Entity(
    tableName = "Person_dogs",
    primaryKeys = ["owner", "position"],
    foreignKeys = [
        ForeignKey(
            entity = Person::class,
            parentColumns = ["name"],
            childColumns = ["owner"],
            onDelete = ForeignKey.CASCADE,
        ),
        ForeignKey(
            entity = Dog::class,
            parentColumns = ["_id"],
            childColumns = ["target"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
    indices = [
        Index(value = ["target"]),
    ],
)
data class PersonDogs(
    val owner: String,
    val position: Long,
    val target: String,
)
