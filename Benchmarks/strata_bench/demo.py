"""The demo benchmark: strata demo against the sqlite3 shell (lib/demo_cte.py) and Python (lib/demo_python.py),
each side's output checked by lib/demo_check.py, and strata's peak memory at N and 4N."""

import os
import subprocess
import sys

from .common import (Benchmark, DATA_DIR, Failed, LIB, PYTHON, Row, Step, count, demo_cte, measure, peak_rss,
                     ratio_at_most, ratio_below, remove_file, run, say, sqlite3, write)


DEMO_CHECK_ROWS = 20000  # objects per class of the check of every demo side


def benchmarks(c):
    """The demo benchmark. Commands are lambdas: they name data files that exist only once ensured."""
    o, runs = c.o, c.o.runs

    # demo: each side writes the demo database, checked once at DEMO_CHECK_ROWS, then timed at N (a fresh
    # file every run, no warm-up); strata's peak memory at N and 4N.
    n = o.demo_rows
    out = {side: os.path.join(DATA_DIR, f"demo-{c.pid}-{side}.db") for side in ("strata", "sqlite3", "python")}
    cte_script = c.work_file("demo.sql")

    def schema():
        return ["--tables", c.work_file("demo-tables.sql"), "--indexes", c.work_file("demo-indexes.sql")]

    def demo_peer_sqlite3(rows):
        write(cte_script, demo_cte_script(c, rows))
        return ["sqlite3", out["sqlite3"]]

    def demo_peer_python(rows):
        return [PYTHON, os.path.join(LIB, "demo_python.py"), out["python"], str(rows), *schema()]

    def demo_strata(rows):
        return [c.strata, "demo", out["strata"], "--rows", str(rows), "--seed", "1", "--force"]

    demo = Benchmark(
        "demo", data=("demo-schema",),
        steps=[Step("strata-check", f"demo: checking each side's output at {DEMO_CHECK_ROWS} objects per class",
                    lambda: demo_check(c, "strata demo", out["strata"], demo_strata(DEMO_CHECK_ROWS))),
               Step("sqlite3-check", None,
                    lambda: demo_check(c, "the sqlite3 CTE script", out["sqlite3"],
                                       demo_peer_sqlite3(DEMO_CHECK_ROWS), stdin=cte_script)),
               Step("python-check", None,
                    lambda: demo_check(c, "demo_python.py", out["python"], demo_peer_python(DEMO_CHECK_ROWS))),
               Step("strata", f"demo: strata demo --rows {n} ({o.demo_runs} runs)",
                    lambda: measure(c, demo_strata(n), runs=o.demo_runs, warmup=0, fresh=out["strata"]),
                    needs=("strata-check",)),
               Step("sqlite3", f"demo: sqlite3 < demo_cte.py {n} ({o.demo_runs} runs)",
                    lambda: measure(c, demo_peer_sqlite3(n), stdin=cte_script, runs=o.demo_runs, warmup=0,
                                    fresh=out["sqlite3"]),
                    needs=("strata", "sqlite3-check")),
               Step("python", f"demo: demo_python.py {n} ({o.demo_runs} runs)",
                    lambda: measure(c, demo_peer_python(n), runs=o.demo_runs, warmup=0, fresh=out["python"]),
                    needs=("strata", "python-check")),
               # Peak memory, one run each at N and 4N: it should not grow with the rows.
               Step("rss", f"demo: strata's peak memory at {count(n)} and {count(4 * n)} objects per class",
                    lambda: {"n": peak_rss(demo_strata(n), fresh=out["strata"]),
                             "4n": peak_rss(demo_strata(4 * n), fresh=out["strata"])},
                    needs=("strata",))],
        rows=[Row("demo vs sqlite3", "strata", "sqlite3", ratio_at_most("0.8")),
              Row("demo vs python", "strata", "python", ratio_below("1.0")),
              Row(f"demo RSS {count(4 * n)} vs {count(n)}", "rss.4n", "rss.n", ratio_at_most("1.25"))])

    return [demo]


# --- what the benchmark checks ------------------------------------------------------------------------------


def demo_cte_script(c, rows):
    """lib/demo_cte.py's script for rows objects per class, with Strata's schema."""
    with open(c.work_file("demo-tables.sql")) as tables, open(c.work_file("demo-indexes.sql")) as indexes:
        return demo_cte.script(rows, demo_cte.SEEDED_NOW, tables.read(), indexes.read())


def demo_check(c, name, out, command, stdin=None):
    """Run command (which writes out with DEMO_CHECK_ROWS objects per class), then check out with
    lib/demo_check.py, then delete it. Failed, saying why, if either step fails."""
    remove_file(out)
    try:
        proc = run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if proc.returncode:
            say(f"run: demo: {name} failed:")
            sys.stderr.buffer.write(proc.stderr)
            raise Failed
        check = run([PYTHON, os.path.join(LIB, "demo_check.py"), out, str(DEMO_CHECK_ROWS),
                     "--reference", c.work_file("demo-reference.db")])
        if check.returncode:
            say(f"run: demo: {name} wrote a database that is not the demo database (above)")
            raise Failed
    finally:
        remove_file(out)


# --- data ---------------------------------------------------------------------------------------------------


def demo_reference(c):
    """Strata's demo schema, once per invocation: demo-reference.db, written by 'strata demo --rows 0
    --seed 1' (demo_check.py compares every output's schema with it), and its CREATE TABLE statements and
    the rest (indexes; views or triggers, if it ever has any), in creation order, each ending in ';', for
    the peers to run before and after the data. Nothing keeps a copy of the schema."""
    if c.demo_reference_ok is not None:
        return c.work if c.demo_reference_ok else None
    os.makedirs(DATA_DIR, exist_ok=True)
    c.demo_reference_ok = False
    reference = c.work_file("demo-reference.db")
    proc = run([c.strata, "demo", reference, "--rows", "0", "--seed", "1", "--force"],
               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode:
        say("run: strata demo --rows 0 failed, so there is no demo schema to compare with:")
        sys.stderr.buffer.write(proc.stderr)
        return None
    try:
        db = sqlite3.connect(f"file:{reference}?mode=ro", uri=True)
        entries = db.execute("SELECT type, sql FROM sqlite_master WHERE sql IS NOT NULL "
                             "AND name NOT LIKE 'sqlite!_%' ESCAPE '!' ORDER BY rowid").fetchall()
        db.close()
    except sqlite3.Error as error:
        say(f"run: {reference}: {error}")
        return None
    if not any(kind == "table" for kind, _ in entries):
        say(f"run: {reference}, written by strata demo, has no tables")
        return None
    for name, tables in (("demo-tables.sql", True), ("demo-indexes.sql", False)):
        write(c.work_file(name), "".join(f"{sql};\n" for kind, sql in entries if (kind == "table") == tables))
    c.demo_reference_ok = True
    return c.work


DATA = {  # key -> function(c) returning the path, or None having said why
    "demo-schema": demo_reference,
}
