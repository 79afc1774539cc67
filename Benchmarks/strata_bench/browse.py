"""The browse benchmarks: the browser in a pseudo-terminal (lib/pty_session.py) on lib/gen_browse.py's database
(browse-start, browse-first-page, browse-deep-page), against the sqlite3 shell in the same terminal; and
browse-huge-value, the peak memory of a page and get on a huge row."""

import json
import os
import statistics
import subprocess
import sys

from .common import (Benchmark, DATA_DIR, Failed, LIB, PYTHON, Row, Step, Time, file_hash, generate, log, max_id,
                     ms_below, peak_rss, ratio_at_most, run, say, tenths)


BROWSE_SIZE, BROWSE_PAGE = "100x31", 25  # the browser shows the height minus 6 rows per page: 25


def benchmarks(c):
    """The browse benchmarks: browse-start, browse-first-page, browse-deep-page, browse-huge-value. Commands are lambdas: they name data files that exist only once ensured."""
    o, runs = c.o, c.o.runs

    def pty(name, prompt, steps, command, keys):
        """A pty_measure step's figures, by key: 'start', then one per step."""
        return lambda: dict(zip(("start", *keys), pty_measure(c, name, prompt, steps, command())))

    # The browser in a pseudo-terminal, against the sqlite3 shell in the same terminal. Every page is
    # checked to show exactly the ids it should, so a wrong page can never pass for a fast one.
    per = BROWSE_PAGE
    first_page_sql = f"SELECT * FROM Event ORDER BY id LIMIT {per};"
    browse_start = Benchmark(
        "browse-start", data=("browse",),
        steps=[Step("strata", f"browse-start: strata FILE in a {BROWSE_SIZE} pty, to its first prompt ({runs} runs)",
                    pty("browse-start", "strata> ", [], strata_browse(c), [])),
               Step("peer", f"browse-start: sqlite3 FILE in a {BROWSE_SIZE} pty, to its first prompt ({runs} runs)",
                    pty("browse-start", "sqlite> ", [], lambda: ["sqlite3", c.path("browse")], []),
                    needs=("strata",))],
        rows=[Row("browse-start", "strata.start", "peer.start", ms_below("150"))])

    browse_first_page = Benchmark(
        "browse-first-page", data=("browse",),
        steps=[Step("strata", f"browse-first-page: 'Event' in strata's browser ({runs} runs)",
                    pty("browse-first-page", "strata> ", [browse_step("Event", f"1-{per}")], strata_browse(c),
                        ["page 1"])),
               Step("peer", f"browse-first-page: '{first_page_sql}' in the sqlite3 shell ({runs} runs)",
                    pty("browse-first-page", "sqlite> ", [browse_step(first_page_sql, f"1-{per}")],
                        lambda: ["sqlite3", c.path("browse")], ["page 1"]),
                    needs=("strata",))],
        rows=[Row("browse-first-page", "strata.page 1", "peer.page 1", ms_below("100"))])

    # browse-deep-page: in one session per run, 'Event', then 'page D' (D the last page: 400000 at 10M
    # rows), 'last', 'prev', 'count' (untimed here: waited for until its answer shows), 'page D' again and
    # 'page D/2'. Each is compared with the session's first page: target within 2 times. The sqlite3 shell's
    # SELECT with OFFSET of the same page is the peer of the first 'page D'.
    b = o.browse_rows
    deep = (b + per - 1) // per
    mid = deep // 2
    offset = (deep - 1) * per
    ids_deep = f"{offset + 1}-{b}"
    # 'last' may show the last rows (found from the end, in key order) or the last numbered page; 'prev'
    # after it, the rows before either.
    ids_last, ids_prev = f"{b - per + 1}-{b}", f"{b - 2 * per + 1}-{b - per}"
    if b % per:
        ids_last += f"|{ids_deep}"
        ids_prev += f"|{offset - per + 1}-{offset}"
    ids_mid = f"{(mid - 1) * per + 1}-{mid * per}"
    # count's answer: b, with or without thousands separators, not estimated (~).
    head, groups = str(b), ""
    while len(head) > 3:
        head, groups = head[:-3], f",?{head[-3:]}{groups}"
    count_re = f"(^|[^0-9,~]){head}{groups}([^0-9,]|$)"
    deep_sql = f"SELECT * FROM Event ORDER BY id LIMIT {per} OFFSET {offset};"
    deep_steps = [browse_step("Event", f"1-{per}"), browse_step(f"page {deep}", ids_deep),
                  browse_step("last", ids_last), browse_step("prev", ids_prev), browse_step("count", expect=count_re),
                  browse_step(f"page {deep}", ids_deep), browse_step(f"page {mid}", ids_mid)]

    # The two sides take turns, session after session, so that a change in the load of the shared cores
    # meanwhile falls on both alike (the row against the shell has a target of its own).
    deep_peer = {}

    def deep_turns():
        times = pty_turns(c, "browse-deep-page", {
            "strata": ("strata> ", deep_steps, strata_browse(c)(),
                       ["page 1", "deep", "last", "prev", "count", "deep again", "mid"]),
            "peer": ("sqlite> ", [browse_step(deep_sql, ids_deep)], ["sqlite3", c.path("browse")], ["deep"])})
        log(f"browse-deep-page: strata's count took {times['strata']['count']} (median)")
        deep_peer.update(times["peer"])
        return times["strata"]

    browse_deep_page = Benchmark(
        "browse-deep-page", data=("browse",),
        steps=[Step("strata", f"browse-deep-page: Event, page {deep}, last, prev, count, page {deep}, page {mid} in "
                              f"strata's browser, taking turns with '{deep_sql}' in the sqlite3 shell ({runs} runs "
                              "each)", deep_turns),
               Step("peer", None, lambda: dict(deep_peer), needs=("strata",))],
        rows=[Row(f"browse-deep page {deep} vs page 1", "strata.deep", "strata.page 1", ratio_at_most("2")),
              Row("browse-deep last vs page 1", "strata.last", "strata.page 1", ratio_at_most("2")),
              Row("browse-deep prev vs page 1", "strata.prev", "strata.page 1", ratio_at_most("2")),
              Row(f"browse-deep page {deep} after count vs page 1", "strata.deep again", "strata.page 1",
                  ratio_at_most("2")),
              Row(f"browse-deep page {mid} after count vs page 1", "strata.mid", "strata.page 1", ratio_at_most("2")),
              Row(f"browse-deep page {deep} vs sqlite3", "strata.deep", "peer.deep", ratio_at_most("1.0"))])

    # browse-huge-value: a row of a HUGE_MB MB text and a HUGE_MB MB blob (the hostile suite's enormous values),
    # shown by the browser (its page, then the object) and by get, one run each, against the sqlite3 shell reading
    # the same row as CSV: what holding the row costs SQLite itself. What both strata sides show is checked first.
    huge_browse = Benchmark(
        "browse-huge-value", data=("huge",),
        steps=[Step("check", "browse-huge-value: checking what the browser and get show of the huge row",
                    lambda: huge_check(c)),
               Step("browse", "browse-huge-value: strata FILE < 'Note, open #1', peak memory",
                    lambda: peak_rss(huge_browse_command(c)), needs=("check",)),
               Step("get", "browse-huge-value: strata get FILE Note 1, peak memory",
                    lambda: peak_rss([c.strata, "get", c.path("huge"), "Note", "1"]), needs=("check",)),
               Step("peer", "browse-huge-value: sqlite3 -csv FILE 'SELECT * FROM Note', peak memory",
                    lambda: peak_rss(["sqlite3", "-csv", c.path("huge"), "SELECT * FROM Note"]))],
        rows=[Row("browse-huge-value page vs sqlite3 -csv", "browse", "peer", ratio_at_most("1.25")),
              Row("browse-huge-value get vs sqlite3 -csv", "get", "peer", ratio_at_most("1.25"))])

    return [browse_start, browse_first_page, browse_deep_page, huge_browse]


