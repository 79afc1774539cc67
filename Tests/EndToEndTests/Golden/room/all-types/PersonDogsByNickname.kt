// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index

// The dictionary Person.dogsByNickname: each key with its object's key, or null.
@Entity(
    tableName = "Person_dogsByNickname",
    primaryKeys = ["owner", "key"],
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
            onDelete = ForeignKey.SET_NULL,
        ),
    ],
    indices = [
        Index(value = ["value"]),
    ],
)
data class PersonDogsByNickname(
    val owner: String,
    val key: String,
    val value: String?,
)
