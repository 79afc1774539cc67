#!/usr/bin/env python3
"""Time an interactive command-line program in a pseudo-terminal, as a person at a terminal sees it.

Usage: pty_session.py [--runs N] [--warmup N] [--size COLSxROWS] [--prompt REGEX]
                      [--timeout S] [--send TEXT | --step JSON]... [--transcript FILE]
                      [-v] -- COMMAND [ARG...]

Each session spawns COMMAND in a new pseudo-terminal of the given size
(default 100x31), with TERM=xterm-256color, NO_COLOR, COLUMNS and LINES
unset, and STRATA_HISTORY and SQLITE_HISTORY pointing at a temporary file
(deleted after), so no one's history is read or written. It times:

  * start: from the spawn to the first prompt;
  * each step: from writing its line (and a carriage return, as the Enter
    key sends) to the next prompt.

Then it sends Ctrl-D (or --quit TEXT) and reaps the child, which must exit
with status 0. "The next prompt" is a match of PROMPT (a Python regex) at the
very end of everything the program printed since the line was sent, once ANSI
escape sequences and readline's \\x01/\\x02 markers are stripped: the program is
waiting for input again.

A step is a JSON object: {"send": "page 3"} at least (--send TEXT is short
for that), with optional
  "name":   how the step is reported (default: the text sent);
  "ids":    "A-B", or alternatives "A-B|C-D": the first integer on each line
            of the step's output must include the run A, A+1, ..., B in that
            order, not followed by B+1 (the page shows exactly those rows,
            whatever else it prints);
  "expect": a regex that must match the step's output;
  "wait":   true: keep reading after the prompt until "expect" matches (for an
            answer that may come after the prompt); the step is still timed to
            its first prompt.
A step whose output misses its "ids" or "expect", or has a line matching
--error (default: a line starting with "error", "Error:", "Parse error:" and
the like), fails the session: a wrong answer is never timed as a fast one.
Every wait has a timeout (--timeout, default 300 s) that fails with the tail of
the output.

--warmup sessions (default 1) run first, untimed but checked. The result is
JSON on stdout: the median over --runs sessions (default 5) of the start and
of every step, in ms, with every run's figure:

  {"command": [...], "size": [100, 31], "runs": 5, "warmup": 1,
   "start": {"ms": 95.1, "all": [...]},
   "steps": [{"name": "Event", "send": "Event", "ms": 12.3, "all": [...]}, ...]}

-v prints every session's figures to stderr; --transcript FILE writes what the
last session printed (escapes stripped) to FILE. Exits 1, saying why, if a
session fails; 2 for bad arguments.
"""

import argparse
import codecs
import fcntl
import json
import os
import re
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

from runhelp import interrupted

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), other two-byte escapes, and readline's
# RL_PROMPT_START_IGNORE / RL_PROMPT_END_IGNORE markers (\x01, \x02), which some programs leak.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|[\x01\x02]")
# The first integer on a line: 1234567 or 1,234,567, not part of a word or a decimal number.
FIRST_INTEGER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?![\w.]|,\d)")
DEFAULT_ERROR = r"(?im)^[ \t]*(?:[a-z]+ )?error(?::|\b)"


class SessionError(Exception):
    pass


def strip(text):
    return ESCAPES.sub("", text)


def lines_of(text):
    """Stripped text with every line ending (\\r\\n, or a lone \\r that returns to the margin) as \\n."""
    return strip(text).replace("\r\n", "\n").replace("\r", "\n")


def tail(text, lines=12):
    shown = lines_of(text).rstrip("\n").split("\n")[-lines:]
    return "\n".join("    | " + line for line in shown)


def first_integers(text):
    """The first integer of every line of (stripped) text, in order."""
    found = []
    for line in lines_of(text).split("\n"):
        match = FIRST_INTEGER.search(line)
        if match:
            found.append(int(match.group(1).replace(",", "")))
    return found


def parse_ids(spec):
    """'A-B|C-D' -> [(A, B), (C, D)]."""
    ranges = []
    for part in str(spec).split("|"):
        first, sep, last = part.strip().partition("-")
        if not sep or not first.isdigit() or not last.isdigit() or int(first) > int(last):
            raise ValueError(f"ids must look like 'A-B' or 'A-B|C-D' with A <= B, not {spec!r}")
        ranges.append((int(first), int(last)))
    return ranges


def contains_run(values, first, last):
    """Whether values hold first, first + 1, ..., last in a row, not followed by last + 1."""
    want = list(range(first, last + 1))
    n = len(want)
    return any(values[i:i + n] == want and values[i + n:i + n + 1] != [last + 1]
               for i in range(len(values) - n + 1))


