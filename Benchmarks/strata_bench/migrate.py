"""The migrate benchmarks: migrate-rebuild, migrate-add-column, migrate-1m and migrate-many (strata migrate,
against the sqlite3 shell and sqlite-utils), and their data."""

import hashlib
import os
import shutil
import site
import statistics
import subprocess
import sys
import zlib

from .common import (Benchmark, DATA_DIR, Failed, LIB, PYTHON, Row, Skip, Step, Time, copy, count, file_hash, generate, log,
                     mb_below, measure, peak_rss, ratio_at_most, ratio_below, remove_db, remove_file, run, say, scratch_measure,
                     scratch_measure_pair, scratch_peak_rss, scratch_read_measure, shell_value, tenths, time_once,
                     write)


MIGRATE_ROWS = 1000000  # rows of Task in migrate-rebuild, and the smaller file of migrate-add-column

# The sqlite3 shell's migrate-rebuild: the 12 steps of SQLite's table rebuild, by hand.
MIGRATE_REBUILD_SQL = """\
PRAGMA foreign_keys=OFF;
BEGIN IMMEDIATE;
CREATE TABLE Task_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL, priority DOUBLE NOT NULL DEFAULT 0, note TEXT);
INSERT INTO Task_new (id, name, priority, note) SELECT id, name, COALESCE(CAST(priority AS REAL), 0), note FROM Task;
DROP TABLE Task;
ALTER TABLE Task_new RENAME TO Task;
CREATE INDEX Task_name ON Task(name);
PRAGMA foreign_key_check;
PRAGMA user_version = 1;
COMMIT;
"""

# After migrate-rebuild: every row there, priority a float everywhere (sqlite-utils keeps NULLs), the index rebuilt.
MIGRATE_REBUILD_CHECK = """SELECT (SELECT count(*) FROM Task) || ' ' ||
        (SELECT count(*) FROM Task WHERE typeof(priority) NOT IN ('real', 'null')) || ' ' ||
        (SELECT count(*) FROM Task WHERE priority IS NULL) || ' ' ||
        (SELECT typeof(priority) FROM Task WHERE id = 1) || ' ' ||
        (SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'Task_name')"""

# After migrate-add-column: every row there, a due column, no due set.
MIGRATE_ADD_COLUMN_CHECK = """SELECT (SELECT count(*) FROM Task) || ' ' ||
        (SELECT count(*) FROM pragma_table_info('Task') WHERE name = 'due') || ' ' ||
        (SELECT count(*) FROM Task WHERE due IS NOT NULL)"""

MIGRATE_STATEMENTS = 1000000  # INSERT statements of migrate-1m's one migration (--statements)

# After migrate-1m: every row inserted, as the generator wrote them, and the version set.
MIGRATE_1M_CHECK = """SELECT (SELECT count(*) FROM Item) || ' ' || (SELECT sum(qty) FROM Item) || ' ' ||
        (SELECT count(*) FROM Item WHERE note IS NULL) || ' ' || (SELECT user_version FROM pragma_user_version)"""

# migrate-many (issue 17): MANY_FILES databases of MANY_ROWS rows of Task, two .strata migrations each, by one
# strata migrate --jobs 2, against a shell loop of the sqlite3 shell with the same changes (lib/gen_many.py).
MANY_FILES = 1000  # --many-files
MANY_ROWS = 10000
MANY_SAMPLE = 100  # the smaller run of the memory row

# After migrate-many, on a file: every row there, priority a float, the note column, the version.
MIGRATE_MANY_CHECK = """SELECT (SELECT count(*) FROM Task) || ' ' ||
        (SELECT count(*) FROM Task WHERE typeof(priority) != 'real') || ' ' ||
        (SELECT count(*) FROM pragma_table_info('Task') WHERE name = 'note') || ' ' ||
        (SELECT user_version FROM pragma_user_version)"""


