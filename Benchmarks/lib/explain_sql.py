#!/usr/bin/env python3
"""Print the SQL of `strata query ... --explain`, its parameters written in.

Usage: strata query FILE QUERY --explain | explain_sql.py

`--explain` prints the SQL on the line after `SQL:`, then, if the query has
any, one `?N = VALUE` line per parameter after `Parameters:`, each VALUE an
SQL literal (12, 1.5, 'O''Brien', x'0102', NULL). This prints that SQL with
every `?N` outside string literals and quoted identifiers replaced by its
VALUE: the query as one would write it by hand for the sqlite3 shell. Exits
1, saying why, if the input does not look like that.
"""

import re
import sys

PARAMETER = re.compile(r"\?([0-9]+)")
LITERAL = re.compile(r"""-?[0-9][0-9.eE+-]*|'(?:[^']|'')*'|[xX]'[0-9A-Fa-f]*'|NULL""")


def parse(lines):
    """The SQL and a dict of parameter number to literal."""
    if len(lines) < 2 or lines[0].strip() != "SQL:" or not lines[1].startswith("  "):
        raise ValueError("expected 'SQL:' and the SQL on the next line")
    sql = lines[1].strip()
    values = {}
    rest = [line.rstrip("\n") for line in lines[2:]]
    if rest and rest[0].strip() == "Parameters:":
        for line in rest[1:]:
            if not line.startswith("  "):
                break  # the next section (Plan:)
            match = re.fullmatch(r"\s+\?([0-9]+) = (.*)", line)
            if not match or not LITERAL.fullmatch(match.group(2)):
                raise ValueError(f"cannot read the parameter line {line.strip()!r}")
            values[int(match.group(1))] = match.group(2)
    return sql, values


def substitute(sql, values):
    """sql with each ?N outside quotes replaced by values[N]."""
    out, i, used = [], 0, set()
    closing = {"'": "'", '"': '"', "`": "`", "[": "]"}
    while i < len(sql):
        c = sql[i]
        if c in closing:  # a string literal or a quoted identifier: copy it whole
            end = sql.find(closing[c], i + 1)
            while end != -1 and c != "[" and sql[end + 1:end + 2] == c:  # a doubled quote
                end = sql.find(closing[c], end + 2)
            if end == -1:
                raise ValueError(f"unterminated {c} in the SQL")
            out.append(sql[i:end + 1])
            i = end + 1
            continue
        match = PARAMETER.match(sql, i) if c == "?" else None
        if match:
            number = int(match.group(1))
            if number not in values:
                raise ValueError(f"?{number} has no value in the Parameters section")
            out.append(values[number])
            used.add(number)
            i = match.end()
            continue
        if c == "?" or (c in ":@$" and re.match(r"[A-Za-z_]", sql[i + 1:i + 2])):
            raise ValueError(f"a parameter that is not ?N at {sql[i:i + 12]!r}")
        out.append(c)
        i += 1
    if used != set(values):
        raise ValueError(f"parameters never used in the SQL: {sorted(set(values) - used)}")
    return "".join(out)


def main():
    if len(sys.argv) != 1:
        sys.exit("usage: strata query FILE QUERY --explain | explain_sql.py")
    try:
        print(substitute(*parse(sys.stdin.readlines())))
    except ValueError as error:
        sys.exit(f"explain_sql: {error}")


if __name__ == "__main__":
    main()
