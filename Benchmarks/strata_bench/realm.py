"""The Realm benchmark: realm-convert (strata convert of realmbig's .realm file, against realm2csv and the
sqlite3 shell's .import; realm-core's tools, REALM_CORE)."""

import json
import os
import subprocess
import sys
import time

from .browse import pty_measure
from .common import (Benchmark, DATA_DIR, Failed, LIB, PYTHON, ROOT, Row, Skip, Step, Time, count, file_hash, log, mb,
                     mb_below, measure, ms_below, peak_rss, ratio_at_most, ratio_below, remove_db, remove_file, run, say,
                     tenths)


REALM_GENERATOR_DIR = os.path.join(ROOT, "Tests", "Fixtures", "Realm", "Generator")
REALM_BUILD_HINT = ("build realm-core as Tests/Fixtures/Realm/Generator/README.md says (section 1), then the tools: "
                    "REALM_CORE=/path/to/realm-core Tests/Fixtures/Realm/Generator/build-bench.sh; and run with "
                    "REALM_CORE=/path/to/realm-core set")


def benchmarks(c):
    """The Realm benchmark: realm-convert. Commands are lambdas: they name data files that exist only once ensured."""
    o, runs = c.o, c.o.runs

    # realm-convert: strata convert of realmbig's file of --realm-objects objects against the pipeline a user
    # would script (realm2csv, then the sqlite3 shell's .import, in one sh invocation); each side's output
    # checked against realmbig's manifest once, before timing. Then the reading part alone, and (with
    # --realm-memory) both sides' peak memory on a file of about --realm-bytes.
    ro = o.realm_objects
    realm_out = {side: os.path.join(DATA_DIR, f"realm-convert-{c.pid}-{side}.sqlite") for side in ("pipeline", "strata")}

    def realm_convert_check(side):
        """One untimed run of a side writing realm_out[side] (the pipeline's two halves timed apart, for the
        log), then lib/realm_check.py on it against realmbig's manifest; the sizes logged."""
        realm, out = c.path("realm"), realm_out[side]
        csv_dir = c.work_file("realm-csv")
        if side == "pipeline":
            name = "the pipeline (realm2csv, sqlite3 .import)"
            parts = [("realm2csv", [c.realm2csv, realm, csv_dir], None),
                     ("sqlite3 .import", ["sqlite3", out], os.path.join(csv_dir, "import.sql"))]
        else:
            name, parts = "strata convert", [("strata convert", realm_strata(c, realm, out), None)]
        remove_db(out)
        try:
            times = []
            for part, command, stdin in parts:
                start = time.perf_counter()
                proc = run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                times.append(f"{part} {Time(tenths((time.perf_counter() - start) * 1000))}")
                if proc.returncode:
                    say(f"run: realm-convert: {part} failed:")
                    sys.stderr.buffer.write(proc.stderr)
                    sys.stderr.flush()
                    raise Failed
            if run([PYTHON, os.path.join(LIB, "realm_check.py"), out, realm_manifest(realm)],
                   stdout=sys.stderr).returncode:
                say(f"run: realm-convert: WRONG RESULT: {name} wrote a database that is not what the .realm file "
                    "holds (above)")
                raise Failed
            log(f"realm-convert: {name}, untimed run: {', '.join(times)}; {os.path.basename(realm)} {mb(realm)}"
                + (f", CSV {mb(csv_dir)}" if side == "pipeline" else "") + f", database {mb(out)}")
        finally:
            remove_db(out)

    def realm_memory(side):
        """The side's peak RSS (lib/peakrss.py) and peak anonymous memory (lib/peakanon.py) on the
        --realm-bytes file, one run each."""
        if not o.realm_memory:
            return Skip("run with --realm-memory (writes a file of about --realm-bytes, 1 GB by default)")
        path = realm_data(c, ro, o.realm_bytes)
        if path is None:
            raise Failed
        log(f"realm-convert: peak memory of {'the pipeline' if side == 'pipeline' else 'strata convert'} on "
            f"{os.path.basename(path)} ({mb(path)})")
        command = (realm_pipeline(c, path, realm_out["pipeline"]) if side == "pipeline"
                   else realm_strata(c, path, realm_out["strata"]))
        return {"rss": peak_rss(command, fresh=realm_out[side]),
                "anon": peak_rss(command, fresh=realm_out[side], helper="peakanon.py")}

    realm_convert = Benchmark(
        "realm-convert", data=("realm",),
        steps=[Step("pipeline-check", f"realm-convert: checking the pipeline's database ({count(ro)} objects)",
                    lambda: realm_convert_check("pipeline")),
               Step("pipeline", f"realm-convert: realm2csv, then sqlite3 .import of each CSV, {count(ro)} objects "
                                f"({runs} runs)",
                    lambda: measure(c, realm_pipeline(c, c.path("realm"), realm_out["pipeline"]), warmup=0,
                                    fresh=realm_out["pipeline"]),
                    needs=("pipeline-check",)),
               Step("strata-check", "realm-convert: checking strata convert's database",
                    lambda: realm_convert_check("strata")),
               Step("strata", f"realm-convert: strata convert, {count(ro)} objects ({runs} runs)",
                    lambda: measure(c, realm_strata(c, c.path("realm"), realm_out["strata"]), warmup=0,
                                    fresh=realm_out["strata"]),
                    needs=("strata-check",)),
               Step("read-pipeline", f"realm-convert: realm2csv --discard, the reading part alone ({runs} runs)",
                    lambda: measure(c, [c.realm2csv, "--discard", c.path("realm")])),
               Step("read-strata", f"realm-convert: strata FILE reading every class in a script (read, copy, query; {runs} runs)",
                    lambda: measure(c, realm_strata_read(c, c.path("realm")))),
               Step("memory-pipeline", None, lambda: realm_memory("pipeline")),
               Step("memory-strata", None, lambda: realm_memory("strata"), needs=("memory-pipeline",))],
        rows=[Row("realm-convert vs pipeline", "strata", "pipeline", ratio_at_most("0.7")),
              Row("realm-convert read vs realm2csv", "read-strata", "read-pipeline", None),
              Row(f"realm-convert RSS {o.realm_bytes / 1e9:g} GB vs pipeline", "memory-strata.rss",
                  "memory-pipeline.rss", mb_below("200")),
              Row(f"realm-convert anon {o.realm_bytes / 1e9:g} GB vs pipeline", "memory-strata.anon",
                  "memory-pipeline.anon", None)])

    # realm-classes (issue 33): strata classes and schema on realmbig's file read its schema and its tables' counts
    # without converting a row; the peer is what counting takes once the file is converted (sqlite3 counting each
    # class of the converted database), the wait every read of a .realm had before.
    classes_out = os.path.join(DATA_DIR, f"realm-convert-{c.pid}-classes.sqlite")

    def realm_classes_check():
        """strata classes on the .realm file lists what it lists on the converted file, once, untimed."""
        realm = c.path("realm")
        remove_db(classes_out)
        if run(realm_strata(c, realm, classes_out), stdout=subprocess.DEVNULL).returncode:
            raise Failed
        listed = [run([c.strata, "classes", path], stdout=subprocess.PIPE).stdout for path in (realm, classes_out)]
        if listed[0] != listed[1] or not listed[0]:
            say("run: realm-classes: WRONG RESULT: strata classes lists other classes or counts on the .realm file than on its "
                "conversion")
            raise Failed
        log(f"realm-classes: the same classes and counts on {os.path.basename(realm)} and its conversion")

    def realm_counts_sql():
        return "".join(f"SELECT count(*) FROM \"{name}\";" for name in realm_manifest_json(c.path("realm"))["classes"])

    realm_classes = Benchmark(
        "realm-classes", data=("realm",),
        steps=[Step("check", f"realm-classes: checking strata classes on the .realm file ({count(ro)} objects)", realm_classes_check),
               Step("classes", f"realm-classes: strata classes on the .realm file ({runs} runs)",
                    lambda: measure(c, [c.strata, "classes", c.path("realm")]), needs=("check",)),
               Step("schema", f"realm-classes: strata schema on the .realm file ({runs} runs)",
                    lambda: measure(c, [c.strata, "schema", c.path("realm")]), needs=("check",)),
               Step("peer", f"realm-classes: sqlite3 counting each class of the converted file ({runs} runs)",
                    lambda: measure(c, ["sqlite3", classes_out, realm_counts_sql()]), needs=("check",))],
        rows=[Row(f"realm-classes {count(ro)}", "classes", "peer", ms_below("100")),
              Row(f"realm-schema {count(ro)}", "schema", None, ms_below("100"))])

    # realm-lazy (issue 33): a large file of ten classes (realmbig --archives 7: Tag, TaskList, Task of 100,001 objects
    # and seven archives of 2,000-byte bodies, about --realm-bytes in all). A query about Task waits for the classes it
    # reads, not the file: its peer is strata convert of a file that holds the task app's classes alone (the same
    # objects, which realmbig makes from their _id). Then classes and the browser's first prompt on the large file,
    # and the query's peak memory.
    lazy_query = "Task where priority == 3 AND done == false SORT(score DESC) LIMIT(20)"
    lazy_out = os.path.join(DATA_DIR, f"realm-convert-{c.pid}-lazy.sqlite")

    def realm_lazy_check():
        """The query's answer on the large file is its answer on the small one, once, untimed."""
        answers = [run([c.strata, "query", c.path(key), lazy_query], stdout=subprocess.PIPE) for key in ("realm-large", "realm-tasks")]
        if any(answer.returncode for answer in answers) or answers[0].stdout != answers[1].stdout or not answers[0].stdout:
            say("run: realm-lazy: WRONG RESULT: the query answers otherwise on the large file than on the file of its classes alone")
            raise Failed
        log(f"realm-lazy: the same answer on {os.path.basename(c.path('realm-large'))} ({mb(c.path('realm-large'))}) "
            f"and {os.path.basename(c.path('realm-tasks'))} ({mb(c.path('realm-tasks'))})")

    realm_lazy = Benchmark(
        "realm-lazy", data=("realm-large", "realm-tasks"),
        steps=[Step("check", "realm-lazy: checking the query on the large file against the small one", realm_lazy_check),
               Step("query", f"realm-lazy: strata query of Task (100,001 objects) in the large file ({runs} runs)",
                    lambda: measure(c, [c.strata, "query", c.path("realm-large"), lazy_query]), needs=("check",)),
               Step("convert", f"realm-lazy: strata convert of the file of the task app's classes alone ({runs} runs)",
                    lambda: measure(c, realm_strata(c, c.path("realm-tasks"), lazy_out), fresh=lazy_out)),
               Step("classes", f"realm-lazy: strata classes on the large file ({runs} runs)",
                    lambda: measure(c, [c.strata, "classes", c.path("realm-large")])),
               Step("browser", f"realm-lazy: strata FILE on the large file in a pty, to its first prompt ({runs} runs)",
                    lambda: {"start": pty_measure(c, "realm-lazy", "strata> ", [], [c.strata, c.path("realm-large")])[0]}),
               Step("memory", "realm-lazy: the query's peak memory on the large file",
                    lambda: peak_rss([c.strata, "query", c.path("realm-large"), lazy_query]), needs=("check",))],
        rows=[Row("realm-lazy query vs convert of its class", "query", "convert", ratio_below("2")),
              Row("realm-lazy classes, 10 classes", "classes", None, ms_below("100")),
              Row("realm-lazy browser prompt", "browser.start", None, ms_below("300")),
              Row("realm-lazy query RSS", "memory", None, mb_below("200"))])

    return [realm_convert, realm_classes, realm_lazy]


