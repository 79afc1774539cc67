#!/bin/sh
# Build realmgen against a realm-core checkout that has been built as described in README.md.
# Usage: REALM_CORE=/path/to/realm-core ./build.sh   (the build folder is $REALM_CORE/build)
set -eu
: "${REALM_CORE:?set REALM_CORE to the realm-core checkout}"
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-"$REALM_CORE/build/realmgen"}
g++ -std=c++17 -O1 -Wall -Wextra \
    -I"$REALM_CORE/src" -I"$REALM_CORE/build/src" \
    "$here/realmgen.cpp" "$REALM_CORE/build/src/realm/librealm.a" \
    -lcrypto -lz -pthread -o "$out"
echo "built $out"
