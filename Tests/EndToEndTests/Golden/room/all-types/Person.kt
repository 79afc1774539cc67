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

@Entity(
    foreignKeys = [
        ForeignKey(
            entity = Dog::class,
            parentColumns = ["_id"],
            childColumns = ["favouriteDog"],
            onDelete = ForeignKey.SET_NULL,
        ),
        ForeignKey(
            entity = Person::class,
            parentColumns = ["name"],
            childColumns = ["bestFriend"],
            onDelete = ForeignKey.SET_NULL,
        ),
        ForeignKey(
            entity = Address::class,
            parentColumns = ["id"],
            childColumns = ["home"],
            onDelete = ForeignKey.SET_NULL,
        ),
    ],
    indices = [
        Index(value = ["favouriteDog"]),
        Index(value = ["bestFriend"]),
        Index(value = ["home"]),
    ],
)
data class Person(
    @PrimaryKey val name: String,
    val age: Long,
    // A link to Dog: the key of its object.
    @ColumnInfo(name = "favouriteDog") val favouriteDogId: String? = null,
    // A link to Person: the key of its object.
    @ColumnInfo(name = "bestFriend") val bestFriendId: String? = null,
    // A link to Address: the key of its object.
    @ColumnInfo(name = "home") val homeId: Long? = null,
    // A value of any type (mixed): Room has no untyped column, so its text; the app converts it.
    val nested: String? = null,
)

// Room's @Relation does not keep the order: sort by PersonDogs.position in a @Query when it matters.
data class PersonWithDogs(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "_id",
        associateBy = Junction(PersonDogs::class, parentColumn = "owner", entityColumn = "target"),
    )
    val dogs: List<Dog>,
)

// Room's @Relation does not keep the order: sort by PersonPastAddresses.position in a @Query when it matters.
data class PersonWithPastAddresses(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "id",
        associateBy = Junction(PersonPastAddresses::class, parentColumn = "owner", entityColumn = "target"),
    )
    val pastAddresses: List<Address>,
)

data class PersonWithDogSet(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "_id",
        associateBy = Junction(PersonDogSet::class, parentColumn = "owner", entityColumn = "value"),
    )
    val dogSet: List<Dog>,
)

data class PersonWithDogsByNickname(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val dogsByNickname: List<PersonDogsByNickname>,
)

data class PersonWithScores(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val scores: List<PersonScores>,
)

data class PersonWithOptScores(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val optScores: List<PersonOptScores>,
)

data class PersonWithNicknames(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val nicknames: List<PersonNicknames>,
)

data class PersonWithDates(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val dates: List<PersonDates>,
)

data class PersonWithAnyList(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val anyList: List<PersonAnyList>,
)

data class PersonWithTags(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val tags: List<PersonTags>,
)

data class PersonWithLuckyNumbers(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val luckyNumbers: List<PersonLuckyNumbers>,
)

data class PersonWithUuidSet(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val uuidSet: List<PersonUuidSet>,
)

data class PersonWithAnySet(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val anySet: List<PersonAnySet>,
)

data class PersonWithProperties(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val properties: List<PersonProperties>,
)

data class PersonWithCounts(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val counts: List<PersonCounts>,
)

data class PersonWithLabels(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "owner",
    )
    val labels: List<PersonLabels>,
)

// The objects of Person whose bestFriend holds this one.
data class PersonWithPersons(
    @Embedded val person: Person,
    @Relation(
        parentColumn = "name",
        entityColumn = "bestFriend",
    )
    val persons: List<Person>,
)
