"""What the families of benchmarks share: the records of the table (Time, MiB, Skip, Failed, Target, Step, Row,
Benchmark), the data cache (generate(), and the demo databases of query_data(), which the query and browse
benchmarks read), measuring (timing, scratch copies, peak memory), running commands, and formatting and progress.

The pure helpers of lib/ are imported here (timeit.run_once, explain_sql, demo_cte, runhelp); the others run as
programs of their own."""

import contextlib
import hashlib
import importlib.util
import json
import os
import resource
import shlex
import signal
import statistics
import subprocess
import sys
from dataclasses import dataclass
from typing import Callable


try:
    import sqlite3
except ImportError:  # reported as a missing prerequisite
    sqlite3 = None

BENCH_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # Benchmarks/
ROOT = os.path.dirname(BENCH_DIR)
LIB = os.path.join(BENCH_DIR, "lib")
DATA_DIR = os.path.join(BENCH_DIR, ".data")
PYTHON = sys.executable or "python3"  # the lib/ helpers run with this interpreter


def _import_lib():
    """The pure helpers of lib/; lib/timeit.py under another name ('timeit' is a standard module). lib/ leaves
    sys.path after, so that it shadows nothing."""
    sys.path.insert(0, LIB)
    try:
        spec = importlib.util.spec_from_file_location("bench_timeit", os.path.join(LIB, "timeit.py"))
        timeit_helper = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(timeit_helper)
        return (importlib.import_module("demo_cte"), importlib.import_module("explain_sql"),
                importlib.import_module("runhelp"), timeit_helper)
    finally:
        sys.path.remove(LIB)


demo_cte, explain_sql, runhelp, TIMEIT = _import_lib()


# --- the table's records ------------------------------------------------------------------------------------


class Time(float):
    """A time in ms, as the table shows it: 95.0 ms, or 33.25 s from 10 s up."""

    def __str__(self):
        return f"{self / 1000:.2f} s" if self >= 10000 else f"{self:.1f} ms"


class MiB(float):
    """A peak resident set, in MiB."""

    def __str__(self):
        return f"{self:.1f} MiB"


@dataclass
class Skip:
    """An optional peer that is missing: its row is SKIP."""
    why: str


class Failed(Exception):
    """A step failed; it has said why on stderr."""


@dataclass
class Target:
    """What a row must meet: 'ratio' (strata/peer, to two decimals) or the strata figure 'ms' (or 'MB', a peak
    memory in MiB compared in MB), compared by
    op ('<=' or '<') with limit, as written in the table. No Target: '-', never PASS or FAIL."""
    on: str
    op: str
    limit: str

    def __str__(self):
        return f"ratio {self.op} {self.limit}" if self.on == "ratio" else f"{self.op} {self.limit} {self.on}"

    def met(self, strata, ratio_text):
        # 'MB': the strata figure is a MiB (peak memory), compared in MB (10^6 bytes)
        value = float(ratio_text) if self.on == "ratio" else strata * 1.048576 if self.on == "MB" else strata
        return value <= float(self.limit) if self.op == "<=" else value < float(self.limit)


def ratio_at_most(limit):
    return Target("ratio", "<=", limit)


def ratio_below(limit):
    return Target("ratio", "<", limit)


def ms_below(limit):
    return Target("ms", "<", limit)


def mb_below(limit):
    return Target("MB", "<", limit)


@dataclass
class Step:
    """One thing a benchmark runs: run() returns its figure (a Time or MiB), several ({name: figure}, kept as
    'key.name'), None for a check, or a Skip; it raises Failed, having said why. It runs only if the steps it
    needs succeeded; `says` goes to stderr first."""
    key: str
    says: str | None
    run: Callable
    needs: tuple = ()


@dataclass
class Row:
    """A line of the output table: the figures under the strata and peer columns (keys of steps' figures;
    no peer: '-'), and the target."""
    name: str
    strata: str
    peer: str | None
    target: Target | None


@dataclass
class Benchmark:
    name: str
    data: tuple  # keys of DATA, ensured in order
    steps: list
    rows: list
    prepare: Callable | None = None  # after the data, before the steps: False if the benchmark cannot run


# --- data ---------------------------------------------------------------------------------------------------
# Each is ensured by the benchmarks that name it: a cached file (Benchmarks/.data/) is reused, and checked
# cheaply. The file names carry a hash of what wrote them, so editing a generator invalidates the cache.


