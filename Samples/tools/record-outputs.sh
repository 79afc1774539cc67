#!/bin/sh
# Writes Queries/NN-what.out for a sample from what strata prints today, for a person to READ before committing:
# a wrong answer recorded here becomes the answer SamplesTests expects.
# Usage: Samples/tools/record-outputs.sh Samples/NAME [STRATA]   (STRATA defaults to `strata` on PATH)
# The database is built from nothing in a temporary folder, as SamplesTests builds it; each .args file's
# command line runs there through /bin/sh, so its quoting is a shell's. A `# exit: N` line in a .args
# file is the exit status it expects (default 0); the status found is printed beside each file.
set -eu
sample=$(cd "$1" && pwd)
strata=${2:-strata}
case $strata in /*) ;; */*) strata=$(pwd)/$strata ;; esac
name=$(basename "$sample")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -d "$sample/Migrations" ]; then
    (cd "$work" && "$strata" migrate "$name.sqlite" --create --dir "$sample/Migrations" >/dev/null)
fi
for extra in "$sample"/*.sqlite "$sample"/*.xcdatamodeld; do
    [ -e "$extra" ] && cp -R "$extra" "$work/"
done
for args in "$sample"/Queries/*.args; do
    line=$(grep -v '^#' "$args" | grep -v '^[[:space:]]*$')
    out=${args%.args}.out
    status=0
    (cd "$work" && env -u COLUMNS NO_COLOR=1 sh -c "exec \"\$0\" $line" "$strata") > "$out" 2>"$work/stderr" || status=$?
    expected=$(sed -n 's/^# exit: *\([0-9]*\).*/\1/p' "$args")
    echo "$(basename "$args"): exit $status (expected ${expected:-0})$( [ -s "$work/stderr" ] && printf ' stderr: %s' "$(head -1 "$work/stderr")")"
done