HUGE_MB = 200
HUGE_BROWSE_SCRIPT = "Note\nopen #1\n"


def huge_browse_command(c):
    """The browser on the huge row, its script on stdin (sh execs strata: the peak is strata's)."""
    return ["sh", "-c", 'printf "$3" > "$4"; exec "$1" "$2" < "$4"', "sh", c.strata, c.path("huge"), HUGE_BROWSE_SCRIPT,
            c.work_file("huge-browse.txt")]


def huge_check(c):
    """The page and the object show the blob's whole length and the text cut short, as get does; None, or Failed
    having said why."""
    shown = f"<{HUGE_MB * 1_000_000} bytes> 0000000000000000"
    for side, command in (("the browser", huge_browse_command(c)), ("get", [c.strata, "get", c.path("huge"), "Note", "1"])):
        proc = run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = proc.stdout.decode("utf-8", errors="replace")
        wanted = 2 if side == "the browser" else 1
        if proc.returncode or out.count(shown) != wanted or "xxxx\u2026" not in out or len(out) > 100_000:
            say(f"run: browse-huge-value: {side} did not show the huge row as it should (exit {proc.returncode}, "
                f"{len(out)} characters, {out.count(shown)} of {wanted} blobs shown):")
            sys.stderr.buffer.write(proc.stderr[:2000])
            raise Failed
    log("browse-huge-value: the page, the object and get show the row")
    return None


