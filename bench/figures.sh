#!/usr/bin/env bash
# Every figure of a machine in one run file, so that figures are measured,
# not copied: writes docs/runs/CPU.md (CPU: the model, family and model, as
# amd-epyc-1ah-02h) and its charts (docs/runs/CPU-stockfish.png, the ratios
# to Stockfish's see_ge; docs/runs/CPU.png, seebatch_bench's), then writes
# README.md's results table, a row per run file of docs/runs/ (naming its
# commit, "older code" unless the newest run file measured it too, and the
# figures of the closing line its seebatch_bench printed), between
# `<!-- figures: docs/runs/ -->` and `<!-- /figures -->`
# (tests/docs/readme_figures.sh holds it to the run files).
#
# The run file records the CPU (model, family and model, the features the
# kernels use, auto's first guess and why), the compiler, the commit and
# the date, then:
# - against Stockfish's own see_ge on the same captures, in one process
#   (bench/stockfish/calibrate_multi.sh): the ratio per backend and auto's
#   in three regimes (1,000 positions cycled, 10,000 cycled, all streamed),
#   pins worked out and pins given, auto's time over the fastest backend's
#   in each call and regime, and instructions per capture; one board a call
#   (a node's captures, pins given, thresholds and values, and the view's
#   batch) against Stockfish's see_ge(m, t) and the view one move a call,
#   with instructions a move; and the engine
#   path, one view call a move (bench/stockfish/calibrate.sh). Needs a
#   Stockfish tree (STOCKFISH); without one the run says so and goes on;
# - seebatch_bench: captures per second per backend, cycles per capture
#   (the benchmark's core clock; "no cycles" where its check fails), for
#   each preset of PRESETS, and the chart of the first;
# - instructions per capture (bench/instructions_per_capture.sh, callgrind),
#   and per view call through the engine pair against the library's
#   (bench/engine_pair_instructions.sh);
# - whole jobs: seebatch eval, seebatch filter, Python labelling
#   (bench/jobs/; filter needs ../shared/data/small.binpack, Python NumPy:
#   each is skipped with its reason otherwise).
#
# lib/, include/ and bench/ must be as committed (the run file names the
# commit; tools/release_check.sh, run before a version is tagged, fails on a
# run file whose commit's code is not the release's); the build is brought up
# to date first.
#
# Usage: [ENV...] bench/figures.sh [BUILD_DIR]        measure, write, update README
#        bench/figures.sh --readme                     README's table from docs/runs/
# Environment:
#   STOCKFISH=DIR    a Stockfish source tree (the directory holding src/)
#   STOCKFISH_WORK=DIR  where its objects are built and kept (default
#                    BUILD_DIR/figures/stockfish; reused by the next run)
#   STOCKFISH_15_1=DIR  a Stockfish 15.1 tree (tag sf_15.1): its own search
#                    with see_ge answered by seebatch (bench/stockfish/search.sh:
#                    node counts, every call checked, instructions a call;
#                    builds three copies of the engine, about 15 minutes)
#   ROUNDS=15        calibrate_multi.sh's timing rounds
#   REPETITIONS=3    seebatch_bench's --benchmark_repetitions (medians)
#   PRESETS="stockfish classic"   seebatch_bench runs, the first charted
#   JOBS=1           0: no whole jobs
#   QUICK=1          a check of the pipeline, not figures to quote: one
#                    round and repetition, one preset, small jobs
#   OUT=docs/runs    where the run file goes; README=README.md (empty: leave it)
# Needs python3 (standard library) for the run file; gnuplot (Debian's
# gnuplot-nox) for the chart, valgrind for instruction counts.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "figures.sh: $*" >&2; exit 2; }
readme=${README-$root/README.md}
if [ "${1:-}" = "--readme" ]; then
    python3 "$root/bench/run_file.py" readme "$root/docs/runs" "$readme"
    echo "figures.sh: README's results table is now docs/runs/'s" >&2
    exit 0
fi