def generate(c, path, what, command, fail=None, **how):
    """Unless path exists: log what, run command writing its partial file (a '{}' in command), move it into
    place and remember it. fail: the message if the command fails (None: exit with its status)."""
    if os.path.isfile(path):
        return True
    os.makedirs(DATA_DIR, exist_ok=True)
    partial = os.path.join(DATA_DIR, f".partial-{c.pid}-{os.path.basename(path)}")
    log(f"generating {path} ({what})")
    proc = run([partial if arg == "{}" else arg for arg in command], abort=fail is None, **how)
    if proc.returncode:
        remove_file(partial)
        say(f"run: {fail}")
        return False
    os.replace(partial, path)
    c.generated.append(path)
    return True


def max_id(path, table):
    """The largest id of table, as Python prints it, or 'unreadable (...)'."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return str(db.execute(f"SELECT max(id) FROM {table}").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error as error:
        return f"unreadable ({error})"


def query_data(c, n):
    """A demo database of n objects per class (strata demo --seed 1). Its name carries a hash of what this
    strata binary writes for 'demo --rows 100 --seed 1' (schema and values), so a change to the demo
    generator invalidates the cache."""
    if c.fingerprint is None:
        sample = c.work_file("demo-sample.db")
        proc = run([c.strata, "demo", sample, "--rows", "100", "--seed", "1", "--force"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if proc.returncode:
            say("run: strata demo --rows 100 failed:")
            sys.stderr.buffer.write(proc.stderr)
            return None
        try:
            db = sqlite3.connect(sample)
            dump = "\n".join(db.iterdump())
            db.close()
        except sqlite3.Error as error:
            say(f"run: {sample}: {error}")
            return None
        c.fingerprint = hashlib.sha256(dump.encode()).hexdigest()[:8]
        remove_file(sample)
    path = os.path.join(DATA_DIR, f"query-{n}-{c.fingerprint}.db")
    if not generate(c, path, f"strata demo --rows {n} --seed 1",
                    [c.strata, "demo", "{}", "--rows", str(n), "--seed", "1", "--force"],
                    fail=f"strata demo --rows {n} failed", stdout=sys.stderr):
        return None
    found = max_id(path, "RealmTestClass1")
    if found != str(n):
        say(f"run: {path} holds RealmTestClass1 ids up to {found}, not {n}; delete it and run again")
        return None
    return path


# --- measuring ----------------------------------------------------------------------------------------------


def time_once(command, stdin=None, fresh=()):
    """One run of command, timed by lib/timeit.py (its run_once), in ms. Failed, its stderr shown, if it fails."""
    try:
        with SIGNALS.child():
            return TIMEIT.run_once(command, stdin, list(fresh))
    except SystemExit as failed:  # run_once has shown the command's stderr
        say(failed.code)
    except OSError as error:
        say(f"timeit: cannot run {command[0]!r}: {error}")
    raise Failed


def measure(c, command, stdin=None, runs=None, warmup=1, fresh=None):
    """The median wall time (Time) of command (stdin from a path, or nothing; stdout discarded) over
    `runs` runs (default --runs), after `warmup` untimed ones, with --timer. With fresh, that database
    and its -journal, -wal and -shm files are deleted before every run, outside the timing, and after
    the last. Failed, its stderr shown, if a run fails."""
    runs = c.o.runs if runs is None else runs
    if c.o.timer == "hyperfine":
        return hyperfine(c, command, stdin, runs, warmup, fresh)
    times = []
    for i in range(warmup + runs):
        elapsed = time_once(command, stdin, [fresh] if fresh else [])
        if i >= warmup:
            times.append(elapsed)
    say("timeit: " + " ".join(f"{t:.1f}" for t in times) + " ms")
    return Time(tenths(statistics.median(times)))


def measure_cpu(c, command, runs=None):
    """The median CPU time (user + system, Time) of command over `runs` runs after one untimed one, from the
    kernel's accounting of the finished child (its threads included). Failed, its stderr shown, if a run fails."""
    runs = c.o.runs if runs is None else runs
    times = []
    for i in range(1 + runs):
        with SIGNALS.child():
            proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            _, stderr = proc.communicate()
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode:
            say(stderr.decode(errors="replace").rstrip())
            raise Failed
        total = usage.ru_utime + usage.ru_stime
        if i > 0:
            times.append((total - before) * 1000)
        before = total
    say("cputime: " + " ".join(f"{t:.1f}" for t in times) + " ms")
    return Time(tenths(statistics.median(times)))


