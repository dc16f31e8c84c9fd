#!/usr/bin/env bash
# Where a many-board batch's time goes, stage by stage (docs/design.md,
# section 4, the cost model): the lane kernel built to stop after each stage
# (lib/lanes/stop_after.h: pointers, transposition, setup, pins, two steps)
# and whole, from the commit checked out (HEAD), then per capture of
# `seebatch_passes BACKEND multi` (seebatch_values on many boards, every
# capture of the real positions): instructions counted by callgrind (0 and 2
# passes, the difference; none for avx512, which valgrind cannot run), and cycles from seebatch_bench's `multi/BACKEND`
# row, the builds run in turn ROUNDS times (medians). A stage's cost is the
# difference from the build before it. The answers of a build that stops
# early are not SEE values.
#
# Usage: bench/stage_costs.sh [WORK] [PRESET] [BACKEND] [ROUNDS]
#   (defaults: build-stages, stockfish, avx2, 3)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-build-stages}
preset=${2:-stockfish}
backend=${3:-avx2}
rounds=${4:-3}
fail() { echo "stage_costs.sh: $*" >&2; exit 2; }
command -v valgrind > /dev/null || fail "needs valgrind"
mkdir -p "$work"
work=$(cd "$work" && pwd)
rm -rf "$work/src" && mkdir -p "$work/src"
git -C "$root" archive HEAD | tar -x -C "$work/src"
stages=(pointers transposition setup pins two_steps whole)
for n in 1 2 3 4 5 0; do
    cmake -S "$work/src" -B "$work/stop$n" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_C_FLAGS="-DSEEBATCH_LANES_STOP_AFTER=$n" > /dev/null
    cmake --build "$work/stop$n" -j2 --target seebatch_passes seebatch_bench > /dev/null \
        || fail "the build stopping after stage $n failed"
done
instructions() {
    # valgrind runs no AVX-512 instruction: that backend gets cycles only.
    [ "$backend" = avx512 ] && { echo 0; return; }
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/stop$1/seebatch_passes" \
        "$backend" multi "$2" "$preset" 2>&1 | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
captures=$("$work/stop0/seebatch_passes" scalar multi 1 "$preset" | sed -n 's/^\([0-9]*\) captures.*/\1/p')
declare -A cycles
for round in $(seq "$rounds"); do
    for n in 1 2 3 4 5 0; do
        c=$(SEEBATCH_PRESET=$preset "$work/stop$n/seebatch_bench" --benchmark_filter="^multi/$backend\$" \
            --benchmark_min_time=0.3 2>/dev/null | sed -n 's/.*cycles_per_item=\([0-9.]*\).*/\1/p' | head -1)
        cycles[$n]="${cycles[$n]:-} $c"
    done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "preset $preset, backend $backend, $captures captures; per capture, cumulative"
printf '%-14s %14s %10s\n' "stops after" instructions cycles
i=0
for n in 1 2 3 4 5 0; do
    total=$(( ($(instructions $n 2) - $(instructions $n 0)) / (2 * captures) ))
    [ "$backend" = avx512 ] && total="-"
    printf '%-14s %14s %10s\n' "${stages[$i]}" "$total" "$(echo "${cycles[$n]}" | median)"
    i=$((i + 1))
done