class Session:
    """One program in one pseudo-terminal."""

    def __init__(self, command, cols, rows, env, timeout):
        self.command = command
        self.timeout = timeout
        self.output = ""  # everything read, raw (decoded)
        self.eof = False
        self.started = time.perf_counter()
        pid, fd = os.forkpty()
        if pid == 0:  # the child: size the terminal before anything can ask for it, then run
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.execvpe(command[0], command, env)
            except BaseException as error:  # noqa: BLE001 - the child must never return
                os.write(2, f"pty_session: cannot run {command[0]!r}: {error}\r\n".encode())
            os._exit(127)
        self.pid, self.fd = pid, fd
        self.status = None
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def read_until(self, done, what, since):
        """Read until done(stripped output since `since`) is true; return the time it became true."""
        deadline = time.perf_counter() + self.timeout
        while True:
            if done(strip(self.output[since:])):
                return time.perf_counter()
            if self.eof:
                self.wait(1.0)
                raise SessionError(f"{what}: the program ended first ({self.describe_status()}); it printed:\n"
                                   + tail(self.output[since:] or self.output))
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise SessionError(f"{what}: timed out after {self.timeout:g} s; the last output:\n"
                                   + tail(self.output[since:] or self.output))
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if ready:
                self.read_some()

    def read_some(self):
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the other side is closed
            data = b""
        if data:
            self.output += self.decoder.decode(data)
        else:
            self.eof = True

    def drain(self):
        """Read whatever is already waiting, so that it is not taken for the answer to what comes next."""
        while not self.eof and select.select([self.fd], [], [], 0)[0]:
            self.read_some()

    def send(self, text):
        start = time.perf_counter()
        os.write(self.fd, text.encode())
        return start

    def wait(self, seconds):
        """Reap the child within `seconds` if it exits; True if it did."""
        deadline = time.perf_counter() + seconds
        while self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
                break
            if time.perf_counter() >= deadline:
                return False
            if not self.eof:
                ready, _, _ = select.select([self.fd], [], [], 0.02)
                if ready:
                    self.read_some()
            else:
                time.sleep(0.01)
        return True

    def describe_status(self):
        if self.status is None:
            return "still running"
        if os.WIFSIGNALED(self.status):
            return f"killed by signal {os.WTERMSIG(self.status)}"
        return f"exit status {os.WEXITSTATUS(self.status)}"

    def close(self, quit_text, timeout):
        """Ask the program to leave, drain its output and reap it; SessionError if it does not exit 0."""
        if self.status is None and not self.eof:
            try:
                os.write(self.fd, quit_text.encode())
            except OSError:
                pass
        if not self.wait(timeout):
            self.kill()
            raise SessionError(f"the program did not exit within {timeout:g} s of {quit_text!r}; it printed:\n"
                               + tail(self.output))
        while not self.eof:  # whatever is still buffered
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if not ready:
                break
            self.read_some()
        os.close(self.fd)
        self.fd = None
        if not (os.WIFEXITED(self.status) and os.WEXITSTATUS(self.status) == 0):
            raise SessionError(f"the program ended with {self.describe_status()}; it printed:\n" + tail(self.output))

    def kill(self):
        """Kill the child (this one, by its pid) and reap it."""
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, self.status = os.waitpid(self.pid, 0)
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def run_session(args, steps, env):
    """One session: returns (start_ms, [step_ms...], stripped transcript)."""
    prompt_at_end = re.compile(f"(?:{args.prompt})\\Z")
    error = re.compile(args.error) if args.error else None
    session = Session(args.command, args.cols, args.rows, env, args.timeout)
    try:
        at_prompt = lambda text: prompt_at_end.search(text) is not None  # noqa: E731
        start = session.read_until(at_prompt, "waiting for the first prompt", 0)
        start_ms = (start - session.started) * 1000.0
        check_errors(error, lines_of(session.output), "before the first prompt")
        times = []
        for step in steps:
            session.drain()
            since = len(session.output)
            sent = session.send(step["send"] + "\r")
            what = f"step {step['name']!r}"
            done = session.read_until(at_prompt, what + ", waiting for the prompt", since)
            if step.get("wait") and step.get("expect"):
                expect = re.compile(step["expect"])
                session.read_until(lambda text: expect.search(text) is not None and at_prompt(text),
                                   what + f", waiting for output matching /{step['expect']}/", since)
            check_step(step, lines_of(session.output[since:]), error)
            times.append((done - sent) * 1000.0)
        session.close(args.quit, min(args.timeout, 30.0))
        return start_ms, times, lines_of(session.output)
    except BaseException:
        session.kill()
        raise


def check_errors(error, text, where):
    if error:
        match = error.search(text)
        if match:
            line = text[match.start():].splitlines()[0] if text[match.start():] else match.group(0)
            raise SessionError(f"{where}: the program reported an error: {line.strip()}")


