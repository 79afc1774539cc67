"""The update benchmark: update-bulk (strata update on 1,000,000 rows of lib/gen_update.py's database, against
the sqlite3 shell's UPDATE)."""

import os
import subprocess
import sys

from .common import (Benchmark, DATA_DIR, LIB, PYTHON, Row, Step, copy, count, file_hash, generate, log, ratio_at_most,
                     remove_db, run, say, scratch_measure, shell_value, text, write)


UPDATE_ROWS = 1000000  # rows of Task in update-bulk


UPDATE_QUERY = "Task where isCompleted == true"

UPDATE_SQL = "UPDATE Task SET archived = 1 WHERE isCompleted = 1;"  # the sqlite3 shell's update

# After update-bulk: the completed tasks archived (as the integer 1), and no other; every row there.
UPDATE_CHECK = """SELECT (SELECT count(*) FROM Task WHERE archived = 1) || ' ' ||
        (SELECT count(*) FROM Task WHERE archived IS NOT isCompleted OR typeof(archived) <> 'integer') || ' ' ||
        (SELECT count(*) FROM Task)"""


def benchmarks(c):
    """The update benchmark: update-bulk. Commands are lambdas: they name data files that exist only once ensured."""
    runs = c.o.runs

    # update-bulk: strata update on a copy of the UPDATE_ROWS-row database, against the sqlite3 shell running
    # UPDATE_SQL on its own copy; both checked once before timing (prepare_update).
    update_script = c.work_file("update-bulk.sql")

    def update(command, stdin=None):
        return scratch_measure(c, "update-bulk", c.path("update"), UPDATE_CHECK, c.update_expect, command, stdin)

    update_bulk = Benchmark(
        "update-bulk", data=("update",),
        prepare=lambda c: prepare_update(c, update_script),
        steps=[Step("strata", f"update-bulk: strata update '{UPDATE_QUERY}' set archived=true, "
                              f"{count(UPDATE_ROWS)} rows ({runs} runs)", lambda: update(update_strata(c))),
               Step("peer", f"update-bulk: sqlite3 -bail FILE < '{UPDATE_SQL}' ({runs} runs)",
                    lambda: update(["sqlite3", "-bail", c.scratch], stdin=update_script), needs=("strata",))],
        rows=[Row("update-bulk", "strata", "peer", ratio_at_most("1.05"))])

    return [update_bulk]


def update_strata(c):
    return [c.strata, "update", c.scratch, UPDATE_QUERY, "set", "archived=true"]


# --- what the benchmark checks and prepares ----------------------------------------------------------------


def prepare_update(c, script):
    """One run of each side on a fresh copy: both must archive the same number of tasks, sqlite3's changes()
    must agree, and strata must say 'updated N Task objects' with that N."""
    name, source = "update-bulk", c.path("update")
    write(script, UPDATE_SQL + "\n")
    completed = text(run(["sqlite3", "-readonly", source, "SELECT count(*) FROM Task WHERE isCompleted = 1"],
                         stdout=subprocess.PIPE, abort=True).stdout)
    c.update_expect = f"{completed} 0 {UPDATE_ROWS}"

    log(f"{name}: checking that strata and sqlite3 archive the same tasks, and what strata says")
    archived = "SELECT count(*) FROM Task WHERE archived = 1"
    remove_db(c.scratch)
    if not copy(source, c.scratch):
        sys.exit(1)
    proc = run(update_strata(c), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode:
        say(f"run: {name}: strata update failed:")
        sys.stderr.buffer.write(proc.stderr)
        remove_db(c.scratch)
        return False
    said = text(proc.stdout)
    strata_count = shell_value(c.scratch, archived)
    remove_db(c.scratch)
    if not copy(source, c.scratch):
        sys.exit(1)
    proc = run(["sqlite3", "-bail", c.scratch, f"{UPDATE_SQL} SELECT changes();"],
               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    peer_changes = text(proc.stdout)
    peer_count = shell_value(c.scratch, archived)
    remove_db(c.scratch)
    if proc.returncode or peer_changes != peer_count or peer_count != completed:
        say(f"run: {name}: sqlite3 changed {peer_changes} rows, left {peer_count} archived; "
            f"{completed} tasks are completed")
        return False
    if strata_count != peer_count:
        say(f"run: {name}: WRONG RESULT: after strata update, {strata_count} tasks are archived; "
            f"after sqlite3, {peer_count}")
        return False
    if said != f"updated {peer_count} Task objects":
        say(f"run: {name}: WRONG OUTPUT: strata update said '{said}', not 'updated {peer_count} Task objects'")
        return False
    return True


# --- data ---------------------------------------------------------------------------------------------------


def update_data(c):
    """lib/gen_update.py: UPDATE_ROWS rows of Task, about half completed, none archived."""
    n = UPDATE_ROWS
    path = os.path.join(DATA_DIR, f"update-tasks-{n}-{file_hash(os.path.join(LIB, 'gen_update.py'))}.db")
    if not generate(c, path, f"{n} rows of Task", [PYTHON, os.path.join(LIB, "gen_update.py"), "{}", "--rows", str(n)],
                    fail=f"gen_update.py --rows {n} failed", stdout=sys.stderr):
        return None
    # Nothing archived yet, or the benchmark would not change what it should.
    found = shell_value(path, "SELECT max(id) || ' ' || (SELECT count(*) FROM Task WHERE archived IS NOT 0) FROM Task")
    if found != f"{n} 0":
        say(f"run: {path}: Task's last id and archived tasks are '{found}', not '{n} 0'; delete it and run again")
        return None
    return path


DATA = {  # key -> function(c) returning the path, or None having said why
    "update": update_data,
}
