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
# thresholds (seebatch_passes --dump-captures), timed in turn in
# seebatch_bench's regimes (learned: 4096 positions cycled; unlearned: all of
# them), and instructions per call are counted with callgrind.
#
# Usage: bench/stockfish/calibrate.sh STOCKFISH_DIR [WORK] [BUILD_DIR]
#   STOCKFISH_DIR: a Stockfish source tree (the directory holding src/)
#   WORK: where the build goes (default: a new temporary directory; objects
#         there are reused, so give each Stockfish tree its own)
#   BUILD_DIR: seebatch's build, with seebatch_passes and seebatch_bench (default: build)
# Exits 77 (skip) with the reason when no tree is given.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sf=${1:-}
work=${2:-}
build=${3:-build}

if [ -z "$sf" ]; then
    echo "calibrate.sh: skipped: no Stockfish tree given (usage: calibrate.sh STOCKFISH_DIR [WORK] [BUILD_DIR])"
    exit 77
fi
fail() { echo "calibrate.sh: $*" >&2; exit 2; }
[ -f "$sf/src/position.cpp" ] || fail "$sf/src/position.cpp not found: not a Stockfish tree"
[ -x "$build/seebatch_passes" ] || fail "$build/seebatch_passes not found: build seebatch first"
[ -f "$build/bench/libseebatch_bench_workload.a" ] && [ -f "$build/libseebatch.a" ] \
    || fail "$build has no bench/libseebatch_bench_workload.a or libseebatch.a: build seebatch (with the benchmark)"
build=$(cd "$build" && pwd)
# Stockfish 15.1 (no src/attacks.h) looks sliders up with pext in this
# build: the baseline is then measured with the same lookups.
if [ ! -f "$sf/src/attacks.h" ] && [ -z "${SEEBATCH_BASELINE:-}" ]; then
    export SEEBATCH_BASELINE=pext
fi
[ -n "$work" ] || work=$(mktemp -d)
mkdir -p "$work"
work=$(cd "$work" && pwd)

# The tree's own compile command for ARCH=x86-64-bmi2 (make -n prints it
# without building): the flags of its first source, reused for every file
# here. (head ends the pipe early, which pipefail would count as a failure.)
flags=$(make -s -n -C "$sf/src" ARCH=x86-64-bmi2 COMP=gcc all 2>/dev/null \
        | grep -E '^(g\+\+|c\+\+) .* -c -o [^ ]+\.o [^ ]+\.cpp *$' | head -1 \
        | sed -E -e 's/^[^ ]+ +//' -e 's/ +-c -o [^ ]+\.o [^ ]+\.cpp *$//') || true
[ -n "$flags" ] || fail "make -n in $sf/src printed no compile command"
flags="$flags -DNNUE_EMBEDDING_OFF"
echo "flags: $flags"

# Every source of the tree but main.cpp (the driver has its own main).
sources=$(cd "$sf/src" && make -s -n -p ARCH=x86-64-bmi2 COMP=gcc all 2>/dev/null \
          | sed -n 's/^SRCS = //p' | head -1) || true
[ -n "$sources" ] || fail "no SRCS in $sf/src/Makefile"
objects=()
for source in $sources; do
    [ "$source" = main.cpp ] && continue
    object=$work/$(echo "$source" | tr / _ | sed 's/\.cpp$/.o/')
    if [ ! -f "$object" ] || [ "$sf/src/$source" -nt "$object" ]; then
        echo "compiling $source"
        (cd "$sf/src" && g++ $flags -c -o "$object" "$source")
    fi
    objects+=("$object")
done
echo "compiling calibrate_driver.cpp"
# Without -flto: see_ge is then called as a function, as the baseline is, not
# inlined into the driver's loop (callgrind counts it apart).
driver_flags=$(sed -e 's/ -flto-partition=one//' -e 's/ -flto//' <<< "$flags")
g++ $driver_flags -I"$sf/src" -I"$here/.." -I"$here/../../include" -c -o "$work/calibrate_driver.o" \
    "$here/calibrate_driver.cpp"
# The baseline as seebatch's build compiled it (its static libraries).
g++ $flags -o "$work/calibrate_driver" "${objects[@]}" "$work/calibrate_driver.o" \
    "$build/bench/libseebatch_bench_workload.a" "$build/libseebatch.a" -lpthread

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
