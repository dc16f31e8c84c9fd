#!/usr/bin/env bash
# A cross-built tool answers as the native one does: `eval` of the same FEN
# lines (generated positions, the special ones of the tests, EPD records, bad
# lines) is byte for byte the native tool's, under both presets, and so are
# its messages and exit status.
# Usage: same_eval.sh NATIVE_TOOL CROSS_TOOL   (CROSS_TOOL: a command that runs
# the cross-built tool, e.g. build-aarch64/run/seebatch_cli)
set -uo pipefail
native=$1 cross=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$native" gen --count 3000 --seed 49 > "$work/positions" || fail "native gen"
cat >> "$work/positions" <<'LINES'
1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1
rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3
1r2k3/P1P5/8/8/8/8/5p1p/3K2R1 w - - 0 1
r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - bm Nf6; hmvc 3; fmvn 7;
not a position
4k3/8/8/8/8/8/8/4K3 w - - 0 1;e1e2
LINES
for preset in classic stockfish; do
    "$native" eval --preset $preset "$work/positions" > "$work/native.out" 2> "$work/native.err"
    native_status=$?
    $cross eval --preset $preset "$work/positions" > "$work/cross.out" 2> "$work/cross.err"
    cross_status=$?
    [ "$native_status" = "$cross_status" ] || fail "$preset: exit $cross_status, native $native_status"
    cmp "$work/native.out" "$work/cross.out" || fail "$preset: eval's output differs"
    cmp "$work/native.err" "$work/cross.err" || fail "$preset: eval's messages differ"
    echo "$preset: $(wc -l < "$work/native.out") lines the same, exit $native_status"
done
echo "same_eval: ok"
