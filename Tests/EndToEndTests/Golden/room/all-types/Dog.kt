// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Embedded
import androidx.room.Entity
import androidx.room.Junction
import androidx.room.PrimaryKey
import androidx.room.Relation

@Entity
data class Dog(
    // An ObjectId: its 24 hex digits.
    @PrimaryKey val _id: String,
    val dogName: String,
    val age: Long? = null,
)

// The objects of Person whose favouriteDog holds this one.
data class DogWithPersonsViaFavouriteDog(
    @Embedded val dog: Dog,
    @Relation(
        parentColumn = "_id",
        entityColumn = "favouriteDog",
    )
    val personsViaFavouriteDog: List<Person>,
)

// The objects of Person whose dogs holds this one.
data class DogWithPersonsViaDogs(
    @Embedded val dog: Dog,
    @Relation(
        parentColumn = "_id",
        entityColumn = "name",
        associateBy = Junction(PersonDogs::class, parentColumn = "target", entityColumn = "owner"),
    )
    val personsViaDogs: List<Person>,
)

// The objects of Person whose dogSet holds this one.
data class DogWithPersonsViaDogSet(
    @Embedded val dog: Dog,
    @Relation(
        parentColumn = "_id",
        entityColumn = "name",
        associateBy = Junction(PersonDogSet::class, parentColumn = "value", entityColumn = "owner"),
    )
    val personsViaDogSet: List<Person>,
)
