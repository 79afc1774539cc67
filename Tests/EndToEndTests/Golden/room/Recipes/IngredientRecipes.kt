// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Entity
import androidx.room.ForeignKey
import androidx.room.Index

// The set Ingredient.recipes: its objects' keys.
@Entity(
    tableName = "Ingredient_recipes",
    primaryKeys = ["owner", "value"],
    foreignKeys = [
        ForeignKey(
            entity = Ingredient::class,
            parentColumns = ["id"],
            childColumns = ["owner"],
            onDelete = ForeignKey.CASCADE,
        ),
        ForeignKey(
            entity = Recipe::class,
            parentColumns = ["id"],
            childColumns = ["value"],
            onDelete = ForeignKey.CASCADE,
        ),
    ],
    indices = [
        Index(value = ["value"]),
    ],
)
data class IngredientRecipes(
    val owner: Long,
    val value: Long,
)
