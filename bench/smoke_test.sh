#!/usr/bin/env bash
# Smoke test of seebatch_bench (run by ctest): every benchmark runs on every
# backend, the summary and JSON output appear, SEEBATCH_POSITIONS files
# are read or refused as documented, seebatch_passes gives every backend
# the same values, and compare_commits.sh prints rows and ratios that agree
# and refuses what it cannot run. The numbers are not looked at.
# With SEEBATCH_BENCH_BACKENDS (a set of backends, e.g. scalar,avx2) the
# benchmark measures only those, and only the checks that depend on the
# backends run (the benchmarks, the chart, seebatch_passes); exit 77 (skip)
# when this machine cannot run one of them, or, given --smaller-sets-only,
# when the set is every backend this machine runs (the run without the
# variable, ctest's bench_smoke, measures that one).
# Usage: smoke_test.sh PATH/TO/seebatch_bench MIN_TIME [--smaller-sets-only]
set -euo pipefail
bench=$1
min_time=$2
smaller_only=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*"; exit 1; }
source "$here/chart_checks.sh"

passes=$(dirname "$bench")/seebatch_passes
backends=$("$passes" --backends)
[ -n "$backends" ] || fail "seebatch_passes lists no backend"
only_set=${SEEBATCH_BENCH_BACKENDS:-}
if [ -n "$only_set" ]; then
    for backend in ${only_set//,/ }; do
        [[ " $(echo $backends) " == *" $backend "* ]] ||
            { echo "skip: this machine cannot run $backend (it runs: $(echo $backends))"; exit 77; }
    done
    if [ "$smaller_only" = --smaller-sets-only ] &&
        [ "$(echo $backends | tr ' ' '\n' | sort)" = "$(echo ${only_set//,/ } | tr ' ' '\n' | sort)" ]; then
        echo "skip: $only_set is every backend this machine runs: bench_smoke measures that set"
        exit 77
    fi
    backends=${only_set//,/ }
    echo "== the backends $only_set alone (SEEBATCH_BENCH_BACKENDS)"
fi

# Runs the benchmark with the given environment and arguments, keeping its
# output and exit code.
run() {
    set +e
    env "$@" > "$work/out" 2> "$work/err"
    status=$?
    set -e
}

echo "== every benchmark, the embedded real positions"
run SEEBATCH_POSITIONS= "$bench" "--benchmark_min_time=$min_time" \
    "--benchmark_out=$work/results.json" --benchmark_out_format=json
[ "$status" -eq 0 ] || { cat "$work/err"; fail "default run exited $status"; }
grep -q "^Captures evaluated per second" "$work/out" || fail "no summary by backend"
grep -q "^Engine path: captures per second" "$work/out" || fail "no engine path summary"
for regime in 1000_cycled 10000_cycled streamed; do
    for row in see_value see_ge batch board_ge board_values_given view_each view_ge view_value; do
        grep -q "^$row/$regime  .* M/s *1.00x" "$work/out" || fail "no row $row/$regime with scalar at 1.00x"
    done
    for row in engine_see_ge engine_see_value engine_see_ge_each view_see_ge; do
        grep -q "^$row/$regime  .* M/s *1.00x .* M/s" "$work/out" \
            || fail "no row $row/$regime with the baseline at 1.00x and seebatch beside it"
    done
done
for row in multi multi_scattered multi_offset/0 multi_offset/4104 batch_length/1 batch_length/64; do
    grep -q "^$row  .* M/s *1.00x" "$work/out" || fail "summary has no row $row with scalar at 1.00x"
done
# auto beside the backends, and the closing line naming what it kept and learned.
grep -q "^benchmark .* auto$" "$work/out" || fail "the summary has no auto column"
grep -q "^multi  .* M/s .* M/s *[0-9.]*x$" "$work/out" || fail "no multi row ending in auto's rate"
# Each backend: a steady speed, or why none (dropped cold, how far behind).
grep -Eq "^on this CPU auto kept (scalar|avx2|avx512) \((not learned|[a-z0-9]+ ([0-9.]+ ns a capture, (kept|beside the best)|dropped after [0-9]+ calls, cold, at [0-9.]+ times the best's|on trial|not tried)(; [a-z0-9]+ ([0-9.]+ ns a capture, (kept|beside the best)|dropped after [0-9]+ calls, cold, at [0-9.]+ times the best's|on trial|not tried))*)\) for values on many boards in board order, streamed \(multi, 256 moves a call, 72 bytes a board\): [0-9.]+ M captures/s, [0-9.]+x Stockfish's walk \(its see_ge, one call a capture on the same boards streamed, 176 bytes a board: the mailbox, bitboards, side to move and pins it reads\)$" "$work/out" \
    || fail "no closing line saying what auto kept and learned, and what each side streams a board"
grep -q '"seebatch_baseline": "Stockfish.s see_ge, .* on 176 bytes a board' "$work/results.json" \
    || fail "the context does not say what the baseline reads a board"
grep -q '"seebatch_positions": "real (Stockfish self-play), [0-9]* positions' "$work/results.json" \
    || fail "the default positions are not the real ones"
grep -q '"seebatch_captures_per_position": "1: ' "$work/results.json" || fail "no capture distribution"
grep -q '"name": "batch_length/scalar/64"' "$work/results.json" || fail "JSON lacks batch_length/scalar/64"
grep -q '"items_per_second"' "$work/results.json" || fail "JSON lacks items_per_second"
# Cycles where the clock was measured and its two chains agreed; where they
# disagreed, the context says why and no row has cycles.
if grep -q '"seebatch_core_clock": "[0-9.]* GHz' "$work/results.json"; then
    grep -q '"cycles_per_item": [0-9]' "$work/results.json" || fail "JSON lacks cycles_per_item"
    grep -q "^multi/scalar .* cycles_per_item=[0-9.]* " "$work/out" || fail "no cycles_per_item in the console table"
elif grep -q '"seebatch_core_clock": "no cycles: ' "$work/results.json"; then
    ! grep -q '"cycles_per_item"' "$work/results.json" || fail "cycles_per_item without a trusted clock"
else
    fail "seebatch_core_clock is neither a clock nor a reason for none"
fi

if command -v python3 > /dev/null; then
    echo "== plot_chart.py: its panels, regimes and labels (the gnuplot script; a PNG with gnuplot)"
    python3 "$here/plot_chart.py" "$work/results.json" "$work/chart.png" --script \
        --machine "the test machine" --commit abc1234 > "$work/chart.gp" || fail "plot_chart.py --script failed"
    grep -q '^set title "SEE on the engine.s own position: seebatch_view_see_ge against Stockfish.s see_ge walk' \
        "$work/chart.gp" || fail "the chart has no panel of the view against the baseline"
    for regime in 1000_cycled 10000_cycled streamed; do
        grep -Eq "^\"view_see_ge\\\\n$regime\"( [0-9.]+){2}( \"[0-9.]+\\\\n[0-9]+ c\"){2}\$" "$work/chart.gp" \
            || fail "the view panel lacks view_see_ge $regime in rate and cycles for both"
    done
    grep -q 'title "Stockfish.s see_ge walk (baseline)"' "$work/chart.gp" || fail "the baseline is not named"
    grep -q '^set multiplot .*the test machine; core clock [0-9.]* GHz; [0-9-]*, commit abc1234' "$work/chart.gp" \
        || fail "the heading does not name the machine, clock, date and commit"
    grep -q '^set multiplot .*regimes: 1000_cycled: the first [0-9]* positions cycled; 10000_cycled: the first [0-9]* positions cycled; streamed: ' "$work/chart.gp" \
        || fail "the heading does not say what the regimes are"
    check_chart "$work/chart.gp" $backends auto
    grep -q '^set title "multi_offset: captures per second by bytes past a page boundary' "$work/chart.gp" \
        || fail "no multi_offset panel"
    if command -v gnuplot > /dev/null; then
        python3 "$here/plot_chart.py" "$work/results.json" "$work/chart.png"
        [ -s "$work/chart.png" ] || fail "no chart written"
    fi
fi

echo "== seebatch_passes: the same values on every backend, errors refused"
for mode in batch multi; do
    expected=$("$passes" scalar "$mode" 2)
    grep -q "^[1-9][0-9]* captures per pass, 2 passes, checksum" <<< "$expected" || fail "scalar $mode: $expected"
    for backend in $backends; do
        [ "$("$passes" "$backend" "$mode" 2)" = "$expected" ] || fail "$backend $mode checksum differs from scalar"
    done
done
# The checked call (its checks' cost is this mode against multi) answers as the unchecked one.
for backend in $backends; do
    [ "$("$passes" "$backend" multi_checked 2)" = "$expected" ] || fail "$backend multi_checked differs from multi"
done
# The engine path gives the same answers whichever backend is in use, and
# its per-node call the same as its single calls.
single=$("$passes" scalar engine_see_ge 1 stockfish)
for backend in $backends; do
    [ "$("$passes" "$backend" engine_each 1 stockfish)" = "$single" ] || fail "$backend engine_each differs from engine_see_ge"
    [ "$("$passes" "$backend" view 1 stockfish)" = "$single" ] || fail "$backend view differs from engine_see_ge"
    [ "$("$passes" "$backend" baseline 1 stockfish)" = "$single" ] || fail "baseline differs from engine_see_ge"
    [ "$("$passes" "$backend" view_each 1 stockfish)" = "$single" ] || fail "$backend view_each differs from engine_see_ge"
done
# One board a call: the view's batch answers special moves through the
# board where the rules score them (classic), and exact values one board a
# call, pins given or worked out, and the view's one move a call agree.
each=$("$passes" scalar engine_each 1 classic)
values=$("$passes" scalar engine_see_value 1 stockfish)
for backend in $backends; do
    [ "$("$passes" "$backend" view_each 1 classic)" = "$each" ] || fail "$backend view_each differs from engine_each (classic)"
    for mode in batch board_values_given view_value; do
        [ "$("$passes" "$backend" "$mode" 1 stockfish)" = "$values" ] || fail "$backend $mode differs from engine_see_value"
    done
done
if [ -n "$only_set" ]; then
    echo "bench smoke test of $only_set: ok"
    exit 0
fi

echo "== a positions file with a bad line"
{
    echo "# a comment"
    echo "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"
    echo "not a fen"
    echo ""
    echo "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
} > "$work/positions.fen"
run SEEBATCH_POSITIONS="$work/positions.fen" "$bench" "--benchmark_min_time=$min_time" \
    --benchmark_filter='^batch/1000_cycled/scalar$'
[ "$status" -eq 0 ] || { cat "$work/err"; fail "positions file run exited $status"; }
grep -q "positions.fen:3: bad FEN" "$work/err" || fail "bad line 3 not reported"
grep -q "^batch/1000_cycled/scalar" "$work/out" || fail "batch/1000_cycled/scalar did not run"

echo "== the generated set, and an unknown set"
run SEEBATCH_POSITION_SET=generated "$bench" "--benchmark_min_time=$min_time" --benchmark_filter='^batch/1000_cycled/scalar$'
[ "$status" -eq 0 ] || fail "generated set run exited $status"
grep -q "seebatch_positions: generator seed 1, 100000 positions" "$work/err" "$work/out" || fail "not the generated set"
run SEEBATCH_POSITION_SET=bogus "$bench" "--benchmark_min_time=$min_time"
[ "$status" -eq 2 ] || fail "unknown set: exit $status, expected 2"
grep -q "SEEBATCH_POSITION_SET: .*bogus" "$work/err" || fail "unknown set: no clear message"

echo "== files that give no positions"
: > "$work/empty.fen"
printf 'nonsense\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' > "$work/useless.fen"
for file in "$work/empty.fen" "$work/useless.fen" "$work/missing.fen"; do
    run SEEBATCH_POSITIONS="$file" "$bench" "--benchmark_min_time=$min_time"
    [ "$status" -eq 2 ] || fail "$(basename "$file"): exit $status, expected 2"
    grep -q "SEEBATCH_POSITIONS: .*$(basename "$file")" "$work/err" || fail "$(basename "$file"): no clear message"
done

echo "== SEEBATCH_BENCH_BACKENDS: a set this machine cannot run, or without scalar"
for set in bogus scalar,bogus avx2 scalar,; do
    run SEEBATCH_BENCH_BACKENDS=$set "$bench" "--benchmark_min_time=$min_time"
    [ "$status" -eq 2 ] || fail "SEEBATCH_BENCH_BACKENDS=$set: exit $status, expected 2"
    grep -q "SEEBATCH_BENCH_BACKENDS: " "$work/err" || fail "SEEBATCH_BENCH_BACKENDS=$set: no clear message"
done

echo "== SEEBATCH_PRESET"
run SEEBATCH_PRESET=stockfish "$bench" "--benchmark_min_time=$min_time" --benchmark_filter='^(batch|engine_see_ge)/1000_cycled/'
[ "$status" -eq 0 ] || fail "stockfish preset run exited $status"
grep -q "^engine_see_ge/1000_cycled .* 1.00x" "$work/out" || fail "stockfish preset: no engine row"
run SEEBATCH_PRESET=bogus "$bench" "--benchmark_min_time=$min_time"
[ "$status" -eq 2 ] || fail "unknown preset: exit $status, expected 2"
grep -q "SEEBATCH_PRESET: .*bogus" "$work/err" || fail "unknown preset: no clear message"

echo "== seebatch_passes refuses errors; the baseline agrees with seebatch"
"$passes" --check-baseline || fail "the baseline disagrees with seebatch_value_ge"
for arguments in "bogus batch 1" "scalar sideways 1" "scalar batch -1" "scalar batch 1x" "scalar" "scalar batch 1 bogus"; do
    run "$passes" $arguments
    [ "$status" -eq 2 ] || fail "seebatch_passes $arguments: exit $status, expected 2"
    grep -q "seebatch_passes" "$work/err" || fail "seebatch_passes $arguments: no message"
done

echo "== compare_commits.sh on two built binaries"
compare=$here/compare_commits.sh
run "$compare" "$bench" "$bench" 2 -- '--benchmark_filter=^batch_length/scalar/(1|2)$' "--benchmark_min_time=$min_time"
[ "$status" -eq 0 ] || { cat "$work/err"; fail "compare_commits.sh exited $status"; }
for row in batch_length/scalar/1 batch_length/scalar/2; do
    line=$(grep "^$row " "$work/out") || fail "compare_commits.sh printed no row $row"
    # The ratio printed is new / old of the rates printed beside it, up to
    # their rounding to 0.1.
    awk '{ if (!($2 > 0 && $3 > 0)) exit 1
           d = $4 - $3 / $2; slack = $4 * (0.05 / $2 + 0.05 / $3) + 0.0005
           if (d < -slack || d > slack) exit 1 }' <<< "$line" ||
        fail "compare_commits.sh row is not rate, rate, ratio: $line"
done
for arguments in "$bench" "$bench $bench 0" "$bench $bench x" "no-such-commit $bench"; do
    run "$compare" $arguments
    [ "$status" -eq 2 ] || fail "compare_commits.sh $arguments: exit $status, expected 2"
    grep -q "compare_commits.sh\|Usage" "$work/err" || fail "compare_commits.sh $arguments: no message"
done
run "$compare" "$bench" "$bench" 1 -- --no-such-flag
[ "$status" -eq 1 ] || fail "compare_commits.sh with a benchmark that fails: exit $status, expected 1"
grep -q "benchmark failed" "$work/err" || fail "compare_commits.sh: a failing benchmark not named"

echo "bench smoke test: ok"
