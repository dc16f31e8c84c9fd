#!/usr/bin/env bash
# `seebatch eval -j 1` end to end on 1,000,000 real FEN lines (the embedded
# positions, bench/data/real_positions.fen.gz, repeated), every capture,
# text out: the time of REPEATS runs (best and median, wall and CPU = user +
# system, as positions/s: the machine may be shared, and CPU time then still
# measures one core's work), where the time goes (perf record -e cpu-clock,
# top symbols), callgrind's instructions a position (on the first 100,000
# lines), and each stage timed alone (seebatch_eval_stages, when the
# benchmark is built). The CPU and the load average are printed with them.
# Given a second tool (BASE_TOOL, e.g. a build of an older commit) its runs
# alternate with this one's and the outputs are compared byte for byte.
# COUNT_ONLY=1: callgrind's instructions a position alone (no timing, no
# profile), this tool's and BASE_TOOL's with their ratio: a few minutes.
# Usage: bench/jobs/eval.sh [BUILD_DIR] [REPEATS] [BASE_TOOL]
#        COUNT_ONLY=1 bench/jobs/eval.sh [BUILD_DIR] 0 [BASE_TOOL]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
repeats=${2:-5}
base=${3:-}
tool=$build/seebatch
[ -x "$tool" ] || { echo "eval.sh: no $tool; build first" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lines=1000000
# (head ends the pipe early: no pipefail there)
(set +o pipefail; for _ in $(seq 10); do gzip -dc "$root/bench/data/real_positions.fen.gz"; done |
    head -n $lines > "$work/positions.fen")
echo "input: $lines FEN lines ($(wc -c < "$work/positions.fen") bytes), the embedded positions repeated"
cpu_field() { sed -n "s/^$1[[:space:]]*: //p" /proc/cpuinfo | head -n 1; }
echo "CPU: $(cpu_field 'model name'), family $(cpu_field 'cpu family') model $(cpu_field model), $(nproc) threads"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "command: seebatch eval -j 1 positions.fen > /dev/null"
head -n 100000 "$work/positions.fen" > "$work/head.fen"

# count TOOL: callgrind's instructions of `TOOL eval -j 1` on the first
# 100,000 lines (the whole run: reading, SEE, writing), into
# $work/callgrind.out; prints them a position.
count() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
        "$1" eval -j 1 "$work/head.fen" > /dev/null 2> "$work/valgrind.err" \
        || { cat "$work/valgrind.err" >&2; echo "eval.sh: valgrind $1 failed" >&2; exit 1; }
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$work/valgrind.err" | awk '{ printf "%.1f", $1 / 100000 }'
}
if [ "${COUNT_ONLY:-0}" = 1 ]; then
    command -v valgrind > /dev/null || { echo "eval.sh: skipped: COUNT_ONLY needs valgrind"; exit 77; }
    this=$(count "$tool")
    echo "this: $this instructions a position (callgrind, first 100,000 lines)"
    if [ -n "$base" ]; then
        before=$(count "$base")
        echo "base: $before instructions a position ($base)"
        awk -v t="$this" -v b="$before" 'BEGIN { printf "this over base: %.3f\n", t / b }'
    fi
    exit 0
fi

run() { # run TOOL: one timed run, "wall cpu" appended to $work/TOOL-NAME.times
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$1" eval -j 1 "$work/positions.fen" > /dev/null
    awk '{print $1, $2 + $3}' "$work/time" >> "$work/$2.times"
}
for _ in $(seq "$repeats"); do
    run "$tool" this
    [ -z "$base" ] || run "$base" base
done
summary() { # summary NAME: best and median of wall and CPU, as positions/s
    local file=$work/$1.times middle=$(((repeats + 1) / 2))
    local wall_best wall_median cpu_best cpu_median
    wall_best=$(sort -n -k1 "$file" | awk 'NR == 1 {print $1}')
    wall_median=$(sort -n -k1 "$file" | awk -v m=$middle 'NR == m {print $1}')
    cpu_best=$(sort -n -k2 "$file" | awk 'NR == 1 {print $2}')
    cpu_median=$(sort -n -k2 "$file" | awk -v m=$middle 'NR == m {print $2}')
    awk -v n=$lines -v name="$1" -v wb="$wall_best" -v wm="$wall_median" -v cb="$cpu_best" \
        -v cm="$cpu_median" 'BEGIN {
        printf "%s: wall best %.3f s (%.2f M positions/s), median %.3f s (%.2f M/s)\n", name, wb, n / wb / 1e6, wm, n / wm / 1e6
        printf "%s: CPU  best %.3f s (%.2f M positions/s), median %.3f s (%.2f M/s)\n", name, cb, n / cb / 1e6, cm, n / cm / 1e6 }'
}
summary this
if [ -n "$base" ]; then
    summary base
    "$tool" eval -j 1 "$work/positions.fen" > "$work/this.out"
    "$base" eval -j 1 "$work/positions.fen" > "$work/base.out"
    cmp -s "$work/this.out" "$work/base.out" && echo "outputs identical" ||
        { echo "eval.sh: outputs differ from $base" >&2; exit 1; }
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

if command -v perf > /dev/null; then
    echo "== perf record -e cpu-clock: top symbols"
    perf record -q -e cpu-clock -o "$work/perf.data" "$tool" eval -j 1 "$work/positions.fen" \
        > /dev/null 2> /dev/null
    perf report -i "$work/perf.data" --stdio --sort symbol 2> /dev/null | grep -v '^#' | grep . |
        awk '{print "  " $1, $2, $3}' | head -n 15
else
    echo "== perf: not installed, no profile"
fi

if command -v valgrind > /dev/null; then
    echo "== callgrind: instructions a position (first 100,000 lines)"
    count "$tool" > /dev/null
    callgrind_annotate "$work/callgrind.out" 2> /dev/null | awk '
        /PROGRAM TOTALS/ { gsub(",", "", $1); printf "  %-40s %6.0f\n", "all", $1 / 100000 }
        /\?\?\?:|\.S:|\.c:/ && shown < 12 { n = $1; gsub(",", "", n); name = $NF
              if (name ~ /^\[/) name = $(NF - 1); sub(/.*:/, "", name)
              printf "  %-40s %6.0f\n", name, n / 100000; shown++ }'
else
    echo "== callgrind: valgrind not installed"
fi

if [ -x "$build/seebatch_eval_stages" ]; then
    echo "== each stage alone (CPU time, best of 10 rounds, first 100,000 lines)"
    "$build/seebatch_eval_stages" "$work/head.fen" 10
fi
