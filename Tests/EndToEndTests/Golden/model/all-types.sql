-- The model of all-types in Strata's conventions, written by strata model --to sql.
-- Apply it to an empty database: strata migrate, or sqlite3 new.sqlite < all-types.sql

CREATE TABLE "Address" (
    "_key" INTEGER PRIMARY KEY,
    "street" TEXT NOT NULL,
    "city" TEXT
);

CREATE TABLE "AllTypes" (
    "_id" INTEGER NOT NULL,
    "intValue" INTEGER NOT NULL,
    "boolValue" BOOLEAN NOT NULL,
    "floatValue" FLOAT NOT NULL,
    "doubleValue" DOUBLE NOT NULL,
    "stringValue" TEXT NOT NULL,
    "binaryValue" BLOB NOT NULL,
    "dateValue" DATETIME NOT NULL,
    "decimalValue" DECIMAL TEXT NOT NULL,
    "objectIdValue" OBJECTID TEXT NOT NULL,
    "uuidValue" UUID TEXT NOT NULL,
    "mixedValue",
    "optIntValue" INTEGER,
    "optBoolValue" BOOLEAN,
    "optFloatValue" FLOAT,
    "optDoubleValue" DOUBLE,
    "optStringValue" TEXT,
    "optBinaryValue" BLOB,
    "optDateValue" DATETIME,
    "optDecimalValue" DECIMAL TEXT,
    "optObjectIdValue" OBJECTID TEXT,
    "optUuidValue" UUID TEXT,
    "indexedString" TEXT NOT NULL,
    PRIMARY KEY ("_id")
);
CREATE INDEX "AllTypes_indexedString_index" ON "AllTypes" ("indexedString");

CREATE TABLE "Dog" (
    "_id" OBJECTID TEXT NOT NULL,
    "dogName" TEXT NOT NULL,
    "age" INTEGER,
    PRIMARY KEY ("_id")
);

CREATE TABLE "Person" (
    "name" TEXT NOT NULL,
    "age" INTEGER NOT NULL,
    "favouriteDog" OBJECTID TEXT REFERENCES "Dog"("_id") ON DELETE SET NULL,
    "bestFriend" TEXT REFERENCES "Person"("name") ON DELETE SET NULL,
    "home" INTEGER REFERENCES "Address"("_key") ON DELETE SET NULL,
    "nested",
    PRIMARY KEY ("name")
);
CREATE INDEX "Person_favouriteDog_index" ON "Person" ("favouriteDog");
CREATE INDEX "Person_bestFriend_index" ON "Person" ("bestFriend");
CREATE INDEX "Person_home_index" ON "Person" ("home");

CREATE TABLE "Person_dogs" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "target" OBJECTID TEXT NOT NULL REFERENCES "Dog"("_id") ON DELETE CASCADE,
    PRIMARY KEY ("owner", "position")
) WITHOUT ROWID;

CREATE TABLE "Person_pastAddresses" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "target" INTEGER NOT NULL REFERENCES "Address"("_key") ON DELETE CASCADE,
    PRIMARY KEY ("owner", "position")
) WITHOUT ROWID;

CREATE TABLE "Person_dogSet" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "value" OBJECTID TEXT NOT NULL REFERENCES "Dog"("_id") ON DELETE CASCADE,
    PRIMARY KEY ("owner", "value")
) WITHOUT ROWID;

CREATE TABLE "Person_dogsByNickname" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "key" TEXT NOT NULL,
    "value" OBJECTID TEXT REFERENCES "Dog"("_id") ON DELETE SET NULL,
    PRIMARY KEY ("owner", "key")
) WITHOUT ROWID;

CREATE TABLE "Person_scores" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "value" INTEGER NOT NULL,
    PRIMARY KEY ("owner", "position")
) WITHOUT ROWID;

CREATE TABLE "Person_optScores" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "value" DOUBLE,
    PRIMARY KEY ("owner", "position")
) WITHOUT ROWID;

CREATE TABLE "Person_nicknames" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    PRIMARY KEY ("owner", "position")
) WITHOUT ROWID;

CREATE TABLE "Person_dates" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "value" DATETIME NOT NULL,
    PRIMARY KEY ("owner", "position")
) WITHOUT ROWID;

CREATE TABLE "Person_anyList" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "value",
    PRIMARY KEY ("owner", "position")
) WITHOUT ROWID;

CREATE TABLE "Person_tags" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "value" TEXT NOT NULL,
    PRIMARY KEY ("owner", "value")
) WITHOUT ROWID;

CREATE TABLE "Person_luckyNumbers" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "value" INTEGER NOT NULL,
    PRIMARY KEY ("owner", "value")
) WITHOUT ROWID;

CREATE TABLE "Person_uuidSet" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "value" UUID TEXT NOT NULL,
    PRIMARY KEY ("owner", "value")
) WITHOUT ROWID;

CREATE TABLE "Person_anySet" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "value",
    UNIQUE ("owner", "value")
);

CREATE TABLE "Person_properties" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "key" TEXT NOT NULL,
    "value",
    PRIMARY KEY ("owner", "key")
) WITHOUT ROWID;

CREATE TABLE "Person_counts" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "key" TEXT NOT NULL,
    "value" INTEGER NOT NULL,
    PRIMARY KEY ("owner", "key")
) WITHOUT ROWID;

CREATE TABLE "Person_labels" (
    "owner" TEXT NOT NULL REFERENCES "Person"("name") ON DELETE CASCADE,
    "key" TEXT NOT NULL,
    "value" TEXT,
    PRIMARY KEY ("owner", "key")
) WITHOUT ROWID;
