// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Embedded
import androidx.room.Entity
import androidx.room.Junction
import androidx.room.PrimaryKey
import androidx.room.Relation

@Entity
data class RealmTestClass0(
    @PrimaryKey val id: Long,
    val integerValue: Long,
    val stringValue: String,
    val dataValue: ByteArray,
)

// The objects of RealmTestClass1 whose arrayReference holds this one.
data class RealmTestClass0WithRealmTestClass1s(
    @Embedded val realmTestClass0: RealmTestClass0,
    @Relation(
        parentColumn = "id",
        entityColumn = "id",
        associateBy = Junction(RealmTestClass1ArrayReference::class, parentColumn = "target", entityColumn = "owner"),
    )
    val realmTestClass1s: List<RealmTestClass1>,
)
