#!/bin/sh
# Build realmgen5 (the legacy fixture generator, file format 9) and realmdump5 (JSON of any
# format 2-9 file) against a realm-core 5 checkout built as described in README.md.
# Usage: REALM_CORE=/path/to/realm-core-5 ./build.sh [realmgen5|realmdump5]   (default: both)
#   The build folder is $REALM_CORE/build; the programs go there, or to $OUT (realmgen5) and
#   $OUT_DUMP (realmdump5). The same works for a realm-core 2.9 checkout (CMake, as 5) and for a
#   realm-core 0.97 one built with its own Makefile (library in $REALM_CORE/src/realm/librealm.a).
set -eu
: "${REALM_CORE:?set REALM_CORE to the realm-core 5 checkout}"
here=$(cd "$(dirname "$0")" && pwd)
lib="$REALM_CORE/build/src/realm/librealm.a"
defs=""
if [ ! -f "$lib" ]; then # realm-core 0.9x: Makefile build in the source tree, config.h read only with REALM_HAVE_CONFIG
    lib="$REALM_CORE/src/realm/librealm.a"
    defs="-DREALM_HAVE_CONFIG"
fi
mkdir -p "$REALM_CORE/build"
build() { # build NAME OUTPUT
    g++ -std=c++17 -O1 -Wall -Wextra -Wno-deprecated-declarations $defs \
        -I"$REALM_CORE/src" -I"$REALM_CORE/build/src" \
        "$here/$1.cpp" "$lib" \
        -lcrypto -lz -pthread -o "$2"
    echo "built $2"
}
what=${1:-both}
case $what in
    realmgen5|both) build realmgen5 "${OUT:-"$REALM_CORE/build/realmgen5"}" ;;
esac
case $what in
    realmdump5|both) build realmdump5 "${OUT_DUMP:-"$REALM_CORE/build/realmdump5"}" ;;
    realmgen5) ;;
    *) echo "usage: REALM_CORE=... build.sh [realmgen5|realmdump5]" >&2; exit 2 ;;
esac
