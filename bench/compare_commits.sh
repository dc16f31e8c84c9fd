#!/usr/bin/env bash
# Two commits' benchmark rows side by side, with code placement held fixed:
# the proof that a change does (or does not) change speed.
#
# A function's speed here depends on where its code falls against the CPU's
# fetch blocks: the same kernel objects, moved 16 bytes by an unrelated edit,
# ran batch on every position 5-7% slower (docs/benchmarks.md, "Code placement").
# So both commits are built with every function on a 64-byte boundary
# (-falign-functions=64, C and C++), which leaves each function's own layout
# the same whatever else changed, and run alternately; each row reports the
# best of every run of each binary (other load only ever slows a run down).
#
# Usage: bench/compare_commits.sh OLD NEW [ROUNDS] [-- BENCH_ARGS...]
#   OLD, NEW     commits (anything git rev-parse takes), or paths of
#                seebatch_bench binaries already built, run as they are
#   ROUNDS       alternations (default 3), each --benchmark_repetitions=3
#   BENCH_ARGS   for seebatch_bench, e.g. --benchmark_filter='^batch/'
# PLACEMENT=default builds with the compiler's own alignment instead.
# Prints a table: row, OLD and NEW in M items/s, NEW / OLD.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
old=$1 new=$2
shift 2
rounds=3
if [ $# -gt 0 ] && [ "$1" != "--" ]; then rounds=$1; shift; fi
[ "${1:-}" = "--" ] && shift
case $rounds in '' | *[!0-9]* | 0) echo "compare_commits.sh: ROUNDS must be a positive number, not '$rounds'" >&2; exit 2 ;; esac
# Commits are built with Ninja (binaries given as paths need nothing).
for side in "$old" "$new"; do
    if ! { [ -f "$side" ] && [ -x "$side" ]; } && ! command -v ninja > /dev/null; then
        echo "compare_commits.sh: building $side needs ninja (Debian: apt-get install ninja-build)" >&2
        exit 2
    fi
done

work=$(mktemp -d)
cleanup() {
    for side in old new; do git -C "$root" worktree remove --force "$work/$side" 2> /dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

flags=-falign-functions=64
[ "${PLACEMENT:-}" = default ] && flags=""

build() { # build SIDE COMMIT-OR-BINARY: sets bench_SIDE
    if [ -f "$2" ] && [ -x "$2" ]; then
        eval "bench_$1=\$2"
        echo "$1: $2 (a binary, placed as it was built)"
        return
    fi
    local commit
    commit=$(git -C "$root" rev-parse --verify --quiet "$2^{commit}") ||
        { echo "compare_commits.sh: '$2' is neither a commit nor a binary" >&2; exit 2; }
    git -C "$root" worktree add --detach --force "$work/$1" "$commit" > /dev/null 2>&1
    cmake -S "$work/$1" -B "$work/$1/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" > "$work/$1.log" 2>&1 &&
        cmake --build "$work/$1/build" -j2 --target seebatch_bench >> "$work/$1.log" 2>&1 ||
        { echo "compare_commits.sh: $2 did not build; its log:" >&2; tail -20 "$work/$1.log" >&2; exit 1; }
    eval "bench_$1=\$work/\$1/build/seebatch_bench"
    echo "$1: $2 = $(git -C "$root" log -1 --format='%h %s' "$commit" | cut -c1-70)"
}
build old "$old"
build new "$new"
echo "placement of commits built here: ${flags:-compiler default}; rounds: $rounds; load: $(cut -d' ' -f1-3 /proc/loadavg)"

for _ in $(seq "$rounds"); do
    for side in old new; do
        bench=bench_$side
        "${!bench}" --benchmark_repetitions=3 "$@" > "$work/run.txt" \
            2> "$work/$side.err" ||
            { echo "compare_commits.sh: the $side benchmark failed:" >&2; tail -5 "$work/$side.err" >&2; exit 1; }
        awk -v side=$side '/items_per_second=/ && $1 !~ /_(mean|median|stddev|cv)$/ {
            for (i = 2; i <= NF; i++) if ($i ~ /^items_per_second=/) v = $i
            sub(/items_per_second=/, "", v)
            scale = v ~ /G\/s$/ ? 1000 : v ~ /k\/s$/ ? 0.001 : 1
            sub(/[GMk]?\/s$/, "", v)
            print side, $1, v * scale }' "$work/run.txt" >> "$work/rows.txt"
    done
done
awk '
    { key = $2; if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      if ($3 > best[$1, key]) best[$1, key] = $3 }
    END {
        printf "%-44s %10s %10s %8s\n", "row (best M items/s)", "old", "new", "new/old"
        for (i = 1; i <= n; i++) {
            k = order[i]; o = best["old", k]; w = best["new", k]
            printf "%-44s %10.1f %10.1f %8s\n", k, o, w, (o > 0 ? sprintf("%.3f", w / o) : "-")
        }
    }' "$work/rows.txt"
