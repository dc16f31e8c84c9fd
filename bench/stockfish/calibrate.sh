#!/usr/bin/env bash
# Calibrates bench/baseline_see.c against the function it copies: Stockfish's
# own Position::see_ge, compiled from a Stockfish tree the user provides
# (current master or 15.1; nothing of Stockfish is in this repository) with the
# flags of that tree's `make ARCH=x86-64-bmi2 build` (-O3, -flto, pext ...)
# and -DNNUE_EMBEDDING_OFF (no net is needed: nothing is evaluated), linked
# with bench/stockfish/calibrate_driver.cpp.
#
# Both sides run in one process (the driver links the baseline from seebatch's
# build) on the same captures of the benchmark's real positions at the same
# thresholds (seebatch_passes --dump-captures), timed in turn in the
# project's regimes (1,000 cycled, 10,000 cycled, streamed: every position
# board after board), and instructions per call are counted with callgrind.
#
# Usage: bench/stockfish/calibrate.sh STOCKFISH_DIR [WORK] [BUILD_DIR]
#   STOCKFISH_DIR: a Stockfish source tree (the directory holding src/)
#   WORK: where the build goes (default: a new temporary directory; objects
#         there are reused, so give each Stockfish tree its own)
#   BUILD_DIR: seebatch's build, with seebatch_passes and seebatch_bench (default: build)
# Exits 77 (skip) with the reason when no tree is given.
set -euo pipefail
sf=${1:-}
work=${2:-}
build=${3:-build}

if [ -z "$sf" ]; then
    echo "calibrate.sh: skipped: no Stockfish tree given (usage: calibrate.sh STOCKFISH_DIR [WORK] [BUILD_DIR])"
    exit 77
fi
script=calibrate.sh
# Stockfish 15.1 (no src/attacks.h) looks sliders up with pext in this
# build: the baseline is then measured with the same lookups.
if [ -f "$sf/src/position.cpp" ] && [ ! -f "$sf/src/attacks.h" ] && [ -z "${SEEBATCH_BASELINE:-}" ]; then
    export SEEBATCH_BASELINE=pext
fi
. "$(dirname "$0")/build_stockfish.sh"
link_driver calibrate_driver

"$build/seebatch_passes" --dump-captures > "$work/captures.txt"
echo
echo "== Stockfish's see_ge, the baseline (bench/baseline_see.c) and seebatch's view, the same captures, in turn"
"$work/calibrate_driver" time < "$work/captures.txt"
if ! command -v valgrind > /dev/null; then
    echo "instructions per call: valgrind not installed"
    exit 0
fi
# Instructions inside the function only (--toggle-collect), 2 passes over
# every capture. The baseline's lookups are the same under valgrind (it runs
# AVX2 and BMI2; only AVX-512 it cannot).
per_call() {
    local out calls total
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$1" \
          "$work/calibrate_driver" count 2 $2 < "$work/captures.txt" 2>&1)
    calls=$(sed -n 's/^see_ge calls \([0-9]*\).*/\1/p' <<< "$out")
    total=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<< "$out")
    [ -n "$calls" ] && [ "$calls" -gt 0 ] || fail "callgrind run failed: $out"
    awk -v t="$total" -v c="$calls" 'BEGIN { printf "%.1f", t / c }'
}
stockfish=$(per_call 'Stockfish::Position::see_ge*' "")
baseline=$(per_call 'baseline_see_ge*' baseline)
view=$(per_call '*view_see_ge*' view)
echo "instructions per call (callgrind): Stockfish $stockfish, baseline $baseline," \
     "baseline/Stockfish $(awk -v b="$baseline" -v s="$stockfish" 'BEGIN { printf "%.3f", b / s }');" \
     "seebatch's view $view"
