#!/usr/bin/env bash
# Python end to end: a list of FENs to SEE values through the installed
# package, boards_from_fens -> captures -> see_values (checked, the default,
# and unchecked), as a user runs it. Builds the library, installs the package
# into a venv in /tmp (offline: NumPy and setuptools from Debian), times
# POSITIONS real FENs (bench/data/real_positions.fen.gz repeated) stage by
# stage (the best of REPEATS runs, process CPU time: the machine may be
# shared), then samples the whole run with `perf record -e cpu-clock` and
# prints where the time goes. The CPU, the load and the command are printed
# with the figures.
# Usage: bench/jobs/python.sh [BUILD_DIR] [POSITIONS] [REPEATS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
positions=${2:-1000000}
repeats=${3:-5}
python=${SEEBATCH_PYTHON:-/usr/bin/python3}
"$python" -c 'import numpy' 2>/dev/null || {
    echo "python.sh: $python lacks NumPy (Debian: apt-get install python3-numpy python3-venv python3-pip)" >&2
    exit 77
}
cmake --build "$build" -j2 --target seebatch_shared > /dev/null
work=$(mktemp -d /tmp/seebatch-python-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$python" -m venv --system-site-packages "$work/venv"
SEEBATCH_LIBRARY=$build/libseebatch.so "$work/venv/bin/pip" install -q --no-build-isolation \
    --no-index "$root/python" > "$work/pip.log" 2>&1 || { cat "$work/pip.log" >&2; exit 1; }
timing=$root/bench/jobs/python_end_to_end.py
run=("$work/venv/bin/python" "$timing" --positions "$positions")

echo "CPU: $(sed -n "s/^model name\s*: //p" /proc/cpuinfo | head -1), family $(sed -n "s/^cpu family\s*: //p" /proc/cpuinfo | head -1) model $(sed -n "s/^model\s*: //p" /proc/cpuinfo | head -1), $(nproc) cores, flags: $(grep -o -w -E "avx2|bmi2|avx512f" /proc/cpuinfo | sort -u | tr "\n" " ")"
echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "command: ${run[*]} --repeats $repeats"
(cd "$work" && "${run[@]}" --repeats "$repeats")
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

if command -v perf > /dev/null; then
    echo
    echo "perf record -e cpu-clock of the whole run (reading the data included), by symbol:"
    (cd "$work" && perf record -q -e cpu-clock -o "$work/perf.data" "${run[@]}" --repeats 1 \
        > /dev/null 2> "$work/perf.log") || { cat "$work/perf.log" >&2; exit 1; }
    perf report -i "$work/perf.data" --no-children --sort dso,symbol --stdio 2> /dev/null |
        grep -E '^ +[0-9]' | head -25
else
    echo "perf not found: no profile"
fi
