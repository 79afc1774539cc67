// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and
// decimals their text, through Converters.

import androidx.room.Database
import androidx.room.RoomDatabase
import androidx.room.TypeConverters

@Database(
    entities = [
        RealmTestClass0::class,
        RealmTestClass1::class,
        RealmTestClass2::class,
        RealmTestClass1ArrayReference::class,
    ],
    version = 1,
)
@TypeConverters(Converters::class)
abstract class DemoDatabase : RoomDatabase()
