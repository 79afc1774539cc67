"""The Core Data benchmarks: coredata-classes and coredata-query on the real SampleModel_V1 store with 1,000,000
more cars (lib/gen_coredata.py), against the sqlite3 shell's SQL over the store's own columns."""

import os
import sys

from .common import Benchmark, DATA_DIR, LIB, PYTHON, Row, Step, file_hash, generate, measure, ratio_at_most


COREDATA_ROWS = 1000000  # cars added to the real store in coredata-*
COREDATA_COUNTS = ("SELECT count(*) FROM ZCAR; SELECT count(*) FROM ZCAR WHERE Z_ENT IN (2, 3); "
                   "SELECT count(*) FROM ZCAR WHERE Z_ENT IN (3); SELECT count(*) FROM ZPERSON;")
COREDATA_QUERY = 'SportCar where owner.firstName == "Faron" AND maker == "BMW"'
COREDATA_SQL = ('SELECT c.Z_PK, c.ZCOLOR, c.ZMAKER, c.ZMARKEDFORDELETIONASOF, c.ZMODEL, c.ZNUMBERPLATE, c.ZOWNER '
                'FROM ZCAR AS c LEFT JOIN ZPERSON AS p ON p.Z_PK = c.ZOWNER '
                'WHERE p.ZFIRSTNAME = \'Faron\' AND c.ZMAKER = \'BMW\' AND c.Z_ENT IN (2, 3) ORDER BY c.Z_PK;')


def benchmarks(c):
    """The Core Data benchmarks: coredata-classes, coredata-query. Commands are lambdas: they name data files that exist only once ensured."""
    runs = c.o.runs

    # coredata: a Core Data store of COREDATA_ROWS cars in three entities of one table, read through its model
    # cache; the peer runs the same counts and the same join as SQL over the store's own columns.
    coredata_classes = Benchmark(
        "coredata-classes", data=("coredata",),
        steps=[Step("strata", f"coredata-classes: strata classes ({runs} runs)",
                    lambda: measure(c, [c.strata, "classes", c.path("coredata")])),
               Step("peer", f"coredata-classes: sqlite3 counting each entity ({runs} runs)",
                    lambda: measure(c, ["sqlite3", "-readonly", c.path("coredata"), COREDATA_COUNTS]), needs=("strata",))],
        rows=[Row("coredata-classes", "strata", "peer", ratio_at_most("1.0"))])
    coredata_query = Benchmark(
        "coredata-query", data=("coredata",),
        steps=[Step("strata", f"coredata-query: strata query '{COREDATA_QUERY}' --format csv ({runs} runs)",
                    lambda: measure(c, [c.strata, "query", c.path("coredata"), COREDATA_QUERY, "--format", "csv"])),
               Step("peer", f"coredata-query: sqlite3 -csv, the same join ({runs} runs)",
                    lambda: measure(c, ["sqlite3", "-readonly", "-csv", "-header", c.path("coredata"), COREDATA_SQL]),
                    needs=("strata",))],
        rows=[Row("coredata-query", "strata", "peer", ratio_at_most("1.1"))])

    return [coredata_classes, coredata_query]


# --- data ---------------------------------------------------------------------------------------------------


def coredata_data(c):
    """lib/gen_coredata.py: the real SampleModel_V1 store with COREDATA_ROWS more cars."""
    n = COREDATA_ROWS
    path = os.path.join(DATA_DIR, f"coredata-{n}-{file_hash(os.path.join(LIB, 'gen_coredata.py'))}.sqlite")
    if not generate(c, path, f"a Core Data store of {n} cars", [PYTHON, os.path.join(LIB, "gen_coredata.py"), "{}", "--rows", str(n)],
                    fail=f"gen_coredata.py --rows {n} failed", stdout=sys.stderr):
        return None
    return path


DATA = {  # key -> function(c) returning the path, or None having said why
    "coredata": lambda c: coredata_data(c),
}
