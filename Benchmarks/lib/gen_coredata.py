#!/usr/bin/env python3
"""Writes a Core Data store of N cars for the coredata benchmarks.

  gen_coredata.py OUT --rows N

Starts from a real store Core Data wrote (Tests/CoreDataModelTests/Fixtures/Stores/SampleModel_V1, from
alemar11/CoreDataPlus, MIT: Car -> SportCar -> ExpensiveSportCar in ZCAR, Person.cars <-> Car.owner, its model
cache) and adds N rows to ZCAR after its own, as Core Data lays them out: Z_ENT cycling through the three car
entities, an owner among the 20 people, Z_MAX moved along. Python's standard library only; OUT must not exist.
"""
import argparse
import os
import shutil
import sqlite3
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(ROOT, "Tests/CoreDataModelTests/Fixtures/Stores/SampleModel_V1/SampleModel_V1.sqlite")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--rows", type=int, required=True)
    args = parser.parse_args()
    if os.path.exists(args.out):
        sys.exit(f"gen_coredata.py: {args.out} exists")
    shutil.copyfile(SOURCE, args.out)
    db = sqlite3.connect(args.out)
    db.execute("PRAGMA journal_mode = DELETE")
    start = db.execute("SELECT max(Z_PK) FROM ZCAR").fetchone()[0] + 1
    makers = ["BMW", "FIAT", "Ferrari", "McLaren", "Lamborghini", "Alfa Romeo", "Mercedes"]
    db.executemany(
        "INSERT INTO ZCAR (Z_PK, Z_ENT, Z_OPT, ZOWNER, ZMAKER, ZMODEL, ZNUMBERPLATE) VALUES (?, ?, 1, ?, ?, ?, ?)",
        ((pk, 1 + pk % 3, 1 + pk % 20, makers[pk % len(makers)], f"model {pk % 100}", f"P{pk}")
         for pk in range(start, start + args.rows)))
    db.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = (SELECT max(Z_PK) FROM ZCAR) WHERE Z_NAME = 'Car'")
    db.commit()
    db.close()


if __name__ == "__main__":
    main()
