#!/usr/bin/env python3
"""Generate the browsing benchmark's database: one big class, about 1 GB at 10,000,000 rows.

Schema:
  * Device(id INTEGER PRIMARY KEY, name TEXT): 1,000 rows, ids 1..1000;
  * Event(id INTEGER PRIMARY KEY, name TEXT, createdAt TEXT, amount REAL,
    isDone INTEGER CHECK (isDone IN (0, 1)), device INTEGER REFERENCES Device(id),
    note TEXT): --rows rows (10,000,000 by default), ids 1..N in order.

Values: name is two words ("amber fjord"), createdAt an ISO 8601 date and
time in UTC from 2020 to 2024 ("2022-07-14T09:21:45Z"), amount 0.00 to
99,999.99, isDone 0 or 1 (half each), device 1..1000, note 40 to 80
characters of prose (60 on average). No digit in name or note, so the first
number on a row of any tool's output is its id.

Everything is computed inside SQLite, one INSERT ... SELECT over a recursive
counter that also carries two seeded integer generators (no random()), so the
same --rows gives the same rows on every machine (and a byte-identical file
with the same SQLite). Journal and syncs are off, one transaction.

Usage: gen_browse.py OUTPUT [--rows N]
"""


import generator_cli

DEVICES = 1000

# The shared 64 words, each padded to 8 characters: word k is substr(WORDS, 8 * k + 1, 8), trailing spaces trimmed.
WORD_LIST = generator_cli.WORDS
WORDS = "".join(w.ljust(8) for w in WORD_LIST)

# Notes are slices of this text (written for this benchmark): 40..80 characters from one of 512 offsets.
PROSE = (
    "the morning shift checked every pump along the east canal before the rain came in, "
    "then logged the readings, swapped two worn filters and walked back along the levee "
    "while the supervisor argued with the supplier about a late delivery of valves. "
    "by noon the river had risen a hand's width, the gauges at the weir were drifting, "
    "and someone left a thermos on the control desk next to an unsigned work order. "
    "the night crew will recalibrate the sensors, clear the grates of leaves and branches, "
    "and file a short note for the engineers who read these logs over coffee each morning. "
    "nobody expects the old pumping station to last another winter, yet it always does. "
)
assert len(PROSE) >= 512 + 80

# Two Lehmer generators (MINSTD, modulus 2^31 - 1) carried along the recursive counter: h for
# the name, date, amount and flag, g for the device and the note. Their products stay far below
# 2^63, so SQLite's integer arithmetic never spills into floating point; the state is a column of
# the counter, so every value is computed once.
SEED_H, SEED_G = 20240229, 1234567
MINSTD = 2147483647

SCHEMA = [
    "CREATE TABLE Device (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE Event ("
    "id INTEGER PRIMARY KEY, "
    "name TEXT NOT NULL, "
    "createdAt TEXT NOT NULL, "
    "amount REAL NOT NULL, "
    "isDone INTEGER NOT NULL CHECK (isDone IN (0, 1)), "
    "device INTEGER REFERENCES Device(id), "
    "note TEXT NOT NULL)",
]

DEVICE_INSERT = f"""
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < {DEVICES})
INSERT INTO Device (id, name)
SELECT i, 'device ' || rtrim(substr(:words, 8 * (i % 64) + 1, 8)) || ' ' || rtrim(substr(:words, 8 * (i / 64) + 1, 8))
  FROM c
"""

# 1577836800 is 2020-01-01T00:00:00Z; 157766400 s is five years (2020-2024, one leap day).
EVENT_INSERT = f"""
WITH RECURSIVE c(id, h, g) AS (
  SELECT 1, {SEED_H}, {SEED_G}
  UNION ALL
  SELECT id + 1, h * 48271 % {MINSTD}, g * 69621 % {MINSTD} FROM c WHERE id < :rows
)
INSERT INTO Event (id, name, createdAt, amount, isDone, device, note)
SELECT id,
       rtrim(substr(:words, 8 * (h & 63) + 1, 8)) || ' ' || rtrim(substr(:words, 8 * ((h >> 6) & 63) + 1, 8)),
       strftime('%Y-%m-%dT%H:%M:%SZ', 1577836800 + h % 157766400, 'unixepoch'),
       ((h >> 3) % 10000000) / 100.0,
       (h >> 22) & 1,
       1 + (g >> 8) % {DEVICES},
       substr(:prose, 1 + (g & 511), 40 + (g >> 20) % 41)
  FROM c
"""


def generate(path, rows):
    db = generator_cli.fresh_database(path)
    db.execute("PRAGMA cache_size=-262144")  # 256 MiB
    db.execute("PRAGMA foreign_keys=OFF")  # valid by construction
    db.execute("BEGIN")
    for sql in SCHEMA:
        db.execute(sql)
    db.execute(DEVICE_INSERT, {"words": WORDS})
    db.execute(EVENT_INSERT, {"rows": rows, "words": WORDS, "prose": PROSE})
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    generator_cli.main(__doc__, generate, 10_000_000, "rows of Event",
                       lambda rows: f"{rows} Event rows, {DEVICES} Device rows", max_rows=2**31 - 1)
