// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index

// The set Person.dogSet: its objects' keys.
@Entity(
    tableName = "Person_dogSet",
    primaryKeys = ["owner", "value"],
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
            childColumns = ["value"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
    indices = [
        Index(value = ["value"]),
    ],
)
data class PersonDogSet(
    val owner: String,
    val value: String,
)
