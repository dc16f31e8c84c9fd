#!/usr/bin/env bash
# Runs each libFuzzer target of a SEEBATCH_FUZZ=ON build for a bounded time
# and prints its executions. Seeds are made now from `seebatch gen` plus a
# few odd positions, and the inputs of tests/data/fuzz_regressions/ join them.
# Usage: tests/fuzz/run_fuzz.sh BUILD_DIR   (FUZZ_SECONDS=N per target, default 60;
#                                          FUZZ_JOBS=N targets at once, default 2)
# A failure prints the crashing input; save it as
# tests/data/fuzz_regressions/<target>/<name> and the normal test suite
# replays it from then on (test_fuzz_regressions).
set -uo pipefail
build=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${FUZZ_SECONDS:-60}
work=$build/fuzz/work
rm -rf "$work"
mkdir -p "$work"/seeds/{fen,uci,see,binpack,plain} "$work"/artifacts

# Positions no game reaches, so the seeds start near the corners too.
odd_positions='qqqqqqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQQQQQ w - - 0 1
QqQqQqQq/qQqQqQqQ/QqQqQqQq/qQqQqQqQ/8/8/8/8 b - - 0 1
8/8/8/3q4/4P3/8/8/8 w - - 0 1
r3k2r/pPpppppp/8/3pP3/8/8/PpPPPPPP/R3K2R w KQkq d6 65535 65535
1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1
4r3/8/4q3/8/1n6/3P4/4B3/4K3 b - - 0 1'
{ "$build/seebatch" gen --count 400 --seed 9; printf '%s\n' "$odd_positions"; } \
    | "$build/fuzz/fuzz_make_seeds" "$work/seeds" || exit 1

# One target a core at once (FUZZ_JOBS, default 2): each runs its full time,
# the stage waits about FUZZ_SECONDS for every FUZZ_JOBS targets. Each writes
# its report to a file of its own, printed in order at the end.
fuzz_one() { # fuzz_one TARGET: its report in $work/TARGET.report, its status in $work/TARGET.status
    local target=$1 corpus=$work/corpus-$1 log=$work/$1.log start status
    mkdir -p "$corpus"
    start=$(date +%s)
    "$build/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=25 -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/$target-" \
        "$corpus" "$work/seeds/$target" "$root/tests/data/fuzz_regressions/$target" > "$log" 2>&1
    status=$?
    local elapsed=$(( $(date +%s) - start ))
    local runs rate inputs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    inputs=$(find "$corpus" -type f | wc -l)
    {
        echo "fuzz_$target: ${runs:-?} executions in ${elapsed} s (${rate:-?}/s), corpus grew by $inputs inputs, exit $status"
        if [ "$status" -ne 0 ]; then
            echo "---- fuzz_$target failed; the end of its log:"
            tail -n 40 "$log"
            for artifact in "$work/artifacts/$target-"*; do
                [ -f "$artifact" ] || continue
                echo "---- input $artifact ($(wc -c < "$artifact") bytes), as hex:"
                od -An -tx1 -v "$artifact" | head -n 40
                echo "---- save it as tests/data/fuzz_regressions/$target/$(basename "$artifact") so every build replays it"
            done
        fi
    } > "$work/$target.report"
    echo "$status" > "$work/$target.status"
}

targets="fen uci see binpack plain"
parallel=${FUZZ_JOBS:-2}
for target in $targets; do
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n; done
    fuzz_one "$target" &
done
wait
failed=0
for target in $targets; do
    cat "$work/$target.report"
    [ "$(cat "$work/$target.status")" = 0 ] || failed=1
done
exit $failed