def check_step(step, text, error):
    what = f"step {step['name']!r}"
    check_errors(error, text, what)
    if step.get("expect") and not re.search(step["expect"], text):
        raise SessionError(f"{what}: the output does not match /{step['expect']}/; it was:\n" + tail(text, 40))
    if step.get("ids"):
        found = first_integers(text)
        ranges = parse_ids(step["ids"])
        if not any(contains_run(found, first, last) for first, last in ranges):
            wanted = " or ".join(f"{first} to {last}" for first, last in ranges)
            shown = ", ".join(map(str, found[:40])) + (", ..." if len(found) > 40 else "")
            raise SessionError(f"{what}: expected rows with ids {wanted}, in order and no further; the lines began with "
                               f"[{shown}]; the output was:\n" + tail(text, 40))


def main():
    parser = argparse.ArgumentParser(description="Time an interactive program in a pseudo-terminal.")
    parser.add_argument("--runs", type=int, default=5, help="timed sessions (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed sessions first (default 1)")
    parser.add_argument("--size", default="100x31", help="terminal COLUMNSxROWS (default 100x31)")
    parser.add_argument("--prompt", default=r"(?:strata|sqlite)> ",
                        help="regex of the prompt (default: 'strata> ' or 'sqlite> ')")
    parser.add_argument("--error", default=DEFAULT_ERROR,
                        help="regex of an error in the output, which fails the session ('' for none)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for a prompt (default 300)")
    parser.add_argument("--quit", default="\x04", help="what to send to leave (default Ctrl-D)")
    parser.add_argument("--send", dest="steps", action="append", type=lambda text: {"send": text},
                        default=[], metavar="TEXT", help="a step: send TEXT (repeatable)")
    parser.add_argument("--step", dest="steps", action="append", type=json.loads, metavar="JSON",
                        help='a step as JSON: {"send": ..., "name": ..., "ids": "A-B", "expect": ..., "wait": ...}')
    parser.add_argument("--transcript", metavar="FILE", help="write the last session's output to FILE")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every session's figures to stderr")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    args.command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not args.command:
        parser.error("no command given")
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be >= 1 and --warmup >= 0")
    size = re.fullmatch(r"(\d+)x(\d+)", args.size)
    if not size or not (1 <= int(size.group(1)) <= 65535 and 1 <= int(size.group(2)) <= 65535):
        parser.error(f"--size must look like 100x31, not {args.size!r}")
    args.cols, args.rows = int(size.group(1)), int(size.group(2))
    try:
        re.compile(args.prompt)
        if args.error:
            re.compile(args.error)
    except re.error as error:
        parser.error(f"bad regex: {error}")
    for step in args.steps:
        if not isinstance(step, dict) or not isinstance(step.get("send"), str):
            parser.error(f'a step needs "send": a string, in {step!r}')
        step.setdefault("name", step["send"])
        try:
            if step.get("ids"):
                parse_ids(step["ids"])
            if step.get("expect"):
                re.compile(step["expect"])
        except (ValueError, re.error) as error:
            parser.error(f"step {step['name']!r}: {error}")

    history = tempfile.NamedTemporaryFile(prefix="pty-session-history-", delete=False)
    history.close()
    env = dict(os.environ)
    for name in ("NO_COLOR", "COLUMNS", "LINES"):
        env.pop(name, None)
    env.update(TERM="xterm-256color", STRATA_HISTORY=history.name, SQLITE_HISTORY=history.name)

    starts, step_times = [], [[] for _ in args.steps]
    try:
        for run in range(args.warmup + args.runs):
            timed = run >= args.warmup
            start_ms, times, transcript = run_session(args, args.steps, env)
            if timed:
                starts.append(start_ms)
                for column, value in zip(step_times, times):
                    column.append(value)
            if args.verbose:
                label = f"run {run - args.warmup + 1}" if timed else "warm-up"
                figures = "; ".join([f"start {start_ms:.1f}"]
                                    + [f"{step['name']} {value:.1f}" for step, value in zip(args.steps, times)])
                print(f"pty_session: {label}: {figures} ms", file=sys.stderr)
        if args.transcript:
            with open(args.transcript, "w") as out:
                out.write(transcript)
    except SessionError as error:
        sys.exit(f"pty_session: {' '.join(args.command)}: {error}")
    except OSError as error:
        sys.exit(f"pty_session: {' '.join(args.command)}: {error}")
    except KeyboardInterrupt:
        os.unlink(history.name)
        interrupted()
    finally:
        if os.path.exists(history.name):
            os.unlink(history.name)

    result = {
        "command": args.command,
        "size": [args.cols, args.rows],
        "runs": args.runs,
        "warmup": args.warmup,
        "start": {"ms": round(statistics.median(starts), 1), "all": [round(t, 1) for t in starts]},
        "steps": [
            {"name": step["name"], "send": step["send"], "ms": round(statistics.median(times), 1),
             "all": [round(t, 1) for t in times]}
            for step, times in zip(args.steps, step_times)
        ],
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
