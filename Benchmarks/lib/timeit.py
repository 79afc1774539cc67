#!/usr/bin/env python3
"""Run a command several times and print its median wall time in milliseconds.

Usage: timeit.py [--runs N] [--warmup N] [--stdin FILE] [--fresh PATH]... [-v]
                 -- COMMAND [ARG...]

The command's stdout goes to /dev/null; its stdin is FILE (or /dev/null).
Warm-up runs are not timed. With --fresh, PATH (and its -journal, -wal and
-shm files) is deleted before and after every run, and what earlier runs
wrote is flushed to the disk (sync), outside the timing: for commands that
write a new file. Exits non-zero, showing the
command's stderr, if any run fails.
"""

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time

from runhelp import interrupted, remove


def run_once(command, stdin_path, fresh):
    remove(fresh)
    if fresh:
        # The last run's writes reach the disk before this one starts: a command that writes a file is not timed
        # with the write-back of the one before it.
        os.sync()
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        proc = subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
    finally:
        if stdin_path:
            stdin.close()
        remove(fresh)
    if proc.returncode in (130, -signal.SIGINT):  # the command was interrupted: so are we
        raise KeyboardInterrupt
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode(errors="replace"))
        sys.exit(f"timeit: {' '.join(command)!r} exited with status {proc.returncode}")
    return elapsed * 1000.0


def main():
    parser = argparse.ArgumentParser(description="Print the median wall time of a command in ms.")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs first (default 1)")
    parser.add_argument("--stdin", metavar="FILE", help="feed FILE to the command's stdin")
    parser.add_argument("--fresh", metavar="PATH", action="append", default=[],
                        help="delete PATH before and after each run (repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every run's time to stderr")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be >= 1 and --warmup >= 0")

    try:
        for _ in range(args.warmup):
            run_once(command, args.stdin, args.fresh)
        times = [run_once(command, args.stdin, args.fresh) for _ in range(args.runs)]
    except OSError as error:
        sys.exit(f"timeit: cannot run {command[0]!r}: {error}")
    except KeyboardInterrupt:
        remove(args.fresh)
        interrupted()
    if args.verbose:
        print("timeit: " + " ".join(f"{t:.1f}" for t in times) + " ms", file=sys.stderr)
    print(f"{statistics.median(times):.1f}")


if __name__ == "__main__":
    main()
