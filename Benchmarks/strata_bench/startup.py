"""The startup benchmarks: classes (strata classes on 20 tables of --rows rows, against the sqlite3 shell's
counts) and version (strata --version)."""

import os
import subprocess
import sys

from .common import (Benchmark, DATA_DIR, LIB, PYTHON, Row, Step, file_hash, generate, measure, ms_below,
                     ratio_at_most, run, say)


def benchmarks(c):
    """The startup benchmarks: classes and version. Commands are lambdas: they name data files that exist only once ensured."""
    runs = c.o.runs

    # classes: strata reads the classes of 20 tables; the peer counts their rows.
    classes = Benchmark(
        "classes", data=("tables",), prepare=prepare_classes,
        steps=[Step("strata", f"classes: strata classes ({runs} runs)",
                    lambda: measure(c, [c.strata, "classes", c.path("tables")])),
               Step("peer", f"classes: sqlite3 count(*) per table ({runs} runs)",
                    lambda: measure(c, ["sqlite3", "-readonly", c.path("tables")], stdin=c.work_file("counts.sql")),
                    needs=("strata",))],
        rows=[Row("classes", "strata", "peer", ratio_at_most("1.2"))])

    version = Benchmark(
        "version", data=(),
        steps=[Step("strata", f"version: strata --version ({runs} runs)", lambda: measure(c, [c.strata, "--version"]))],
        rows=[Row("version", "strata", None, ms_below("50"))])

    return [classes, version]


# --- what the benchmarks check and prepare ------------------------------------------------------------------


def prepare_classes(c):
    """The peer's script, one count per table, names read once, outside the timing (sqlite_master is the
    older name of sqlite_schema and works on every version); then the counts must add up to --rows."""
    db, script = c.path("tables"), c.work_file("counts.sql")
    with open(script, "wb") as out:
        run(["sqlite3", "-readonly", db], stdout=out, abort=True, input=b"""\
SELECT 'SELECT count(*) FROM "' || replace(name, '"', '""') || '";'
  FROM sqlite_master
 WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
 ORDER BY name;
""")
    counts = run(["sqlite3", "-readonly", db], stdin=script, stdout=subprocess.PIPE, abort=True)
    total = 0
    for line in counts.stdout.decode(errors="replace").splitlines():
        try:
            total += int(line.split()[0])
        except (IndexError, ValueError):
            pass
    if total != c.o.rows:
        say(f"run: {db} holds {total} rows, not {c.o.rows}; delete it and run again")
        return False
    return True


# --- data ---------------------------------------------------------------------------------------------------


def tables_data(c):
    """lib/gen_tables.py --rows --rows: 20 tables (the classes benchmark checks their counts)."""
    path = os.path.join(DATA_DIR, f"tables-{c.o.rows}-{file_hash(os.path.join(LIB, 'gen_tables.py'))}.db")
    generate(c, path, f"{c.o.rows} rows", [PYTHON, os.path.join(LIB, "gen_tables.py"), "{}", "--rows", str(c.o.rows)],
             stdout=sys.stderr)
    return path


DATA = {  # key -> function(c) returning the path, or None having said why
    "tables": tables_data,
}
