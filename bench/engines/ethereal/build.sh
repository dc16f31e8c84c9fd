#!/usr/bin/env bash
# Builds Ethereal 14's own SEE (staticExchangeEvaluation) as a seebatch
# plug-in and as a line program, from a tree you provide, with that tree's
# own compiler and flags (its makefile's `basic` target: the classical
# evaluation, -march=native and the instruction sets it detects; no network).
#
# Usage: bench/engines/ethereal/build.sh ETHEREAL_14_DIR [WORK_DIR]
#   ETHEREAL_14_DIR  tag v14.00 of AndyGrant/Ethereal (the directory holding
#                    src/)
#   WORK_DIR         where the objects go (default: a new temporary one)
# Environment: CC (default: the makefile's, clang), JOBS=2.
# Prints the plug-in's and the line program's paths ("plug-in: PATH",
# "lines: PATH"). Exit status: 0 built, 1 a build failed, 2 bad arguments or
# a tree that is not Ethereal 14, 77 no tree there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
engine=ethereal-14
source "$here/../engine_tree.sh"
take_engine_tree Ethereal src/search.c "${1:-}" "${2:-}"
refuse_tree "Ethereal 14 (tag v14.00)" src/uci.h '^#define VERSION_ID "14\.00"'
refuse_tree "Ethereal 14 (tag v14.00)" src/search.c \
    '^int staticExchangeEvaluation\(Board \*board, uint16_t move, int threshold\) \{$'

tree_flags "$tree/src" ${CC:+CC="$CC"} basic
echo "Ethereal 14 at $tree"
# The makefile's SRC (*.c pyrrhic/tbprobe.c); uci.c holds main() beside the
# UCI calls the search makes, so its main is renamed.
tree_sources=()
for source in "$tree"/src/*.c "$tree"/src/pyrrhic/tbprobe.c; do
    tree_sources+=("${source#"$tree"/}")
done
main_source=src/uci.c
compile_objects objects "${tree_sources[@]}"
tree_include=$tree/src
link_adapters "$here/plugin.c" "$here/lines.c"
