"""The query benchmarks: export-csv, filter-sort-limit and export-memory on the demo database, show-paths on
Chinook (lib/gen_chinook.py), filter-caseless on the demo database, collections on lib/gen_words.py's words;
against the sqlite3 shell's SQL."""

import csv
import io
import os
import subprocess
import sys
import tempfile
import zlib

from .common import (Benchmark, DATA_DIR, Failed, LIB, PYTHON, Row, SIGNALS, Step, count, explain_sql, file_hash,
                     generate, log, measure, peak_rss, query_data, ratio_at_most, run, say, shell_value,
                     stop_if_interrupted)


# The queries of the query benchmarks (issue #4).
EXPORT_QUERY = "RealmTestClass1"

FILTER_QUERY = "RealmTestClass1 where integerValue > 5000000 AND boolValue == true SORT(doubleValue DESC) LIMIT(20)"


# show-paths (issue 16): SHOW through links and backlinks on a Chinook-shaped database, against the join
# a user writes by hand for the sqlite3 shell. Strata breaks SORT's ties by the object key ascending; so do
# the joins (t.TrackId), and the generator makes the ten best sellers five ties.
CHINOOK_LINES = 1000000  # rows of InvoiceLine
SHOW_TOP_QUERY = ("Track SORT(@links.InvoiceLine.TrackId.@count DESC) LIMIT(10) "
                  "SHOW(Name, AlbumId.Title AS album, AlbumId.ArtistId.Name AS artist, "
                  "@links.InvoiceLine.TrackId.@count AS sold)")
SHOW_TOP_SQL = ("SELECT t.Name, al.Title AS album, ar.Name AS artist, count(il.InvoiceLineId) AS sold "
                "FROM Track AS t LEFT JOIN Album AS al ON al.AlbumId = t.AlbumId "
                "LEFT JOIN Artist AS ar ON ar.ArtistId = al.ArtistId "
                "LEFT JOIN InvoiceLine AS il ON il.TrackId = t.TrackId "
                "GROUP BY t.TrackId ORDER BY sold DESC, t.TrackId LIMIT 10;")
SHOW_PREFIX_QUERY = 'Track where AlbumId.ArtistId.Name BEGINSWITH "A" SHOW(Name, AlbumId.Title AS album)'
# BEGINSWITH without [c] is case-sensitive, as GLOB is (LIKE is not); no SORT: key order.
SHOW_PREFIX_SQL = ("SELECT t.Name, al.Title AS album FROM Track AS t JOIN Album AS al ON al.AlbumId = t.AlbumId "
                   "JOIN Artist AS ar ON ar.ArtistId = al.ArtistId WHERE ar.Name GLOB 'A*' ORDER BY t.TrackId;")


# collections (issue 31): Word objects with a set<string> and a dictionary<int>, five elements each.
WORDS_ROWS = 1000000
COLLECTION_TAG_QUERY = 'Word where ANY tags == "fjord" SHOW(id, name)'
COLLECTION_TAG_SQL = ("SELECT w.id, w.name FROM Word AS w WHERE EXISTS "
                      "(SELECT 1 FROM Word_tags AS t WHERE t.owner = w.id AND t.value = 'fjord') ORDER BY w.id;")
COLLECTION_VALUES_QUERY = "Word where scores.@values > 990 SHOW(id, name)"
COLLECTION_VALUES_SQL = ("SELECT w.id, w.name FROM Word AS w WHERE EXISTS "
                         "(SELECT 1 FROM Word_scores AS s WHERE s.owner = w.id AND s.value > 990) ORDER BY w.id;")


