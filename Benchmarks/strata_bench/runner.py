"""The runner: the command line (NAMES, USAGE, parse_options), the prerequisites, the table assembled from the
families' benchmarks() and DATA, run_benchmark(), the output table and the exit status (the gates)."""

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

from . import browse, coredata, demo, imports, migrate, query, realm, startup, update
from .common import DATA_DIR, ROOT, SIGNALS, Failed, Skip, Terminated, die, log, ratio, remove_file, run, say, sqlite3, text
from .migrate import MANY_FILES, MIGRATE_STATEMENTS


# --- the command line ---------------------------------------------------------------------------------------

NAMES = ["classes", "version", "demo", "export-csv", "filter-sort-limit", "export-memory",
         "browse-start", "browse-first-page", "browse-deep-page", "migrate-rebuild", "migrate-add-column",
         "update-bulk", "migrate-1m", "migrate-many", "coredata-classes", "coredata-query", "realm-convert", "realm-classes", "realm-lazy", "show-paths", "filter-caseless",
         "browse-huge-value", "collections", "import-csv"]

USAGE = f"""\
Usage: Benchmarks/run [BENCHMARK...] [options]

Benchmarks: {' '.join(NAMES)} (default: all)

Options:
  --runs N        timed runs per command, after one warm-up run (default 5;
                  demo: 3, without warm-up)
  --keep          keep the generated data in Benchmarks/.data/ for later runs
                  (default: delete the data files this run generated)
  --strict        exit non-zero if any benchmark misses its target
  --rows N        rows in the database of classes (default 5000000)
  --demo-rows N   objects per class in the demo benchmark (default 1000000);
                  its memory check also writes 4N
  --query-rows N  objects per class in the database of export-csv and
                  filter-sort-limit (default 1000000); export-memory reads
                  that one and one of 4N
  --browse-rows N rows of Event in the database of the browse benchmarks
                  (default 10000000: about 1.2 GB)
  --statements N  INSERT statements of migrate-1m's migration (default 1000000:
                  about 90 MB)
  --many-files N  databases of migrate-many, 10,000 rows each (default 1000:
                  about 250 MB)
  --realm-objects N  objects of realm-convert's .realm file (default 1000000)
  --realm-memory  also measure realm-convert's peak memory, on a file of about
                  --realm-bytes (written once by realmbig: about 35 s)
  --realm-bytes N size of that file (default 1000000000)
  --timer T       python (default), hyperfine, or auto (hyperfine if installed);
                  the browse benchmarks always time with lib/pty_session.py,
                  the migrate benchmarks and update-bulk with lib/timeit.py
  -v, --verbose   also print the peers' SQL (the query benchmarks)
  -h, --help      show this help

Environment:
  STRATA_BIN      strata binary to benchmark; skips the build (swift build -c
                  release, with --static-swift-stdlib on Linux, as make install)
  REALM_CORE      realm-core checkout whose build/ holds realmbig and realm2csv
                  (Tests/Fixtures/Realm/Generator/build-bench.sh): realm-convert
"""


@dataclass
class Options:
    runs: int = 5
    demo_runs: int = 3  # the demo benchmark takes minutes per run: fewer runs unless asked
    keep: bool = False
    strict: bool = False
    rows: int = 5000000
    demo_rows: int = 1000000
    query_rows: int = 1000000
    browse_rows: int = 10000000
    statements: int = MIGRATE_STATEMENTS
    many_files: int = MANY_FILES
    timer: str = "python"
    verbose: bool = False
    realm_objects: int = 1000000
    realm_memory: bool = False
    realm_bytes: int = 1000000000
    selected: list = field(default_factory=lambda: list(NAMES))


def digits(text, most=None):
    """Whether text is 1 to `most` ASCII digits."""
    return 0 < len(text) <= (most or len(text)) and all("0" <= ch <= "9" for ch in text)


