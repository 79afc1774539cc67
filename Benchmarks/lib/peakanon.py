#!/usr/bin/env python3
"""Run a command once and print the peak of its anonymous resident memory in MiB (Linux).

Usage: peakanon.py [--fresh PATH]... -- COMMAND [ARG...]

Every 20 ms this sums RssAnon (/proc/PID/status) over the command and all its descendants
(found through the parent ids in /proc/*/stat) and keeps the largest sum. Anonymous memory is
what the processes allocate (heap, stacks, private copies); unlike the peak RSS of peakrss.py it
leaves out the pages of files they map, which the kernel counts as resident while they stay
mapped even though they are page cache it can drop: a reader that memory-maps a 1 GB file and
reads all of it has a peak RSS of about 1 GB however little it allocates. Sampling can miss a
peak shorter than the interval. The command's stdout goes to /dev/null. With --fresh, PATH (and
its -journal, -wal and -shm files) is deleted before and after the run. Exits non-zero, showing
the command's stderr, if the command fails, or if /proc cannot be read (not Linux).
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

from runhelp import interrupted, remove

INTERVAL = 0.02


def children_of(root):
    """root and its descendants, from every process's parent id."""
    parents = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            parents.setdefault(int(fields[1]), []).append(int(name))
        except (OSError, IndexError, ValueError):
            pass  # gone meanwhile
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(parents.get(pid, ()))
    return tree


def anon_kib(pid):
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            for line in status:
                if line.startswith(b"RssAnon:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def main():
    parser = argparse.ArgumentParser(description="Print the peak anonymous RSS of a command and its children in MiB.")
    parser.add_argument("--fresh", metavar="PATH", action="append", default=[],
                        help="delete PATH before and after the run (repeatable)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    if not os.path.isfile("/proc/self/status"):
        sys.exit("peakanon: no /proc/PID/status here (Linux only)")

    remove(args.fresh)
    peak = 0
    with tempfile.TemporaryFile() as errors:
        try:
            proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errors)
        except OSError as error:
            remove(args.fresh)
            sys.exit(f"peakanon: cannot run {command[0]!r}: {error}")
        try:
            while proc.poll() is None:
                peak = max(peak, sum(anon_kib(pid) for pid in children_of(proc.pid)))
                time.sleep(INTERVAL)
        except KeyboardInterrupt:
            proc.kill()
            proc.wait()
            remove(args.fresh)
            interrupted()
        remove(args.fresh)
        if proc.returncode in (130, -signal.SIGINT):  # the command was interrupted: so are we
            interrupted()
        if proc.returncode != 0:
            errors.seek(0)
            sys.stderr.write(errors.read().decode(errors="replace"))
            sys.exit(f"peakanon: {' '.join(command)!r} exited with status {proc.returncode}")
    print(f"{peak / 1024:.1f}")


if __name__ == "__main__":
    main()