def hyperfine(c, command, stdin, runs, warmup, fresh):
    how, line, prepare = ["--shell=none"], shlex.join(command), []  # no shell: exact argv, no startup
    if stdin:  # hyperfine 1.15 has no --input: redirect in bash
        how, line = ["--shell=bash"], f"{line} < {shlex.quote(stdin)}"
    if fresh:
        prepare = ["--prepare", "rm -f -- " + shlex.join(fresh + suffix for suffix in ("", "-journal", "-wal", "-shm"))]
    report = c.work_file("hyperfine.json")
    proc = run(["hyperfine", *how, "--style", "none", "--warmup", str(warmup), "--runs", str(runs), *prepare,
                "--export-json", report, "--", line], stdout=subprocess.DEVNULL)
    if fresh:
        remove_db(fresh)
    if proc.returncode:
        raise Failed
    with open(report) as source:
        return Time(tenths(json.load(source)["results"][0]["median"] * 1000))


def scratch_measure(c, name, source, check, expect, command, stdin=None):
    """One untimed warm-up run and then --runs timed ones, each on a fresh copy of source at c.scratch
    (copied and synced outside the timing; command names it), timed alone (lib/timeit.py, whatever --timer
    says); after each, the SQL check on the copy must print expect, so that a failed run is never timed
    as a fast one. The median (Time); every run's time goes to stderr. Failed, saying why, if a run or
    its check does."""
    times = []
    try:
        for i in range(c.o.runs + 1):
            remove_db(c.scratch)
            if not copy(source, c.scratch):
                raise Failed
            # Untimed: write the copy to the disk now. Otherwise the command's first fsync pays for writing
            # back the whole fresh copy, a cost that grows with the file and is not the command's.
            try:
                fd = os.open(c.scratch, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
            except OSError:
                os.sync()
            try:
                elapsed = tenths(time_once(command, stdin))
            except Failed:
                say(f"run: {name}: {command[0]} failed (above)")
                raise
            got = shell_value(c.scratch, check)
            if got != expect:
                say(f"run: {name}: after {command[0]}, the check printed '{got}', not '{expect}'")
                raise Failed
            if i:  # run 0 is the warm-up
                times.append(elapsed)
    finally:
        remove_db(c.scratch)
    say("timeit: " + " ".join(f"{t:.1f}" for t in times) + " ms")
    return Time(tenths(statistics.median(times)))


def scratch_measure_pair(c, name, source, check, expect, sides):
    """scratch_measure for several sides ({side: (command, stdin)}) taking turns, run after run, so that a
    change in the machine's load meanwhile (other work on shared cores) falls on every side alike: one
    untimed warm-up round, then --runs timed ones, each run on a fresh copy and checked. The medians, by side."""
    times = {side: [] for side in sides}
    try:
        for i in range(c.o.runs + 1):
            for side, (command, stdin) in sides.items():
                remove_db(c.scratch)
                if not copy(source, c.scratch):
                    raise Failed
                try:
                    elapsed = tenths(time_once(command, stdin))
                except Failed:
                    say(f"run: {name}: {command[0]} failed (above)")
                    raise
                got = shell_value(c.scratch, check)
                if got != expect:
                    say(f"run: {name}: after {command[0]}, the check printed '{got}', not '{expect}'")
                    raise Failed
                if i:  # round 0 is the warm-up
                    times[side].append(elapsed)
    finally:
        remove_db(c.scratch)
    for side, runs in times.items():
        say(f"timeit ({side}): " + " ".join(f"{t:.1f}" for t in runs) + " ms")
    return {side: Time(tenths(statistics.median(runs))) for side, runs in times.items()}


def scratch_read_measure(c, source, command):
    """measure() of a command that reads c.scratch, a copy of source made once (and removed after)."""
    remove_db(c.scratch)
    if not copy(source, c.scratch):
        raise Failed
    try:
        return measure(c, command)
    finally:
        remove_db(c.scratch)


def scratch_peak_rss(c, name, source, check, expect, command):
    """peak_rss() of one run of command on a fresh copy of source at c.scratch, checked as scratch_measure
    checks (a run that did not do the work does not count)."""
    remove_db(c.scratch)
    if not copy(source, c.scratch):
        raise Failed
    try:
        peak = peak_rss(command)
        got = shell_value(c.scratch, check)
        if got != expect:
            say(f"run: {name}: after {command[0]}, the check printed '{got}', not '{expect}'")
            raise Failed
        return peak
    finally:
        remove_db(c.scratch)


def peak_rss(command, fresh=None, helper="peakrss.py"):
    """command's peak RSS (MiB), one run (lib/peakrss.py; or lib/peakanon.py: its anonymous memory). Failed if
    the command fails (its stderr shown)."""
    proc = run([PYTHON, os.path.join(LIB, helper), *(["--fresh", fresh] if fresh else []), "--", *command],
               stdout=subprocess.PIPE)
    if proc.returncode:
        raise Failed
    return MiB(float(proc.stdout.decode()))


# --- running commands ---------------------------------------------------------------------------------------


class Terminated(BaseException):
    """SIGTERM."""


class Signals:
    """Ctrl-C (SIGINT) stops the run with status 130, SIGTERM with 143, after the cleanup. A Ctrl-C that
    comes while a child runs takes effect once the child has exited (it reaches the child too, which stops;
    strata and the helpers clean up after themselves), a second one at once. SIGTERM at once: the child is
    stopped (one of run()'s gets a Ctrl-C and 10 s to clean up; a timed command is killed).
    A signal ignored when the runner started stays ignored."""

    def __init__(self):
        self.children = 0
        self.pending = None

    def install(self):
        for signum, handler in ((signal.SIGINT, self.interrupt), (signal.SIGTERM, self.terminate)):
            if signal.getsignal(signum) != signal.SIG_IGN:
                signal.signal(signum, handler)

    def interrupt(self, signum, frame):
        if self.children and self.pending is None:
            self.pending = KeyboardInterrupt
            return
        raise KeyboardInterrupt

    def terminate(self, signum, frame):
        raise Terminated

    @contextlib.contextmanager
    def child(self):
        """Around the run of a child process."""
        sys.stderr.flush()
        self.children += 1
        try:
            yield
        finally:
            self.children -= 1
        if self.pending:
            raise self.pending


SIGNALS = Signals()


def stop_if_interrupted(returncode):
    """A child that exited 130 or died of SIGINT was interrupted (Ctrl-C): so are we."""
    if returncode in (130, -signal.SIGINT):
        raise KeyboardInterrupt


def run(command, *, stdin=None, stdout=None, stderr=None, input=None, abort=False):
    """Run command (stdin from a path, or nothing); abort: exit with its status if it fails."""
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as source, SIGNALS.child():
        proc = subprocess.Popen(command, stdin=subprocess.PIPE if input is not None else source,
                                stdout=stdout, stderr=stderr)
        try:
            out, errors = proc.communicate(input)
        except BaseException as stop:
            try:
                if isinstance(stop, Terminated):  # let it clean up, as after a Ctrl-C
                    proc.send_signal(signal.SIGINT)
                    proc.wait(timeout=10)
            except BaseException:  # noqa: BLE001 - a timeout, or another signal: stop it now
                pass
            finally:
                proc.kill()
                proc.wait()
            raise
    stop_if_interrupted(proc.returncode)
    if abort and proc.returncode:
        sys.exit(proc.returncode)
    return subprocess.CompletedProcess(command, proc.returncode, out, errors)


def text(data):
    """Command output as $(...) has it: decoded, trailing newlines removed."""
    return data.decode(errors="replace").rstrip("\n")


def shell_value(db, sql):
    """What 'sqlite3 -readonly DB SQL' prints (and its errors), or 'unreadable (...)' if it fails."""
    proc = run(["sqlite3", "-readonly", db, sql], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return text(proc.stdout) if proc.returncode == 0 else f"unreadable ({text(proc.stdout)})"


def copy(source, target):
    """cp -- SOURCE TARGET (cp: with whatever copy method it picks, as before)."""
    return run(["cp", "--", source, target]).returncode == 0


def write(path, content):
    with open(path, "w") as out:
        out.write(content)


def file_hash(path):
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()[:8]


def remove_file(path, quiet=False):
    """rm -f PATH; quiet: whatever stops it (a directory, say) too."""
    try:
        os.remove(path)
    except FileNotFoundError:
        pass
    except OSError:
        if not quiet:
            raise


def remove_db(path):
    runhelp.remove([path])  # and its -journal, -wal and -shm files


# --- formatting and progress --------------------------------------------------------------------------------


def tenths(value):
    """value as the helpers print it, with one decimal: the figures are computed from those."""
    return float(f"{value:.1f}")


def ratio(a, b):
    """a / b with two decimals, as text."""
    return f"{a / (b if b > 0 else 0.1):.2f}"


def mb(path):
    """The size of a file, or of the files in a folder, in MB (10^6 bytes)."""
    if os.path.isdir(path):
        size = sum(os.path.getsize(os.path.join(path, name)) for name in os.listdir(path))
    else:
        size = os.path.getsize(path)
    return f"{size / 1e6:.1f} MB"


def count(n):
    """1000000 as 1M, 1200000 as 1.2M, 250000 as 250k."""
    if n >= 1000000 and n % 100000 == 0:
        return f"{n / 1000000:g}M"
    if n >= 1000 and n % 1000 == 0:
        return f"{n // 1000}k"
    return str(n)


def log(message):
    print(f"==> {message}", file=sys.stderr, flush=True)


def say(message):
    print(message, file=sys.stderr, flush=True)


def die(message):
    say(f"run: {message}")
    sys.exit(2)
