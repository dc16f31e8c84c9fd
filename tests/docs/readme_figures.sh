#!/usr/bin/env bash
# README's results table is what the run files say:
# - README.md has one block from `<!-- figures: docs/runs/ -->` to
#   `<!-- /figures -->`;
# - the block is, byte for byte, bench/run_file.py's table of docs/runs/: a
#   row per run file (its CPU, and the figures of the closing line its
#   seebatch_bench printed: what auto kept, M captures/s streamed, the ratio
#   to Stockfish's walk streamed), from each file's header and summary, so a
#   run file added, or one measured again, changes it;
# - every run file names the commit it measured, and README's row of it
#   names that commit, with "older code" unless the most recent run file
#   measured the same one.
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
# Each row names the commit its run file measured, and says "older code"
# unless the most recent run file (by its date line) measured that commit.
commit_of() { sed -n 's/^- commit: \([0-9a-f]\{40\}\).*/\1/p' "$1"; }
newest=$(for run in $(grep -lx "<!-- summary -->" docs/runs/*.md); do
             echo "$(sed -n 's/^- date: //p' "$run")|$run"; done | sort | tail -1 | cut -d'|' -f2)
newest_commit=$(commit_of "$newest")
while read -r row; do
    run=$(grep -o '(docs/runs/[^)]*\.md)' <<< "$row" | tr -d '()')
    [ -f "$run" ] || fail "a row of README's table links no run file: $row"
    commit=$(commit_of "$run")
    grep -qF "\`${commit:0:7}\`" <<< "$row" || fail "README's row of $run does not name the commit it measured (${commit:0:7})"
    if [ "$commit" != "$newest_commit" ]; then
        grep -qF '(older code)' <<< "$row" || fail "README's row of $run measured ${commit:0:7}, older code than $newest's ${newest_commit:0:7}, and does not say so"
    else
        ! grep -qF '(older code)' <<< "$row" || fail "README's row of $run says older code; $newest measured the same commit"
    fi
done < <(sed -n '3,$p' "$work/block")
echo "README.md's results table is the $runs run files' of docs/runs/, row by row"
