// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Database
import androidx.room.RoomDatabase
import androidx.room.TypeConverters

@Database(
    entities = [
        Cuisine::class,
        Ingredient::class,
        Recipe::class,
        IngredientRecipes::class,
    ],
    version = 1,
)
@TypeConverters(Converters::class)
abstract class RecipesDatabase : RoomDatabase()