build=$(cd "${1:-$root/build}" 2> /dev/null && pwd) || fail "no build directory ${1:-build}"
out=${OUT:-$root/docs/runs}
quick=${QUICK:-0}
rounds=${ROUNDS:-15} repetitions=${REPETITIONS:-3} presets=${PRESETS:-stockfish classic} jobs=${JOBS:-1}
if [ "$quick" = 1 ]; then
    rounds=${ROUNDS:-1} repetitions=${REPETITIONS:-1} presets=${PRESETS:-stockfish}
fi
command -v python3 > /dev/null || fail "needs python3 to write the run file"

# The code measured is a commit's.
commit=$(git -C "$root" rev-parse HEAD 2> /dev/null) || fail "$root is not a git checkout: the run file names a commit"
dirty=$(git -C "$root" status --porcelain -- lib include bench)
[ -z "$dirty" ] || fail "lib/, include/ or bench/ differ from $commit (commit first):
$dirty"
[ "$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt" 2> /dev/null)" = "$root" ] \
    || fail "$build is not a build of $root"
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
[ "$build_type" = Release ] || fail "$build is a ${build_type:-default} build, not Release"
cmake --build "$build" -j2 > /dev/null || fail "cmake --build $build failed"
for program in seebatch seebatch_bench seebatch_passes; do
    [ -x "$build/$program" ] || fail "$build/$program is missing (libbenchmark-dev builds the benchmark)"
done

source "$root/bench/machine.sh"
collected=$build/figures/$slug
rm -rf "$collected"
mkdir -p "$collected" "$out"
compiler=$("$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")" --version | head -1)
backend=$("$build/seebatch" --version | sed -n 's/^SEE backend: //p; s/^backend: //p' | head -1)
start_load=$(cut -d' ' -f1-3 /proc/loadavg)

step() { echo "== figures.sh: $* (load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2; }

# Against Stockfish's see_ge, where a tree is given.
stockfish_note="none given: no ratio to Stockfish's see_ge"
if [ -n "${STOCKFISH:-}" ]; then
    sf_work=${STOCKFISH_WORK:-$build/figures/stockfish}
    step "calibrate_multi.sh, $rounds rounds"
    "$root/bench/stockfish/calibrate_multi.sh" "$STOCKFISH" "$sf_work" "$build" "$rounds" \
        > "$collected/multi.txt"
    step "calibrate.sh"
    "$root/bench/stockfish/calibrate.sh" "$STOCKFISH" "$sf_work" "$build" > "$collected/view.txt"
    sf_version=$(git -C "$STOCKFISH" describe --always --tags 2> /dev/null ||
                 sed -n 's/^.*version = "\([^"]*\)".*/\1/p' "$STOCKFISH/src/misc.cpp" | head -1)
    sf_arch=$(sed -n 's/^ARCH=\([^ ]*\) flags:.*/\1/p' "$collected/multi.txt" | head -1)
    # Where Stockfish came from by its tag or commit (git describe), not by
    # the directory it sits in on this machine.
    stockfish_note="Stockfish ${sf_version:-of no known version}, built with its own ARCH=${sf_arch:-?} flags"
fi

if [ -n "${STOCKFISH_15_1:-}" ]; then
    step "Stockfish 15.1's search, answered by seebatch"
    PAIRS=1 DEPTHS=13 SPEED_DEPTH=11 CALLGRIND=1 SEEBATCH_BUILD=$build \
        "$root/bench/stockfish/search.sh" "$STOCKFISH_15_1" "$build/figures/search" > "$collected/search.txt" \
        || fail "bench/stockfish/search.sh failed: $(tail -3 "$collected/search.txt")"
fi

first_preset=${presets%% *}
for preset in $presets; do
    step "seebatch_bench, $preset preset, $repetitions repetitions"
    SEEBATCH_PRESET=$preset "$build/seebatch_bench" --benchmark_repetitions="$repetitions" \
        --benchmark_report_aggregates_only=true --benchmark_format=json \
        > "$collected/bench-$preset.json" 2> "$collected/bench-$preset.tables"
done
if command -v gnuplot > /dev/null; then
    "$root/bench/plot_chart.py" "$collected/bench-$first_preset.json" "$collected/chart.png" \
        --machine "$model_name, family $family model $model" --commit "${commit:0:7}"
    [ ! -s "$collected/multi.txt" ] || python3 "$root/bench/ratio_chart.py" "$collected/multi.txt" \
        "$collected/ratio.png" --machine "$model_name, family $family model $model" \
        --commit "${commit:0:7}"
else
    echo "figures.sh: no gnuplot (apt-get install gnuplot-nox): no chart" >&2
fi

if command -v valgrind > /dev/null; then
    step "instructions_per_capture.sh"
    "$root/bench/instructions_per_capture.sh" "$build" stockfish > "$collected/instructions.txt"
    step "engine_pair_instructions.sh"
    "$root/bench/engine_pair_instructions.sh" "$build" > "$collected/engine_pair.txt"
fi

# job NAME SCRIPT ARGS...: a whole job's output, or why it did not run.
job() {
    local name=$1 status=0
    shift
    step "$name"
    "$@" > "$collected/$name.txt" 2>&1 || status=$?
    case $status in
        0) ;;
        77) echo "figures.sh: $name skipped: $(tail -1 "$collected/$name.txt")" >&2 ;;
        *) cat "$collected/$name.txt" >&2; fail "$name failed (exit $status)" ;;
    esac
}
if [ "$jobs" != 0 ]; then
    if [ "$quick" = 1 ]; then
        job eval "$root/bench/jobs/eval.sh" "$build" 1
        job filter "$root/bench/jobs/filter.sh" "$build" 2 1
        job python "$root/bench/jobs/python.sh" "$build" 100000 1
    else
        job eval "$root/bench/jobs/eval.sh" "$build"
        job filter "$root/bench/jobs/filter.sh" "$build"
        job python "$root/bench/jobs/python.sh" "$build"
    fi
