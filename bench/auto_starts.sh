#!/usr/bin/env bash
# Auto started afresh, in one command: runs seebatch_auto_starts (100 fresh
# starts a cell, jobs of 10^5 captures: bench/auto_starts.cpp) and puts its
# figures into this CPU's run file, written before by bench/figures.sh: the
# summary's table (a cell per regime and call: the jobs in which auto kept
# another backend than the fastest, auto's median job over the fastest's)
# and closing line (the worst cells against the goal: at most 2 jobs of 100
# a cell keeping another backend, auto's median within 3%), the floor on
# cycled cells (--floor: the first cycle on auto's first guess, then the
# fastest, what any learner started afresh pays at least), and the output
# whole in a section of its own, with the commit, the date and the load it
# ran at (those of the run file's header may be older).
#
# Usage: bench/auto_starts.sh [BUILD_DIR [RUN_FILE]]   (default build and
# docs/runs/CPU.md, CPU named as figures.sh names it; STARTS=N for other
# than 100 starts a cell)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "auto_starts.sh: $*" >&2; exit 2; }
build=$(cd "${1:-$root/build}" 2> /dev/null && pwd) || fail "no build directory ${1:-build}"
source "$root/bench/machine.sh" # slug: the run file's name
run_file=${2:-$root/docs/runs/$slug.md}
[ -f "$run_file" ] || fail "no run file $run_file: bench/figures.sh writes it first"
commit=$(git -C "$root" rev-parse --short HEAD 2> /dev/null) || fail "$root is not a git checkout"
dirty=$(git -C "$root" status --porcelain -- lib include bench)
[ -z "$dirty" ] || fail "lib/, include/ or bench/ differ from $commit (commit first):
$dirty"
cmake --build "$build" -j2 --target seebatch_auto_starts > /dev/null || fail "cannot build seebatch_auto_starts"
output=$build/auto_starts.txt
{
    echo "# rerun by bench/auto_starts.sh on commit $commit, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
    "$build/seebatch_auto_starts" "${STARTS:-100}" --floor
} | tee "$output"
python3 "$root/bench/run_file.py" starts "$output" "$run_file"
echo "auto_starts.sh: wrote its figures into $run_file" >&2
