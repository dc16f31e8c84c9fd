#!/usr/bin/env bash
# Run before a version is tagged: fails unless every run file of docs/runs/
# measured this release's code, that is, unless lib/, include/ and bench/ at
# HEAD are those of the commit the run file names. A stale run file is
# measured again on its CPU (bench/figures.sh there) or, where that CPU is
# gone, kept only after this check is read and the release notes say so.
# README's table follows the run files (tests/docs/readme_figures.sh).
# Usage: tools/release_check.sh [REPOSITORY]
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
git rev-parse --is-inside-work-tree > /dev/null 2>&1 || { echo "release_check: $root is not a git checkout"; exit 2; }
stale=0
for run in docs/runs/*.md; do
    commit=$(sed -n 's/^- commit: \([0-9a-f]\{40\}\).*/\1/p' "$run" | head -1)
    if [ -z "$commit" ]; then
        echo "STALE: $run names no commit"
        stale=$((stale + 1))
        continue
    fi
    if ! git cat-file -e "$commit^{commit}" 2> /dev/null; then
        echo "STALE: $run measured $commit, which this repository does not hold"
        stale=$((stale + 1))
        continue
    fi
    changed=$(git diff --name-only "$commit" HEAD -- lib include bench)
    if [ -n "$changed" ]; then
        echo "STALE: $run measured $commit; lib/, include/ or bench/ changed since ($(grep -c . <<< "$changed") files, the first: $(head -3 <<< "$changed" | tr '\n' ' '))"
        stale=$((stale + 1))
    else
        echo "fresh: $run measured $commit, whose lib/, include/ and bench/ are HEAD's"
    fi
done
if [ "$stale" -gt 0 ]; then
    echo "release_check: $stale stale run file(s): run bench/figures.sh on each CPU before tagging"
    exit 1
fi
echo "release_check: every run file measured this release's code"