def realm_pipeline(c, realm, out):
    """The pipeline a user would script, in one process: realm2csv IN CSVDIR, then sqlite3 OUT < CSVDIR/import.sql
    (schema.sql, .import --csv --skip 1 of every CSV, the optional properties' '' back to NULL, one
    transaction)."""
    return ["sh", "-c", 'set -e; "$1" "$2" "$3" >/dev/null; sqlite3 "$4" < "$3/import.sql"', "sh",
            c.realm2csv, realm, c.work_file("realm-csv"), out]


def realm_strata(c, realm, out):
    return [c.strata, "convert", realm, out, "--force"]


def realm_strata_read(c, realm):
    """strata query of every class of the file in one browser script, output discarded: the file is read once, into
    the private SQLite copy every read command reads a .realm through, then each class is queried. Strata has no
    pass that only reads, so this is read + copy + query, against realm2csv --discard's read alone."""
    classes = list(realm_manifest_json(realm)["classes"])
    script = "".join(f"{name}\n" for name in classes)
    return ["sh", "-c", 'printf "$3" | "$1" "$2" >/dev/null', "sh", c.strata, realm, script]


# --- data ---------------------------------------------------------------------------------------------------


def realm_manifest(path):
    """realmbig's manifest beside its .realm file."""
    return path[:-len(".realm")] + ".json"


