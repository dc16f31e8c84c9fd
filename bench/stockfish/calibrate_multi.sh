#!/usr/bin/env bash
# seebatch's many-board calls beside Stockfish's own Position::see_ge (issues
# 34 and 48): seebatch_values_ge on many boards at threshold 0 under the
# stockfish preset (its values, pins worked out by seebatch, special moves
# 0), 256 moves a call, on each backend this CPU runs and on auto, with seebatch_values
# and seebatch_values_ge given the pins beside it, against Stockfish's
# see_ge(m, 0) (its pins free from the StateInfo) and seebatch's view per
# capture (on each position in Stockfish's layout, its pins given: the
# engine path), on the same captures of the benchmark's real positions, in
# one process. The Stockfish tree is built as calibrate.sh builds it
# (build_stockfish.sh).
#
# Three regimes: the first 1,000 positions cycled (the branch predictor
# learns them), the first 10,000 cycled, every position streamed; ns per
# capture, medians of ROUNDS rounds that alternate the contenders, and the
# medians of each round's ratios: each backend's time against Stockfish's,
# exact values' against the thresholds', pins worked out against given, and
# pins given against the view's; and auto's time over the fastest backend's
# in each call (auto set afresh each round, learning in its time); where auto
# is timed, what learning costs whole jobs of 10^5 and 10^6 captures (auto
# learning afresh against each backend forced, the same job in turn; rounds
# times 10^6/captures rounds, as a job of 10^5 lasts about a millisecond and
# its median moves by a few percent over 15), and how often a job of 10^5
# captures is over 5% slower than the fastest backend's over 100 fresh starts
# of auto (seebatch_auto_starts: a user's job is one draw). Then
# instructions per capture counted by callgrind (only inside the function
# timed: --toggle-collect) for Stockfish, the view and every backend
# valgrind runs (not avx512; not auto, whose count is its kept backend's).
#
# Usage: bench/stockfish/calibrate_multi.sh STOCKFISH_DIR [WORK] [BUILD_DIR] [ROUNDS]
#   STOCKFISH_DIR: a Stockfish source tree (the directory holding src/)
#   WORK: where the build goes (default: a new temporary directory; objects
#         there are reused, so give each Stockfish tree its own)
#   BUILD_DIR: seebatch's build, with seebatch_passes and its libraries (default: build)
#   ROUNDS: timing rounds per regime (default 15)
# BACKENDS (environment): the backends timed and counted, separated by spaces,
#   `auto` among them or not (default: every one this CPU runs, then auto).
# Exits 77 (skip) with the reason when no tree is given.
set -euo pipefail
sf=${1:-}
work=${2:-}
build=${3:-build}
rounds=${4:-15}

if [ -z "$sf" ]; then
    echo "calibrate_multi.sh: skipped: no Stockfish tree given (usage: calibrate_multi.sh STOCKFISH_DIR [WORK] [BUILD_DIR] [ROUNDS])"
    exit 77
fi
script=calibrate_multi.sh
. "$(dirname "$0")/build_stockfish.sh"
backends=${BACKENDS:-$("$build/seebatch_passes" --backends | paste -sd' ') auto}
link_driver calibrate_multi_driver

"$build/seebatch_passes" --dump-captures > "$work/captures.txt"
echo
echo "== Stockfish's see_ge(m, 0) and seebatch's many-board calls, the same captures, in turn"
grep -m1 'model name' /proc/cpuinfo || true
# shellcheck disable=SC2086 # the backends are words
"$work/calibrate_multi_driver" time "$rounds" $backends < "$work/captures.txt"
if [[ " $backends " == *" auto "* ]]; then
    echo
    echo "== What learning costs a whole job: auto, learning afresh, against each backend forced"
    for captures in 100000 1000000; do
        # shellcheck disable=SC2086 # the backends are words
        "$work/calibrate_multi_driver" job "$captures" $((rounds * 1000000 / captures)) $backends \
            < "$work/captures.txt"
    done
    echo
    echo "== Auto started afresh: its jobs over 5% slower than the fastest backend's (bench/auto_starts.cpp)"
    "$build/seebatch_auto_starts" 100
fi
if ! command -v valgrind > /dev/null; then
    echo "instructions per capture: valgrind not installed"
    exit 0
fi
# Instructions inside the function only, 2 passes over every capture.
per_capture() {
    local out captures total
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$1" \
          "$work/calibrate_multi_driver" count 2 "${@:2}" < "$work/captures.txt" 2>&1)
    captures=$(sed -n 's/^captures \([0-9]*\).*/\1/p' <<< "$out")
    total=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<< "$out")
    [ -n "$captures" ] && [ "$captures" -gt 0 ] || fail "callgrind run failed: $out"
    awk -v t="$total" -v c="$captures" 'BEGIN { printf "%.1f", t / c }'
}
line="instructions per capture (callgrind): Stockfish see_ge $(per_capture 'Stockfish::Position::see_ge*' stockfish)"
line="$line; the view $(per_capture '*view_see_ge*' view)"
for backend in $backends; do
    # valgrind cannot run avx512; auto, timing, would count whichever it kept
    case $backend in avx512 | auto) continue ;; esac
    line="$line; $backend values_ge $(per_capture 'seebatch_values_ge' "$backend" ge)"
    line="$line, pins given $(per_capture 'seebatch_values_ge' "$backend" given)"
    line="$line, values $(per_capture 'seebatch_values' "$backend" values)"
done
echo "$line"
