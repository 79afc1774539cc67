// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Embedded
import androidx.room.Entity
import androidx.room.Junction
import androidx.room.PrimaryKey
import androidx.room.Relation
import java.time.Instant

@Entity
data class RealmTestClass1(
    @PrimaryKey val id: Long,
    val integerValue: Long,
    val boolValue: Boolean,
    val floatValue: Float,
    val doubleValue: Double,
    val stringValue: String,
    val dateValue: Instant,
)

// Room's @Relation does not keep the order: sort by RealmTestClass1ArrayReference.position in a @Query when it matters.
data class RealmTestClass1WithArrayReference(
    @Embedded val realmTestClass1: RealmTestClass1,
    @Relation(
        parentColumn = "id",
        entityColumn = "id",
        associateBy = Junction(RealmTestClass1ArrayReference::class, parentColumn = "owner", entityColumn = "target"),
    )
    val arrayReference: List<RealmTestClass0>,
)

// The objects of RealmTestClass2 whose objectReference holds this one.
data class RealmTestClass1WithRealmTestClass2s(
    @Embedded val realmTestClass1: RealmTestClass1,
    @Relation(
        parentColumn = "id",
        entityColumn = "objectReference",
    )
    val realmTestClass2s: List<RealmTestClass2>,
)
