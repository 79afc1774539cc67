"""The startup benchmarks: classes (strata classes on 20 tables of --rows rows, against the sqlite3 shell's
counts, wall time and CPU time), and version (strata --version, and strata classes on a file of one table)."""

import os
import subprocess
import sys

from .common import (Benchmark, DATA_DIR, LIB, PYTHON, Row, Step, file_hash, generate, measure, measure_cpu, ms_below,
                     ratio_at_most, run, say)


def benchmarks(c):
    """The startup benchmarks: classes and version. Commands are lambdas: they name data files that exist only once ensured."""
    runs = c.o.runs

    # classes: strata reads the classes of 20 tables, counting them on both cores; the peer counts their rows on
    # one. Wall time, and the CPU time of all threads: the second core must pay for itself.
    def peer():
        return ["sqlite3", "-readonly", "-cmd", f".read {c.work_file('counts.sql')}", c.path("tables")]

    classes = Benchmark(
        "classes", data=("tables",), prepare=prepare_classes,
        steps=[Step("strata", f"classes: strata classes ({runs} runs)",
                    lambda: measure(c, [c.strata, "classes", c.path("tables")])),
               Step("peer", f"classes: sqlite3 count(*) per table ({runs} runs)", lambda: measure(c, peer()),
                    needs=("strata",)),
               Step("strata-cpu", f"classes: strata classes, CPU time ({runs} runs)",
                    lambda: measure_cpu(c, [c.strata, "classes", c.path("tables")]), needs=("strata",)),
               Step("peer-cpu", f"classes: sqlite3 count(*) per table, CPU time ({runs} runs)",
                    lambda: measure_cpu(c, peer()), needs=("strata",))],
        rows=[Row("classes", "strata", "peer", ratio_at_most("0.6")),
              Row("classes CPU", "strata-cpu", "peer-cpu", ratio_at_most("1.0"))])

    # version: start-up, paid once per file in every CI loop: --version, and classes on a file of one table.
    version = Benchmark(
        "version", data=(), prepare=prepare_one_table,
        steps=[Step("strata", f"version: strata --version ({runs} runs)", lambda: measure(c, [c.strata, "--version"])),
               Step("one", f"version: strata classes on a file of one table ({runs} runs)",
                    lambda: measure(c, [c.strata, "classes", c.work_file("one-table.db")])),
               Step("peer", f"version: sqlite3 --version ({runs} runs)", lambda: measure(c, ["sqlite3", "--version"])),
               Step("peer-one", f"version: sqlite3 count(*) on the file of one table ({runs} runs)",
                    lambda: measure(c, ["sqlite3", "-readonly", c.work_file("one-table.db"), "SELECT count(*) FROM Task"]))],
        rows=[Row("version", "strata", "peer", ms_below("5")),
              Row("classes on one table", "one", "peer-one", ms_below("5"))])

    return [classes, version]


# --- what the benchmarks check and prepare ------------------------------------------------------------------


def prepare_one_table(c):
    """A file of one table of ten objects."""
    path = c.work_file("one-table.db")
    for suffix in ("", "-journal", "-wal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return run(["sqlite3", path], input=b"""\
CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) INSERT INTO Task (name) SELECT 'task ' || i FROM n;
""").returncode == 0


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
