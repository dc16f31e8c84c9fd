# What the real-engine scripts (bench/stockfish/search.sh,
# bench/berserk/search.sh) share: the tree and work directory they take, the
# library they link, and the arithmetic of their speed pairs. Sourced, not
# run; expects $repo (this repository).

# take_tree NAME MARKER TREE: exits 2 with the usage when no TREE is given,
# and 77 (a skip) when TREE does not hold the file MARKER.
take_tree() {
    local name=$1 marker=$2 tree=$3
    if [ -z "$tree" ]; then
        echo "usage: $0 ${name^^}_DIR [WORK_DIR]" >&2
        exit 2
    fi
    if [ ! -f "$tree/$marker" ]; then
        echo "skip: no $name source tree at $tree (want its root, holding $marker)"
        exit 77
    fi
}

# make_work_dir DIR ENGINE: sets $work to DIR, made if needed, or to a new
# temporary directory without one.
make_work_dir() {
    work=${1:-$(mktemp -d "/tmp/seebatch-$2.XXXXXX")}
    mkdir -p "$work"
    work=$(cd "$work" && pwd)
}

# link_library WORK JOBS: sets $library to the static library of
# $SEEBATCH_BUILD, else of a Release build made in WORK/seebatch-library.
link_library() {
    local work=$1 jobs=$2 build
    if [ -n "${SEEBATCH_BUILD:-}" ]; then
        build=$(cd "$SEEBATCH_BUILD" && pwd)
    else
        build=$work/seebatch-library
        cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_TESTS=OFF -DSEEBATCH_BENCH=OFF > /dev/null
        cmake --build "$build" -j "$jobs" --target seebatch_static > /dev/null
    fi
    library=$build/libseebatch.a
    [ -f "$library" ] || { echo "error: no $library" >&2; exit 2; }
}

# describe_library: which library is linked, and the commit it was built from.
describe_library() {
    echo "seebatch library: $library ($(git -C "$repo" describe --always --dirty 2>/dev/null || echo 'not a git checkout'))"
}

# cpu_seconds OUT COMMAND...: runs COMMAND with its output in OUT, and prints
# the CPU seconds it took (user and system). A process's CPU time is not
# stretched by other processes' turns on a shared machine, as its wall
# clock is.
cpu_seconds() {
    local out=$1 times
    shift
    times=$( { TIMEFORMAT='%U %S'; time "$@" > "$out"; } 2>&1 )
    awk -v t="$times" 'BEGIN { split(t, s, " "); print s[1] + s[2] }'
}

# median: the median of the numbers on standard input, one per line.
median() { sort -n | awk '{ r[NR] = $1 } END { print (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }'; }

# ratio A B: A / B to four places.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }

# speed_pair ENGINE N: the script's `speed` (a run's "WALL CPU" nodes per
# second) of the unmodified ENGINE, then of seebatch's build; their ratios
# added to $wall_ratios and $cpu_ratios, the pair's line printed, and the
# CPU figures left in $engine_cpu and $seebatch_cpu.
speed_pair() {
    local engine_wall seebatch_wall wall cpu
    read -r engine_wall engine_cpu < <(speed "$1")
    read -r seebatch_wall seebatch_cpu < <(speed seebatch)
    wall=$(ratio "$seebatch_wall" "$engine_wall") cpu=$(ratio "$seebatch_cpu" "$engine_cpu")
    wall_ratios+=("$wall") cpu_ratios+=("$cpu")
    echo "pair $2: $1 $engine_wall, seebatch $seebatch_wall: ${wall}x; by CPU time $engine_cpu, $seebatch_cpu: ${cpu}x"
}

# median_line ENGINE: the medians of the pairs' ratios in $wall_ratios and
# $cpu_ratios, as the scripts print them.
median_line() {
    echo "median: $(printf '%s\n' "${wall_ratios[@]}" | median)x wall clock," \
        "$(printf '%s\n' "${cpu_ratios[@]}" | median)x CPU time (seebatch / $1 nodes per second)"
}

# exactness_reference ENGINE: the build whose node counts the seebatch
# build's are held to: the unmodified ENGINE, which the speed runs and
# callgrind need anyway; for exactness alone (PAIRS=0 CALLGRIND=0, the CI
# test) "checking", the build that answers every call as the engine does
# or stops at the first that differs, so one build fewer.
exactness_reference() {
    if [ "$pairs" -gt 0 ] || [ "${CALLGRIND:-1}" = 1 ]; then echo "$1"; else echo checking; fi
}

# callgrind_wanted WHAT: true when instructions are to be counted; else says
# why WHAT is skipped (CALLGRIND is not 1, or there is no valgrind).
callgrind_wanted() {
    if [ "${CALLGRIND:-1}" != 1 ]; then
        echo "== $1: skipped (CALLGRIND=${CALLGRIND:-})"
        return 1
    elif ! command -v valgrind > /dev/null; then
        echo "== $1: skipped (no valgrind)"
        return 1
    fi
}
