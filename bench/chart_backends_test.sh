#!/usr/bin/env bash
# plot_chart.py on made-up benchmark results with one, two and three
# backends, listed in the JSON widest first as the library runs them: every
# chart check of smoke_test.sh (chart_checks.sh) must hold for each, so a
# machine without AVX-512 catches a check or a chart that only works for the
# backends it has. With gnuplot, each chart is drawn too.
# Exit 77 (skip) without python3.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
source "$here/chart_checks.sh"
command -v python3 > /dev/null || { echo "skip: no python3 to run plot_chart.py"; exit 77; }

# results BACKEND...: Google Benchmark JSON as seebatch_bench writes it, one
# run per benchmark and backend, rates made up.
results() {
    python3 - "$@" <<'PY'
import json, sys
backends = sys.argv[1:]
runs = []
def run(name, rate):
    runs.append({"name": name, "run_name": name, "run_type": "iteration",
                 "items_per_second": rate, "cycles_per_item": 3.0e9 / rate})
for family in ("engine_see_ge", "engine_see_value", "engine_see_ge_each", "view_see_ge"):
    for regime in ("1000_cycled", "10000_cycled", "streamed"):
        run(f"{family}/{regime}/baseline", 40e6)
        run(f"{family}/{regime}/seebatch", 50e6)
for number, backend in enumerate(reversed(backends), 1):  # scalar slowest
    for family in ("see_value", "see_ge", "batch"):
        for regime in ("1000_cycled", "10000_cycled", "streamed"):
            run(f"{family}/{regime}/{backend}", 10e6 * number)
    run(f"multi/{backend}", 20e6 * number)
    run(f"multi_scattered/{backend}", 15e6 * number)
    for offset in (0, 4104):
        run(f"multi_offset/{backend}/{offset}", 12e6 * number)
    for length in (1, 8, 64):
        run(f"batch_length/{backend}/{length}", 5e6 * number * length ** 0.5)
context = {"date": "2026-01-01T00:00:00+00:00", "host_name": "made-up", "num_cpus": 2,
           "seebatch_core_clock": "3.000 GHz (made up)",
           "seebatch_positions": "made-up positions",
           "seebatch_regimes": "1000_cycled: the first 1000 positions cycled; 10000_cycled: the first 10000 positions cycled; streamed: 1 boards (0.0 MiB) board after board"}
print(json.dumps({"context": context, "benchmarks": runs}))
PY
}

for backends in "scalar" "avx2 scalar" "avx512 avx2 scalar" "avx512 avx2 scalar neon"; do
    echo "== backends: $backends"
    name=${backends// /_}
    results $backends > "$work/$name.json"
    python3 "$here/plot_chart.py" "$work/$name.json" "$work/$name.png" --script > "$work/$name.gp" \
        || fail "plot_chart.py --script failed with $backends"
    check_chart "$work/$name.gp" $backends
    if command -v gnuplot > /dev/null; then
        python3 "$here/plot_chart.py" "$work/$name.json" "$work/$name.png" > /dev/null
        [ -s "$work/$name.png" ] || fail "no chart drawn with $backends"
        [ -z "${CHART_KEEP:-}" ] || cp "$work/$name.png" "$CHART_KEEP/$name.png"
    fi
done
echo "chart with any number of backends: ok"

# The ratio chart of the README (ratio_chart.py) on made-up output of
# calibrate_multi.sh with one to three backends, and auto beside them: a bar
# per contender with the pins worked out and one with them given, in each of
# the three regimes.
multi() { # multi CONTENDER...: calibrate_multi.sh's timing lines, rates made up
    local positions
    for positions in 1000 10000 109311; do
        printf '%6d positions, %6d captures: Stockfish see_ge  20.00 ns\n' "$positions" "$((positions * 2))"
        for backend in "$@"; do
            printf '    %-7s see_ge_multi  10.00 ns (2.00x Stockfish, rounds 1.90 .. 2.10), see_values_multi  11.00 ns (1.10x see_ge_multi'"'"'s time), pins given   8.00 ns (2.50x Stockfish)\n' "$backend"
        done
        [[ " $* " != *" auto "* ]] \
            || echo "    auto over the fastest backend: see_ge_multi 1.00 ($1 fastest), see_values_multi 1.00 ($1 fastest), pins given 1.00 ($1 fastest)"
    done
}
for backends in "scalar" "avx2 scalar" "avx512 avx2 scalar" "avx2 scalar auto" "avx512 avx2 scalar auto"; do
    echo "== ratio chart, contenders: $backends"
    multi $backends > "$work/multi.txt"
    python3 "$here/ratio_chart.py" "$work/multi.txt" --script > "$work/ratio.gp" \
        || fail "ratio_chart.py --script failed with $backends"
    for backend in $backends; do
        grep -qF "title \"$backend, pins worked out\"" "$work/ratio.gp" \
            && grep -qF "title \"$backend, pins given\"" "$work/ratio.gp" \
            || fail "the ratio chart lacks $backend's bars"
    done
    [ "$(grep -c '2.00x' "$work/ratio.gp")" = 3 ] || fail "the ratio chart's data rows are not one per regime"
done
echo "ratio chart with any number of backends, and auto: ok"
