#!/usr/bin/env python3
"""Generate the bulk-update benchmark's database: one Task table, 1,000,000 rows by default.

Schema:
  * Task(id INTEGER PRIMARY KEY, name TEXT NOT NULL,
    isCompleted BOOLEAN NOT NULL DEFAULT 0, archived BOOLEAN NOT NULL DEFAULT 0,
    priority INTEGER NOT NULL DEFAULT 0, createdAt DATETIME): --rows rows, ids 1..N
    in order, no index.

Values: name is two words ("amber fjord"), isCompleted 0 or 1 (about half
each), archived 0 everywhere (so that updating the completed tasks changes
exactly those rows), priority 0..4, createdAt an ISO 8601 date and time in
UTC with milliseconds, from 2024 to 2025 ("2024-07-14T09:21:45.123Z").

Everything is computed inside SQLite, one INSERT ... SELECT over a recursive
counter that also carries two seeded integer generators (no random()), as in
gen_browse.py: the same --rows gives the same rows on every machine (and a
byte-identical file with the same SQLite). Journal and syncs are off, one
transaction.

Usage: gen_update.py OUTPUT [--rows N]
"""


import generator_cli

# The shared 64 words, each padded to 8 characters: word k is substr(WORDS, 8 * k + 1, 8), trailing spaces trimmed.
WORDS = "".join(w.ljust(8) for w in generator_cli.WORDS)

# Two Lehmer generators (MINSTD, modulus 2^31 - 1) carried along the recursive counter: h for the
# name and the flag, g for the priority and the date. Their products stay far below 2^63.
SEED_H, SEED_G = 20260101, 7654321
MINSTD = 2147483647

SCHEMA = (
    "CREATE TABLE Task ("
    "id INTEGER PRIMARY KEY, "
    "name TEXT NOT NULL, "
    "isCompleted BOOLEAN NOT NULL DEFAULT 0, "
    "archived BOOLEAN NOT NULL DEFAULT 0, "
    "priority INTEGER NOT NULL DEFAULT 0, "
    "createdAt DATETIME)"
)

# 1704067200 is 2024-01-01T00:00:00Z; 63158400 s is two years (2024-2025, one leap day).
TASK_INSERT = f"""
WITH RECURSIVE c(id, h, g) AS (
  SELECT 1, {SEED_H}, {SEED_G}
  UNION ALL
  SELECT id + 1, h * 48271 % {MINSTD}, g * 69621 % {MINSTD} FROM c WHERE id < :rows
)
INSERT INTO Task (id, name, isCompleted, archived, priority, createdAt)
SELECT id,
       rtrim(substr(:words, 8 * (h & 63) + 1, 8)) || ' ' || rtrim(substr(:words, 8 * ((h >> 6) & 63) + 1, 8)),
       (h >> 22) & 1,
       0,
       (g >> 20) % 5,
       strftime('%Y-%m-%dT%H:%M:%S', 1704067200 + g % 63158400, 'unixepoch') || printf('.%03dZ', (g >> 8) % 1000)
  FROM c
"""


def generate(path, rows):
    db = generator_cli.fresh_database(path)
    db.execute("BEGIN")
    db.execute(SCHEMA)
    db.execute(TASK_INSERT, {"rows": rows, "words": WORDS})
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    generator_cli.main(__doc__, generate, 1_000_000, "rows of Task",
                       lambda rows: f"{rows} Task rows", max_rows=2**31 - 1)
