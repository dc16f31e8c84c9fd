#!/usr/bin/env bash
# The documentation's shape (issue 47): README.md at most 200 lines; the
# Markdown of docs/ outside docs/runs/ at most 2,000 lines in all besides
# docs/your-see.md, the engine authors' page (issue 75: their own SEE checked
# and timed, two whole programs in C in it and two in Rust), which has its
# own 340,
# docs/design.md at most 500 and docs/benchmarks.md at most 350; no dated
# narration in README.md or docs/ outside docs/runs/ (a date such as
# 2026-11-24 or "24 Nov 2026", "this week", "today", "round 2", "issue 34":
# history goes to CHANGELOG.md and git, figures to the run files); and no
# call of 0.2's API (include/seebatch_deprecated.h) named there except in
# docs/migration.md, the page on moving across.
# Usage: docs_shape.sh REPOSITORY
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

at_most() { # at_most LIMIT WHAT FILE...: their lines together
    local limit=$1 what=$2 lines
    shift 2
    lines=$(cat "$@" | wc -l)
    if [ "$lines" -gt "$limit" ]; then
        fail "$what: $lines lines, more than $limit"
    else
        echo "$what: $lines lines (at most $limit)"
    fi
}
docs=(docs/*.md)
at_most 200 README.md README.md
others=()
for doc in "${docs[@]}"; do [ "$doc" = docs/your-see.md ] || others+=("$doc"); done
at_most 2000 "docs/*.md (outside docs/runs/) but your-see.md" "${others[@]}"
at_most 340 docs/your-see.md docs/your-see.md
at_most 500 docs/design.md docs/design.md
at_most 350 docs/benchmarks.md docs/benchmarks.md

months='(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*'
narration="\\b(20[0-9]{2}-[01][0-9]-[0-3][0-9]|[0-9]{1,2} $months 20[0-9]{2}|$months [0-9]{1,2},? 20[0-9]{2}"
narration="$narration|this (week|morning|afternoon|evening|session)|today|yesterday|last (week|night)"
narration="$narration|(first|second|third|fourth|next|later) round|round [0-9]+|issue [0-9]+)\\b"
if grep -niE "$narration" README.md "${docs[@]}"; then
    fail "dated narration (above) in README.md or docs/: history goes to CHANGELOG.md, figures to docs/runs/"
fi

# The 0.2 calls, as include/seebatch_deprecated.h declares them.
deprecated=$(grep -oE '^SEEBATCH_API [A-Za-z0-9_ *]*\bseebatch_[a-z0-9_]+\(' include/seebatch_deprecated.h |
             sed -E 's/.*\b(seebatch_[a-z0-9_]+)\($/\1/' | sort -u | paste -sd'|')
[ -n "$deprecated" ] || fail "no deprecated call found in include/seebatch_deprecated.h: has its form changed?"
if [ -n "$deprecated" ] &&
   grep -nwE "$deprecated" README.md $(printf '%s\n' "${docs[@]}" | grep -vx docs/migration.md); then
    fail "0.2 calls named (above) outside docs/migration.md: name the 0.3 calls"
fi

[ "$failures" -eq 0 ] || exit 1
echo "docs shape: ok"
