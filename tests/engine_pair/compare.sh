#!/bin/sh
# The engine pair gives the library's answers: pair_answers built on each
# (tests/engine_pair/pair_answers.c) over every move of the differential
# harness's positions (pair_cases), the two outputs equal line for line.
# Usage: compare.sh PAIR_CASES ANSWERS_ON_LIBRARY ANSWERS_ON_PAIR [BOARDS]
# (BOARDS of each kind: 100, about 20,000 cases; the later stages, at
# SEEBATCH_TEST_SCALE below 1, 20, about 4,600)
set -eu
. "$(dirname "$0")/../support/test_scale.sh"
[ $# -ge 3 ] || { echo "usage: compare.sh PAIR_CASES ANSWERS_ON_LIBRARY ANSWERS_ON_PAIR [BOARDS]" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$1" "${4:-$(scaled 100 20)}" > "$work/cases"
"$2" < "$work/cases" > "$work/library"
"$3" < "$work/cases" > "$work/pair"
cases=$(wc -l < "$work/cases")
[ "$cases" -gt 1000 ] || { echo "FAIL: only $cases cases drawn"; exit 1; }
[ "$(wc -l < "$work/library")" -eq "$cases" ] || { echo "FAIL: the library answered $(wc -l < "$work/library") of $cases cases"; exit 1; }
if ! cmp -s "$work/library" "$work/pair"; then
    line=$(cmp "$work/library" "$work/pair" | sed -n 's/.*line \([0-9]*\).*/\1/p')
    line=${line:-$(wc -l < "$work/pair")}
    echo "FAIL: the pair differs from the library at case $line:"
    sed -n "${line}p" "$work/cases"
    echo "library: $(sed -n "${line}p" "$work/library")"
    echo "pair:    $(sed -n "${line}p" "$work/pair")"
    exit 1
fi
echo "engine pair: the library's answers on $cases cases (8 rule sets, 8 engine layouts each)"
