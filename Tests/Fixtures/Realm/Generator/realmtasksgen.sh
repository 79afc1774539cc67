#!/bin/sh
# Build realmtasksgen against a built realm-core checkout (README.md, section 1) and write
# Samples/RealmTasks/RealmTasks.realm with it.
# Usage: REALM_CORE=/path/to/realm-core Tests/Fixtures/Realm/Generator/realmtasksgen.sh [OUT.realm]
#   The program goes to $REALM_CORE/build/realmtasksgen (or $OUT_BIN); OUT.realm defaults to the sample's file.
set -eu
: "${REALM_CORE:?set REALM_CORE to the realm-core checkout (built as in README.md)}"
here=$(cd "$(dirname "$0")" && pwd)
bin=${OUT_BIN:-"$REALM_CORE/build/realmtasksgen"}
out=${1:-"$here/../../../../Samples/RealmTasks/RealmTasks.realm"}
g++ -std=c++17 -O1 -Wall -Wextra \
    -I"$REALM_CORE/src" -I"$REALM_CORE/build/src" \
    "$here/realmtasksgen.cpp" "$REALM_CORE/build/src/realm/librealm.a" \
    -lcrypto -lz -pthread -o "$bin"
echo "built $bin"
"$bin" "$out"
