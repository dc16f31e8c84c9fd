#!/usr/bin/env bash
# The benchmark figures of docs/benchmarks.md in one command, so that they are
# regenerated, not copied by hand: runs seebatch_bench with the classic values
# and with the stockfish preset, and writes the tables it prints under a
# header that dates them and names the machine, the compiler, the commit and
# the load; then draws the chart (bench/plot_chart.py; needs gnuplot, Debian's
# gnuplot-nox: without it the tables are written and the chart is not).
#
# Usage: bench/figures.sh [BUILD_DIR [OUT_DIR [REPETITIONS]]] [-- BENCH_ARGS...]
#   BUILD_DIR    a Release build (default: build)
#   OUT_DIR      where to write (default: BUILD_DIR/figures)
#   REPETITIONS  --benchmark_repetitions (default 3; the tables give medians)
#   BENCH_ARGS   more arguments for seebatch_bench, e.g. --benchmark_filter=...
# Writes OUT_DIR/figures.md (the report), classic.json and stockfish.json (every
# run, Google Benchmark's JSON) and chart.png.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=build out="" repetitions=3
positional=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do positional+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
build=${positional[0]:-build}
out=${positional[1]:-$build/figures}
repetitions=${positional[2]:-3}
bench=$build/seebatch_bench
[ -x "$bench" ] || { echo "figures.sh: no $bench; build first (cmake --build $build)" >&2; exit 2; }
mkdir -p "$out"

compiler() { # the C compiler of the build and its version
    local cc
    cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt" 2> /dev/null)
    "${cc:-cc}" --version 2> /dev/null | head -1
}
machine() { # the CPU model, its vCPUs and the features the tool reports
    local model
    model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
    local family number
    family=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -1)
    number=$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -1)
    echo "$model (family $(printf '%Xh' "${family:-0}") model $(printf '%02Xh' "${number:-0}")), $(nproc) vCPU; $(uname -sr)"
}

run() { # run NAME [ENV...]: one run of the benchmark, JSON and tables kept
    local name=$1
    shift
    echo "== seebatch_bench, $name (load average before: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    env "$@" "$bench" --benchmark_repetitions="$repetitions" --benchmark_report_aggregates_only=true \
        --benchmark_format=json "${extra[@]}" > "$out/$name.json" 2> "$out/$name.tables"
}
extra=("$@")
start_load=$(cut -d' ' -f1-3 /proc/loadavg)
run classic
run stockfish SEEBATCH_PRESET=stockfish
end_load=$(cut -d' ' -f1-3 /proc/loadavg)

{
    echo "# seebatch_bench figures"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- machine: $(machine)"
    echo "- compiler: $(compiler); build: $build ($(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt" 2> /dev/null))"
    echo "- commit: $(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo unknown)"
    echo "- load average (1, 5, 15 min): $start_load at the start, $end_load at the end"
    echo "- positions: $(sed -n 's/^ *"seebatch_positions": "\(.*\)",*$/\1/p' "$out/classic.json" | head -1)"
    echo "- backends: $("$build/seebatch" --version 2> /dev/null | sed -n 's/^backends this build runs here: //p')"
    echo "- command: bench/figures.sh ${positional[*]}${extra[*]:+ -- ${extra[*]}} (seebatch_bench --benchmark_repetitions=$repetitions, medians)"
    for name in classic stockfish; do
        echo
        echo "## $name"
        echo
        echo '```'
        # With JSON on stdout, seebatch_bench prints its summary tables on stderr.
        sed '/./,$!d' "$out/$name.tables"
        echo '```'
    done
} > "$out/figures.md"

if command -v gnuplot > /dev/null; then
    "$root/bench/plot_chart.py" "$out/classic.json" "$out/chart.png" --machine "$(machine)" \
        --commit "$(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo unknown)"
else
    echo "figures.sh: no gnuplot (apt-get install gnuplot-nox): no chart drawn" >&2
fi
echo "figures.sh: wrote $out/figures.md" >&2
