// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index
import androidx.room.PrimaryKey

// The set Person.anySet: each value once (null among them, so the rowid is the key).
@Entity(
    tableName = "Person_anySet",
    foreignKeys = [
        ForeignKey(
            entity = Person::class,
            parentColumns = ["name"],
            childColumns = ["owner"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
    indices = [
        Index(value = ["owner", "value"], unique = true),
    ],
)
data class PersonAnySet(
    @PrimaryKey(autoGenerate = true) val id: Long = 0,
    val owner: String,
    // A value of any type (mixed): Room has no untyped column, so its text; the app converts it.
    val value: String?,
)
