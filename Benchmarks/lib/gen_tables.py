#!/usr/bin/env python3
"""Generate the benchmark database: 20 tables, 5,000,000 rows in all by default.

Table i (1..20) holds a share of the rows proportional to i, and the shares
add up to exactly the requested total. The output is deterministic: the same
--rows gives the same rows (seeded random), whatever the machine.

Schema:
  * every table has id, name TEXT, score REAL, flag INTEGER, small BLOB;
  * most are rowid tables keyed by `id INTEGER PRIMARY KEY`;
  * t05, t10, t15 and t20 are WITHOUT ROWID tables keyed by `code TEXT`;
  * t02.parent_id is a foreign key to t01(id);
  * indexes: t02(parent_id), t19(flag, score), t20(name);
  * table 13 has a name with a space and double quotes in it, so that
    tools reading the file have to quote identifiers properly.

Usage: gen_tables.py OUTPUT [--rows N]
"""

import random

import generator_cli

TABLES = 20
SEED = 0x5717A7A
WITHOUT_ROWID = {5, 10, 15, 20}
FK_CHILD, FK_PARENT = 2, 1
INDEXES = [
    ("t02_parent", 2, "parent_id"),
    ("t19_flag_score", 19, "flag, score"),
    ("t20_name", 20, "name"),
]
WORDS = generator_cli.WORDS


def table_sizes(total, n=TABLES):
    """Sizes proportional to 1..n summing exactly to total (largest remainder)."""
    weight_sum = n * (n + 1) // 2
    sizes = [total * w // weight_sum for w in range(1, n + 1)]
    # Give the leftover rows to the largest fractional parts, bigger tables first on ties.
    order = sorted(range(n), key=lambda i: (-(total * (i + 1) % weight_sum), -i))
    for i in order[: total - sum(sizes)]:
        sizes[i] += 1
    return sizes


def table_name(i):
    return 't13 "odd" name' if i == 13 else f"t{i:02d}"


def quote(ident):
    return '"' + ident.replace('"', '""') + '"'


def create_sql(i):
    name = quote(table_name(i))
    cols = "name TEXT NOT NULL, score REAL, flag INTEGER NOT NULL, small BLOB"
    if i in WITHOUT_ROWID:
        return f"CREATE TABLE {name} (code TEXT PRIMARY KEY, id INTEGER NOT NULL, {cols}) WITHOUT ROWID"
    if i == FK_CHILD:
        parent = quote(table_name(FK_PARENT))
        cols += f", parent_id INTEGER REFERENCES {parent}(id)"
    return f"CREATE TABLE {name} (id INTEGER PRIMARY KEY, {cols})"


def rows(i, count, parent_count):
    """Rows of table i, in primary-key order (the fast order to insert)."""
    rng = random.Random(SEED * 1000 + i)
    bits, rand, randbytes = rng.getrandbits, rng.random, rng.randbytes
    words = WORDS
    for n in range(1, count + 1):
        b = bits(32)
        # score is NULL about 1 time in 64; small is 4..19 random bytes.
        score = None if b >> 26 == 0 else rand() * 1000.0
        row = (n, f"{words[b & 63]}-{n}", score, (b >> 6) & 1, randbytes(4 + ((b >> 7) & 15)))
        if i in WITHOUT_ROWID:
            yield (f"k{n:09d}",) + row
        elif i == FK_CHILD:
            yield row + (1 + (b >> 11) % parent_count if parent_count else None,)
        else:
            yield row


def generate(path, total):
    sizes = table_sizes(total)
    db = generator_cli.fresh_database(path)
    db.execute("PRAGMA foreign_keys=OFF")  # rows are valid by construction
    db.execute("BEGIN")
    for i in range(1, TABLES + 1):
        db.execute(create_sql(i))
        width = 6 if i in WITHOUT_ROWID or i == FK_CHILD else 5
        params = ", ".join("?" * width)
        db.executemany(
            f"INSERT INTO {quote(table_name(i))} VALUES ({params})",
            rows(i, sizes[i - 1], sizes[FK_PARENT - 1]),
        )
    for index, i, columns in INDEXES:
        db.execute(f"CREATE INDEX {quote(index)} ON {quote(table_name(i))}({columns})")
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    generator_cli.main(__doc__, generate, 5_000_000, "total rows", lambda rows: f"{rows} rows in {TABLES} tables")
