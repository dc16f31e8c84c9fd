#!/usr/bin/env bash
# Instructions per capture, counted by callgrind on every capture of the
# embedded real positions (build/seebatch_passes). Exact and repeatable,
# unlike timings, but blind to cache misses, mispredicted branches and how
# fast each instruction is: read it beside seebatch_bench, not instead of it.
#
# Three tables:
# - the engine path and the baseline, per call: only the instructions inside
#   the function measured are counted (callgrind --toggle-collect), so the
#   loop around the calls does not count;
# - one board a call (a node's captures, as a move picker asks; issue 69),
#   per capture, by backend, inside the call only: seebatch_values_ge with a
#   threshold a move and pins given (board_ge), seebatch_values with pins
#   given and worked out, the view's seebatch_view_see_ge_each (its moves
#   as a move picker holds them, codes and thresholds), beside the view one
#   move a call (view_ge, view_value: the mailbox reads with the call);
# - every backend, per capture of batch calls: seebatch_passes run with 0 and
#   with PASSES passes, the difference divided by the captures, so start-up
#   (reading the positions) does not count.
# Usage: bench/instructions_per_capture.sh [BUILD_DIR] [PRESET]
#        (defaults: build, stockfish)
set -euo pipefail
build=${1:-build}
preset=${2:-stockfish}
program=$build/seebatch_passes
passes=2

fail() { echo "instructions_per_capture.sh: $*" >&2; exit 2; }
command -v valgrind > /dev/null || fail "needs valgrind (Debian: apt-get install valgrind)"
[ -x "$program" ] || fail "$program not found: build the seebatch_passes target first"

# Instructions counted by callgrind for one run of seebatch_passes; with
# COLLECT set, only inside that function.
instructions() {
    local out options=()
    [ -n "${COLLECT:-}" ] && options=(--toggle-collect="$COLLECT")
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${options[@]}" "$program" "$@" 2>&1) \
        || fail "seebatch_passes $* failed: $out"
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<< "$out"
}

captures=$("$program" scalar multi 1 "$preset" | sed -n 's/^\([0-9]*\) captures per pass.*/\1/p')
echo "preset $preset, $captures captures of the real positions"
echo
printf '%-40s %12s\n' "engine path (one call per capture)" "per call"
# The view's exchange follows the backend: the pext one (view_exchange_bmi2)
# with avx2 or avx512 where pext is fast (seebatch --version says), the
# portable magic-table one with scalar or where pext is slow.
rows=("baseline_see_ge* baseline scalar" "*view_see_ge_call* view scalar")
"$program" --backends | grep -qx avx2 && rows+=("*view_see_ge_call* view avx2")
rows+=("seebatch_value_ge engine_see_ge scalar" "seebatch_value engine_see_value scalar"
       "seebatch_values_ge engine_each scalar")
for row in "${rows[@]}"; do
    set -f # the patterns are callgrind's, not file names
    set -- $row
    set +f
    total=$(COLLECT=$1 instructions "$3" "$2" "$passes" "$preset")
    calls=$((passes * captures))
    label=$1
    [ "$2" = engine_each ] && label="$1 (per capture)"
    [ "$2" = view ] && label="$1 ($3 backend)"
    printf '%-40s %12s\n' "$label" $((total / calls))
done
echo
# One board a call: per capture, by backend (valgrind runs no AVX-512).
counted=$("$program" --backends | grep -vx avx512 | paste -sd' ')
# shellcheck disable=SC2086 # the backends are words
printf '%-58s' "one board a call, instructions a capture"; printf ' %10s' $counted; echo
one_board=("view_ge *view_see_ge_call* view seebatch_view_see_ge, one move a call"
           "view_value *view_see_value_call* view_value seebatch_view_see_value, one move a call"
           "view_each seebatch_view_see_ge_each view_each seebatch_view_see_ge_each, a node"
           "board_ge seebatch_values_ge engine_each seebatch_values_ge, a node, pins given"
           "board_values_given seebatch_values board_values_given seebatch_values, a node, pins given"
           "board_values seebatch_values batch seebatch_values, a node, pins worked out")
for row in "${one_board[@]}"; do
    set -f
    set -- $row
    set +f
    line=$(printf '%-58s' "$1 (${*:4})")
    for backend in $counted; do
        total=$(COLLECT=$2 instructions "$backend" "$3" "$passes" "$preset")
        line="$line $(awk -v t="$total" -v c=$((passes * captures)) 'BEGIN { printf "%10.1f", t / c }')"
    done
    echo "$line"
done
echo
printf '%-10s %14s %14s\n' backend batch multi
for backend in $("$program" --backends); do
    # Valgrind cannot run AVX-512 instructions: measure that kernel with
    # seebatch_bench (cycles from time and clock) instead.
    [ "$backend" = avx512 ] && continue
    row=$backend
    for mode in batch multi; do
        base=$(instructions "$backend" "$mode" 0 "$preset")
        total=$(instructions "$backend" "$mode" "$passes" "$preset")
        row="$row $(( (total - base) / (passes * captures) ))"
    done
    printf '%-10s %14s %14s\n' $row
done
echo "(batch: one seebatch_values call per position; multi: one"
echo " seebatch_values call over all $captures captures of many boards)"
