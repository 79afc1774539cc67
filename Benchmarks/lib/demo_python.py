#!/usr/bin/env python3
"""Write Strata's demo database the way a Python user would.

Usage: demo_python.py PATH ROWS

The peer of `strata demo PATH --rows ROWS`: the same schema (demo_schema.sql,
then demo_indexes.sql after the data) and value distributions, written with
the standard library only: sqlite3, random, uuid, time. One transaction,
journal and syncs off, one executemany per table fed by a generator, so
memory stays flat whatever ROWS is. PATH is replaced if it exists.
"""

import os
import random
import sqlite3
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = 1_767_225_600  # 2026-01-01T00:00:00Z, where `strata demo --seed` counts back from
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
FLT_MIN, FLT_MAX = 1.1754943508222875e-38, 3.4028234663852886e38
DBL_MIN, DBL_MAX = 2.2250738585072014e-308, 1.7976931348623157e308
LONG = 10_000


def integer():
    k = random.randrange(20)
    if k == 0:
        return INT64_MIN
    if k == 1:
        return INT64_MAX
    if k == 2:
        return 0
    return random.randrange(9_999_999)


def real(smallest, largest):
    k = random.randrange(20)
    if k == 0:
        return smallest
    if k == 1:
        return largest
    if k == 2:
        return 0.0
    return random.randrange(9_999_999) / 9999.0


def string():
    """An upper-case UUID; 1 in 100 padded with " bla" to 10,000 characters."""
    text = str(uuid.uuid4()).upper()
    if random.randrange(100) == 0:
        text = (text + " bla" * (LONG // 4))[:LONG]
    return text


def date():
    seconds = NOW - random.randrange(999_999_999)
    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(seconds))


def class0(rows):
    for i in range(1, rows + 1):
        yield i, integer(), string(), string().encode()


def class1(rows):
    for i in range(1, rows + 1):
        yield (i, integer(), random.randrange(2), real(FLT_MIN, FLT_MAX), real(DBL_MIN, DBL_MAX),
               string(), date())


def lists(rows):
    for owner in range(1, rows + 1):
        for position in range(random.randrange(13)):
            yield owner, position, random.randrange(rows) + 1


def class2(rows):
    for i in range(1, rows + 1):
        yield i, integer(), random.randrange(2), random.randrange(rows) + 1


def statements(name):
    """The statements of an SQL file here (executescript would commit the transaction)."""
    with open(os.path.join(HERE, name)) as file:
        return [text for text in file.read().split(";\n") if text.strip()]


def main():
    if len(sys.argv) != 3 or not sys.argv[2].isdigit():
        sys.exit("usage: demo_python.py PATH ROWS")
    path, rows = sys.argv[1], int(sys.argv[2])
    for suffix in ("", "-journal", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)

    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    for statement in statements("demo_schema.sql"):
        db.execute(statement)
    db.executemany("INSERT INTO RealmTestClass0 (id, integerValue, stringValue, dataValue) VALUES (?, ?, ?, ?)",
                   class0(rows))
    db.executemany("INSERT INTO RealmTestClass1 (id, integerValue, boolValue, floatValue, doubleValue, "
                   "stringValue, dateValue) VALUES (?, ?, ?, ?, ?, ?, ?)", class1(rows))
    db.executemany("INSERT INTO RealmTestClass1_arrayReference (owner, position, target) VALUES (?, ?, ?)",
                   lists(rows))
    db.executemany("INSERT INTO RealmTestClass2 (id, integerValue, boolValue, objectReference) VALUES (?, ?, ?, ?)",
                   class2(rows))
    for statement in statements("demo_indexes.sql"):
        db.execute(statement)
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    main()
