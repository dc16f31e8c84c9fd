#!/usr/bin/env bash
# The check's own speed: answers a second through a plug-in and through a
# line program (the goals: 1 M and 100 k), with an SEE that costs little, so
# that the time is seebatch's: seebatch's own SEE behind the two ways in
# (bench/own_see.c), and the test SEE (tests/engine_see/small_see.c), a plain
# one of its own.
#   1. The ways in alone (seebatch_engine_see_speed): every capture of the
#      real positions asked in batches, the wall clock over the whole.
#   2. Whole checks (seebatch check --see-plugin / --see-command) on the
#      real positions: the questions the check asked over its wall clock,
#      under the rules given and with the rules found first.
# Wall clock: the line program is another process. The machine's load is
# printed beside each figure: on a loaded machine they are rough.
#
# Usage: bench/engines/check_speed.sh [BUILD_DIR] [PLUGIN...]
#   BUILD_DIR  a Release build of this checkout with its tests (default: build)
#   PLUGIN     more plug-ins to run through the ways in alone, "LIB WORDS"
#              (bench/engines/report.sh gives the real engines')
# Environment: PASSES=3 (of the ways in alone; the best is kept).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shift || true
passes=${PASSES:-3}
speed=$build/seebatch_engine_see_speed
own_plugin=$build/seebatch_own_see_plugin.so own_lines=$build/seebatch_own_see_lines
small_plugin=$build/tests/engine_see/small_see_plugin.so small_lines=$build/tests/engine_see/small_see
for file in "$speed" "$own_plugin" "$own_lines"; do
    [ -e "$file" ] || { echo "check_speed.sh: no $file: build the benchmark" >&2; exit 2; }
done
load() { cut -d' ' -f1 /proc/loadavg; }

# best WAY WHAT: the best of $passes runs of seebatch_engine_see_speed.
best() {
    local line best_line="" best_rate=0 rate
    for _ in $(seq "$passes"); do
        line=$("$speed" "$1" "$2")
        rate=$(sed -n 's/.*: \([0-9]*\) answers a second.*/\1/p' <<< "$line")
        if [ "$rate" -gt "$best_rate" ]; then best_rate=$rate best_line=$line; fi
    done
    echo "$best_line (load $(load))"
}

echo "== the ways in alone (bench/engine_see_speed.c), the best of $passes"
best --see-plugin "$own_plugin --preset stockfish"
best --see-command "$own_lines --preset stockfish"
if [ -e "$small_plugin" ] && [ -e "$small_lines" ]; then
    best --see-plugin "$small_plugin"
    best --see-command "$small_lines"
fi
for plugin in "$@"; do
    best --see-plugin "$plugin"
done

# whole CHECK-WORDS...: one whole check on the real positions, its questions
# over its wall clock (the rules found first when none are given), then the
# check's own figures from its report: its answers over its wall clock and
# over seebatch's CPU time (a loaded machine's wall clock says little; a line
# program's CPU time is its own, not counted there).
whole() {
    local start end figures
    start=$(date +%s.%N)
    "$seebatch" check "$@" --format json > "$work/whole.json" 2> /dev/null || true
    end=$(date +%s.%N)
    figures=$(python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["questions"], d["answers"], d["seconds"], d["cpu_seconds"])' \
        < "$work/whole.json")
    awk -v f="$figures" -v s="$start" -v e="$end" -v what="$*" -v load="$(load)" \
        'BEGIN { split(f, d, " ");
                 printf "check %s: %d questions in %.2f s: %.0f answers a second; the check alone %d answers in %.2f s, %.0f a second, seebatch'"'"'s CPU %.2f s, %.0f a second (load %s)\n",
                 what, d[1], e - s, d[1] / (e - s), d[2], d[3], d[2] / d[3], d[4], d[2] / (d[4] > 0 ? d[4] : 1e-9), load }'
}
seebatch=$build/seebatch
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "== whole checks (seebatch check, the real positions, wall clock)"
whole --see-plugin "$own_plugin --preset stockfish" --preset stockfish
whole --see-command "$own_lines --preset stockfish" --preset stockfish
whole --see-plugin "$own_plugin --preset stockfish"
whole --see-command "$own_lines --preset stockfish"
