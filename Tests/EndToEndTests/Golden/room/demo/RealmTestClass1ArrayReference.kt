// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index

// The list RealmTestClass1.arrayReference: its objects' keys, in order.
@Entity(
    tableName = "RealmTestClass1_arrayReference",
    primaryKeys = ["owner", "position"],
    foreignKeys = [
        ForeignKey(
            entity = RealmTestClass1::class,
            parentColumns = ["id"],
            childColumns = ["owner"],
            onDelete = ForeignKey.CASCADE,
        ),
        ForeignKey(
            entity = RealmTestClass0::class,
            parentColumns = ["id"],
            childColumns = ["target"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
    indices = [
        Index(value = ["target"]),
    ],
)
data class RealmTestClass1ArrayReference(
    val owner: Long,
    val position: Long,
    val target: Long,
)
