#!/usr/bin/env bash
# Builds Stockfish 15.1's own SEE (Position::see_ge) as a seebatch plug-in
# and as a line program, from a tree you provide, with that tree's own
# compiler and flags (`make ARCH=... build`'s, and -DNNUE_EMBEDDING_OFF: no
# network is needed, nothing is evaluated).
#
# Usage: bench/engines/stockfish/build.sh STOCKFISH_15.1_DIR [WORK_DIR]
#   STOCKFISH_15.1_DIR  tag sf_15.1 of official-stockfish/Stockfish (the
#                       directory holding src/)
#   WORK_DIR            where the objects go (default: a new temporary one)
# Environment: SF_ARCH (default: x86-64-bmi2 where this CPU runs pext fast,
#   else x86-64-avx2, else x86-64-modern), JOBS=2.
# Prints the plug-in's and the line program's paths ("plug-in: PATH",
# "lines: PATH"). Exit status: 0 built, 1 a build failed, 2 bad arguments or
# a tree that is not Stockfish 15.1, 77 no tree there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
engine=stockfish-15.1
source "$here/../engine_tree.sh"
take_engine_tree Stockfish src/position.cpp "${1:-}" "${2:-}"
refuse_tree "Stockfish 15.1 (tag sf_15.1)" src/misc.cpp 'const string version = "15\.1"'
refuse_tree "Stockfish 15.1 (tag sf_15.1)" src/position.cpp \
    '^bool Position::see_ge\(Move m, Value threshold\) const \{$'

# The ARCH Stockfish's own profile-build would take here.
cpu_arch() {
    if pext_fast; then
        echo x86-64-bmi2
    elif cpu_has avx2; then
        echo x86-64-avx2
    else
        echo x86-64-modern
    fi
}
arch=${SF_ARCH:-$(cpu_arch)}

# -o .depend: make -n would otherwise write src/.depend into the tree.
tree_flags "$tree/src" -o .depend ARCH="$arch" COMP=gcc all
flags+=(-DNNUE_EMBEDDING_OFF)
echo "Stockfish 15.1 at $tree, ARCH=$arch"
sources=$(make -s -n -p -o .depend -C "$tree/src" ARCH="$arch" COMP=gcc all 2> /dev/null \
          | sed -n 's/^SRCS = //p' | head -1) || true
[ -n "$sources" ] || { echo "error: no SRCS in $tree/src/Makefile" >&2; exit 2; }
tree_sources=()
for source in $sources; do
    [ "$source" = main.cpp ] || tree_sources+=("src/$source")
done
compile_objects objects "${tree_sources[@]}"
tree_include=$tree/src
link_adapters "$here/plugin.cpp" "$here/lines.cpp"
