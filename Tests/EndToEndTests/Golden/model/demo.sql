-- The model of demo in Strata's conventions, written by strata model --to sql.
-- Apply it to an empty database: strata migrate, or sqlite3 new.sqlite < demo.sql

CREATE TABLE "RealmTestClass0" (
    "id" INTEGER NOT NULL,
    "integerValue" INTEGER NOT NULL,
    "stringValue" TEXT NOT NULL,
    "dataValue" BLOB NOT NULL,
    PRIMARY KEY ("id")
);

CREATE TABLE "RealmTestClass1" (
    "id" INTEGER NOT NULL,
    "integerValue" INTEGER NOT NULL,
    "boolValue" BOOLEAN NOT NULL,
    "floatValue" FLOAT NOT NULL,
    "doubleValue" DOUBLE NOT NULL,
    "stringValue" TEXT NOT NULL,
    "dateValue" DATETIME NOT NULL,
    PRIMARY KEY ("id")
);

CREATE TABLE "RealmTestClass2" (
    "id" INTEGER NOT NULL,
    "integerValue" INTEGER NOT NULL,
    "boolValue" BOOLEAN NOT NULL,
    "objectReference" INTEGER REFERENCES "RealmTestClass1"("id") ON DELETE SET NULL,
    PRIMARY KEY ("id")
);
CREATE INDEX "RealmTestClass2_objectReference_index" ON "RealmTestClass2" ("objectReference");

CREATE TABLE "RealmTestClass1_arrayReference" (
    "owner" INTEGER NOT NULL REFERENCES "RealmTestClass1"("id") ON DELETE CASCADE,
    "position" INTEGER NOT NULL,
    "target" INTEGER NOT NULL REFERENCES "RealmTestClass0"("id") ON DELETE CASCADE,
    PRIMARY KEY ("owner", "position")
) WITHOUT ROWID;
