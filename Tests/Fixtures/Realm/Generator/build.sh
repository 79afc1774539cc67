#!/bin/sh
# Build realmgen (the fixture generator) and realmdump (JSON of any .realm file) against a
# realm-core checkout that has been built as described in README.md.
# Usage: REALM_CORE=/path/to/realm-core ./build.sh [realmgen|realmdump]   (default: both)
#   The build folder is $REALM_CORE/build; the programs go there, or to $OUT (realmgen) and
#   $OUT_DUMP (realmdump).
set -eu
: "${REALM_CORE:?set REALM_CORE to the realm-core checkout}"
here=$(cd "$(dirname "$0")" && pwd)
build() { # build NAME OUTPUT
    g++ -std=c++17 -O1 -Wall -Wextra \
        -I"$REALM_CORE/src" -I"$REALM_CORE/build/src" \
        "$here/$1.cpp" "$REALM_CORE/build/src/realm/librealm.a" \
        -lcrypto -lz -pthread -o "$2"
    echo "built $2"
}
what=${1:-both}
case $what in
    realmgen|both) build realmgen "${OUT:-"$REALM_CORE/build/realmgen"}" ;;
esac
case $what in
    realmdump|both) build realmdump "${OUT_DUMP:-"$REALM_CORE/build/realmdump"}" ;;
    realmgen) ;;
    *) echo "usage: REALM_CORE=... build.sh [realmgen|realmdump]" >&2; exit 2 ;;
esac
