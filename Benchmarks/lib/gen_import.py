#!/usr/bin/env python3
"""Writes the CSV of the import-csv benchmark: a header row and ROWS rows of a 6-column class
(id, name, price, quantity, createdAt, note; a third of the notes empty), seeded, to PATH.

  gen_import.py PATH --rows 1000000
"""

import argparse
import random

parser = argparse.ArgumentParser()
parser.add_argument("path")
parser.add_argument("--rows", type=int, default=1000000)
options = parser.parse_args()
rng = random.Random(1)
with open(options.path, "w", newline="") as out:
    out.write("id,name,price,quantity,createdAt,note\n")
    lines = []
    for i in range(1, options.rows + 1):
        note = f"note {i}" if i % 3 else ""
        lines.append(f"{i},item {i},{rng.randint(0, 100000) / 100},{rng.randint(0, 1000)},"
                     f"2026-01-{i % 28 + 1:02d}T{i % 24:02d}:{i % 60:02d}:00.000Z,{note}\n")
        if len(lines) == 10000:
            out.write("".join(lines))
            lines = []
    out.write("".join(lines))
