#!/usr/bin/env python3
"""The data of the migrate-many benchmark: many small databases and their two migrations.

  gen_many.py OUT --files N --rows R

writes OUT/seed/tenant-00001.sqlite ... (N copies of one database whose Task table has R rows),
OUT/Migrations/1_note.strata ('add property Task.note string?'), OUT/Migrations/2_priority.strata
('change property Task.priority to double = 0'), and OUT/peer.sql: the same two changes in SQL for the
sqlite3 shell, in one transaction with the version, as strata runs them (the table rebuild of SQLite's
ALTER TABLE page). Python 3 standard library only.
"""

import argparse
import os
import shutil
import sqlite3

MIGRATIONS = {
    "1_note.strata": "add property Task.note string?\n",
    "2_priority.strata": "change property Task.priority to double = 0\n",
}

PEER_SQL = """\
BEGIN IMMEDIATE;
ALTER TABLE Task ADD COLUMN note TEXT;
CREATE TABLE Task_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL, priority DOUBLE NOT NULL DEFAULT 0, note TEXT);
INSERT INTO Task_new (id, name, priority, note) SELECT id, name, COALESCE(CAST(priority AS REAL), 0), note FROM Task;
DROP TABLE Task;
ALTER TABLE Task_new RENAME TO Task;
PRAGMA foreign_key_check;
PRAGMA user_version = 2;
COMMIT;
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--files", type=int, required=True)
    parser.add_argument("--rows", type=int, required=True)
    args = parser.parse_args()
    if args.files < 1 or args.rows < 1:
        parser.error("--files and --rows must be 1 or more")
    seed = os.path.join(args.out, "seed")
    os.makedirs(seed)
    os.makedirs(os.path.join(args.out, "Migrations"))
    template = os.path.join(args.out, "template.sqlite")
    db = sqlite3.connect(template)
    db.execute("CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, priority INTEGER NOT NULL DEFAULT 0)")
    db.executemany("INSERT INTO Task VALUES (?, ?, ?)", ((i, f"task {i:08d}", i % 5) for i in range(1, args.rows + 1)))
    db.commit()
    db.close()
    for i in range(1, args.files + 1):
        shutil.copyfile(template, os.path.join(seed, f"tenant-{i:05d}.sqlite"))
    os.remove(template)
    for name, text in MIGRATIONS.items():
        with open(os.path.join(args.out, "Migrations", name), "w") as out:
            out.write(text)
    with open(os.path.join(args.out, "peer.sql"), "w") as out:
        out.write(PEER_SQL)


if __name__ == "__main__":
    main()
