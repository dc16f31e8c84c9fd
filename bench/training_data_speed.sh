#!/usr/bin/env bash
# Speed of the training-data tools on a binpack made by repeating
# small.binpack (../shared/data, next to the repository; not committed):
# decoding alone (filter --count-only, no rule), the filter
# --skip-see-ge 0 --skip-in-check binpack in and out on 1 and 2 threads, and
# the filter with every deterministic rule of nnue-pytorch's loader, on 1
# and 2 threads and counting only.
# Each run is repeated; the best wall and CPU (user + system) times are kept
# (the machine may be shared: CPU time then still measures one core's work,
# wall time does not) and the load average is printed with the figures.
# Usage: bench/training_data_speed.sh [BUILD_DIR] [COPIES] [REPEATS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
copies=${2:-40}
repeats=${3:-5}
data=$root/../shared/data/small.binpack
[ -f "$data" ] || { echo "training_data_speed: $data is absent" >&2; exit 77; }
tool=$build/seebatch
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for _ in $(seq "$copies"); do cat "$data"; done > "$work/big.binpack"
entries=$("$tool" filter --count-only "$work/big.binpack" 2>&1 | sed -n 's/^seebatch filter: \([0-9]*\) entries read.*/\1/p')
echo "file: $copies copies of small.binpack, $entries entries, $(wc -c < "$work/big.binpack") bytes"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

best() { # best LABEL COMMAND...: the best wall and CPU times of $repeats runs, as entries/s
    local label=$1
    shift
    for _ in $(seq "$repeats"); do
        /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > /dev/null 2>&1
        cat "$work/time"
    done | awk -v n="$entries" -v label="$label" '
        { wall = $1; cpu = $2 + $3
          if (best_wall == "" || wall < best_wall) best_wall = wall
          if (best_cpu == "" || cpu < best_cpu) best_cpu = cpu }
        END { printf "%s: wall %.3f s (%.1f M entries/s), CPU %.3f s (%.1f M entries/s per core)\n",
                     label, best_wall, n / best_wall / 1e6, best_cpu, n / best_cpu / 1e6
              print best_wall > "'"$work"'/" label ".time" }'
}
best decode "$tool" filter --count-only "$work/big.binpack"
best filter-j1 "$tool" filter --skip-see-ge 0 --skip-in-check -j 1 "$work/big.binpack" --output "$work/out1.binpack"
best filter-j2 "$tool" filter --skip-see-ge 0 --skip-in-check -j 2 "$work/big.binpack" --output "$work/out2.binpack"
cmp -s "$work/out1.binpack" "$work/out2.binpack" || { echo "-j 2 output differs from -j 1" >&2; exit 1; }
echo "-j 2 speed-up (wall): $(paste "$work/filter-j1.time" "$work/filter-j2.time" | awk '{printf "%.2fx", $1 / $2}')"
# Every deterministic rule of nnue-pytorch's loader at once (value none,
# placeholder, early ply, filtered, simple eval), binpack in and out.
loader=(--skip-value-none --skip-placeholder --skip-early-ply 16 --skip-filtered --skip-simple-eval 200)
best loader-j1 "$tool" filter "${loader[@]}" -j 1 "$work/big.binpack" --output "$work/loader1.binpack"
best loader-j2 "$tool" filter "${loader[@]}" -j 2 "$work/big.binpack" --output "$work/loader2.binpack"
cmp -s "$work/loader1.binpack" "$work/loader2.binpack" || { echo "-j 2 output differs from -j 1" >&2; exit 1; }
echo "loader rules -j 2 speed-up (wall): $(paste "$work/loader-j1.time" "$work/loader-j2.time" | awk '{printf "%.2fx", $1 / $2}')"
best loader-count "$tool" filter "${loader[@]}" --count-only "$work/big.binpack"
rm -f "$work"/loader*.binpack
# small.binpack is one chunk: at -j 2 one thread decodes, the other filters.
entries=434921
best small-j1 "$tool" filter --skip-see-ge 0 --skip-in-check -j 1 "$data" --output "$work/small1.binpack"
best small-j2 "$tool" filter --skip-see-ge 0 --skip-in-check -j 2 "$data" --output "$work/small2.binpack"
cmp -s "$work/small1.binpack" "$work/small2.binpack" || { echo "-j 2 output differs from -j 1" >&2; exit 1; }
echo "small.binpack -j 2 speed-up (wall): $(paste "$work/small-j1.time" "$work/small-j2.time" | awk '{printf "%.2fx", $1 / $2}')"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