def parse_options(argv):
    valued = ("--runs", "--rows", "--timer", "--demo-rows", "--query-rows", "--browse-rows", "--statements", "--many-files",
              "--realm-objects", "--realm-bytes")
    given = {}
    selected = []
    o = Options()
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in valued:
            if not args:
                die(f"{arg} needs a value")
            given[arg[2:]] = args.pop(0)
        elif arg.split("=", 1)[0] in valued and "=" in arg:
            name, value = arg.split("=", 1)
            given[name[2:]] = value
        elif arg == "--keep":
            o.keep = True
        elif arg == "--strict":
            o.strict = True
        elif arg == "--realm-memory":
            o.realm_memory = True
        elif arg in ("-v", "--verbose"):
            o.verbose = True
        elif arg in ("-h", "--help"):
            sys.stdout.write(USAGE)
            sys.exit(0)
        elif arg.startswith("-"):
            die(f"unknown option '{arg}' (see --help)")
        else:
            selected.append(arg)

    runs = given.get("runs", "")
    if runs:  # empty: the defaults
        if not digits(runs) or runs[0] == "0":
            die(f"--runs must be a positive integer, not '{runs}'")
        o.runs = o.demo_runs = int(runs)
    rows = given.get("rows", str(o.rows))
    if not digits(rows):
        die(f"--rows must be a non-negative integer, not '{rows}'")
    o.rows = int(rows)
    for name, flag, why in (("demo_rows", "--demo-rows", "4N is written too"),
                            ("query_rows", "--query-rows", "export-memory reads 4N too")):
        value = given.get(flag[2:], str(getattr(o, name)))
        if not digits(value, 9) or not 1 <= int(value) <= 25000000:
            die(f"{flag} must be an integer from 1 to 25000000 ({why}), not '{value}'")
        setattr(o, name, int(value))
    browse_rows = given.get("browse-rows", str(o.browse_rows))
    if not digits(browse_rows, 10) or not 100 <= int(browse_rows) <= 1000000000:
        die(f"--browse-rows must be an integer from 100 to 1000000000, not '{browse_rows}'")
    o.browse_rows = int(browse_rows)
    statements = given.get("statements", str(o.statements))
    if not digits(statements, 9) or not 1 <= int(statements) <= 100000000:
        die(f"--statements must be an integer from 1 to 100000000, not '{statements}'")
    o.statements = int(statements)
    many_files = given.get("many-files", str(o.many_files))
    if not digits(many_files, 6) or not 1 <= int(many_files) <= 100000:
        die(f"--many-files must be an integer from 1 to 100000, not '{many_files}'")
    o.many_files = int(many_files)
    for name, flag, low, high in (("realm_objects", "--realm-objects", 100, 100000000),
                                  ("realm_bytes", "--realm-bytes", 1000000, 100000000000)):
        value = given.get(flag[2:], str(getattr(o, name)))
        if not digits(value, 12) or not low <= int(value) <= high:
            die(f"{flag} must be an integer from {low} to {high}, not '{value}'")
        setattr(o, name, int(value))
    o.timer = given.get("timer", o.timer)
    if o.timer not in ("python", "hyperfine", "auto"):
        die("--timer must be python, hyperfine or auto")
    for name in selected:
        if name not in NAMES:
            die(f"unknown benchmark '{name}' (known: {' '.join(NAMES)})")
    o.selected = selected or list(NAMES)
    return o


def check_prerequisites(o):
    """Say what is missing, all at once, before doing anything (exit 2); settle --timer auto."""
    chosen = set(o.selected)
    browse = bool(chosen & {"browse-start", "browse-first-page", "browse-deep-page"})
    missing = []
    if sqlite3 is None:
        missing.append("Python's sqlite3 module: generates the data (install a python3 built with sqlite3)")
    if chosen - {"version", "export-memory"} and not shutil.which("sqlite3"):
        missing.append("sqlite3: the command-line shell, peer of 'classes', 'demo', 'export-csv', "
                       "'filter-sort-limit', the browse benchmarks, 'migrate-rebuild', 'update-bulk', 'migrate-1m', "
                       "'realm-convert', 'show-paths' and 'collections', "
                       "the generator "
                       "of the migrate benchmarks' data, and the checker of every scratch copy (Debian/Ubuntu: "
                       "apt-get install sqlite3)")
    if browse:
        try:
            import fcntl  # noqa: F401
            import termios  # noqa: F401
            os.forkpty  # noqa: B018
        except (ImportError, AttributeError):
            missing.append("Python's pty support (os.forkpty, termios): runs the browse benchmarks in a "
                           "pseudo-terminal (a Unix python3)")
    if not os.environ.get("STRATA_BIN") and not shutil.which("swift"):
        missing.append("swift: builds strata (or set STRATA_BIN=/path/to/strata)")
    if o.timer == "hyperfine" and not shutil.which("hyperfine"):
        missing.append("hyperfine: asked for by --timer hyperfine (or use --timer python)")
    if missing:
        say("run: missing prerequisites:")
        for line in missing:
            say(f"  - {line}")
        sys.exit(2)
    if o.timer == "auto":
        o.timer = "hyperfine" if shutil.which("hyperfine") else "python"


