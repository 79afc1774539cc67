#!/usr/bin/env python3
"""Check that a file holds Strata's demo database with ROWS objects per class.

Usage: demo_check.py FILE ROWS --reference REF [--now SECONDS] [-v]

REF is a database written by `strata demo REF --rows 0`: Strata's own schema,
the one thing this script does not keep a copy of. Checks, for the output of
`strata demo` and of its peers alike:
  * the schema is REF's, statement for statement (sqlite_master's type, name,
    tbl_name and sql of every entry);
  * PRAGMA integrity_check says ok and PRAGMA foreign_key_check finds nothing;
  * each class holds ids 1..ROWS; each list has positions 0..k-1, k <= 12;
  * every value has the right type and range: UUID strings (version 4, upper
    case), 36 or exactly 10,000 characters, padded with " bla"; dates in ISO
    8601 with milliseconds, at most 999,999,999 s before --now; references
    in 1..ROWS;
  * with ROWS >= 1000, the distributions roughly: 1 in 20 each of the
    extremes and zero, 1 in 100 padded strings, half true, lists of 6 on
    average, references averaging (ROWS + 1) / 2. Tolerances are 6 standard
    deviations, so a correct generator fails about once in 10^8 checks.

Prints one summary line and exits 0, or lists the problems and exits 1.
"""

import argparse
import math
import os
import sqlite3
import sys
import time

SEEDED_NOW = 1_767_225_600
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
EXTREMES = {
    "integerValue": (INT64_MIN, INT64_MAX),
    "floatValue": (1.1754943508222875e-38, 3.4028234663852886e38),
    "doubleValue": (2.2250738585072014e-308, 1.7976931348623157e308),
}
HEX = "[0-9A-F]"
UUID_GLOB = "-".join([HEX * 8, HEX * 4, "4" + HEX * 3, "[89AB]" + HEX * 3, HEX * 12])
PADDING = " bla" * 2491  # 36 + 9,964 = 10,000
DATE_GLOB = "[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9].000Z"


def schema(db):
    return db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name").fetchall()


def schema_differences(found, expected):
    """What differs between two schemas, one line per entry, by name."""
    found, expected = {row[1]: row for row in found}, {row[1]: row for row in expected}
    lines = []
    for name in sorted(found.keys() | expected.keys()):
        if name not in found:
            lines.append(f"missing {expected[name][0]} {name}")
        elif name not in expected:
            lines.append(f"unexpected {found[name][0]} {name}")
        elif found[name] != expected[name]:
            lines.append(f"{found[name][0]} {name} differs: {found[name][3]!r} != {expected[name][3]!r}")
    return lines


