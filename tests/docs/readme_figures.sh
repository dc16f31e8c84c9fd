#!/usr/bin/env bash
# README's results table is what the run files say:
# - README.md has one block from `<!-- figures: docs/runs/ -->` to
#   `<!-- /figures -->`;
# - the block is, byte for byte, bench/run_file.py's table of docs/runs/: a
#   row per run file (its CPU, what auto takes for thresholds on many boards,
#   the ratios to Stockfish's see_ge, the view's), from each file's header
#   and summary, so a run file added, or one measured again, changes it;
# - every run file names the commit it measured.
# Whether each run file measured this release's code is the release step's
# (tools/release_check.sh), not every test run's: a change to lib/ leaves
# this test green.
# Usage: readme_figures.sh REPOSITORY
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
fail() { echo "FAIL: $*"; exit 1; }

opening=$(grep -n '^<!-- figures: docs/runs/ -->$' README.md || true)
[ "$(grep -c . <<< "$opening")" = 1 ] || fail "README.md needs exactly one '<!-- figures: docs/runs/ -->' line"
first=$((${opening%%:*} + 1))
closing=$(awk -v from="$first" 'NR >= from && $0 == "<!-- /figures -->" { print NR; exit }' README.md)
[ -n "$closing" ] || fail "README.md's figures block has no '<!-- /figures -->' after it"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -n "${first},$((closing - 1))p" README.md > "$work/block"
python3 bench/run_file.py table docs/runs > "$work/table" || fail "bench/run_file.py cannot read docs/runs"
if ! cmp -s "$work/block" "$work/table"; then
    diff "$work/block" "$work/table" || true
    fail "README.md's results table differs from the run files' (above: README <, run files >); run bench/figures.sh --readme"
fi
runs=$(grep -lx "<!-- summary -->" docs/runs/*.md | wc -l)  # run files of bench/figures.sh
[ "$(($(wc -l < "$work/table") - 2))" = "$runs" ] || fail "the table has not one row per run file ($runs)"
for run in docs/runs/*.md; do
    grep -q '^- commit: [0-9a-f]\{40\}' "$run" || fail "$run names no commit (a line '- commit: SHA ...')"
done
echo "README.md's results table is the $runs run files' of docs/runs/, row by row"
