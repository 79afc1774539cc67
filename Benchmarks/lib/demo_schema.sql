-- Strata's demo database: a copy of DemoGenerator.schemaSQL in
-- Sources/StrataKit/Demo/DemoGenerator.swift, used by the benchmark's peers.
-- demo_check.py compares every output (strata's too) against it.
CREATE TABLE RealmTestClass0 (
    id INTEGER PRIMARY KEY,
    integerValue INTEGER NOT NULL,
    stringValue TEXT NOT NULL,
    dataValue BLOB NOT NULL
);
CREATE TABLE RealmTestClass1 (
    id INTEGER PRIMARY KEY,
    integerValue INTEGER NOT NULL,
    boolValue BOOLEAN NOT NULL CHECK (boolValue IN (0, 1)),
    floatValue FLOAT NOT NULL,
    doubleValue DOUBLE NOT NULL,
    stringValue TEXT NOT NULL,
    dateValue DATETIME NOT NULL
);
CREATE TABLE RealmTestClass1_arrayReference (
    owner INTEGER NOT NULL REFERENCES RealmTestClass1(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    target INTEGER NOT NULL REFERENCES RealmTestClass0(id) ON DELETE CASCADE,
    PRIMARY KEY (owner, position)
) WITHOUT ROWID;
CREATE TABLE RealmTestClass2 (
    id INTEGER PRIMARY KEY,
    integerValue INTEGER NOT NULL,
    boolValue BOOLEAN NOT NULL CHECK (boolValue IN (0, 1)),
    objectReference INTEGER REFERENCES RealmTestClass1(id) ON DELETE SET NULL
);