def benchmarks(c):
    """The query benchmarks: export-csv, filter-sort-limit, export-memory, show-paths, filter-caseless, collections. Commands are lambdas: they name data files that exist only once ensured."""
    o, runs = c.o, c.o.runs

    def query_bench(name, query, limit):
        """strata query QDB QUERY --format csv against sqlite3 -csv -header -readonly QDB SQL, the same query
        (its SQL from --explain), both listing the same ids, checked once before timing."""
        return Benchmark(
            name, data=("query",), prepare=lambda c: prepare_query(c, name, query),
            steps=[Step("strata", f"{name}: strata query --format csv ({runs} runs)",
                        lambda: measure(c, query_strata(c, query))),
                   Step("peer", f"{name}: sqlite3 -csv -header ({runs} runs)",
                        lambda: measure(c, query_peer(c, name)), needs=("strata",))],
            rows=[Row(name, "strata", "peer", ratio_at_most(limit))])

    # export-memory: strata's peak RSS exporting RealmTestClass1 to CSV from the --query-rows database and
    # from one of 4 times as many objects per class, one run each. Streaming, it should stay flat.
    q = o.query_rows
    export_memory = Benchmark(
        "export-memory", data=("query", "query-4n"),
        steps=[Step("rss", f"export-memory: strata query --format csv, peak memory at {count(q)} and {count(4 * q)} "
                           "objects per class",
                    lambda: {"n": peak_rss(query_strata(c, EXPORT_QUERY, "query")),
                             "4n": peak_rss(query_strata(c, EXPORT_QUERY, "query-4n"))})],
        rows=[Row(f"export-memory {count(4 * q)} vs {count(q)}", "rss.4n", "rss.n", ratio_at_most("1.25"))])

    # show-paths: strata query with SHOW (paths through links, a backlink count) against the hand-written join,
    # each pair's answers compared once (as parsed CSV: the two quote differently) before timing.
    def show_case(key, query, sql, bench="show-paths", data="chinook", peer_says="the join"):
        strata = lambda: [c.strata, "query", c.path(data), query, "--format", "csv"]
        peer = lambda: ["sqlite3", "-readonly", "-csv", "-header", c.path(data), sql]
        return [Step(f"peer-{key}", f"{bench}: sqlite3 -csv, {peer_says} for '{query}' ({runs} runs)",
                     lambda: measure(c, peer())),
                Step(f"check-{key}", f"{bench}: checking that strata and {peer_says} give the same answer",
                     lambda: show_check(c, query, strata(), peer(), bench), needs=(f"peer-{key}",)),
                Step(f"strata-{key}", f"{bench}: strata query '{query}' --format csv ({runs} runs)",
                     lambda: measure(c, strata()), needs=(f"check-{key}",))]

    show_paths = Benchmark(
        "show-paths", data=("chinook",),
        steps=show_case("top", SHOW_TOP_QUERY, SHOW_TOP_SQL) + show_case("prefix", SHOW_PREFIX_QUERY, SHOW_PREFIX_SQL),
        rows=[Row("show-paths top 10 sold", "strata-top", "peer-top", ratio_at_most("1.2")),
              Row("show-paths BEGINSWITH", "strata-prefix", "peer-prefix", ratio_at_most("1.2"))])

    # filter-caseless (issue 29, item 16): the seeds' own query, BEGINSWITH[c] and CONTAINS[c] on the demo's strings,
    # against the shell's LIKE (which folds ASCII case, as every demo string is), answers compared first.
    def caseless(key, operator, like):
        query = f'RealmTestClass1 where stringValue {operator} "ab" SORT(integerValue DESC) LIMIT(34) SHOW(id, stringValue)'
        sql = (f"SELECT id, stringValue FROM RealmTestClass1 WHERE stringValue LIKE '{like}' "
               "ORDER BY integerValue DESC, id LIMIT 34;")
        return show_case(key, query, sql, bench="filter-caseless", data="query", peer_says="LIKE")

    filter_caseless = Benchmark(
        "filter-caseless", data=("query",),
        steps=caseless("begins", "BEGINSWITH[c]", "ab%") + caseless("contains", "CONTAINS[c]", "%ab%"),
        rows=[Row("filter-caseless BEGINSWITH[c]", "strata-begins", "peer-begins", ratio_at_most("1.2")),
              Row("filter-caseless CONTAINS[c]", "strata-contains", "peer-contains", ratio_at_most("1.2"))])

    # collections (issue 31): a set and a dictionary of values as properties, against the EXISTS a user writes by
    # hand over the same tables (lib/gen_words.py), answers compared first.
    collections = Benchmark(
        "collections", data=("words",),
        steps=show_case("tags", COLLECTION_TAG_QUERY, COLLECTION_TAG_SQL, bench="collections", data="words", peer_says="EXISTS")
        + show_case("values", COLLECTION_VALUES_QUERY, COLLECTION_VALUES_SQL, bench="collections", data="words", peer_says="EXISTS"),
        rows=[Row('collections ANY tags == "fjord"', "strata-tags", "peer-tags", ratio_at_most("1.2")),
              Row("collections scores.@values > 990", "strata-values", "peer-values", ratio_at_most("1.2"))])

    return [query_bench("export-csv", EXPORT_QUERY, "1.0"),
            query_bench("filter-sort-limit", FILTER_QUERY, "1.05"),
            export_memory, show_paths, filter_caseless, collections]


