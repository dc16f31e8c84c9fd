#!/usr/bin/env bash
# Instructions per capture of every backend this machine can run, counted by
# callgrind: seebatch_passes run with 0 and with 10 passes over every capture
# of the embedded positions, the difference divided by the captures, so that
# start-up (generating the positions) does not count. Exact and repeatable,
# unlike timings, but blind to cache misses and to how fast each instruction
# is: read it beside seebatch_bench, not instead of it.
# Usage: bench/instructions_per_capture.sh [BUILD_DIR]     (default: build)
set -euo pipefail
build=${1:-build}
program=$build/seebatch_passes
passes=10

fail() { echo "instructions_per_capture.sh: $*" >&2; exit 2; }
command -v valgrind > /dev/null || fail "needs valgrind (Debian: apt-get install valgrind)"
[ -x "$program" ] || fail "$program not found: build the seebatch_passes target first"

# Instructions executed by one run of seebatch_passes with the given arguments.
instructions() {
    local out
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$program" "$@" 2>&1) \
        || fail "seebatch_passes $* failed: $out"
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<< "$out"
}

captures=$("$program" scalar multi 1 | sed -n 's/^\([0-9]*\) captures per pass.*/\1/p')
printf '%-8s %14s %14s\n' backend "batch" "multi"
for backend in $("$program" --backends); do
    # Valgrind cannot run AVX-512 instructions: measure that kernel with
    # seebatch_bench (cycles from time and clock) instead.
    [ "$backend" = avx512 ] && continue
    row=$backend
    for mode in batch multi; do
        base=$(instructions "$backend" "$mode" 0)
        total=$(instructions "$backend" "$mode" "$passes")
        row="$row $(( (total - base) / (passes * captures) ))"
    done
    printf '%-8s %14s %14s\n' $row
done
echo "(instructions per capture; batch: one seebatch_see_values call per position, multi: one"
echo " seebatch_see_values_multi call over all $captures captures)"