def check(path, rows, now, verbose, expected_schema):
    problems = []
    stats = {}
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    one = lambda sql, *args: db.execute(sql, args).fetchone()[0]

    def expect(ok, message):
        if not ok:
            problems.append(message)

    def near(name, observed, mean, deviation):
        """The mean of rows >= 1000 draws within 6 standard deviations (of that mean) of the expected."""
        stats[name] = observed
        if rows >= 1000:
            slack = 6 * deviation
            expect(abs(observed - mean) <= slack, f"{name} is {observed:.4f}, expected {mean:.4f} +- {slack:.4f}")

    def fraction(name, observed, p, n):
        """A proportion of n draws, expected p."""
        near(name, observed, p, math.sqrt(p * (1 - p) / max(n, 1)))

    differences = schema_differences(schema(db), expected_schema)
    if differences:
        problems.extend(f"schema differs from strata demo's: {line}" for line in differences)
        return problems, stats
    integrity = [r[0] for r in db.execute("PRAGMA integrity_check")]
    expect(integrity == ["ok"], f"integrity_check: {integrity[:3]}")
    orphans = db.execute("PRAGMA foreign_key_check").fetchall()
    expect(not orphans, f"foreign_key_check: {len(orphans)} rows, first {orphans[:1]}")

    for table in ("RealmTestClass0", "RealmTestClass1", "RealmTestClass2"):
        count, low, high = db.execute(f"SELECT count(*), min(id), max(id) FROM {table}").fetchone()
        expect((count, low or 1, high or 0) == (rows, 1, rows),
               f"{table}: {count} rows with ids {low}..{high}, expected {rows} with ids 1..{rows}")
        stats[table] = count

    # Integers, in every class: extremes and zero 1 in 20 each, else 0..<9,999,999.
    for table in ("RealmTestClass0", "RealmTestClass1", "RealmTestClass2"):
        bad = one(f"SELECT count(*) FROM {table} WHERE typeof(integerValue) != 'integer' "
                  f"OR NOT (integerValue IN (?, ?) OR integerValue BETWEEN 0 AND 9999998)", INT64_MIN, INT64_MAX)
        expect(bad == 0, f"{table}.integerValue: {bad} values out of range")
        for label, value in (("min", INT64_MIN), ("max", INT64_MAX), ("zero", 0)):
            observed = one(f"SELECT avg(integerValue = ?) FROM {table}", value) or 0
            fraction(f"{table}.integerValue {label}", observed, 0.05 + (0.05 / 9_999_999 if value == 0 else 0),
                     rows)

    # Floats and doubles: the smallest normal, the largest, zero, else 0..<9,999,999 / 9999 (<= 1000.0999).
    for column in ("floatValue", "doubleValue"):
        small, large = EXTREMES[column]
        bad = one(f"SELECT count(*) FROM RealmTestClass1 WHERE typeof({column}) != 'real' "
                  f"OR NOT ({column} IN (?, ?) OR {column} BETWEEN 0 AND 1000.1)", small, large)
        expect(bad == 0, f"{column}: {bad} values not REAL or out of range")
        for label, value in (("min", small), ("max", large)):
            fraction(f"{column} {label}", one(f"SELECT avg({column} = ?) FROM RealmTestClass1", value) or 0,
                     0.05, rows)
        fraction(f"{column} zero", one(f"SELECT avg({column} = 0) FROM RealmTestClass1") or 0, 0.05, rows)

    for table in ("RealmTestClass1", "RealmTestClass2"):
        bad = one(f"SELECT count(*) FROM {table} WHERE boolValue NOT IN (0, 1) OR typeof(boolValue) != 'integer'")
        expect(bad == 0, f"{table}.boolValue: {bad} values not 0 or 1")
        fraction(f"{table}.boolValue true", one(f"SELECT avg(boolValue) FROM {table}") or 0, 0.5, rows)

    # Strings and data: a UUID, 1 in 100 padded to 10,000 characters.
    for table, column, kind in (("RealmTestClass0", "stringValue", "text"), ("RealmTestClass0", "dataValue", "blob"),
                                ("RealmTestClass1", "stringValue", "text")):
        text = f"CAST({column} AS TEXT)"
        bad = one(f"SELECT count(*) FROM {table} WHERE typeof({column}) != ? OR NOT (substr({text}, 1, 36) GLOB ?) "
                  f"OR NOT (length({column}) = 36 OR (length({column}) = 10000 AND substr({text}, 37) = ?))",
                  kind, UUID_GLOB, PADDING)
        expect(bad == 0, f"{table}.{column}: {bad} values not a {kind} UUID, optionally padded to 10,000")
        fraction(f"{table}.{column} padded", one(f"SELECT avg(length({column}) = 10000) FROM {table}") or 0,
                 0.01, rows)
        if rows >= 1000:
            distinct = one(f"SELECT count(DISTINCT substr({text}, 1, 36)) FROM {table}")
            expect(distinct == rows, f"{table}.{column}: {rows - distinct} repeated UUIDs")

    # Dates: ISO 8601 with milliseconds, up to 999,999,999 s before now.
    earliest = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(now - 999_999_998))
    latest = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(now))
    bad = one("SELECT count(*) FROM RealmTestClass1 WHERE typeof(dateValue) != 'text' OR NOT (dateValue GLOB ?) "
              "OR dateValue NOT BETWEEN ? AND ?", DATE_GLOB, earliest, latest)
    expect(bad == 0, f"dateValue: {bad} values not ISO 8601 between {earliest} and {latest}")
    if rows >= 1000:
        mean_age = one("SELECT avg(? - CAST(strftime('%s', dateValue) AS INTEGER)) FROM RealmTestClass1", now) or 0
        near("dateValue mean age / 1e9 s", mean_age / 999_999_999, 0.5, math.sqrt(1 / 12 / rows))

    # Lists: positions 0..k-1 per owner, k uniform in 0...12; targets uniform in 1...rows.
    entries = one("SELECT count(*) FROM RealmTestClass1_arrayReference")
    stats["RealmTestClass1_arrayReference"] = entries
    ragged = one("SELECT count(*) FROM (SELECT owner FROM RealmTestClass1_arrayReference GROUP BY owner "
                 "HAVING min(position) != 0 OR max(position) != count(*) - 1 OR count(*) > 12)")
    expect(ragged == 0, f"arrayReference: {ragged} lists without positions 0..k-1 (k <= 12)")
    bad = one("SELECT count(*) FROM RealmTestClass1_arrayReference WHERE target NOT BETWEEN 1 AND ?", rows)
    expect(bad == 0, f"arrayReference.target: {bad} out of 1..{rows}")
    near("mean list length", entries / max(rows, 1), 6, math.sqrt(14 / max(rows, 1)))  # variance of 0...12: 14
    if rows >= 1000:
        lengths = dict(db.execute("SELECT k, count(*) FROM (SELECT count(*) AS k FROM RealmTestClass1_arrayReference "
                                  "GROUP BY owner) GROUP BY k").fetchall())
        lengths[0] = rows - sum(lengths.values())
        for k in (0, 12):
            fraction(f"lists of length {k}", lengths.get(k, 0) / rows, 1 / 13, rows)

    bad = one("SELECT count(*) FROM RealmTestClass2 WHERE objectReference IS NULL "
              "OR objectReference NOT BETWEEN 1 AND ?", rows)
    expect(bad == 0, f"objectReference: {bad} NULL or out of 1..{rows}")
    if rows >= 1000:
        sd = math.sqrt((rows * rows - 1) / 12)  # of a uniform 1...rows
        for table, column, n in (("RealmTestClass1_arrayReference", "target", entries),
                                 ("RealmTestClass2", "objectReference", rows)):
            mean = one(f"SELECT avg({column}) FROM {table}")
            near(f"{table}.{column} mean / rows", mean / rows, (rows + 1) / 2 / rows, sd / math.sqrt(n) / rows)
    db.close()
    if verbose:
        for name, value in stats.items():
            print(f"  {name:40} {value:.4f}" if isinstance(value, float) else f"  {name:40} {value}",
                  file=sys.stderr)
    return problems, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("rows", type=int)
    parser.add_argument("--reference", metavar="REF", required=True,
                        help="a database with Strata's demo schema (strata demo REF --rows 0)")
    parser.add_argument("--now", type=int, default=SEEDED_NOW,
                        help="Unix time the dates count back from (default 2026-01-01, as strata --seed)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the measured distributions")
    args = parser.parse_args()
    for path in (args.file, args.reference):
        if not os.path.isfile(path):
            sys.exit(f"demo_check: no such file: {path}")
    try:
        reference = sqlite3.connect(f"file:{args.reference}?mode=ro", uri=True)
        expected_schema = schema(reference)
        reference.close()
    except sqlite3.Error as error:
        sys.exit(f"demo_check: cannot read {args.reference}: {error}")
    if not expected_schema:
        sys.exit(f"demo_check: {args.reference} has no schema")
    try:
        problems, stats = check(args.file, args.rows, args.now, args.verbose, expected_schema)
    except sqlite3.Error as error:
        problems, stats = [f"cannot read: {error}"], {}
    if problems:
        print(f"demo_check: {args.file}:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        sys.exit(1)
    print(f"demo_check: {args.file}: ok, {args.rows} objects per class, "
          f"{stats.get('RealmTestClass1_arrayReference', 0)} list entries", file=sys.stderr)


if __name__ == "__main__":
    main()