def query_strata(c, query, data="query"):
    return [c.strata, "query", c.path(data), query, "--format", "csv"]


def query_peer(c, name):
    return ["sqlite3", "-csv", "-header", "-readonly", c.path("query"), c.peer_sql[name]]


# --- what the benchmarks check and prepare ------------------------------------------------------------------


def prepare_query(c, name, query):
    """The peer's SQL: what 'strata query QDB QUERY --explain' prints (the line after 'SQL:'), with the
    parameter values it prints written in for ?1, ?2, ... (lib/explain_sql.py): the query as one would
    write it by hand for the sqlite3 shell; taken once, outside the timing. Then both sides must list the
    same ids in the same order."""
    proc = run([c.strata, "query", c.path("query"), query, "--explain"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode:
        say(f"run: {name}: strata query --explain failed:")
        sys.stderr.buffer.write(proc.stderr)
        return False
    lines = io.TextIOWrapper(io.BytesIO(proc.stdout), encoding="utf-8", errors="replace").readlines()
    try:
        sql = explain_sql.substitute(*explain_sql.parse(lines))
    except ValueError as error:
        say(f"explain_sql: {error}")
        say(f"run: {name}: no SQL for the peer in what strata query --explain printed:")
        sys.stderr.write("".join(lines[:5]))
        return False
    c.peer_sql[name] = sql
    if c.o.verbose:
        log(f"{name}: the peer's SQL: {sql}")

    log(f"{name}: checking that both sides list the same objects")
    ids = []
    for side, command in (("strata query", query_strata(c, query)), ("sqlite3", query_peer(c, name))):
        checksum, errors = first_column(command)
        if checksum is None:
            say(f"run: {name}: {side} failed:")
            sys.stderr.buffer.write(errors)
            sys.stderr.flush()
            return False
        ids.append(checksum)
    if ids[0] != ids[1]:
        say(f"run: {name}: strata and sqlite3 list different ids (cksum {ids[0]} against {ids[1]})")
        return False
    return True


def show_check(c, query, strata, peer, bench="show-paths"):
    """One run of each side, output kept: the same header and rows, in the same order, read as CSV (strata
    quotes a field only when it must, the shell every text with a space). None, or Failed having said why
    (a strata that cannot run the query shows its error: before SHOW, a parse error)."""
    answers = []
    for side, command in (("strata query", strata), ("sqlite3", peer)):
        proc = run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if proc.returncode:
            say(f"run: {bench}: {side} failed:")
            sys.stderr.buffer.write(proc.stderr)
            sys.stderr.flush()
            raise Failed
        answers.append(list(csv.reader(io.StringIO(proc.stdout.decode("utf-8", errors="replace")))))
    ours, theirs = answers
    if ours != theirs:
        at = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        say(f"run: {bench}: WRONG RESULT: strata query '{query}' and the peer differ at line {at + 1} of "
            f"{len(ours)} and {len(theirs)}: {ours[at] if at < len(ours) else 'nothing'} against "
            f"{theirs[at] if at < len(theirs) else 'nothing'}")
        raise Failed
    log(f"{bench}: the same {len(ours) - 1} rows")
    return None


def first_column(command):
    """A checksum (cksum) of the first column (the ids) of the CSV that command prints, its header skipped;
    or, if the command fails, None and its stderr."""
    digest, batch = Cksum(), []
    with tempfile.TemporaryFile() as errors, SIGNALS.child(), \
            subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors) as proc:
        proc.stdout.readline()  # the header
        for line in proc.stdout:
            batch.append(line.rstrip(b"\n").split(b",", 1)[0] + b"\n")
            if len(batch) == 10000:
                digest.update(b"".join(batch))
                batch.clear()
        digest.update(b"".join(batch))
        proc.wait()
        stop_if_interrupted(proc.returncode)
        if proc.returncode:
            errors.seek(0)
            return None, errors.read()
    return str(digest), b""


class Cksum:
    """POSIX cksum (CRC-32 of the bytes then of their length), by zlib on bit-reversed bytes."""
    REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))

    def __init__(self):
        self.crc, self.size = 0xFFFFFFFF, 0

    def update(self, data):
        self.crc = zlib.crc32(data.translate(self.REVERSED), self.crc)
        self.size += len(data)

    def __str__(self):
        n, length = self.size, bytearray()
        while n:
            length.append(n & 0xFF)
            n >>= 8
        crc = ~zlib.crc32(bytes(length).translate(self.REVERSED), self.crc) & 0xFFFFFFFF
        return f"{~int(f'{crc:032b}'[::-1], 2) & 0xFFFFFFFF} {self.size}"