def strata_browse(c):
    return lambda: [c.strata, c.path("browse")]


# --- data ---------------------------------------------------------------------------------------------------


def browse_data(c):
    """lib/gen_browse.py: --browse-rows rows of Event, 1,000 of Device."""
    n = c.o.browse_rows
    path = os.path.join(DATA_DIR, f"browse-{n}-{file_hash(os.path.join(LIB, 'gen_browse.py'))}.db")
    if not generate(c, path, f"{n} rows of Event", [PYTHON, os.path.join(LIB, "gen_browse.py"), "{}", "--rows", str(n)],
                    fail=f"gen_browse.py --rows {n} failed", stdout=sys.stderr):
        return None
    found = max_id(path, "Event")
    if found != str(n):
        say(f"run: {path} holds Event ids up to {found}, not {n}; delete it and run again")
        return None
    return path


def huge_data(c):
    """A row of a HUGE_MB MB text and a HUGE_MB MB blob, written by the sqlite3 shell."""
    n = HUGE_MB * 1_000_000
    path = os.path.join(DATA_DIR, f"huge-{HUGE_MB}mb.db")
    sql = (f"CREATE TABLE Note (id INTEGER PRIMARY KEY, body TEXT, data BLOB); "
           f"INSERT INTO Note VALUES (1, printf('%.{n}c', 'x'), zeroblob({n}));")
    if not generate(c, path, f"a row of a {HUGE_MB} MB text and a {HUGE_MB} MB blob", ["sqlite3", "{}", sql],
                    fail="sqlite3 could not write the huge row", stdout=sys.stderr):
        return None
    return path


# --- measuring in a pseudo-terminal ------------------------------------------------------------------------


def pty_measure(c, name, prompt, steps, command, runs=None, warmup=1):
    """command in a pseudo-terminal of BROWSE_SIZE (lib/pty_session.py), `warmup` untimed sessions and then
    `runs` (default --runs) timed ones, each sending the steps at the prompt (a regex): the medians (Time),
    spawn to the first prompt, then each step to the next prompt. Every session's figures go to stderr.
    Failed, saying why, if a session fails (a timeout, an error message, a page without its ids, an exit
    status other than 0)."""
    runs = c.o.runs if runs is None else runs
    helper = [PYTHON, os.path.join(LIB, "pty_session.py"), "--verbose", "--runs", str(runs), "--warmup", str(warmup),
              "--size", BROWSE_SIZE, "--prompt", prompt]
    for step in steps:
        helper += ["--step", json.dumps(step)]
    proc = run(helper + ["--", *command], stdout=subprocess.PIPE)
    if proc.returncode:
        say(f"run: {name}: {command[0]} failed in the pseudo-terminal (above)")
        raise Failed
    result = json.loads(proc.stdout)
    return [Time(result["start"]["ms"])] + [Time(step["ms"]) for step in result["steps"]]


def pty_turns(c, name, sides):
    """Each side, {key: (prompt, steps, command, labels)}, in a pseudo-terminal as pty_measure runs it, the
    sides taking turns session after session: one untimed round, then --runs timed ones. Per side, the
    medians by label: {key: {"start": ..., label: ...}}. Failed if a session fails."""
    rounds = {key: [] for key in sides}
    for turn in range(1 + c.o.runs):
        for key, (prompt, steps, command, labels) in sides.items():
            figures = pty_measure(c, name, prompt, steps, command, runs=1, warmup=0)
            if turn:
                rounds[key].append(dict(zip(("start", *labels), figures)))
    return {key: {label: Time(tenths(statistics.median(r[label] for r in runs))) for label in runs[0]}
            for key, runs in rounds.items()}


def browse_step(send, ids=None, expect=None):
    """A step for pty_session.py: send the text; the lines must begin with the ids ("A-B", or "A-B|C-D");
    with expect, keep reading until the output matches it."""
    step = {"send": send}
    if ids:
        step["ids"] = ids
    if expect:
        step.update(expect=expect, wait=True)
    return step


DATA = {  # key -> function(c) returning the path, or None having said why
    "browse": browse_data,
    "huge": huge_data,
}
