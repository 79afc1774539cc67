#!/bin/sh
# Build the benchmark tools realmbig and realm2csv against a realm-core checkout that has been
# built as described in README.md (section 1). The realm-convert benchmark (Benchmarks/run) finds
# them in $REALM_CORE/build/.
# Usage: REALM_CORE=/path/to/realm-core ./build-bench.sh   (the build folder is $REALM_CORE/build)
set -eu
: "${REALM_CORE:?set REALM_CORE to the realm-core checkout}"
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-"$REALM_CORE/build"}
for tool in realmbig realm2csv; do
    g++ -std=c++17 -O2 -Wall -Wextra \
        -I"$REALM_CORE/src" -I"$REALM_CORE/build/src" \
        "$here/$tool.cpp" "$REALM_CORE/build/src/realm/librealm.a" \
        -lcrypto -lz -pthread -o "$out/$tool"
    echo "built $out/$tool"
done