# --- data ---------------------------------------------------------------------------------------------------


def chinook_data(c):
    """lib/gen_chinook.py: Chinook's catalog with CHINOOK_LINES invoice lines; checked cheaply (the lines there)."""
    n = CHINOOK_LINES
    path = os.path.join(DATA_DIR, f"chinook-{n}-{file_hash(os.path.join(LIB, 'gen_chinook.py'))}.db")
    if not generate(c, path, f"Chinook with {n} invoice lines",
                    [PYTHON, os.path.join(LIB, "gen_chinook.py"), "{}", "--rows", str(n)],
                    fail=f"gen_chinook.py --rows {n} failed", stdout=sys.stderr):
        return None
    found = shell_value(path, "SELECT count(*) FROM InvoiceLine")
    if found != str(n):
        say(f"run: {path} holds {found} invoice lines, not {n}; delete it and run again")
        return None
    return path


def words_data(c):
    """lib/gen_words.py: WORDS_ROWS Word objects with five tags and five scores each; checked cheaply (the tags there)."""
    n = WORDS_ROWS
    path = os.path.join(DATA_DIR, f"words-{n}-{file_hash(os.path.join(LIB, 'gen_words.py'))}.db")
    if not generate(c, path, f"{n} Word objects with 5 tags and 5 scores each",
                    [PYTHON, os.path.join(LIB, "gen_words.py"), "{}", "--rows", str(n)],
                    fail=f"gen_words.py --rows {n} failed", stdout=sys.stderr):
        return None
    found = shell_value(path, "SELECT count(*) FROM Word_tags")
    if found != str(5 * n):
        say(f"run: {path} holds {found} tags, not {5 * n}; delete it and run again")
        return None
    return path


DATA = {  # key -> function(c) returning the path, or None having said why
    "query": lambda c: query_data(c, c.o.query_rows),
    "query-4n": lambda c: query_data(c, 4 * c.o.query_rows),
    "chinook": chinook_data,
    "words": words_data,
}