# --- the table ----------------------------------------------------------------------------------------------
# Each family module (startup, demo, query, browse, migrate, update, coredata, realm) contributes its benchmarks
# (benchmarks(c), a list of Benchmark) and the data they name (DATA, key -> function(c)).

FAMILIES = (startup, demo, query, browse, migrate, update, coredata, realm, imports)

DATA = {key: ensure for family in FAMILIES for key, ensure in family.DATA.items()}  # key -> function(c) returning
# the path, or None having said why


def benchmarks(c):
    """The table: every family's benchmarks, in the order of NAMES (the order of the help, and of a run of all)."""
    table = {bench.name: bench for family in FAMILIES for bench in family.benchmarks(c)}
    assert sorted(table) == sorted(NAMES)
    return [table[name] for name in NAMES]


# --- the run ------------------------------------------------------------------------------------------------


class Context:
    """One invocation: the options, the strata binary, the scratch directory, the data, the results."""

    def __init__(self, o):
        self.o = o
        self.strata = None
        self.work = None
        self.pid = os.getpid()
        self.scratch = os.path.join(DATA_DIR, f"scratch-{self.pid}.db")  # migrate and update benchmarks' copies
        self.generated = []  # data files this run made, deleted at exit unless --keep
        self.generated_dirs = []  # and data folders (migrate-1m's)
        self.paths = {}  # data key -> path, once ensured
        self.peer_sql = {}  # query benchmark -> the peer's SQL
        self.demo_reference_ok = None
        self.fingerprint = None
        self.update_expect = None  # what update-bulk's check prints after a right update
        self.realmbig = self.realm2csv = None  # realm-convert's tools, once found
        self.results = []  # (name, strata, peer, ratio, target, result)
        self.errors = self.failures = 0

    def start(self):
        self.work = tempfile.mkdtemp(prefix="strata-bench.", dir=os.environ.get("TMPDIR") or "/tmp")

    def cleanup(self):
        if self.work:
            shutil.rmtree(self.work, ignore_errors=True)
        if os.path.isdir(DATA_DIR):
            for name in os.listdir(DATA_DIR):  # migrate-1m's partial folder
                if name.startswith(f".partial-{self.pid}-") and os.path.isdir(os.path.join(DATA_DIR, name)):
                    shutil.rmtree(os.path.join(DATA_DIR, name), ignore_errors=True)
            doomed = (f".partial-{self.pid}-", f"..partial-{self.pid}-",  # and strata demo's temporary files
                      f"demo-{self.pid}-", f".demo-{self.pid}-",  # demo outputs, and strata's temporary files
                      f"scratch-{self.pid}.db",  # the migrate and update benchmarks' scratch copies
                      f"realm-convert-{self.pid}-", f".realm-convert-{self.pid}-")  # realm-convert's outputs
            for name in os.listdir(DATA_DIR):
                if name.startswith(doomed):
                    remove_file(os.path.join(DATA_DIR, name), quiet=True)
        if not self.o.keep:
            for path in self.generated:
                remove_file(path, quiet=True)
            for path in self.generated_dirs:
                shutil.rmtree(path, ignore_errors=True)

    def path(self, key):
        return self.paths[key]

    def work_file(self, name):
        return os.path.join(self.work, name)

    def record(self, *line):
        self.results.append(line)
        if line[5] == "FAIL":
            self.failures += 1
        elif line[5] == "ERROR":
            self.errors += 1


