#!/usr/bin/env bash
# A chunk cut between chains for spare threads (seebatch_binpack_guess_chain_start) gives what
# one thread gives: filter (binpack and plain out, count only, several
# rules), check and the messages about damaged files, at -j 1 to 4, on files
# of one chunk made here (the chains of make_training_games's games joined
# into one chunk) and on small.binpack from ../shared/data (skipped,
# visibly, where absent). A damaged chunk, where a cut can fall on no chain
# start, is processed whole.
# Usage: split_chunks.sh TOOL MAKE_TRAINING_GAMES ROOT
set -u
source "$(dirname "$0")/../support/test_scale.sh"
tool=$1 maker=$2 root=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "split_chunks: FAIL: $*"; failures=$((failures + 1)); }
"$maker" 20261125 300 "$work/games.binpack" "$work/games.plain" > /dev/null || exit 1

# The chains of the first N chunks in one chunk (chains stand alone, so
# payloads joined are a payload): each header's size field says how long
# its chunk is. One pass over the bytes (od to awk, whose escapes printf
# writes back), not programs a chunk: the games have over a thousand.
join_chunks() { # join_chunks N OUT
    local size header
    # shellcheck disable=SC2059 # the format is the payload's \xHH escapes
    printf "$(od -An -v -tu1 "$work/games.binpack" | awk -v chunks="$1" '
        { for (i = 1; i <= NF; i++) {
              if (left > 0) { printf "\\x%02x", $i; left--; continue }
              if (got == 0 && chunk == chunks) exit
              header[got++] = $i
              if (got == 8) {
                  left = header[4] + 256 * (header[5] + 256 * (header[6] + 256 * header[7]))
                  got = 0; chunk++
              } } }')" > "$work/payload"
    size=$(wc -c < "$work/payload")
    header=$(printf '\\x%02x' $((size & 255)) $((size >> 8 & 255)) $((size >> 16 & 255)) $((size >> 24 & 255)))
    { printf 'BINP'; printf "$header"; cat "$work/payload"; } > "$2"
    "$tool" stats "$2" | grep -q "^chunks: *1$" || fail "$2 is not one chunk"
}
join_chunks 100000 "$work/one.binpack"
join_chunks 30 "$work/few.binpack" # check takes about a millisecond an entry
damage() { # damage IN OUT: three bytes in the middle of the chunk set
    cp "$1" "$2"
    printf '\xff\xff\xff' | dd of="$2" bs=1 seek=$(($(wc -c < "$1") / 2)) conv=notrunc 2> /dev/null
}
damage "$work/one.binpack" "$work/damaged.binpack"
damage "$work/few.binpack" "$work/few-damaged.binpack"
files=("$work/one.binpack" "$work/damaged.binpack")
data=$root/../shared/data/small.binpack
if [ -f "$data" ]; then files+=("$data"); else echo "split_chunks: small.binpack part SKIPPED: $data is absent: $(cat "$(dirname "${BASH_SOURCE[0]}")/../support/small_binpack_where.txt")"; fi

# LABEL COMMAND...: stdout, stderr and status at -j 2..4 equal -j 1's. The
# later stages (SEEBATCH_TEST_SCALE below 1) run each command at one of
# them in turn, so every count of threads still meets the commands.
turn=0
same_at_every_j() {
    local label=$1 counts="2 3 4"
    shift
    if ! at_full_scale; then
        counts=$((2 + turn % 3))
        turn=$((turn + 1))
    fi
    "$@" -j 1 > "$work/out1" 2> "$work/err1"
    echo "status $?" >> "$work/err1"
    for j in $counts; do
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
    [ "$name" = damaged.binpack ] && ! grep -q "byte" "$work/err1" &&
        fail "the damaged chunk was not reported as damaged: $(cat "$work/err1")"
    [ "$name" = small.binpack ] && continue # large: two rule sets are enough
    same_at_every_j "$name filter no rule" "$tool" filter "$file"
    same_at_every_j "$name filter count only" "$tool" filter --skip-in-check --count-only "$file"
done
same_at_every_j "one chunk check" "$tool" check --no-oracle "$work/few.binpack"
same_at_every_j "damaged check" "$tool" check --no-oracle "$work/few-damaged.binpack"
grep -q "byte" "$work/err1" || fail "the damaged chunk was not reported as damaged: $(cat "$work/err1")"
[ "$failures" -eq 0 ] && echo "split_chunks: PASS" || exit 1
