// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index
import androidx.room.PrimaryKey

@Entity(
    foreignKeys = [
        ForeignKey(
            entity = RealmTestClass1::class,
            parentColumns = ["id"],
            childColumns = ["objectReference"],
            onDelete = ForeignKey.SET_NULL,
        ),
    ],
    indices = [
        Index(value = ["objectReference"]),
    ],
)
data class RealmTestClass2(
    @PrimaryKey val id: Long,
    val integerValue: Long,
    val boolValue: Boolean,
    // A link to RealmTestClass1: the key of its object.
    @ColumnInfo(name = "objectReference") val objectReferenceId: Long? = null,
)
