#!/usr/bin/env bash
# How long README's commands take is said in one place, README's quick
# start: command 1 (the build and `seebatch_bench`), command 2
# (`tests/run_all.sh`) and the Release stage alone each with a time there,
# and no sentence elsewhere (docs/ outside docs/runs/, bench/ and python/
# READMEs) gives a time beside `seebatch_bench`, `run_all.sh`, `.ci/run`,
# a fresh clone or the Release stage: such a copy drifts (they said 30 and
# 50 minutes, 40 and 56 s) and links to README instead.
# Usage: command_times.sh REPOSITORY
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# A duration: "56 s", "50 min", "30 minutes", "about an hour", "five minutes"
# (not a setting's "30 s each").
duration='\b([0-9]+(\.[0-9]+)? ?(s|sec|seconds?|min|minutes?|h|hours?)|(an?|one|two|three|four|five|ten|twenty|thirty|forty|fifty) (seconds?|minutes?|hours?))\b'
commands='seebatch_bench|run_all\.sh|\.ci/run|fresh clone|Release stage|release stage'
sentences() { # sentences FILE: one sentence a line (a paragraph's; tables and code left out)
    awk '/^```/ { code = !code; next } !code && !/^\|/' "$1" |
        awk 'BEGIN { RS = "" } { gsub(/\n/, " "); print }' | sed -E 's/([.;]) +/\1\n/g'
}

quick_start=$(sed -n '/^## Quick start$/,/^## /p' README.md)
for said in 'Command 1.*\b[0-9]+ s for `seebatch_bench`' 'Command 2.*: [0-9]+ min\b' \
            'Release stage alone \([0-9]+ min'; do
    grep -qE "$said" <<< "$quick_start" || fail "README's quick start says no time matching /$said/"
done

for file in docs/*.md bench/README.md python/README.md; do
    [ -f "$file" ] || continue
    copies=$(sentences "$file" | grep -E "$commands" | grep -E "$duration" |
             grep -vE "[0-9]+ ?(s|seconds?) each" || true)
    if [ -n "$copies" ]; then
        echo "$copies" | sed "s|^|  $file: |"
        fail "$file gives a command's time (above): README's quick start says it; link there"
    fi
done
[ "$failures" -eq 0 ] || exit 1
echo "command times: said once, in README's quick start"
