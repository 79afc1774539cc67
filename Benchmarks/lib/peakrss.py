#!/usr/bin/env python3
"""Run a command once and print its peak resident memory in MiB.

Usage: peakrss.py [--fresh PATH]... -- COMMAND [ARG...]

The peak comes from GNU time (`/usr/bin/time -f %M`) when it is installed.
Otherwise it is getrusage(RUSAGE_CHILDREN) here, which counts the child from
its fork: its floor is this Python process's own resident set (about 10 MiB
more than the command alone would show). The command's stdout goes to
/dev/null. With --fresh, PATH (and its -journal, -wal and -shm files) is
deleted before and after the run. Exits non-zero, showing the command's
stderr, if the command fails.
"""

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile

from runhelp import interrupted, remove


def main():
    parser = argparse.ArgumentParser(description="Print the peak RSS of a command in MiB.")
    parser.add_argument("--fresh", metavar="PATH", action="append", default=[],
                        help="delete PATH before and after the run (repeatable)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")

    with tempfile.NamedTemporaryFile("r", prefix="peakrss-", suffix=".txt") as report:
        wrapper = [GNU_TIME, "-f", "%M", "-o", report.name, "--"] if has_gnu_time() else []
        remove(args.fresh)
        try:
            proc = subprocess.run(wrapper + command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)
        except OSError as error:
            sys.exit(f"peakrss: cannot run {command[0]!r}: {error}")
        except KeyboardInterrupt:
            remove(args.fresh)
            interrupted()
        finally:
            remove(args.fresh)
        if proc.returncode in (130, -signal.SIGINT):  # the command was interrupted: so are we
            interrupted()
        if proc.returncode != 0:
            sys.stderr.write(proc.stderr.decode(errors="replace"))
            sys.exit(f"peakrss: {' '.join(command)!r} exited with status {proc.returncode}")
        if wrapper:
            kib = int(report.read().split()[-1])  # GNU time: KiB
        else:
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            kib = peak / 1024 if sys.platform == "darwin" else peak  # bytes on macOS, KiB elsewhere
    print(f"{kib / 1024:.1f}")


GNU_TIME = "/usr/bin/time"


def has_gnu_time():
    if not os.access(GNU_TIME, os.X_OK):
        return False
    probe = subprocess.run([GNU_TIME, "-f", "%M", "-o", os.devnull, "--", "true"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return probe.returncode == 0


if __name__ == "__main__":
    main()
