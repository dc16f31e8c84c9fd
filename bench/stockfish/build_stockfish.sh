# Sourced by the calibration scripts beside it (calibrate.sh,
# calibrate_multi.sh): checks their arguments and compiles a Stockfish tree
# the user provides with the flags of that tree's own `make ARCH=... build`
# (-O3, -flto ...) and -DNNUE_EMBEDDING_OFF (no net is needed: nothing is
# evaluated), then links a driver of this directory with it and with
# seebatch's build. Nothing of Stockfish is in this repository.
#
# ARCH is the one Stockfish's own ARCH=native picks: x86-64-bmi2 (pext
# lookups) where this CPU runs pext fast, else x86-64-avx2 (AMD before
# Zen 3 runs pext in microcode, and Stockfish avoids it there too); the
# environment's SF_ARCH overrides it.
#
# Before sourcing: `script` (the caller's name, for messages), `sf` (the tree),
# `work` (may be empty) and `build` (seebatch's build directory).
# After: `here`, `work` and `build` as absolute paths, `flags`, `objects`
# (every object of the tree but main.cpp), and the functions fail and
# link_driver.

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fail() { echo "$script: $*" >&2; exit 2; }
[ -f "$sf/src/position.cpp" ] || fail "$sf/src/position.cpp not found: not a Stockfish tree"
[ -x "$build/seebatch_passes" ] || fail "$build/seebatch_passes not found: build seebatch first"
[ -f "$build/bench/libseebatch_bench_workload.a" ] && [ -f "$build/libseebatch.a" ] \
    || fail "$build has no bench/libseebatch_bench_workload.a or libseebatch.a: build seebatch (with the benchmark)"
build=$(cd "$build" && pwd)
[ -n "$work" ] || work=$(mktemp -d)
mkdir -p "$work"
work=$(cd "$work" && pwd)

arch=${SF_ARCH:-}
if [ -z "$arch" ]; then
    arch=x86-64-bmi2
    if "$build/seebatch" --version 2>/dev/null | grep -q 'pext fast: no'; then
        arch=x86-64-avx2
    fi
fi

# The tree's own compile command for ARCH (make -n prints it without
# building): the flags of its first source, reused for every file here.
# (head ends the pipe early, which pipefail would count as a failure.)
flags=$(make -s -n -C "$sf/src" ARCH="$arch" COMP=gcc all 2>/dev/null \
        | grep -E '^(g\+\+|c\+\+) .* -c -o [^ ]+\.o [^ ]+\.cpp *$' | head -1 \
        | sed -E -e 's/^[^ ]+ +//' -e 's/ +-c -o [^ ]+\.o [^ ]+\.cpp *$//') || true
[ -n "$flags" ] || fail "make -n in $sf/src printed no compile command"
flags="$flags -DNNUE_EMBEDDING_OFF"
echo "ARCH=$arch flags: $flags"
# Objects built with other flags (another ARCH) are built again.
if [ "$(cat "$work/flags" 2>/dev/null)" != "$flags" ]; then
    rm -f "$work"/*.o
    printf '%s\n' "$flags" > "$work/flags"
fi

# Every source of the tree but main.cpp (a driver has its own main).
sources=$(cd "$sf/src" && make -s -n -p ARCH="$arch" COMP=gcc all 2>/dev/null \
          | sed -n 's/^SRCS = //p' | head -1) || true
[ -n "$sources" ] || fail "no SRCS in $sf/src/Makefile"
objects=()
for source in $sources; do
    [ "$source" = main.cpp ] && continue
    object=$work/$(echo "$source" | tr / _ | sed 's/\.cpp$/.o/')
    if [ ! -f "$object" ] || [ "$sf/src/$source" -nt "$object" ]; then
        echo "compiling $source"
        (cd "$sf/src" && g++ $flags -c -o "$object" "$source")
    fi
    objects+=("$object")
done

# link_driver NAME: compiles $here/NAME.cpp and links $work/NAME with the
# tree's objects and seebatch's static libraries (the baseline and the
# library as seebatch's build compiled them). The driver is compiled without
# -flto: see_ge is then called as a function, as seebatch's are, not inlined
# into the driver's loop (callgrind counts it apart).
link_driver() {
    echo "compiling $1.cpp"
    local driver_flags
    driver_flags=$(sed -e 's/ -flto-partition=one//' -e 's/ -flto//' <<< "$flags")
    g++ $driver_flags -I"$sf/src" -I"$here/.." -I"$here/../../include" -c -o "$work/$1.o" \
        "$here/$1.cpp"
    g++ $flags -o "$work/$1" "${objects[@]}" "$work/$1.o" \
        "$build/bench/libseebatch_bench_workload.a" "$build/libseebatch.a" -lpthread
}
