// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Embedded
import androidx.room.Entity
import androidx.room.Junction
import androidx.room.PrimaryKey
import androidx.room.Relation

// Embedded in the file: its objects belong to the object that links to them; Room keeps them in a table of their own.
@Entity
data class Address(
    // The file identifies these objects itself (Core Data's Z_PK, Realm's object key): Room's rowid.
    @PrimaryKey(autoGenerate = true) val id: Long = 0,
    val street: String,
    val city: String? = null,
)

// The objects of Person whose home holds this one.
data class AddressWithPersonsViaHome(
    @Embedded val address: Address,
    @Relation(
        parentColumn = "id",
        entityColumn = "home",
    )
    val personsViaHome: List<Person>,
)

// The objects of Person whose pastAddresses holds this one.
data class AddressWithPersonsViaPastAddresses(
    @Embedded val address: Address,
    @Relation(
        parentColumn = "id",
        entityColumn = "name",
        associateBy = Junction(PersonPastAddresses::class, parentColumn = "target", entityColumn = "owner"),
    )
    val personsViaPastAddresses: List<Person>,
)