def benchmarks(c):
    """The migrate benchmarks: migrate-rebuild, migrate-add-column, migrate-1m, migrate-many. Commands are lambdas: they name data files that exist only once ensured."""
    o, runs = c.o, c.o.runs

    # migrate-rebuild: 'change property Task.priority to double = 0' (a table rebuild) on a copy of the
    # MIGRATE_ROWS-row database, against the sqlite3 shell running the 12 steps by hand and sqlite-utils
    # transform, if sqlite-utils is there or can be installed.
    m = MIGRATE_ROWS
    rebuild_dir = c.work_file("migrate-rebuild")
    rebuild_script = c.work_file("migrate-rebuild.sql")

    def rebuild(expect, command, stdin=None):
        return scratch_measure(c, "migrate-rebuild", c.path("migrate"), MIGRATE_REBUILD_CHECK, expect, command, stdin)

    def rebuild_sqlite_utils():
        found = find_sqlite_utils()
        if isinstance(found, Skip):
            say(f"run: migrate-rebuild: skipping 'migrate-rebuild vs sqlite-utils': {found.why}")
            return found
        log(f"migrate-rebuild: sqlite-utils transform --type priority float ({runs} runs)")
        return rebuild(f"{m} 0 {m // 10} real 1",  # sqlite-utils keeps the NULLs
                       [found, "transform", c.scratch, "Task", "--type", "priority", "float"])

    migrate_rebuild = Benchmark(
        "migrate-rebuild", data=("migrate",),
        prepare=lambda c: prepare_files(c, {os.path.join(rebuild_dir, "1_priority.strata"):
                                            "change property Task.priority to double = 0\n",
                                            rebuild_script: MIGRATE_REBUILD_SQL}),
        steps=[Step("pair", f"migrate-rebuild: strata migrate, change property Task.priority to double = 0, {count(m)} rows, "
                            f"and sqlite3, the 12 steps by hand, run after run ({runs} runs each)",
                    lambda: rebuild_pair(c, f"{m} 0 0 real 1",
                                         {"strata": ([c.strata, "migrate", c.scratch, "--dir", rebuild_dir, "--yes"], None),
                                          "sqlite3": (["sqlite3", "-bail", c.scratch], rebuild_script)})),
               Step("sqlite-utils", None, rebuild_sqlite_utils, needs=("pair",))],
        rows=[Row("migrate-rebuild vs sqlite3", "pair.strata", "pair.sqlite3", ratio_at_most("1.05")),
              Row("migrate-rebuild vs sqlite-utils", "pair.strata", "sqlite-utils", ratio_below("1.0"))])

    # migrate-add-column: 'add property Task.due date?' (a nullable column: SQLite only rewrites the schema)
    # on copies of MIGRATE_ROWS and 4 times as many rows; it should take as long on both.
    add_dir = c.work_file("migrate-add-column")

    def add_column(key, rows):
        return lambda: scratch_measure(c, "migrate-add-column", c.path(key), MIGRATE_ADD_COLUMN_CHECK, f"{rows} 1 0",
                                       [c.strata, "migrate", c.scratch, "--dir", add_dir, "--yes"])

    migrate_add_column = Benchmark(
        "migrate-add-column", data=("migrate", "migrate-4n"),
        prepare=lambda c: prepare_files(c, {os.path.join(add_dir, "1_due.strata"): "add property Task.due date?\n"}),
        steps=[Step("n", f"migrate-add-column: strata migrate, add property Task.due date?, {count(m)} rows "
                         f"({runs} runs)", add_column("migrate", m)),
               Step("4n", f"migrate-add-column: strata migrate, add property Task.due date?, {count(4 * m)} rows "
                          f"({runs} runs)", add_column("migrate-4n", 4 * m), needs=("n",))],
        rows=[Row(f"migrate-add-column {count(4 * m)} vs {count(m)}", "4n", "n", ratio_at_most("1.5"))])

    # migrate-1m: one migration of MIGRATE_STATEMENTS INSERTs (about 90 MB), applied by strata migrate to a
    # copy of an almost empty database, against the sqlite3 shell reading the same statements from stdin in
    # one transaction (the migration's own BEGIN and COMMIT, and the version), as strata runs them; then
    # strata migrate plan and migrate lint on it (the peer's time shown beside them), and both sides' peak
    # memory, which must not grow with the statements (strata reads and runs the file in blocks). Before issue 13
    # the time grew with the square of the statements (40,000 took 5.9 s).
    k = o.statements

    def big_strata():
        return [c.strata, "migrate", c.scratch, "--dir", os.path.join(c.path("migrate-1m"), "Migrations"), "--yes"]

    def big_peer():
        return ["sqlite3", "-bail", c.scratch]

    def big_rss():
        seed, peer_script = (os.path.join(c.path("migrate-1m"), name) for name in ("seed.db", "peer.sql"))
        return {side: scratch_peak_rss(c, "migrate-1m", seed, MIGRATE_1M_CHECK, migrate_1m_expect(k), command)
                for side, command in (("strata", big_strata()), ("sqlite3", big_peer() + [f".read {peer_script}"]))}

    def big_pair():
        return scratch_measure_pair(c, "migrate-1m", os.path.join(c.path("migrate-1m"), "seed.db"), MIGRATE_1M_CHECK,
                                    migrate_1m_expect(k),
                                    {"strata": (big_strata(), None),
                                     "sqlite3": (big_peer(), os.path.join(c.path("migrate-1m"), "peer.sql"))})

    migrate_1m = Benchmark(
        "migrate-1m", data=("migrate-1m",),
        steps=[Step("pair", f"migrate-1m: strata migrate of one migration of {count(k)} INSERTs, and sqlite3 FILE < "
                            f"the same INSERTs in one transaction, run after run ({runs} runs each)", big_pair),
               Step("plan", f"migrate-1m: strata migrate plan ({runs} runs)",
                    lambda: scratch_read_measure(c, os.path.join(c.path("migrate-1m"), "seed.db"),
                                                 [c.strata, "migrate", "plan", c.scratch, "--dir",
                                                  os.path.join(c.path("migrate-1m"), "Migrations")]),
                    needs=("pair",)),
               Step("lint", f"migrate-1m: strata migrate lint ({runs} runs)",
                    lambda: measure(c, [c.strata, "migrate", "lint", os.path.join(c.path("migrate-1m"), "Migrations")]),
                    needs=("pair",)),
               Step("rss", f"migrate-1m: peak memory of strata migrate and of sqlite3 at {count(k)} statements",
                    big_rss, needs=("pair",))],
        rows=[Row("migrate-1m vs sqlite3", "pair.strata", "pair.sqlite3", ratio_at_most("1.05")),
              Row("migrate-1m plan vs sqlite3", "plan", "pair.sqlite3", None),
              Row("migrate-1m lint vs sqlite3", "lint", "pair.sqlite3", None),
              Row("migrate-1m RSS vs sqlite3", "rss.strata", "rss.sqlite3", mb_below("32"))])

    # migrate-many: strata migrate 'DIR/*.sqlite' --jobs 2 (and --jobs 1, shown) on fresh copies of the
    # --many-files databases, against a shell loop running the sqlite3 shell on each file with peer.sql,
    # taking turns run after run; strata's peak memory at MANY_SAMPLE files and at all of them.
    f = o.many_files

    def many_strata(jobs, listing=None):
        files = ["--from-list", listing] if listing else [os.path.join(c.work_file("many"), "*.sqlite")]
        return [c.strata, "migrate", *files, "--dir", os.path.join(c.path("migrate-many"), "Migrations"), "--yes",
                "--jobs", str(jobs), "--json"]

    def many_peer():
        return ["sh", "-c", 'for f in "$1"/*.sqlite; do sqlite3 -bail "$f" < "$2" || exit 1; done', "sh",
                c.work_file("many"), os.path.join(c.path("migrate-many"), "peer.sql")]

    migrate_many = Benchmark(
        "migrate-many", data=("migrate-many",),
        steps=[Step("pair", f"migrate-many: {count(f)} files of {count(MANY_ROWS)} rows, strata migrate --jobs 2 and "
                            f"--jobs 1, and a sqlite3 loop, run after run ({runs} runs each)",
                    lambda: many_measure(c, f, {"strata": many_strata(2), "strata-1": many_strata(1),
                                                "sqlite3": many_peer()})),
               Step("rss", f"migrate-many: strata's peak memory at {MANY_SAMPLE} and {count(f)} files",
                    lambda: many_rss(c, f, many_strata), needs=("pair",))],
        rows=[Row(f"migrate-many --jobs 2 vs sqlite3 loop", "pair.strata", "pair.sqlite3", ratio_at_most("0.66")),
              Row(f"migrate-many --jobs 1 vs sqlite3 loop", "pair.strata-1", "pair.sqlite3", None),
              Row(f"migrate-many RSS {count(f)} vs {MANY_SAMPLE} files", "rss.n", "rss.sample", ratio_at_most("1.25"))])

    return [migrate_rebuild, migrate_add_column, migrate_1m, migrate_many]