def realm_manifest_json(path):
    with open(realm_manifest(path), encoding="utf-8") as source:
        return json.load(source)


def realm_tools(c):
    """$REALM_CORE/build/realmbig and realm2csv (build-bench.sh), remembered in c; False, having said how to build
    them, if they are missing."""
    if c.realm2csv:
        return True
    core = os.environ.get("REALM_CORE", "")
    if not core:
        say(f"run: realm-convert needs REALM_CORE, a realm-core build with the benchmark tools: {REALM_BUILD_HINT}")
        return False
    tools = [os.path.join(core, "build", name) for name in ("realmbig", "realm2csv")]
    missing = [tool for tool in tools if not os.access(tool, os.X_OK)]
    if missing:
        say(f"run: realm-convert: {' and '.join(missing)} missing: {REALM_BUILD_HINT}")
        return False
    c.realmbig, c.realm2csv = tools
    return True


def realm_data(c, objects, size=None, archives=0):
    """realmbig's task-app .realm file of objects objects (about size bytes, if given: by longer notes, or with
    archives, in that many archive classes) and its manifest (NAME.json), cached as
    realm-<objects>[-<size>b][-<archives>a]-<hash of realmbig.cpp>.realm; None, having said why, if the tools are
    missing or the cached manifest does not match."""
    if not realm_tools(c):
        return None
    source = os.path.join(REALM_GENERATOR_DIR, "realmbig.cpp")
    name = f"realm-{objects}{f'-{size}b' if size else ''}{f'-{archives}a' if archives else ''}-{file_hash(source)}"
    path = os.path.join(DATA_DIR, f"{name}.realm")
    if not os.path.isfile(path) or not os.path.isfile(realm_manifest(path)):
        os.makedirs(DATA_DIR, exist_ok=True)
        partial = os.path.join(DATA_DIR, f".partial-{c.pid}-{name}.realm")
        log(f"generating {path} (realmbig, {objects} objects{f', about {size} bytes' if size else ''})")
        sizing = (["--archives", str(archives), "--archive-bytes", str(size)] if archives
                  else ["--bytes", str(size)] if size else [])
        proc = run([c.realmbig, partial, str(objects), *sizing], stdout=sys.stderr)
        if proc.returncode:
            for leftover in (partial, realm_manifest(partial)):
                remove_file(leftover)
            say(f"run: realmbig {objects} failed")
            return None
        os.replace(realm_manifest(partial), realm_manifest(path))
        os.replace(partial, path)
        c.generated += [path, realm_manifest(path)]
    try:
        manifest = realm_manifest_json(path)
        good = manifest["objects"] == objects and manifest["fileSize"] == os.path.getsize(path)
    except (OSError, ValueError, KeyError):
        good = False
    if not good:
        say(f"run: {path} and its manifest {realm_manifest(path)} do not match; delete them and run again")
        return None
    return path


# realm-lazy's files: Task of 100,001 objects (realmbig puts 24 in Tag and 1% of the rest in TaskList).
LAZY_OBJECTS = 101035

DATA = {  # key -> function(c) returning the path, or None having said why
    "realm": lambda c: realm_data(c, c.o.realm_objects),
    "realm-large": lambda c: realm_data(c, LAZY_OBJECTS, c.o.realm_bytes, archives=7),
    "realm-tasks": lambda c: realm_data(c, LAZY_OBJECTS),
}
