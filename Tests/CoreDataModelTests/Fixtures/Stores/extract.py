#!/usr/bin/env python3
"""Extracts each fixture store's Z_MODELCACHE.Z_CONTENT into modelcache.bin and its Z_METADATA.Z_PLIST into
metadata.plist beside it, and describes the stores.

CoreDataModelTests does not depend on SQLite, so the compressed model caches its tests inflate are extracted
here, once, from the .sqlite files in the folders next to this script.

    python3 Tests/CoreDataModelTests/Fixtures/Stores/extract.py            # (re)write every modelcache.bin
    python3 Tests/CoreDataModelTests/Fixtures/Stores/extract.py --describe # also print what README.md records

The stores are opened with immutable=1, so no -wal or -shm file is created and no byte of them changes.
"""
import pathlib
import plistlib
import sqlite3
import sys
import zlib

HERE = pathlib.Path(__file__).resolve().parent


def open_store(path):
    return sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)


def describe(path, connection):
    tables = [name for (name,) in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    print(f"## {path.relative_to(HERE)} ({path.stat().st_size} bytes)")
    print(f"tables: {' '.join(tables)}")
    print("Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX):")
    for row in connection.execute("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT"):
        print(f"  {row}")
    for version, uuid, blob in connection.execute("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA"):
        plist = plistlib.loads(blob)
        print(f"Z_METADATA: Z_VERSION {version}, Z_UUID {uuid}, Z_PLIST {len(blob)} bytes "
              f"({blob[:8].decode('latin-1')}), keys: {', '.join(sorted(plist))}")
        hashes = plist.get("NSStoreModelVersionHashes", {})
        print(f"  NSStoreModelVersionHashes: {', '.join(sorted(hashes))}")
        print(f"  NSStoreModelVersionIdentifiers: {plist.get('NSStoreModelVersionIdentifiers')}")


def main():
    describing = "--describe" in sys.argv[1:]
    stores = sorted(HERE.glob("*/*.sqlite"))
    if not stores:
        sys.exit("extract.py: no fixture stores next to this script")
    for path in stores:
        with open_store(path) as connection:
            if describing:
                describe(path, connection)
            has_cache = connection.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'Z_MODELCACHE'").fetchall()
            rows = connection.execute("SELECT Z_CONTENT FROM Z_MODELCACHE").fetchall() if has_cache else None
            metadata = connection.execute("SELECT Z_PLIST FROM Z_METADATA").fetchall()
        if rows is None:  # a store written before iOS 9 has no model cache: only metadata.plist
            if len(metadata) != 1 or not isinstance(metadata[0][0], bytes):
                sys.exit(f"extract.py: {path.name}: expected one Z_METADATA plist, found {len(metadata)} rows")
            plistlib.loads(metadata[0][0])
            (path.parent / "metadata.plist").write_bytes(metadata[0][0])
            print(f"{path.relative_to(HERE)}: no Z_MODELCACHE table, metadata.plist only")
            if describing:
                print()
            continue
        if len(rows) != 1 or not isinstance(rows[0][0], bytes):
            sys.exit(f"extract.py: {path.name}: expected one Z_MODELCACHE blob, found {len(rows)} rows")
        if len(metadata) != 1 or not isinstance(metadata[0][0], bytes):
            sys.exit(f"extract.py: {path.name}: expected one Z_METADATA plist, found {len(metadata)} rows")
        plistlib.loads(metadata[0][0])  # a check that it is a property list
        (path.parent / "metadata.plist").write_bytes(metadata[0][0])
        blob = rows[0][0]
        inflated = zlib.decompress(blob, -15)  # raw deflate; a check that the blob is what the tests expect
        (path.parent / "modelcache.bin").write_bytes(blob)
        print(f"{path.relative_to(HERE)}: Z_MODELCACHE {len(blob)} bytes, raw deflate, "
              f"inflates to {len(inflated)} bytes starting {inflated[:8]!r}")
        if describing:
            print()


if __name__ == "__main__":
    main()