def find_strata(c):
    strata = os.environ.get("STRATA_BIN", "")
    if strata:
        if not os.access(strata, os.X_OK) or os.path.isdir(strata):
            die(f"STRATA_BIN={strata} is not an executable file")
        return strata
    # As `make install` builds it: on Linux with Swift's runtime and Foundation linked in, in a folder of its own.
    build = ["swift", "build", "-c", "release", "--package-path", ROOT]
    if sys.platform.startswith("linux"):
        build += ["--static-swift-stdlib", "--disable-local-rpath", "--scratch-path", os.path.join(ROOT, ".build", "static")]
    log("building strata (swift build -c release" + (" --static-swift-stdlib, as make install does)" if len(build) > 6 else ")"))
    run(build + ["--product", "strata"], stdout=sys.stderr, abort=True)
    proc = run(build + ["--show-bin-path"], stdout=subprocess.PIPE, abort=True)
    strata = os.path.join(text(proc.stdout), "strata")
    if not os.access(strata, os.X_OK):
        die(f"build finished but {strata} is missing")
    return strata


def run_benchmark(c, bench):
    """Ensure the data, prepare, run the steps, record the rows."""
    figures = {}
    ready = True
    for key in bench.data:
        path = DATA[key](c)
        if path is None:
            ready = False
            break
        c.paths[key] = path
    if ready and bench.prepare:
        ready = bench.prepare(c)
    if ready:
        for step in bench.steps:
            if not all(key in figures and not isinstance(figures[key], Skip) for key in step.needs):
                continue
            if step.says:
                log(step.says)
            try:
                result = step.run()
            except Failed:
                continue
            figures[step.key] = result
            if isinstance(result, dict):
                figures.update((f"{step.key}.{name}", value) for name, value in result.items())
    def figure(key):  # a step's figure; a 'step.name' of a step that was skipped: its Skip
        head = key.split(".", 1)[0]
        return figures.get(key, figures[head] if isinstance(figures.get(head), Skip) else None)

    for row in bench.rows:
        strata, peer = figure(row.strata), figure(row.peer) if row.peer else None
        shown = [str(strata) if strata is not None else "-", "-", "-"]
        if isinstance(peer, Skip):
            result = "SKIP"
        elif strata is None or (row.peer and peer is None):
            shown[1] = str(peer) if peer is not None else "-"
            result = "ERROR"
        else:
            if row.peer:
                shown[1:] = [str(peer), ratio(strata, peer)]
            result = ("PASS" if row.target.met(strata, shown[2]) else "FAIL") if row.target else "-"
        c.record(row.name, *shown, str(row.target) if row.target else "-", result)


def print_table(c):
    print()
    width = max([20] + [len(line[0]) for line in c.results])
    line_format = "%-*s %12s %12s %7s  %-14s %s"
    print(line_format % (width, "benchmark", "strata", "peer", "ratio", "target", "result"))
    for line in c.results:
        print(line_format % (width, *line))
    sys.stdout.flush()


def main():
    o = parse_options(sys.argv[1:])
    check_prerequisites(o)

    SIGNALS.install()
    c = Context(o)
    try:
        try:
            c.start()
            c.strata = find_strata(c)
            log(f"strata: {c.strata}; runs: {o.runs} (demo: {o.demo_runs}); timer: {o.timer}")
            table = {bench.name: bench for bench in benchmarks(c)}
            assert list(table) == NAMES
            for name in o.selected:
                run_benchmark(c, table[name])
            print_table(c)
        finally:
            c.cleanup()
    except KeyboardInterrupt:
        sys.exit(130)
    except Terminated:
        sys.exit(143)
    if c.errors:
        say(f"run: {c.errors} benchmark(s) could not run (ERROR above)")
        sys.exit(1)
    if o.strict and c.failures:
        say(f"run: {c.failures} benchmark(s) missed the target (--strict)")
        sys.exit(1)


if __name__ == "__main__":
    main()
