#!/usr/bin/env bash
# Real engines' own SEE checked and timed, one run file: for each tree
# given, the engine's adapters built from it (bench/engines/NAME/build.sh,
# the tree's own flags), the check through both ways in (the plug-in and
# the line program; the rules found from the answers alone, every
# difference classed), then `seebatch time` of every plug-in in one
# process beside seebatch's view under each one's rules found (Stockfish's
# see_ge first where given), the chart, instructions a call (callgrind,
# where valgrind is), the planted bug in a copy of Stockfish's see_ge
# (bench/engines/planted_bug.sh), and the check's own speed
# (bench/engines/check_speed.sh, with the goals of 1 M answers a second
# through a plug-in and 100 k lines a second through a line program).
# Writes docs/runs/SLUG-engines.md and SLUG-engines.png (SLUG from
# bench/machine.sh). The trees are the user's: nothing of them is written
# to the repository.
#
# Usage: bench/engines/report.sh [NAME=TREE...]
#   NAME  stockfish (15.1), ethereal (14), berserk (4.6.0), koivisto (9.0)
#         or reckless (commit e47e820, Rust: built with cargo)
#   without arguments: the trees $SEEBATCH_STOCKFISH_SRC, $SEEBATCH_ETHEREAL_SRC,
#   $SEEBATCH_BERSERK_SRC, $SEEBATCH_KOIVISTO_SRC, $SEEBATCH_RECKLESS_SRC set.
# Environment: BUILD (default: build, a Release build of this checkout with
#   the benchmark and tests), WORK (default: a new temporary directory),
#   ROUNDS=25 (of seebatch time), CALLS=200000 (callgrind's calls a SEE;
#   0: none), OUT (default: docs/runs/SLUG-engines.md), JOBS=2.
# Takes about 15 minutes on 2 cores (the four engines' builds most of it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
source "$repo/bench/machine.sh"
build=$(cd "${BUILD:-$repo/build}" && pwd)
seebatch=$build/seebatch
[ -x "$seebatch" ] || { echo "report.sh: no $seebatch: build seebatch" >&2; exit 2; }
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
out=${OUT:-$repo/docs/runs/$slug-engines.md}
chart=${out%.md}.png
rounds=${ROUNDS:-25} calls=${CALLS:-200000}
started=$(date +%s)

names=() trees=()
if [ $# -eq 0 ]; then
    for name in stockfish ethereal berserk koivisto reckless; do
        variable=SEEBATCH_${name^^}_SRC
        [ -n "${!variable:-}" ] && names+=("$name") trees+=("${!variable}")
    done
fi
for pair in "$@"; do
    names+=("${pair%%=*}") trees+=("${pair#*=}")
done
[ ${#names[@]} -gt 0 ] || { sed -n '17,22p' "$0" >&2; exit 2; }
for name in "${names[@]}"; do
    [ -x "$here/$name/build.sh" ] || { echo "report.sh: no engine $name" >&2; exit 2; }
done

load() { cut -d' ' -f1-3 /proc/loadavg; }
seconds_since() { echo $(($(date +%s) - $1)); }
load_before=$(load)

# check NAME WAY WHAT: the check through one way in, text and JSON.
check() {
    local start status=0
    start=$(date +%s)
    "$seebatch" check "$2" "$3" --show 3 > "$work/$1$2.txt" 2>&1 || status=$?
    echo "(exit $status, $(seconds_since "$start") s wall, load $(load))" >> "$work/$1$2.txt"
    "$seebatch" check "$2" "$3" --format json > "$work/$1$2.json" 2> /dev/null || true
}

rules_of() { python3 -c 'import json, sys; print(json.load(sys.stdin)["rules"])' < "$1"; }

for i in "${!names[@]}"; do
    name=${names[$i]}
    echo "== $name: building from ${trees[$i]}"
    "$here/$name/build.sh" "${trees[$i]}" "$work/$name" > "$work/$name.build" 2>&1 ||
        { cat "$work/$name.build"; exit 1; }
    echo "== $name: the check, plug-in and line program"
    check "$name" --see-plugin "$work/$name/see_plugin.so"
    check "$name" --see-command "$work/$name/see_lines"
done

# seebatch time: every plug-in under its rules found, Stockfish's first.
order=()
for i in "${!names[@]}"; do [ "${names[$i]}" = stockfish ] && order+=("$i"); done
for i in "${!names[@]}"; do [ "${names[$i]}" = stockfish ] || order+=("$i"); done
time_args=() labels=()
for i in "${order[@]}"; do
    name=${names[$i]}
    time_args+=(--see-plugin "$work/$name/see_plugin.so"
                --rules "$(rules_of "$work/$name--see-plugin.json")")
    labels+=("$name")
done
echo "== seebatch time (${#order[@]} plug-ins beside the view, $rounds rounds)"
time_load_before=$(load)
"$seebatch" time "${time_args[@]}" --rounds "$rounds" --format json > "$work/time.json"
time_load_after=$(load)
commit=$(git -C "$repo" rev-parse HEAD)
python3 "$here/engines_chart.py" "$work/time.json" "$chart" --machine "$model_name" \
    --commit "$commit" --labels "$(IFS=,; echo "${labels[*]}")" || echo "(no chart: gnuplot?)"

# instructions_of LIB SYMBOL [--view]: callgrind's instructions a call.
instructions_of() {
    local ir
    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$2" \
        "$seebatch" time --see-plugin "$1" --calls "$calls" ${3:-} 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    awk -v ir="$ir" -v n="$calls" 'BEGIN { printf "%.1f", ir / n }'
}
if [ "$calls" -gt 0 ] && command -v valgrind > /dev/null; then
    echo "== callgrind, $calls calls a SEE (streamed)"
    for i in "${order[@]}"; do
        plugin=$work/${names[$i]}/see_plugin.so
        echo "$(instructions_of "$plugin" seebatch_plugin_see_ge) $(
            instructions_of "$plugin" see_view_see_ge --view)" > "$work/instructions-${names[$i]}.txt"
    done
fi

echo "== the planted bug"
for i in "${!names[@]}"; do
    if [ "${names[$i]}" = stockfish ]; then
        SEEBATCH=$seebatch "$here/planted_bug.sh" "${trees[$i]}" "$work/planted" \
            > "$work/planted.txt" 2>&1 || echo "(planted_bug.sh: exit $?)" >> "$work/planted.txt"
    fi
done

echo "== the check's own speed"
speed_plugins=()
for i in "${order[@]}"; do speed_plugins+=("$work/${names[$i]}/see_plugin.so"); done
"$here/check_speed.sh" "$build" "${speed_plugins[@]}" > "$work/speed.txt" 2>&1

for i in "${order[@]}"; do echo "${names[$i]}"; done > "$work/names.txt"
command="bench/engines/report.sh"
for i in "${!names[@]}"; do command+=" ${names[$i]}=${trees[$i]}"; done
cat > "$work/meta.txt" << META
cpu: $model_name, family $family model $model
features: $features
commit: $commit
command: $command
load: $load_before; $time_load_before to $time_load_after; $(load)
seconds: $(seconds_since "$started")
chart: $(basename "$chart")
calls: $calls
META
python3 "$here/engines_run_file.py" "$work" > "$out"
echo "== wrote $out and $chart ($(seconds_since "$started") s)"
