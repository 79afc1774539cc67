#!/usr/bin/env python3
"""Write Strata's demo database the way a Python user would.

Usage: demo_python.py PATH ROWS --tables TABLES.sql --indexes INDEXES.sql

The peer of `strata demo PATH --rows ROWS`: the same schema (TABLES.sql, then
INDEXES.sql after the data: the statements the runner reads from a database
that `strata demo` wrote) and value distributions, written with
the standard library only: sqlite3, random, uuid, time. One transaction,
journal and syncs off, one executemany per table fed by a generator, so
memory stays flat whatever ROWS is. PATH is replaced if it exists.
"""

import argparse
import random
import sqlite3
import sys
import time
import uuid

import generator_cli

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


def statements(path):
    """The statements of an SQL file, one by one (executescript would commit the transaction)."""
    result, pending = [], ""
    with open(path) as file:
        for line in file:
            pending += line
            if sqlite3.complete_statement(pending):
                result.append(pending)
                pending = ""
    if pending.strip():
        sys.exit(f"demo_python: {path}: incomplete statement at the end: {pending.strip()[:60]!r}")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path")
    parser.add_argument("rows", type=int, help="objects per class")
    parser.add_argument("--tables", metavar="FILE", required=True,
                        help="the CREATE TABLE statements, run before the data")
    parser.add_argument("--indexes", metavar="FILE", required=True,
                        help="the CREATE INDEX statements, run after the data")
    args = parser.parse_args()
    if args.rows < 0:
        parser.error("rows must be >= 0")
    path, rows = args.path, args.rows
    tables, indexes = statements(args.tables), statements(args.indexes)
    db = generator_cli.fresh_database(path)
    db.execute("BEGIN")
    for statement in tables:
        db.execute(statement)
    db.executemany("INSERT INTO RealmTestClass0 (id, integerValue, stringValue, dataValue) VALUES (?, ?, ?, ?)",
                   class0(rows))
    db.executemany("INSERT INTO RealmTestClass1 (id, integerValue, boolValue, floatValue, doubleValue, "
                   "stringValue, dateValue) VALUES (?, ?, ?, ?, ?, ?, ?)", class1(rows))
    db.executemany("INSERT INTO RealmTestClass1_arrayReference (owner, position, target) VALUES (?, ?, ?)",
                   lists(rows))
    db.executemany("INSERT INTO RealmTestClass2 (id, integerValue, boolValue, objectReference) VALUES (?, ?, ?, ?)",
                   class2(rows))
    for statement in indexes:
        db.execute(statement)
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    main()
