#!/usr/bin/env bash
# Instructions per call of seebatch_view_see_ge through the engine pair
# (dist/) and through the library's view, counted by callgrind on the same
# calls: bench/engine_pair_calls.c built on each (the same object for both
# pair builds, the same flags for the driver), over the normal moves
# tests/engine_pair/pair_cases draws (game-like and dense boards), only
# see_ge_call counted (the inline exits, the exchange, and the driver's
# mailbox read, the same in both). Two ways, the pair compiled with the
# flags the library compiles the same exchange with:
# - portable: the library's portable view (SEEBATCH_VIEW_EXCHANGE=portable)
#   against the pair built with the library's release flags
#   (CMAKE_C_FLAGS_RELEASE);
# - pext: the library's pext view (SEEBATCH_VIEW_EXCHANGE=pext) against the
#   pair built with those and the options the library builds its pext
#   exchange with (cmake/instruction_sets.cmake's AVX2 options, BMI2 among
#   them), as an engine built for BMI2 compiles it. Only where the CPU has
#   BMI2 and the library was built with its AVX2 kernel.
# Then the pair's first seebatch_view_rules_init, which fills its attack
# tables: its instructions, callees included, on one case (the program
# inits and answers one call), built each way.
# Usage: bench/engine_pair_instructions.sh [BUILD_DIR] [BOARDS]  (build, 200)
set -euo pipefail
build=${1:-build}
boards=${2:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind > /dev/null || { echo "needs valgrind" >&2; exit 2; }
for need in "$build/libseebatch.a" "$build/dist/seebatch_engine.c" "$build/tests/pair_cases"; do
    [ -e "$need" ] || { echo "$need not found: build the library, engine_pair and pair_cases" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
release=$(sed -n 's/^CMAKE_C_FLAGS_RELEASE:STRING=//p' "$build/CMakeCache.txt" 2> /dev/null || true)
release=${release:--O3 -DNDEBUG}
bmi2_options=$(sed -n 's/^set(SEEBATCH_AVX2_OPTIONS "\(.*\)")$/\1/p' "$root/cmake/instruction_sets.cmake" | tr ';' ' ')
cc -std=c11 -O2 -I"$root/tests/engine_pair" -I"$root/include" -c "$root/bench/engine_pair_calls.c" \
    -o "$work/driver-library.o"
cc "$work/driver-library.o" "$build/libseebatch.a" -lpthread -lm -o "$work/library"
cc -std=c99 -O2 -I"$root/tests/engine_pair" -I"$root/tests/engine_pair/shim" -I"$build/dist" \
    -c "$root/bench/engine_pair_calls.c" -o "$work/driver-pair.o"
# pair_build NAME FLAGS...: the pair compiled with FLAGS, linked with the driver.
pair_build() {
    local name=$1
    shift
    cc -std=c99 "$@" -I"$build/dist" -c "$build/dist/seebatch_engine.c" -o "$work/$name.o"
    cc "$work/driver-pair.o" "$work/$name.o" -o "$work/$name"
}
# count PROGRAM EXCHANGE LABEL: instructions per see_ge_call.
count() {
    local out calls collected
    out=$(SEEBATCH_VIEW_EXCHANGE=$2 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --toggle-collect=see_ge_call "$work/$1" < "$work/cases" 2>&1)
    calls=$(sed -n 's/^\([0-9]*\) calls.*/\1/p' <<< "$out")
    collected=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<< "$out")
    printf '%-8s %-9s %8s calls %8.1f instructions per call\n' "$3" "$2" "$calls" \
        "$(echo "$collected / $calls" | bc -l)"
}
# init PROGRAM LABEL: the first seebatch_view_rules_init, tables filled.
init() {
    printf 'pair init, %s: %s instructions (the first seebatch_view_rules_init, tables filled)\n' "$2" \
        "$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
            --toggle-collect=seebatch_view_rules_init "$work/$1" < "$work/one" 2>&1 |
            sed -n 's/.*Collected : *\([0-9]*\).*/\1/p')"
}
"$build/tests/pair_cases" "$boards" > "$work/cases"
head -n 1 "$work/cases" > "$work/one"
# shellcheck disable=SC2086 # the flags are words
pair_build pair $release
echo "pair built with: $release; pext: $release $bmi2_options"
count library portable library
count pair portable pair
bmi2=no
grep -qw bmi2 /proc/cpuinfo 2> /dev/null && bmi2=yes
if [ $bmi2 = yes ] && SEEBATCH_VIEW_EXCHANGE=pext "$work/library" < "$work/one" > /dev/null 2>&1; then
    # shellcheck disable=SC2086
    pair_build pair-bmi2 $release $bmi2_options
    count library pext library
    count pair-bmi2 pext pair
    init pair portable
    init pair-bmi2 "with BMI2"
else
    echo "pext: not measured (this CPU lacks BMI2, or the library was built without its AVX2 kernel)"
    init pair portable
fi
