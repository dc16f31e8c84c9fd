#!/usr/bin/env bash
# The docs' program that labels and counts a whole file on threads
# (docs/programs/label_and_count.c, which docs/training-data.md links:
# seebatch_training_run with seebatch_label_work and seebatch_count_work)
# compiles against this build's library with warnings as errors, and run on
# games its labels are the values `seebatch eval` prints for them, its
# counts those `seebatch stats` prints.
# Usage: docs_whole_file.sh PROGRAM.c CC INCLUDE_DIR LIBSEEBATCH.a TOOL GAMES_MAKER SANITIZERS
# Exit 77 (skip) in a sanitizer build (the library needs the sanitizer's
# runtime there; the plain builds run it).
set -euo pipefail
source=$1 cc=$2 include=$3 library=$4 tool=$5 games=$6 sanitize=${7:-}
fail() { echo "FAIL: $*"; exit 1; }
if [ -n "$sanitize" ]; then
    echo "skip: a sanitizer build ($sanitize); the docs' program is compiled in plain builds"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A Windows program links its threads' runtime in (wine finds no
# libwinpthread-1.dll beside it).
static=()
[[ "$cc" == *mingw* ]] && static=(-static)
"$cc" -std=c11 -Wall -Wextra -Werror -I"$include" -o "$work/label" "$source" "$library" \
    "${static[@]}" -lpthread -lm || fail "$source does not compile"
program=$work/label
[ -e "$program.exe" ] && program=$program.exe # Windows compilers add it
${SEEBATCH_EMULATOR:-} "$games" 7 40 "$work/games.binpack" "$work/games.plain" > /dev/null
for file in games.binpack games.plain; do
    ${SEEBATCH_EMULATOR:-} "$program" "$work/$file" > "$work/labels" 2> "$work/counts" ||
        fail "$source exited $? on $file: $(cat "$work/counts")"
    tr -d '\r' < "$work/labels" | awk '{print $2}' > "$work/values"
    ${SEEBATCH_EMULATOR:-} "$tool" eval --preset stockfish "$work/$file" | tr -d '\r' |
        awk -F';' '{print $NF}' > "$work/expected"
    [ -s "$work/expected" ] || fail "eval printed nothing for $file"
    cmp -s "$work/values" "$work/expected" || fail "$file: the labels are not eval's values"
    [ "$(tr -d '\r' < "$work/labels" | awk 'NR != $1' | wc -l)" = 0 ] || fail "$file: numbering"
    stats=$(${SEEBATCH_EMULATOR:-} "$tool" stats "$work/$file" | tr -d '\r')
    expected="$(sed -n 's/^entries: //p' <<< "$stats") entries, $(sed -n 's/^games: //p' <<< "$stats") games, $(sed -n 's/^captures: //p' <<< "$stats") captures"
    [ "$(tr -d '\r' < "$work/counts")" = "$expected" ] ||
        fail "$file: counted \"$(cat "$work/counts")\", stats says \"$expected\""
    echo "$file: $(wc -l < "$work/values") labels as eval's, $(cat "$work/counts")"
done
echo "docs' whole-file program: ok"
