#!/usr/bin/env bash
# Entries read a second by nnue-pytorch's binpack readers and by seebatch's
# (stream_training, read_training) on the same files: COPIES copies of
# small.binpack (../shared/data, next to the repository; not committed), each
# a file of its own, as a trainer gives many binpacks.
#
# nnue-pytorch is built from a tree the user gives (nothing of it is in this
# repository), e.g. from the bare git the fetch tool brings:
#   mkdir -p /work/peers/nnue-pytorch && git --git-dir=PATH/nnue-pytorch.git \
#       archive HEAD data_loader | tar x -C /work/peers/nnue-pytorch
# reader_driver.cpp is compiled with its lib/ headers and the flags of its
# data_loader/cpp/CMakeLists.txt (-O3 -march=native -DNDEBUG, -DHAS_BMI2
# -mbmi2 where its CMake adds them: AMD family 23 and later, or any CPU with
# bmi2). python/bench_streaming.py runs seebatch from this checkout's build.
#
# Per entry: nnue-pytorch decodes a TrainingDataEntry (chess::Position,
# move, score, ply, result); its parallel reader (its loader's) then copies
# it into a worker's buffer of 1M entries, shuffles the buffer and moves
# the entries into the caller's vector, with no skip predicate. seebatch
# decodes a seebatch_board (72 bytes), move, score, ply and result into
# NumPy arrays; stream_training then copies it into the batch (no rules, no
# SEE; the last two kinds also through a shuffle buffer of 1M entries, as
# nnue-pytorch's: copied in, then gathered in the drawn order into the
# batch; on 2 threads and on 1). Each run is repeated, the kinds
# alternating; the best wall time and the best CPU time (every thread's)
# are kept (each measured by the driver from its call: no start-up), and
# the load average is printed: on a shared machine the CPU time still
# measures the work, the wall time does not. Last, the shuffle buffers'
# ratios: stream_training with shuffle 1M over nnue-pytorch's parallel reader
# (on 2 threads, on 1) and over stream_training without it, each the median
# of the repetitions' pairs.
# Usage: bench/nnue_pytorch/loader_speed.sh NNUE_PYTORCH_TREE [BUILD_DIR] [COPIES] [REPEATS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tree=${1:?usage: loader_speed.sh NNUE_PYTORCH_TREE [BUILD_DIR] [COPIES] [REPEATS]}
build=$(cd "${2:-$root/build}" && pwd)
copies=${3:-40}
repeats=${4:-3}
batch=65536
data=$root/../shared/data/small.binpack
[ -f "$data" ] || { echo "loader_speed: $data is absent" >&2; exit 77; }
lib=$tree/data_loader/cpp/lib
[ -f "$lib/parallel_dataloader.h" ] || { echo "loader_speed: $lib/parallel_dataloader.h not found: not an nnue-pytorch tree" >&2; exit 2; }
[ -f "$build/libseebatch.so" ] || { echo "loader_speed: build seebatch in $build first" >&2; exit 2; }
python=${SEEBATCH_PYTHON:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flags=(-std=c++20 -O3 -march=native -DNDEBUG -pthread)
vendor=$(awk '/^vendor_id/{print $3; exit}' /proc/cpuinfo)
family=$(awk '/^cpu family/{print $4; exit}' /proc/cpuinfo)
if grep -qm1 -w bmi2 /proc/cpuinfo && { [ "$vendor" != AuthenticAMD ] || [ "$family" -ge 23 ]; }; then
    flags+=(-DHAS_BMI2 -mbmi2)
fi
echo "nnue-pytorch: $tree ($(git -C "$tree" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout')), g++ ${flags[*]}"
g++ "${flags[@]}" -I"$lib" "$root/bench/nnue_pytorch/reader_driver.cpp" -o "$work/reader_driver"

files=()
for i in $(seq "$copies"); do
    cp "$data" "$work/part$i.binpack"
    files+=("$work/part$i.binpack")
done
cpu=$(awk -F': ' '/^model name/{m=$2} /^cpu family/{f=$2} /^model\t/{o=$2} END{printf "%s family %xh model %02xh", m, f, o}' /proc/cpuinfo)
echo "files: $copies copies of small.binpack, batches of $batch; CPU: $cpu, $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

export SEEBATCH_LIBRARY=$build/libseebatch.so
kinds=("nnue-pytorch sequential|$work/reader_driver sequential 1"
       "nnue-pytorch parallel, 1 thread|$work/reader_driver parallel 1"
       "nnue-pytorch parallel, 2 threads|$work/reader_driver parallel 2"
       "seebatch read_training|$python $root/python/bench_streaming.py sequential 1"
       "seebatch stream_training, 1 thread|$python $root/python/bench_streaming.py stream 1"
       "seebatch stream_training, 2 threads|$python $root/python/bench_streaming.py stream 2"
       "seebatch stream_training, 2 threads, seed|$python $root/python/bench_streaming.py stream-seeded 2"
       "seebatch stream_training, 2 threads, seed, shuffle 1M|$python $root/python/bench_streaming.py stream-shuffled 2"
       "seebatch stream_training, 1 thread, seed, shuffle 1M|$python $root/python/bench_streaming.py stream-shuffled 1")
for repeat in $(seq "$repeats"); do
    for number in "${!kinds[@]}"; do
        command=${kinds[$number]#*|}
        # shellcheck disable=SC2086 # the command is words
        $command $batch "${files[@]}" > "$work/out"
        echo "$number $(awk '{print $2, $4, $6}' "$work/out") $repeat" >> "$work/runs"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
for number in "${!kinds[@]}"; do
    awk -v n="$number" -v label="${kinds[$number]%%|*}" '
        $1 == n { wall = $3; cpu = $4; entries = $2
                  if (best_wall == "" || wall < best_wall) best_wall = wall
                  if (best_cpu == "" || cpu < best_cpu) best_cpu = cpu }
        END { printf "%-53s %d entries: wall %6.3f s = %5.2f M entries/s; CPU %6.3f s = %5.2f M entries/s a core\n",
                     label, entries, best_wall, entries / best_wall / 1e6, best_cpu, entries / best_cpu / 1e6 }' "$work/runs"
done
# The shuffle buffers side by side: in each repetition (the kinds run one
# after another), one kind's entries/s over the other's, by wall time (the
# machine's load then weighs on both alike); the median and the range over
# the repetitions.
ratio() { # ratio LABEL SEEBATCH_KIND NNUE_PYTORCH_KIND
    awk -v a="$2" -v b="$3" -v label="$1" '
        $1 == a { rate_a[$5] = $2 / $3 } $1 == b { rate_b[$5] = $2 / $3 }
        END { n = 0
              for (r in rate_a) if (r in rate_b) ratios[++n] = rate_a[r] / rate_b[r]
              for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
                  if (ratios[j] < ratios[i]) { t = ratios[i]; ratios[i] = ratios[j]; ratios[j] = t }
              median = n % 2 ? ratios[(n + 1) / 2] : (ratios[n / 2] + ratios[n / 2 + 1]) / 2
              printf "%-62s %.2fx (median of %d; %.2f-%.2f)\n", label, median, n, ratios[1], ratios[n] }' "$work/runs"
}
echo "entries/s ratios by wall time, each repetition's pair (run one after the other):"
ratio "stream_training shuffle 1M, 2 threads / parallel reader, 2 threads" 7 2
ratio "stream_training shuffle 1M, 1 thread / parallel reader, 1 thread" 8 1
ratio "stream_training shuffle 1M / no shuffle (seed 1), 2 threads" 7 6
