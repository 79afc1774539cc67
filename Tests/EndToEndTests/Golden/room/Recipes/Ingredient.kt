// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.ColumnInfo
import androidx.room.Embedded
import androidx.room.Entity
import androidx.room.Junction
import androidx.room.PrimaryKey
import androidx.room.Relation
import java.time.Instant

// A sub-entity of Item, an abstract entity that is not written: Room has no inheritance, so its properties are columns here too.
@Entity
data class Ingredient(
    // The file identifies these objects itself (Core Data's Z_PK, Realm's object key): Room's rowid.
    @PrimaryKey(autoGenerate = true) val id: Long = 0,
    val createdAt: Instant,
    val name: String,
    val notes: String? = null,
    @ColumnInfo(defaultValue = "0") val caloriesPer100g: Int = 0,
    @ColumnInfo(defaultValue = "1") val isVegetarian: Boolean = true,
)

data class IngredientWithRecipes(
    @Embedded val ingredient: Ingredient,
    @Relation(
        parentColumn = "id",
        entityColumn = "id",
        associateBy = Junction(IngredientRecipes::class, parentColumn = "owner", entityColumn = "value"),
    )
    val recipes: List<Recipe>,
)
