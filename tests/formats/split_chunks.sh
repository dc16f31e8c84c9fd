#!/usr/bin/env bash
# A chunk cut between chains for spare threads (binpack_split.h) gives what
# one thread gives: filter (binpack and plain out, count only, several
# rules), check and the messages about damaged files, at -j 1 to 4, on a
# file of one chunk made here (the first chunk of make_training_games's
# games) and on small.binpack from ../shared/data (skipped, visibly, where
# absent). A damaged chunk, where a cut can fall on no chain start, is
# processed whole.
# Usage: split_chunks.sh TOOL MAKE_TRAINING_GAMES ROOT
set -u
tool=$1 maker=$2 root=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "split_chunks: FAIL: $*"; failures=$((failures + 1)); }
"$maker" 20261125 300 "$work/games.binpack" "$work/games.plain" > /dev/null || exit 1
# The first chunk alone: its header's size field says how long it is.
size=$(od -An -tu4 -j4 -N4 "$work/games.binpack" | tr -d ' ')
head -c $((size + 8)) "$work/games.binpack" > "$work/one.binpack"
# The same chunk damaged in its middle (a byte of movetext or a stem).
cp "$work/one.binpack" "$work/damaged.binpack"
printf '\xff\xff\xff' | dd of="$work/damaged.binpack" bs=1 seek=$((size / 2)) conv=notrunc 2> /dev/null
files=("$work/one.binpack" "$work/damaged.binpack")
data=$root/../shared/data/small.binpack
if [ -f "$data" ]; then files+=("$data"); else echo "split_chunks: small.binpack part SKIPPED: $data is absent"; fi

same_at_every_j() { # LABEL COMMAND...: stdout, stderr and status at -j 2..4 equal -j 1's
    local label=$1
    shift
    "$@" -j 1 > "$work/out1" 2> "$work/err1"
    echo "status $?" >> "$work/err1"
    for j in 2 3 4; do
        "$@" -j "$j" > "$work/out$j" 2> "$work/err$j"
        echo "status $?" >> "$work/err$j"
        cmp -s "$work/out1" "$work/out$j" || fail "$label: -j $j output differs from -j 1"
        cmp -s "$work/err1" "$work/err$j" || fail "$label: -j $j messages differ from -j 1"
    done
}
for file in "${files[@]}"; do
    name=$(basename "$file")
    same_at_every_j "$name filter see+check" "$tool" filter --skip-see-ge 0 --skip-in-check "$file"
    same_at_every_j "$name filter capture, plain" "$tool" filter --skip-capture --output-format plain "$file"
    same_at_every_j "$name filter no rule" "$tool" filter "$file"
    same_at_every_j "$name filter count only" "$tool" filter --skip-in-check --count-only "$file"
done
same_at_every_j "one chunk check" "$tool" check --no-oracle "$work/one.binpack"
same_at_every_j "damaged check" "$tool" check --no-oracle "$work/damaged.binpack"
grep -q "byte" "$work/err1" || fail "the damaged chunk was not reported as damaged: $(cat "$work/err1")"
[ "$failures" -eq 0 ] && echo "split_chunks: PASS" || exit 1
