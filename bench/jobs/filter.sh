#!/usr/bin/env bash
# The filter end to end: seebatch filter --skip-see-ge 0
# --skip-in-check and with no rule, binpack in and out, and seebatch stats,
# on small.binpack (../shared/data, next to the repository; not committed)
# repeated COPIES times (a file of many chunks) and on small.binpack itself
# (one chunk), and on the COPIES payloads as one large chunk, at -j 1 and
# -j 2; outputs compared between -j 1 and -j 2.
# Then where the time goes: a `perf record -e cpu-clock` profile of the
# filter at -j 1 (top symbols), and callgrind's instructions per entry on
# small.binpack (the firm figure on a shared machine), each skipped with a
# note where the tool is absent. With NNUE_READER set to a program that
# reads a binpack with nnue-pytorch's own reader (docs/benchmarks.md says
# how it was built), that reader is timed on the same file.
# Each timing is the best of REPEATS runs, wall and CPU (user + system);
# the load average is printed before and after.
# Usage: bench/jobs/filter.sh [BUILD_DIR] [COPIES] [REPEATS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
copies=${2:-20}
repeats=${3:-5}
data=$root/../shared/data/small.binpack
[ -f "$data" ] || { echo "filter.sh: $data is absent" >&2; exit 77; }
tool=$build/seebatch
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for _ in $(seq "$copies"); do cat "$data"; done > "$work/big.binpack"
# The same entries as one large chunk (small.binpack is one chunk: its
# payload COPIES times under one header), for -j within a chunk.
payload=$(($(wc -c < "$data") - 8))
if [ "$(od -An -tu4 -j4 -N4 "$data" | tr -d ' ')" = "$payload" ]; then
    total=$((payload * copies))
    { printf 'BINP'
      printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((total & 255)) $((total >> 8 & 255)) \
          $((total >> 16 & 255)) $((total >> 24 & 255)))"
      for _ in $(seq "$copies"); do tail -c "$payload" "$data"; done; } > "$work/one.binpack"
fi
count() { "$tool" filter --count-only "$1" 2>&1 | sed -n 's/^seebatch filter: \([0-9]*\) entries read.*/\1/p'; }
big_entries=$(count "$work/big.binpack")
small_entries=$(count "$data")
echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) CPUs"
echo "file: $copies copies of small.binpack, $big_entries entries, $(wc -c < "$work/big.binpack") bytes"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

best() { # best LABEL ENTRIES COMMAND...: best wall and CPU of $repeats runs, as entries/s
    local label=$1 entries=$2
    shift 2
    for _ in $(seq "$repeats"); do
        /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > /dev/null 2>&1
        cat "$work/time"
    done | awk -v n="$entries" -v label="$label" -v out="$work/$label.time" '
        { wall = $1; cpu = $2 + $3
          if (best_wall == "" || wall < best_wall) best_wall = wall
          if (best_cpu == "" || cpu < best_cpu) best_cpu = cpu }
        END { printf "%-16s wall %6.3f s (%5.1f M entries/s)   CPU %6.3f s (%5.1f M entries/s per core)\n",
                     label, best_wall, n / best_wall / 1e6, best_cpu, n / best_cpu / 1e6
              print best_wall > out }'
}
ratio() { paste "$work/$1.time" "$work/$2.time" | awk '{printf "%.2fx", $1 / $2}'; }
same() { cmp -s "$1" "$2" || { echo "filter.sh: $1 and $2 differ" >&2; exit 1; }; }
rules=(--skip-see-ge 0 --skip-in-check)
best rules-j1 "$big_entries" "$tool" filter "${rules[@]}" -j 1 "$work/big.binpack" --output "$work/r1.binpack"
best rules-j2 "$big_entries" "$tool" filter "${rules[@]}" -j 2 "$work/big.binpack" --output "$work/r2.binpack"
same "$work/r1.binpack" "$work/r2.binpack"
echo "  rules -j 2 / -j 1 (wall): $(ratio rules-j1 rules-j2)"
best none-j1 "$big_entries" "$tool" filter -j 1 "$work/big.binpack" --output "$work/n1.binpack"
best none-j2 "$big_entries" "$tool" filter -j 2 "$work/big.binpack" --output "$work/n2.binpack"
same "$work/n1.binpack" "$work/n2.binpack"
echo "  no rule -j 2 / -j 1 (wall): $(ratio none-j1 none-j2)"
best decode-only "$big_entries" "$tool" filter --count-only -j 1 "$work/big.binpack"
best stats "$big_entries" "$tool" stats "$work/big.binpack"
if [ -f "$work/one.binpack" ]; then
    best large-chunk-j1 "$big_entries" "$tool" filter "${rules[@]}" -j 1 "$work/one.binpack" --output "$work/l1.binpack"
    best large-chunk-j2 "$big_entries" "$tool" filter "${rules[@]}" -j 2 "$work/one.binpack" --output "$work/l2.binpack"
    same "$work/l1.binpack" "$work/l2.binpack"
    echo "  one large chunk -j 2 / -j 1 (wall): $(ratio large-chunk-j1 large-chunk-j2)"
fi
best one-chunk-j1 "$small_entries" "$tool" filter "${rules[@]}" -j 1 "$data" --output "$work/s1.binpack"
best one-chunk-j2 "$small_entries" "$tool" filter "${rules[@]}" -j 2 "$data" --output "$work/s2.binpack"
same "$work/s1.binpack" "$work/s2.binpack"
echo "  one chunk -j 2 / -j 1 (wall): $(ratio one-chunk-j1 one-chunk-j2)"
if [ -n "${NNUE_READER:-}" ]; then
    best nnue-reader "$big_entries" "$NNUE_READER" "$work/big.binpack"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

if command -v perf > /dev/null; then
    echo "perf record -e cpu-clock, filter ${rules[*]} -j 1 (top symbols):"
    perf record -q -e cpu-clock -o "$work/perf.data" "$tool" filter "${rules[@]}" -j 1 \
        "$work/big.binpack" --output "$work/p.binpack" > /dev/null 2>&1
    perf report -q -i "$work/perf.data" --stdio > "$work/perf.txt" 2> /dev/null || true
    grep -v '^$' "$work/perf.txt" | head -12 || true
else
    echo "perf: absent, no profile"
fi
if command -v valgrind > /dev/null; then
    per_entry() { # LABEL COMMAND...: callgrind's instructions per entry of small.binpack
        local label=$1
        shift
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" > /dev/null 2> "$work/cg.err"
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/cg.err" |
            awk -v n="$small_entries" -v label="$label" '{printf "callgrind %-14s %6.0f instructions an entry\n", label, $1 / n}'
    }
    per_entry rules "$tool" filter "${rules[@]}" -j 1 "$data" --output "$work/c.binpack"
    per_entry no-rule "$tool" filter -j 1 "$data" --output "$work/c.binpack"
    per_entry decode-only "$tool" filter --count-only -j 1 "$data"
    per_entry stats "$tool" stats "$data"
else
    echo "valgrind: absent, no instruction counts"
fi
