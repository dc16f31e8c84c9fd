#!/usr/bin/env bash
# README's figures are a run file's, of the code in this checkout:
# - README.md has one block from `<!-- figures: docs/runs/CPU.md -->` to
#   `<!-- /figures -->`, and the run file it names is the newest of
#   docs/runs/ (by the date each records; a run file of bench/figures.sh,
#   with a summary: other figures there, of one bench script, are not one);
# - the block is, byte for byte, that run file's summary (between
#   `<!-- summary -->` and `<!-- /summary -->`), then at most its chart;
# - the commit the run file records has the lib/, include/ and bench/ of
#   HEAD, so the figures are of the code they describe: a change there
#   means running bench/figures.sh again (docs/benchmarks.md).
# Exit 77 when the checkout is not a git one (or too shallow to hold the
# commit), saying so.
# Usage: readme_figures.sh REPOSITORY
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
fail() { echo "FAIL: $*"; exit 1; }

opening=$(grep -n '^<!-- figures: .* -->$' README.md || true)
[ "$(grep -c . <<< "$opening")" = 1 ] || fail "README.md needs exactly one '<!-- figures: docs/runs/CPU.md -->' line"
first=$((${opening%%:*} + 1))
run=$(sed -E 's/^[0-9]+:<!-- figures: (.*) -->$/\1/' <<< "$opening")
closing=$(awk -v from="$first" 'NR >= from && $0 == "<!-- /figures -->" { print NR; exit }' README.md)
[ -n "$closing" ] || fail "README.md's figures block has no '<!-- /figures -->' after it"
[ -f "$run" ] || fail "README.md's figures name $run, which does not exist"

# The newest run file by its recorded date.
newest=$(for file in $(grep -l "^<!-- summary -->$" docs/runs/*.md); do
             echo "$(sed -n 's/^- date: //p' "$file" | head -1) $file"
         done | sort | tail -1 | awk '{print $NF}')
[ "$newest" = "$run" ] || fail "README.md shows $run, but the newest run file is $newest (bench/figures.sh --readme $newest)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -n "${first},$((closing - 1))p" README.md > "$work/block"
awk '$0 == "<!-- /summary -->" { inside = 0 } inside { print } $0 == "<!-- summary -->" { inside = 1 }' "$run" \
    > "$work/summary"
[ -s "$work/summary" ] || fail "$run has no summary between <!-- summary --> and <!-- /summary -->"
lines=$(wc -l < "$work/summary")
if ! head -n "$lines" "$work/block" | cmp -s - "$work/summary"; then
    diff <(head -n "$lines" "$work/block") "$work/summary" || true
    fail "README.md's figures differ from $run's summary (above: README <, run file >); run bench/figures.sh --readme $run"
fi
tail -n +"$((lines + 1))" "$work/block" > "$work/rest"
chart=$(grep -oE '\]\(docs/runs/[^)]+\.png\)$' "$work/rest" | sed -E 's/^\]\((.*)\)$/\1/' || true)
if [ -s "$work/rest" ]; then
    { [ "$(grep -c . "$work/rest")" = 1 ] && [ -n "$chart" ]; } \
        || fail "after the summary README.md's figures block holds more than the run's chart: $(cat "$work/rest")"
    [ -f "$chart" ] || fail "README.md's chart $chart does not exist"
fi
echo "README.md's figures are $run's summary, byte for byte"

# The code measured is this checkout's.
if ! git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    echo "skip: $root is not a git checkout, so whether $run measured this code cannot be told"
    exit 77
fi
commit=$(sed -n 's/^- commit: \([0-9a-f]\{40\}\).*/\1/p' "$run" | head -1)
[ -n "$commit" ] || fail "$run records no commit (a line '- commit: SHA ...')"
if ! git cat-file -e "$commit^{commit}" 2> /dev/null; then
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
        echo "skip: this shallow clone lacks $commit, the commit $run measured"
        exit 77
    fi
    fail "$run measured commit $commit, which this repository does not hold"
fi
changed=$(git diff --name-only "$commit" HEAD -- lib include bench)
if [ -n "$changed" ]; then
    echo "$changed" | head -20
    fail "lib/, include/ or bench/ changed since $commit, which $run measured ($(grep -c . <<< "$changed") files, above): run bench/figures.sh again"
fi
echo "$run measured $commit, whose lib/, include/ and bench/ are HEAD's"