fi

settings="ROUNDS=$rounds REPETITIONS=$repetitions PRESETS=\"$presets\" JOBS=$jobs"
[ "$quick" = 1 ] && settings="QUICK=1 $settings"
{
    echo "machine: $model_name, family $family model $model"
    echo "charted: $first_preset"
    echo "cpu: $model_name, family $family model $model, $(nproc) CPUs; $(uname -sr)"
    echo "vendor: $(cpu_field vendor_id)"
    echo "features: $features"
    echo "backend: auto, learning per call shape; its first guess ${backend:-in \`seebatch --version\`}"
    echo "compiler: $compiler; Release"
    echo "commit: $commit (lib/, include/ and bench/ as committed)"
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "load: load average $start_load at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end (1, 5, 15 min)"
    echo "stockfish: $stockfish_note"
    echo "command: ${STOCKFISH:+STOCKFISH=DIR }${STOCKFISH_15_1:+STOCKFISH_15_1=DIR }$settings bench/figures.sh"
    [ "$quick" = 1 ] && echo "quick: a check of the pipeline (one round, one repetition, small jobs): rough figures, not to quote"
} > "$collected/meta.txt"

# The code must still be the commit's: an edit during the run measures
# neither.
git -C "$root" diff --quiet "$commit" -- lib include bench \
    || fail "lib/, include/ or bench/ changed during the run: measure again"
# What a reader needs of the outputs, not this machine's: Stockfish's build
# log ("compiling attacks.cpp", kept are the ARCH and flags line) and the
# paths of this checkout and of temporaries left out.
for file in "$collected"/*.txt; do
    sed -i -e '/^compiling [^ ]*$/d' -e "s#$root/##g" -e 's#/tmp/[^ ]*/bin/python#python#g' "$file"
done
run_file=$out/$slug.md
rm -f "$out/$slug.png" "$out/$slug-stockfish.png"
[ ! -f "$collected/chart.png" ] || cp "$collected/chart.png" "$out/$slug.png"
[ ! -f "$collected/ratio.png" ] || cp "$collected/ratio.png" "$out/$slug-stockfish.png"
python3 "$root/bench/run_file.py" write "$collected" "$run_file"
echo "figures.sh: wrote $run_file" >&2
if [ -n "$readme" ]; then
    python3 "$root/bench/run_file.py" readme "$out" "$readme"
    echo "figures.sh: README's results table now has $run_file's row" >&2
fi
