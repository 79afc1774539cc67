#!/usr/bin/env python3
"""Generate the collections benchmark's database: Word objects with a set of tags and a dictionary of scores.

Schema (Strata's collection convention, ARCHITECTURE.md §2):
  * Word(id INTEGER PRIMARY KEY, name TEXT NOT NULL): --rows rows, ids 1..N in order.
  * Word_tags(owner, value TEXT NOT NULL, PRIMARY KEY (owner, value)) WITHOUT ROWID: a set<string>,
    five distinct tags per word from the shared 64 words.
  * Word_scores(owner, key TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (owner, key)) WITHOUT ROWID:
    a dictionary<int>, five keys per word (easy, hard, mean, low, high), values 0..999.

Values come from a multiplicative hash of the id computed inside SQLite (no random()): the same --rows
gives the same rows on every machine. Journal and syncs are off, one transaction.

Usage: gen_words.py OUTPUT [--rows N]
"""

import generator_cli

WORDS = "".join(w.ljust(8) for w in generator_cli.WORDS)
MINSTD = 2147483647

SCHEMA = [
    "CREATE TABLE Word (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE Word_tags (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, value TEXT NOT NULL, "
    "PRIMARY KEY (owner, value)) WITHOUT ROWID",
    "CREATE TABLE Word_scores (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, key TEXT NOT NULL, "
    "value INTEGER NOT NULL, PRIMARY KEY (owner, key)) WITHOUT ROWID",
]

# h: a Lehmer hash of the id; a word's name is two of the 64 words, its tags five more (13 apart, so distinct).
WORD_INSERT = f"""
WITH RECURSIVE c(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM c WHERE id < :rows)
INSERT INTO Word (id, name)
SELECT id, rtrim(substr(:words, 8 * ((id * 48271 % {MINSTD}) & 63) + 1, 8)) || ' '
           || rtrim(substr(:words, 8 * (((id * 48271 % {MINSTD}) >> 6) & 63) + 1, 8))
  FROM c
"""

TAGS_INSERT = f"""
WITH k(n) AS (VALUES (0), (1), (2), (3), (4))
INSERT INTO Word_tags (owner, value)
SELECT id, rtrim(substr(:words, 8 * ((((id * 69621 % {MINSTD}) >> 3) + 13 * n) & 63) + 1, 8)) FROM Word, k
 ORDER BY id
"""

SCORES_INSERT = f"""
WITH k(n, label) AS (VALUES (0, 'easy'), (1, 'hard'), (2, 'mean'), (3, 'low'), (4, 'high'))
INSERT INTO Word_scores (owner, key, value)
SELECT id, label, ((id * 16807 + n * 7919) % {MINSTD} * 48271 % {MINSTD}) % 1000 FROM Word, k
 ORDER BY id, label
"""


def generate(path, rows):
    db = generator_cli.fresh_database(path)
    db.execute("BEGIN")
    for statement in SCHEMA:
        db.execute(statement)
    db.execute(WORD_INSERT, {"rows": rows, "words": WORDS})
    db.execute(TAGS_INSERT, {"words": WORDS})
    db.execute(SCORES_INSERT)
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    generator_cli.main(__doc__, generate, 1_000_000, "Word objects, each with 5 tags and 5 scores",
                       lambda rows: f"{rows} Word objects, {5 * rows} tags, {5 * rows} scores", max_rows=2**31 - 1)
