"""The import benchmarks: import-csv (strata import of 1,000,000 CSV rows into a 6-column class, against the
sqlite3 shell's .import into the same table and sqlite-utils insert --csv), and strata's peak memory at 1M and
4M rows, which must stay flat."""

import os
import sys

from .common import (Benchmark, DATA_DIR, LIB, PYTHON, Failed, Row, Skip, Step, count, file_hash, generate, log, peak_rss,
                     ratio_at_most, ratio_below, remove_db, run, say, scratch_measure, shell_value, write)
from .migrate import find_sqlite_utils

IMPORT_ROWS = 1000000

IMPORT_SCHEMA = ("CREATE TABLE Item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, "
                 "quantity INTEGER NOT NULL, createdAt DATETIME NOT NULL, note TEXT);")

# After an import: every row there, the last one's values right.
IMPORT_CHECK = "SELECT count(*) || ' ' || (SELECT name FROM Item WHERE id = (SELECT max(id) FROM Item)) FROM Item"


def benchmarks(c):
    runs = c.o.runs
    n = IMPORT_ROWS
    script = c.work_file("import-csv.sql")
    expect = f"{n} item {n}"

    def timed(command, stdin=None):
        return scratch_measure(c, "import-csv", c.path("import-empty"), IMPORT_CHECK, expect, command, stdin)

    def sqlite_utils():
        found = find_sqlite_utils()
        if isinstance(found, Skip):
            say(f"run: import-csv: skipping 'import-csv vs sqlite-utils': {found.why}")
            return found
        log(f"import-csv: sqlite-utils insert --csv ({runs} runs)")
        return timed([found, "insert", c.scratch, "Item", c.path("import-1m"), "--csv"])

    def rss(key):
        target = c.work_file("import-rss.db")
        remove_db(target)
        if run(["sqlite3", target, IMPORT_SCHEMA]).returncode:
            raise Failed
        try:
            return peak_rss([c.strata, "import", target, "Item", c.path(key)])
        finally:
            remove_db(target)

    import_csv = Benchmark(
        "import-csv", data=("import-empty", "import-1m", "import-4m"),
        prepare=lambda c: write(script, f".mode csv\n.import --skip 1 {c.path('import-1m')} Item\n") or True,
        steps=[Step("strata", f"import-csv: strata import, {count(n)} rows ({runs} runs)",
                    lambda: timed([c.strata, "import", c.scratch, "Item", c.path("import-1m")])),
               Step("sqlite3", f"import-csv: sqlite3 .import ({runs} runs)",
                    lambda: timed(["sqlite3", "-bail", c.scratch], stdin=script), needs=("strata",)),
               Step("sqlite-utils", None, sqlite_utils, needs=("strata",)),
               Step("rss", f"import-csv: strata's peak memory at {count(n)} and {count(4 * n)} rows",
                    lambda: {"n": rss("import-1m"), "4n": rss("import-4m")}, needs=("strata",))],
        rows=[Row("import-csv vs sqlite3", "strata", "sqlite3", ratio_at_most("1.1")),
              Row("import-csv vs sqlite-utils", "strata", "sqlite-utils", ratio_below("1.0")),
              Row(f"import-csv RSS {count(4 * n)} vs {count(n)}", "rss.4n", "rss.n", ratio_at_most("1.25"))])
    return [import_csv]


def csv_data(rows):
    def ensure(c):
        path = os.path.join(DATA_DIR, f"import-{rows}-{file_hash(os.path.join(LIB, 'gen_import.py'))}.csv")
        if not generate(c, path, f"{count(rows)} CSV rows", [PYTHON, os.path.join(LIB, "gen_import.py"), "{}", "--rows", str(rows)],
                        fail=f"gen_import.py --rows {rows} failed", stdout=sys.stderr):
            return None
        return path
    return ensure


def empty_data(c):
    path = os.path.join(DATA_DIR, "import-empty.db")
    os.makedirs(DATA_DIR, exist_ok=True)
    if not os.path.isfile(path) and run(["sqlite3", path, IMPORT_SCHEMA]).returncode:
        say(f"run: cannot create {path}")
        return None
    return path


DATA = {
    "import-empty": empty_data,
    "import-1m": csv_data(IMPORT_ROWS),
    "import-4m": csv_data(4 * IMPORT_ROWS),
}
