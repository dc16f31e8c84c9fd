#!/usr/bin/env bash
# Instructions per call of seebatch_view_see_ge through the engine pair
# (dist/) and through the library's view with the portable lookups, counted
# by callgrind on the same calls: bench/engine_pair_calls.c built on each,
# over the normal moves tests/engine_pair/pair_cases draws (game-like and
# dense boards), only see_ge_call counted (the inline exits, the exchange,
# and the driver's mailbox read, the same in both). Then the pair's first
# seebatch_view_rules_init, which fills its attack tables: its instructions,
# callees included, on one case (the program inits and answers one call).
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
cc -std=c11 -O2 -I"$root/tests/engine_pair" -I"$root/include" "$root/bench/engine_pair_calls.c" \
    "$build/libseebatch.a" -lpthread -lm -o "$work/library"
cc -std=c99 -O2 -I"$root/tests/engine_pair" -I"$root/tests/engine_pair/shim" -I"$build/dist" \
    "$root/bench/engine_pair_calls.c" "$build/dist/seebatch_engine.c" -o "$work/pair"
"$build/tests/pair_cases" "$boards" > "$work/cases"
for program in library pair; do
    out=$(SEEBATCH_VIEW_EXCHANGE=portable valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --toggle-collect=see_ge_call "$work/$program" < "$work/cases" 2>&1)
    calls=$(sed -n 's/^\([0-9]*\) calls.*/\1/p' <<< "$out")
    collected=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<< "$out")
    printf '%-8s %8s calls %8.1f instructions per call\n' "$program" "$calls" \
        "$(echo "$collected / $calls" | bc -l)"
done
head -n 1 "$work/cases" > "$work/one"
out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --toggle-collect=seebatch_view_rules_init "$work/pair" < "$work/one" 2>&1)
printf 'pair init %s instructions (the first seebatch_view_rules_init, tables filled)\n' \
    "$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<< "$out")"
