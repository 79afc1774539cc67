"""What the data generators share: a 64-word vocabulary, and their command line (OUTPUT [--rows N], then a
line saying what was written)."""

import argparse
import os
import sqlite3
import sys
import time

# 64 words of at most 8 letters, so that 6 random bits pick one.
WORDS = (
    "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima "
    "mike november oscar papa quebec romeo sierra tango uniform victor whiskey "
    "xray yankee zulu amber basalt cobalt dune ember fjord glacier harbor iris "
    "jade kelp lagoon meadow nectar onyx prairie quartz reef summit tundra "
    "umber valley willow xenon yarrow zephyr acorn birch cedar dahlia elm fern "
    "grove hazel ivy juniper laurel maple"
).split()
assert len(WORDS) == 64 and all(len(word) <= 8 for word in WORDS)


def fresh_database(path):
    """A new, empty database at path (any old one and its journals removed), written without a journal or
    syncs: the fastest way to fill it, and nothing of it matters until it is complete."""
    for suffix in ("", "-journal", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=OFF")
    db.execute("PRAGMA synchronous=OFF")
    return db


def main(doc, generate, default_rows, rows_help, summary, max_rows=None):
    """Parse OUTPUT and --rows, call generate(output, rows) and report on stderr.

    summary(rows) says what was written, as in "5000000 rows in 20 tables"; Ctrl-C exits 130.
    """
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("output", help="path of the database to write (replaced if present)")
    parser.add_argument("--rows", type=int, default=default_rows, help=f"{rows_help} (default {default_rows})")
    args = parser.parse_args()
    if args.rows < 0 or (max_rows is not None and args.rows > max_rows):
        parser.error(f"--rows must be from 0 to {max_rows}" if max_rows is not None else "--rows must be >= 0")
    start = time.perf_counter()
    try:
        generate(args.output, args.rows)
    except KeyboardInterrupt:
        sys.exit(130)
    name = os.path.splitext(os.path.basename(sys.argv[0]))[0]
    print(
        f"{name}: {summary(args.rows)} -> {args.output} "
        f"({os.path.getsize(args.output) / 2**20:.0f} MiB, {time.perf_counter() - start:.1f} s)",
        file=sys.stderr,
    )
