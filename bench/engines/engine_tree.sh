# What the engines' build scripts (bench/engines/*/build.sh) share: the
# tree they take and refuse, the work directory, the tree's own compiler and
# flags read from its makefile, and the build of a plug-in and a line
# program from the tree's sources and an adapter. Sourced, not run.
#
# Nothing of an engine enters this repository: the tree is the user's, its
# objects are built in WORK_DIR.
#
# Before sourcing: `engine` (a name for messages and files, e.g.
# "stockfish-15.1"). After: the functions below; take_engine_tree sets
# `tree` and `work`.

here_engines=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here_engines/../.." && pwd)
source "$repo/bench/real_engine.sh"

# take_engine_tree NAME MARKER TREE WORK: exits 2 with the usage when no TREE
# is given, 77 when TREE does not hold MARKER; sets `tree` (absolute) and
# `work` (WORK, made if needed, else a new temporary directory).
take_engine_tree() {
    take_tree "$1" "$2" "$3"
    tree=$(cd "$3" && pwd)
    make_work_dir "${4:-}" "$engine-see"
}

# refuse_tree WHAT FILE PATTERN...: exits 2, naming the tree as not WHAT,
# unless FILE (under the tree) holds a line matching each grep PATTERN.
refuse_tree() {
    local what=$1 file=$2
    shift 2
    for pattern in "$@"; do
        if ! grep -qE -- "$pattern" "$tree/$file"; then
            echo "error: $tree is not $what: $file has no line matching '$pattern'" >&2
            exit 2
        fi
    done
}

# tree_flags DIR MAKE-ARGUMENTS...: sets `compiler` and `flags` to the first
# compile command `make -n MAKE-ARGUMENTS` prints in DIR (the tree's own:
# optimisation, -march, -D, -f, -std, warnings), without its sources, its
# output, its libraries and static linking, which a shared object cannot
# take. The command is read as the shell would (quotes in -D values), with
# globbing off.
tree_flags() {
    local dir=$1 line word skip=0
    shift
    line=$(make -s -n -C "$dir" "$@" 2> /dev/null \
           | grep -E '^(gcc|g\+\+|clang|clang\+\+|cc|c\+\+)(-[0-9]+)? .*\.(c|cpp)( |$)' | head -1) || true
    [ -n "$line" ] || { echo "error: make -n $* in $dir printed no compile command" >&2; exit 2; }
    local words
    set -f
    eval "words=($line)"
    set +f
    compiler=${words[0]}
    flags=()
    for word in "${words[@]:1}"; do
        if [ "$skip" = 1 ]; then skip=0; continue; fi
        case $word in
            -o) skip=1 ;;
            -c | *.c | *.cpp | -l* | -Wl,* | -static*) ;;
            *) flags+=("$word") ;;
        esac
    done
}

# cpu_has FLAG: /proc/cpuinfo lists FLAG (avx2, bmi2 ...).
cpu_has() { grep -m1 '^flags' /proc/cpuinfo 2> /dev/null | grep -qw -- "$1"; }

# pext_fast: BMI2 with pext run in hardware: not on AMD before Zen 3 (family
# 19h), which runs it in microcode, and where engines build without it.
pext_fast() {
    local vendor family
    vendor=$(sed -n 's/^vendor_id[[:space:]]*: //p' /proc/cpuinfo 2> /dev/null | head -1)
    family=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo 2> /dev/null | head -1)
    cpu_has bmi2 && ! { [ "$vendor" = AuthenticAMD ] && [ "${family:-0}" -lt 25 ]; }
}

# compile_objects SUBDIR SOURCE...: each SOURCE (relative to the tree) into an
# object in WORK/SUBDIR with the tree's compiler and flags and those of a
# shared object (-fPIC; -fvisibility=hidden, so that the plug-in exports only
# its seebatch_plugin_* functions); a source holding `main` is compiled
# with main renamed where EXTRA_FLAGS_<n> says so (see main_renamed). Sets
# `objects`. Objects built with other flags are built again.
compile_objects() {
    local subdir=$work/$1 source object stamp
    shift
    mkdir -p "$subdir"
    stamp="$compiler ${flags[*]}"
    if [ "$(cat "$subdir/flags" 2> /dev/null)" != "$stamp" ]; then
        rm -f "$subdir"/*.o
        printf '%s\n' "$stamp" > "$subdir/flags"
    fi
    objects=()
    local running=0
    for source in "$@"; do
        object=$subdir/$(echo "$source" | tr / _ | sed -E 's/\.(c|cpp)$/.o/')
        objects+=("$object")
        [ -f "$object" ] && [ "$object" -nt "$tree/$source" ] && continue
        echo "compiling $source"
        (cd "$(dirname "$tree/$source")" \
            && "$compiler" "${flags[@]}" -fPIC -fvisibility=hidden $(main_renamed "$source") \
                 -c -o "$object" "$(basename "$source")") &
        running=$((running + 1))
        if [ "$running" -ge "${JOBS:-2}" ]; then
            wait -n || { wait; echo "error: compiling the $engine tree failed" >&2; exit 1; }
            running=$((running - 1))
        fi
    done
    while [ "$running" -gt 0 ]; do
        wait -n || { wait; echo "error: compiling the $engine tree failed" >&2; exit 1; }
        running=$((running - 1))
    done
}

# main_renamed SOURCE: -Dmain=... for the source that holds the engine's
# main() when that file also holds what the SEE needs (set `main_source`).
main_renamed() {
    [ "$1" = "${main_source:-}" ] && echo "-Dmain=${engine//[-.]/_}_main"
    return 0
}

# link_adapters PLUGIN LINES: compiles the adapters of this directory
# (plugin.c|cpp, lines.c|cpp) with the tree's compiler and flags and links
# WORK/see_plugin.so and WORK/see_lines from them and `objects`; prints both
# paths.
link_adapters() {
    local plugin=$1 lines=$2 dir
    dir=$(dirname "$plugin")
    local include=(-I"$repo/include" -I"$here_engines" -I"$tree_include")
    "$compiler" "${flags[@]}" -fPIC -fvisibility=hidden "${include[@]}" -c -o "$work/plugin.o" "$plugin"
    "$compiler" "${flags[@]}" -fPIC -fvisibility=hidden "${include[@]}" -c -o "$work/lines.o" "$lines"
    "$compiler" "${flags[@]}" -fPIC -shared -o "$work/see_plugin.so" "${objects[@]}" "$work/plugin.o" \
        -lm -lpthread
    "$compiler" "${flags[@]}" -o "$work/see_lines" "${objects[@]}" "$work/lines.o" -lm -lpthread
    echo "compiler: $compiler ${flags[*]} (-fPIC -fvisibility=hidden)"
    echo "plug-in: $work/see_plugin.so"
    echo "lines: $work/see_lines"
}
