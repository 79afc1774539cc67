#!/usr/bin/env python3
"""Check a SQLite database converted from realmbig's .realm file against realmbig's manifest.

Usage: realm_check.py DB MANIFEST.json

The manifest (written by Tests/Fixtures/Realm/Generator/realmbig beside its .realm file, from
the generator's own value functions, not read back from the file) gives the rows of every table
of the SQLite mapping, the NULLs of the optional properties, the schema version and sample
objects in their SQLite form. This checks, in DB: the row count of every table; the NULLs;
PRAGMA user_version; every sample's values (exactly: text, integers, doubles bit for bit,
booleans as 0/1, timestamps as ISO-8601 text) and its lists' elements in position order; the
storage class of the typed columns; and PRAGMA foreign_key_check. Prints one line saying what
it checked and exits 0, or prints each difference and exits 1.

Used by Benchmarks/run's realm-convert benchmark on both sides' outputs: the pipeline's
(realm2csv + sqlite3 .import) and strata convert's.
"""

import json
import sqlite3
import sys


def quoted(name):
    return '"' + name.replace('"', '""') + '"'


def check(db_path, manifest_path):
    with open(manifest_path, encoding="utf-8") as source:
        manifest = json.load(source)
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    problems = []
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    rows = 0
    for table, expected in manifest["rows"].items():
        if table not in tables:
            problems.append(f"no table {table}")
            continue
        found = db.execute(f"SELECT count(*) FROM {quoted(table)}").fetchone()[0]
        rows += found
        if found != expected:
            problems.append(f"{table}: {found} rows, not {expected}")

    for prop, expected in manifest["nulls"].items():
        table, column = prop.split(".")
        if table not in tables:
            continue
        try:
            found = db.execute(f"SELECT count(*) FROM {quoted(table)} WHERE {quoted(column)} IS NULL").fetchone()[0]
        except sqlite3.Error as error:
            problems.append(f"{prop}: {error}")
            continue
        if found != expected:
            problems.append(f"{prop}: {found} NULLs, not {expected}")

    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version != manifest["userVersion"]:
        problems.append(f"user_version {version}, not {manifest['userVersion']}")

    samples = manifest["samples"]
    for sample in samples:
        table, key, ident = sample["table"], sample["key"], sample["id"]
        if table not in tables:
            continue
        names = list(sample["values"])
        try:
            row = db.execute(f"SELECT {', '.join(quoted(n) for n in names)} FROM {quoted(table)} "
                             f"WHERE {quoted(key)} = ?", (ident,)).fetchone()
        except sqlite3.Error as error:
            problems.append(f"{table} {ident}: {error}")
            continue
        if row is None:
            problems.append(f"{table}: no object with {key} = {ident!r}")
            continue
        for name, found in zip(names, row):
            expected = sample["values"][name]
            same = found == expected and type(found) is type(expected)
            if not same and isinstance(expected, float) and isinstance(found, float):
                same = found.hex() == expected.hex()
            if not same:
                problems.append(f"{table} {ident}: {name} is {found!r}, not {expected!r}")
        for prop, expected in sample["lists"].items():
            list_table = f"{table}_{prop}"
            if list_table not in tables:
                problems.append(f"no table {list_table}")
                continue
            # owner, position, then the element (target or value): in position order
            found = [r[2] for r in db.execute(f"SELECT * FROM {quoted(list_table)} WHERE owner = ? ORDER BY position",
                                              (ident,))]
            if found != expected:
                shown = lambda v: repr(v) if len(v) <= 6 else f"{v[:6]!r}... ({len(v)})"  # noqa: E731
                problems.append(f"{list_table} of {ident}: {shown(found)}, not {shown(expected)}")

    # The storage classes SQLite keeps (not only what the values compare equal to).
    for table, column, storage in (("Task", "_id", "integer"), ("Task", "title", "text"), ("Task", "done", "integer"),
                                   ("Task", "priority", "integer"), ("Task", "score", "real"),
                                   ("Task", "due", "text"), ("Task", "list", "integer"),
                                   ("TaskList", "created", "text"), ("Tag", "color", "integer")):
        if table not in tables:
            continue
        try:
            kinds = [k for (k,) in db.execute(f"SELECT DISTINCT typeof({quoted(column)}) FROM {quoted(table)}")]
        except sqlite3.Error as error:
            problems.append(f"{table}.{column}: {error}")
            continue
        if set(kinds) - {storage, "null"}:
            problems.append(f"{table}.{column} holds {', '.join(sorted(kinds))}, not only {storage} (and null)")

    dangling = db.execute("PRAGMA foreign_key_check").fetchmany(5)
    if dangling:
        problems.append(f"foreign_key_check: {dangling}")
    db.close()

    if problems:
        for line in problems:
            print(f"realm_check: {db_path}: {line}")
        return 1
    print(f"realm_check: {db_path}: {len(manifest['rows'])} tables, {rows} rows, the NULLs, user_version "
          f"{version}, {len(samples)} samples and their lists, storage classes, foreign keys: as the manifest says")
    return 0


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: realm_check.py DB MANIFEST.json")
    try:
        sys.exit(check(sys.argv[1], sys.argv[2]))
    except (OSError, sqlite3.Error, ValueError, KeyError) as error:
        sys.exit(f"realm_check: {error}")


if __name__ == "__main__":
    main()
