// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Embedded
import androidx.room.Entity
import androidx.room.PrimaryKey
import androidx.room.Relation

@Entity
data class Cuisine(
    // The file identifies these objects itself (Core Data's Z_PK, Realm's object key): Room's rowid.
    @PrimaryKey(autoGenerate = true) val id: Long = 0,
    val name: String,
)

// The inverse of Recipe.cuisine: the objects whose cuisine is this one.
data class CuisineWithRecipes(
    @Embedded val cuisine: Cuisine,
    @Relation(
        parentColumn = "id",
        entityColumn = "cuisine",
    )
    val recipes: List<Recipe>,
)
