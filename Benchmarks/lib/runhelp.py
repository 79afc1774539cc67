"""Helpers shared by the benchmark's timing scripts (timeit.py, peakrss.py)."""

import os
import signal


def interrupted():
    """Die of SIGINT, so that the shell running this stops too (it ignores a
    Ctrl-C that a child handled and exited from normally)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGINT)


def remove(paths):
    """Delete database files and whatever SQLite left beside them."""
    for path in paths:
        for suffix in ("", "-journal", "-wal", "-shm"):
            try:
                os.remove(path + suffix)
            except FileNotFoundError:
                pass
