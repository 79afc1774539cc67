// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.ColumnInfo
import androidx.room.Embedded
import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index
import androidx.room.Junction
import androidx.room.PrimaryKey
import androidx.room.Relation
import java.time.Instant

// A sub-entity of Item, an abstract entity that is not written: Room has no inheritance, so its properties are columns here too.
@Entity(
    foreignKeys = [
        ForeignKey(
            entity = Cuisine::class,
            parentColumns = ["id"],
            childColumns = ["cuisine"],
            onDelete = ForeignKey.SET_NULL,
        ),
    ],
    indices = [
        Index(value = ["cuisine"]),
    ],
)
data class Recipe(
    // The file identifies these objects itself (Core Data's Z_PK, Realm's object key): Room's rowid.
    @PrimaryKey(autoGenerate = true) val id: Long = 0,
    val createdAt: Instant,
    val name: String,
    val notes: String? = null,
    @ColumnInfo(defaultValue = "0") val isFavorite: Boolean = false,
    @ColumnInfo(defaultValue = "0") val prepMinutes: Int = 0,
    val rating: Double? = null,
    @ColumnInfo(defaultValue = "2") val servings: Short = 2,
    // A link to Cuisine: the key of its object.
    @ColumnInfo(name = "cuisine") val cuisineId: Long? = null,
)

// The inverse of Ingredient.recipes, whose table keeps both.
data class RecipeWithIngredients(
    @Embedded val recipe: Recipe,
    @Relation(
        parentColumn = "id",
        entityColumn = "id",
        associateBy = Junction(IngredientRecipes::class, parentColumn = "value", entityColumn = "owner"),
    )
    val ingredients: List<Ingredient>,
)