# --- what the benchmarks check and prepare ------------------------------------------------------------------


def rebuild_pair(c, expect, sides):
    """scratch_measure of migrate-rebuild's sides ({side: (command, stdin)}) taking turns, run after run, so that
    a change in the load of the shared cores meanwhile falls on both alike: each run on a fresh copy of the
    database written to the disk first (outside the timing, as scratch_measure does) and checked; one untimed
    round, then --runs timed ones. The medians, by side."""
    times = {side: [] for side in sides}
    try:
        for i in range(c.o.runs + 1):
            for side, (command, stdin) in sides.items():
                remove_db(c.scratch)
                if not copy(c.path("migrate"), c.scratch):
                    raise Failed
                fd = os.open(c.scratch, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
                try:
                    elapsed = tenths(time_once(command, stdin))
                except Failed:
                    say(f"run: migrate-rebuild: {command[0]} failed (above)")
                    raise
                got = shell_value(c.scratch, MIGRATE_REBUILD_CHECK)
                if got != expect:
                    say(f"run: migrate-rebuild: after {command[0]}, the check printed '{got}', not '{expect}'")
                    raise Failed
                if i:  # round 0 is the warm-up
                    times[side].append(elapsed)
    finally:
        remove_db(c.scratch)
    for side, runs in times.items():
        say(f"timeit ({side}): " + " ".join(f"{t:.1f}" for t in runs) + " ms")
    return {side: Time(tenths(statistics.median(runs))) for side, runs in times.items()}


def prepare_files(c, files):
    for path, content in files.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write(path, content)
    return True


def find_sqlite_utils():
    """The sqlite-utils command, installing it once into the user site (pip install --user) if missing;
    a Skip saying why if it cannot."""
    user_bin = os.path.join(site.USER_BASE or "", "bin", "sqlite-utils")

    def found():
        return shutil.which("sqlite-utils") or (user_bin if os.access(user_bin, os.X_OK) else None)

    if found():
        return found()
    log("migrate-rebuild: sqlite-utils is missing; installing it (python3 -m pip install --user sqlite-utils)")
    if run([PYTHON, "-m", "pip", "install", "--user", "--quiet", "sqlite-utils"], stdout=sys.stderr).returncode:
        return Skip("'python3 -m pip install --user sqlite-utils' failed (above)")
    return found() or Skip(f"pip installed sqlite-utils, but neither PATH nor {user_bin} has the command")


# --- data ---------------------------------------------------------------------------------------------------


# The migrate benchmarks' data: Task with ROWS rows, written by the sqlite3 shell alone (one recursive
# counter), so the same ROWS gives the same rows. Every 10th priority is NULL, every 3rd note.
MIGRATE_DATA_SQL = """\
PRAGMA journal_mode=OFF;
PRAGMA synchronous=OFF;
BEGIN;
CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT NOT NULL, priority INTEGER, note TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ROWS)
INSERT INTO Task (id, name, priority, note)
SELECT i, printf('task %08d', (i * 7919) % ROWS),
       CASE WHEN i % 10 = 0 THEN NULL ELSE i % 5 END,
       CASE WHEN i % 3 = 0 THEN NULL
            ELSE printf('note %d: %s', i, substr('lorem ipsum dolor sit amet consectetur adipiscing elit sed do', 1 + i % 20, 20 + i % 30)) END
  FROM n;
CREATE INDEX Task_name ON Task(name);
COMMIT;
"""


def migrate_data(c, n):
    """Task of n rows (MIGRATE_DATA_SQL), by the sqlite3 shell."""
    path = os.path.join(DATA_DIR, f"migrate-tasks-{n}-{hashlib.sha256(MIGRATE_DATA_SQL.encode()).hexdigest()[:8]}.db")
    remove_file(os.path.join(DATA_DIR, f".partial-{c.pid}-{os.path.basename(path)}"))
    if not generate(c, path, f"{n} rows of Task", ["sqlite3", "-bail", "{}"],
                    fail=f"sqlite3 could not write {n} rows of Task",
                    input=MIGRATE_DATA_SQL.replace("ROWS", str(n)).encode(), stdout=subprocess.DEVNULL):
        return None
    found = shell_value(path, "SELECT max(id) FROM Task")
    if found != str(n):
        say(f"run: {path} holds Task ids up to {found}, not {n}; delete it and run again")
        return None
    return path


def migrate_many_data(c, n):
    """lib/gen_many.py: a folder of seed/ (n databases of MANY_ROWS rows), Migrations/ and peer.sql."""
    path = os.path.join(DATA_DIR, f"migrate-many-{n}-{MANY_ROWS}-{file_hash(os.path.join(LIB, 'gen_many.py'))}")
    if os.path.isdir(path):
        return path
    partial = os.path.join(DATA_DIR, f".partial-{c.pid}-{os.path.basename(path)}")
    shutil.rmtree(partial, ignore_errors=True)
    log(f"generating {path} ({n} files of {MANY_ROWS} rows)")
    proc = run([PYTHON, os.path.join(LIB, "gen_many.py"), partial, "--files", str(n), "--rows", str(MANY_ROWS)])
    if proc.returncode:
        shutil.rmtree(partial, ignore_errors=True)
        say(f"run: gen_many.py --files {n} failed")
        return None
    os.replace(partial, path)
    c.generated_dirs.append(path)
    return path


def many_fresh(c, n):
    """A fresh copy of migrate-many's seed files in the work folder 'many' (the first n of them), written to
    the disk outside the timing; the path of a list of them, one a line."""
    folder = c.work_file("many")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    seed = os.path.join(c.path("migrate-many"), "seed")
    names = sorted(os.listdir(seed))[:n]
    for name in names:
        shutil.copyfile(os.path.join(seed, name), os.path.join(folder, name))
    os.sync()
    listing = c.work_file("many.txt")
    write(listing, "".join(os.path.join(folder, name) + "\n" for name in names))
    return listing, [os.path.join(folder, names[0]), os.path.join(folder, names[-1])]


def many_check(name, command, files):
    """The first and last file migrated, every row there: Failed, saying why, if not."""
    expect = f"{MANY_ROWS} 0 1 2"
    for path in files:
        got = shell_value(path, MIGRATE_MANY_CHECK)
        if got != expect:
            say(f"run: {name}: after {command[0]}, the check of {path} printed '{got}', not '{expect}'")
            raise Failed


def many_measure(c, n, sides):
    """Each side ({side: command}) on fresh copies of the n files, taking turns: one untimed round, then --runs
    timed ones, each checked. The medians, by side."""
    times = {side: [] for side in sides}
    try:
        for i in range(c.o.runs + 1):
            for side, command in sides.items():
                _, files = many_fresh(c, n)
                elapsed = tenths(time_once(command))
                many_check("migrate-many", command, files)
                if i:
                    times[side].append(elapsed)
    finally:
        shutil.rmtree(c.work_file("many"), ignore_errors=True)
    for side, runs in times.items():
        say(f"timeit ({side}): " + " ".join(f"{t:.1f}" for t in runs) + " ms")
    return {side: Time(tenths(statistics.median(runs))) for side, runs in times.items()}


def many_rss(c, n, strata):
    """strata migrate --jobs 2's peak RSS on MANY_SAMPLE of the files (listed with --from-list) and on all n."""
    figures = {}
    try:
        for key, k in (("sample", min(MANY_SAMPLE, n)), ("n", n)):
            listing, files = many_fresh(c, k)
            command = strata(2, listing)
            figures[key] = peak_rss(command)
            many_check("migrate-many", command, files)
    finally:
        shutil.rmtree(c.work_file("many"), ignore_errors=True)
    return figures


def migrate_1m_statement(i):
    """The i-th INSERT of migrate-1m (about 90 bytes): every 7th note NULL."""
    note = "NULL" if i % 7 == 0 else f"'note {i}'"
    return f"INSERT INTO Item (id, name, qty, note) VALUES ({i}, 'item {i:08d}', {i % 97}, {note});\n"


def migrate_1m_expect(n):
    """What MIGRATE_1M_CHECK prints once the n statements have run."""
    return f"{n} {sum(i % 97 for i in range(1, n + 1))} {n // 7} 1"


def migrate_1m_data(c, n):
    """A folder of: Migrations/1_items.sql (CREATE TABLE Item, then n INSERTs), peer.sql (the same text
    between BEGIN IMMEDIATE and the version and COMMIT, for the sqlite3 shell), seed.db (one table, for
    the copies both sides migrate)."""
    path = os.path.join(DATA_DIR, f"migrate-1m-{n}-{zlib.crc32(migrate_1m_statement(n).encode()):08x}")
    if os.path.isdir(path):
        return path
    partial = os.path.join(DATA_DIR, f".partial-{c.pid}-{os.path.basename(path)}")
    shutil.rmtree(partial, ignore_errors=True)
    log(f"generating {path} ({n} INSERT statements)")
    os.makedirs(os.path.join(partial, "Migrations"))
    create = "CREATE TABLE Item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, qty INTEGER NOT NULL, note TEXT);\n"
    up_path, peer_path = os.path.join(partial, "Migrations", "1_items.sql"), os.path.join(partial, "peer.sql")
    with open(up_path, "w") as up, open(peer_path, "w") as peer:
        peer.write("BEGIN IMMEDIATE;\n")
        for out in (up, peer):
            out.write(create)
        for start in range(1, n + 1, 10000):
            batch = "".join(migrate_1m_statement(i) for i in range(start, min(start + 10000, n + 1)))
            up.write(batch)
            peer.write(batch)
        peer.write("PRAGMA user_version = 1;\nCOMMIT;\n")
    proc = run(["sqlite3", os.path.join(partial, "seed.db"), "CREATE TABLE Seed (id INTEGER PRIMARY KEY);"])
    if proc.returncode:
        shutil.rmtree(partial, ignore_errors=True)
        say("run: sqlite3 could not write migrate-1m's seed database")
        return None
    os.replace(partial, path)
    c.generated_dirs.append(path)
    return path


DATA = {  # key -> function(c) returning the path, or None having said why
    "migrate": lambda c: migrate_data(c, MIGRATE_ROWS),
    "migrate-4n": lambda c: migrate_data(c, 4 * MIGRATE_ROWS),
    "migrate-1m": lambda c: migrate_1m_data(c, c.o.statements),
    "migrate-many": lambda c: migrate_many_data(c, c.o.many_files),
}
