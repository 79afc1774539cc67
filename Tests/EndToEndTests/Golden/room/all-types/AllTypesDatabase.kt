// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Database
import androidx.room.RoomDatabase
import androidx.room.TypeConverters

@Database(
    entities = [
        Address::class,
        AllTypes::class,
        Dog::class,
        Person::class,
        PersonDogs::class,
        PersonPastAddresses::class,
        PersonDogSet::class,
        PersonDogsByNickname::class,
        PersonScores::class,
        PersonOptScores::class,
        PersonNicknames::class,
        PersonDates::class,
        PersonAnyList::class,
        PersonTags::class,
        PersonLuckyNumbers::class,
        PersonUuidSet::class,
        PersonAnySet::class,
        PersonProperties::class,
        PersonCounts::class,
        PersonLabels::class,
    ],
    version = 1,
)
@TypeConverters(Converters::class)
abstract class AllTypesDatabase : RoomDatabase()
