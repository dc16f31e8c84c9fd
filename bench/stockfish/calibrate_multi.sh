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
# its median moves by a few percent over 15), and, over 100 fresh starts of
# auto a cell (seebatch_auto_starts: a user's job is one draw), how often
# auto keeps another backend than the fastest for a job of 10^5 captures
# and its median job over the fastest's (bench/auto_starts.sh reruns just
# that into a run file). Then
# instructions per capture counted by callgrind (only inside the function
# timed: --toggle-collect) for Stockfish, the view and every backend
# valgrind runs (not avx512; not auto, whose count is its kept backend's).
#
# One board a call (issue 69): each position's captures in one call at the
# thresholds a move picker forms (the dump's), against Stockfish's
# see_ge(m, t) one call a move and seebatch's view one move a call
# (seebatch_view_see_ge, seebatch_view_see_value): seebatch_values_ge with
# pins given, seebatch_values with pins given and worked out, and the view's
# seebatch_view_see_ge_each on the same Stockfish-layout copy, per backend and
# auto, in the same three regimes (the streamed one with the caches flushed
# before each pass), auto's time over the fastest backend's; then callgrind's
# instructions a move of each row, every position once.
#
# Usage: bench/stockfish/calibrate_multi.sh STOCKFISH_DIR [WORK] [BUILD_DIR] [ROUNDS]
#   STOCKFISH_DIR: a Stockfish source tree (the directory holding src/)
#   WORK: where the build goes (default: a new temporary directory; objects
#         there are reused, so give each Stockfish tree its own)
#   BUILD_DIR: seebatch's build, with seebatch_passes and its libraries (default: build)
#   ROUNDS: timing rounds per regime (default 15)
# BACKENDS (environment): the backends timed and counted, separated by spaces,
#   `auto` among them or not (default: every one this CPU runs, then auto).
# PARTS (environment): "many" (the many-board rows and jobs), "one-board"
#   (the one-board rows), or both (the default: "many one-board").
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
parts=" ${PARTS:-many one-board} "
[[ "$parts" == *" many "* || "$parts" == *" one-board "* ]] \
    || fail "PARTS is \"${PARTS:-}\": give many, one-board or both"
link_driver calibrate_multi_driver

"$build/seebatch_passes" --dump-captures > "$work/captures.txt"
grep -m1 'model name' /proc/cpuinfo || true
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ "$parts" == *" many "* ]]; then
    echo
    echo "== Stockfish's see_ge(m, 0) and seebatch's many-board calls, the same captures, in turn"
    # shellcheck disable=SC2086 # the backends are words
    "$work/calibrate_multi_driver" time "$rounds" $backends < "$work/captures.txt"
fi
if [[ "$parts" == *" one-board "* ]]; then
    echo
    echo "== One board a call: each position's captures in one call against Stockfish's see_ge(m, t) a move, in turn"
    # shellcheck disable=SC2086 # the backends are words
    "$work/calibrate_multi_driver" board "$rounds" $backends < "$work/captures.txt"
fi
if [[ "$parts" == *" many "* && " $backends " == *" auto "* ]]; then
    echo
    echo "== What learning costs a whole job: auto, learning afresh, against each backend forced"
    for captures in 100000 1000000; do
        # shellcheck disable=SC2086 # the backends are words
        "$work/calibrate_multi_driver" job "$captures" $((rounds * 1000000 / captures)) $backends \
            < "$work/captures.txt"
    done
    echo
    echo "== Auto started afresh: the backend it keeps, its jobs beside the fastest backend's (bench/auto_starts.cpp)"
    "$build/seebatch_auto_starts" 100
fi
if ! command -v valgrind > /dev/null; then
    echo "instructions per capture: valgrind not installed"
    exit 0
fi
# Instructions inside the function only (its name a callgrind pattern),
# PASSES passes over every capture (per_capture: 2, of `count`; per_move:
# every position once, of `count-board`).
per_capture() { PASSES=2 MODE=count instructions_a_capture "$@"; }
per_move() { PASSES=1 MODE=count-board instructions_a_capture "$@"; }
instructions_a_capture() {
    local out captures total
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$1" \
          "$work/calibrate_multi_driver" "$MODE" "$PASSES" "${@:2}" < "$work/captures.txt" 2>&1)
    captures=$(sed -n 's/^captures \([0-9]*\).*/\1/p' <<< "$out")
    total=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<< "$out")
    [ -n "$captures" ] && [ "$captures" -gt 0 ] || fail "callgrind run failed: $out"
    awk -v t="$total" -v c="$captures" 'BEGIN { printf "%.1f", t / c }'
}
# valgrind cannot run avx512; auto, timing, would count whichever it kept
counted=$(for backend in $backends; do case $backend in avx512 | auto) ;; *) echo "$backend" ;; esac; done)
if [[ "$parts" == *" many "* ]]; then
    line="instructions per capture (callgrind): Stockfish see_ge $(per_capture 'Stockfish::Position::see_ge*' stockfish)"
    line="$line; the view $(per_capture '*view_see_ge*' view)"
    for backend in $counted; do
        line="$line; $backend values_ge $(per_capture 'seebatch_values_ge' "$backend" ge)"
        line="$line, pins given $(per_capture 'seebatch_values_ge' "$backend" given)"
        line="$line, values $(per_capture 'seebatch_values' "$backend" values)"
    done
    echo "$line"
fi
if [[ "$parts" == *" one-board "* ]]; then
    # The view one move a call counts the driver's wrapper (the engine's
    # mailbox reads with the call; '::' leaves out the library's names).
    line="instructions a move, one board a call (callgrind, every position once): Stockfish see_ge(m, t)"
    line="$line $(per_move 'Stockfish::Position::see_ge*' stockfish)"
    for backend in $counted; do
        line="$line; $backend view_ge $(per_move '*::view_see_ge(*' "$backend" view_ge)"
        line="$line, view_value $(per_move '*::view_see_value(*' "$backend" view_value)"
        line="$line, view_each $(per_move 'seebatch_view_see_ge_each' "$backend" view_each)"
        line="$line, board_ge $(per_move 'seebatch_values_ge' "$backend" board_ge)"
        line="$line, board_values_given $(per_move 'seebatch_values' "$backend" board_values_given)"
        line="$line, board_values $(per_move 'seebatch_values' "$backend" board_values)"
    done
    echo "$line"
fi
