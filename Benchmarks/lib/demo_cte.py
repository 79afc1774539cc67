#!/usr/bin/env python3
"""Print an SQL script that makes Strata's demo database in the sqlite3 shell.

Usage: demo_cte.py ROWS --tables TABLES.sql --indexes INDEXES.sql [--now SECONDS] > demo.sql
       sqlite3 demo.db < demo.sql

The peer of `strata demo FILE --rows ROWS`: the same schema (TABLES.sql, then
INDEXES.sql after the data: the statements the runner reads from a database
that `strata demo` wrote), the same value distributions, drawn
with SQLite's random() instead of Strata's seeded generator. Everything
happens inside SQLite, in one transaction, one INSERT ... SELECT per table
fed by a recursive CTE counter: the fastest the stock shell can do it.
Journal and syncs are off (SQLite's floor); the page cache keeps its default
size, which builds the indexes faster than a large one.

Every random value that an expression reads more than once (the two 64-bit
halves of a UUID) is a column of the recursive CTE, so it is drawn once per
row: SQLite may inline a plain subquery's random() at every use.

Uniform integers are (random() & 0x7FFF...) % M: abs(random()) fails on the
one value with no positive counterpart, and the modulo bias is below 1e-12.
"""

import argparse

SEEDED_NOW = 1_767_225_600  # 2026-01-01T00:00:00Z, where `strata demo --seed` counts back from
POSITIVE = "9223372036854775807"


def uniform(bound):
    """An expression for a uniform integer in 0..<bound."""
    return f"((random() & {POSITIVE}) % {bound})"


def one_in_20(first, second, zero, otherwise):
    """1 in 20 `first`, 1 in 20 `second`, 1 in 20 `zero`, else `otherwise`."""
    return (f"CASE {uniform(20)} WHEN 0 THEN {first} WHEN 1 THEN {second} "
            f"WHEN 2 THEN {zero} ELSE {otherwise} END")


INTEGER = one_in_20("-9223372036854775808", POSITIVE, "0", uniform(9_999_999))
FLOAT = one_in_20("1.1754943508222875e-38", "3.4028234663852886e38", "0.0",
                  f"{uniform(9_999_999)} / 9999.0")
DOUBLE = one_in_20("2.2250738585072014e-308", "1.7976931348623157e308", "0.0",
                   f"{uniform(9_999_999)} / 9999.0")
BOOL = "(random() & 1)"


def string(high, low):
    """A version 4 UUID in upper case from two random 64-bit columns; 1 in 100
    padded with ' bla' to 10,000 characters (the padding is computed once)."""
    uuid = (f"printf('%08X-%04X-4%03X-%04X-%012X', {high} & 0xFFFFFFFF, ({high} >> 32) & 0xFFFF, "
            f"({high} >> 48) & 0xFFF, 0x8000 | ({low} & 0x3FFF), ({low} >> 14) & 0xFFFFFFFFFFFF)")
    return f"{uuid} || CASE WHEN {uniform(100)} = 0 THEN (SELECT s FROM pad) ELSE '' END"


def counter(columns, rows):
    """A recursive CTE c(i, columns...) counting 1..rows, each column a fresh random()."""
    names = ", ".join(["i"] + columns)
    draws = "".join(", random()" for _ in columns)
    return (f"c({names}) AS (\n"
            f"    SELECT 1{draws} WHERE {rows} >= 1\n"
            f"    UNION ALL\n"
            f"    SELECT i + 1{draws} FROM c WHERE i < {rows}\n"
            f")")


def script(rows, now, schema, indexes):
    """The script; schema and indexes are SQL text, each statement ending in ";\n"."""
    pad = "pad(s) AS (SELECT replace(hex(zeroblob(2491)), '00', ' bla'))"  # 36 + 2491 * 4 = 10,000
    date = f"strftime('%Y-%m-%dT%H:%M:%fZ', {now} - {uniform(999_999_999)}, 'unixepoch')"
    return f"""\
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
BEGIN;
{schema}
WITH RECURSIVE {pad},
{counter(["a", "b", "d", "e"], rows)}
INSERT INTO RealmTestClass0 (id, integerValue, stringValue, dataValue)
SELECT i, {INTEGER},
       {string("a", "b")},
       CAST({string("d", "e")} AS BLOB)
  FROM c;

WITH RECURSIVE {pad},
{counter(["a", "b"], rows)}
INSERT INTO RealmTestClass1 (id, integerValue, boolValue, floatValue, doubleValue, stringValue, dateValue)
SELECT i, {INTEGER}, {BOOL},
       {FLOAT},
       {DOUBLE},
       {string("a", "b")},
       {date}
  FROM c;

-- 0..12 list entries per RealmTestClass1 object: the length k is drawn once per owner.
WITH RECURSIVE
{counter(["k"], rows).replace("random()", uniform(13))},
p(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM p WHERE j < 11)
INSERT INTO RealmTestClass1_arrayReference (owner, position, target)
SELECT i, j, {uniform(rows or 1)} + 1
  FROM c CROSS JOIN p
 WHERE j < k;

WITH RECURSIVE
{counter([], rows)}
INSERT INTO RealmTestClass2 (id, integerValue, boolValue, objectReference)
SELECT i, {INTEGER}, {BOOL}, {uniform(rows or 1)} + 1
  FROM c;

{indexes}COMMIT;
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rows", type=int, help="objects per class")
    parser.add_argument("--tables", metavar="FILE", required=True,
                        help="the CREATE TABLE statements, run before the data")
    parser.add_argument("--indexes", metavar="FILE", required=True,
                        help="the CREATE INDEX statements, run after the data")
    parser.add_argument("--now", type=int, default=SEEDED_NOW,
                        help="Unix time the dates count back from (default 2026-01-01, as strata --seed)")
    args = parser.parse_args()
    if args.rows < 0:
        parser.error("rows must be >= 0")
    with open(args.tables) as tables, open(args.indexes) as indexes:
        print(script(args.rows, args.now, tables.read(), indexes.read()), end="")


if __name__ == "__main__":
    main()
