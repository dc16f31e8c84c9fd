#!/usr/bin/env bash
# Builds Berserk 4.6.0's own SEE as a seebatch plug-in and as a line
# program, from a tree you provide, with that tree's own compiler and flags
# (its makefile's target for this CPU: pext, avx2 or all; a hand-written
# evaluation, no network).
#
# Usage: bench/engines/berserk/build.sh BERSERK_4.6.0_DIR [WORK_DIR]
#   BERSERK_4.6.0_DIR  tag 4.6.0 of jhonnold/berserk (the directory holding
#                      src/)
#   WORK_DIR           where the objects go (default: a new temporary one)
# Environment: TARGET (default: pext where this CPU runs pext fast, else
#   avx2, else all), JOBS=2.
# Prints the plug-in's and the line program's paths ("plug-in: PATH",
# "lines: PATH"). Exit status: 0 built, 1 a build failed, 2 bad arguments or
# a tree that is not Berserk 4.6.0, 77 no tree there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
engine=berserk-4.6.0
source "$here/../engine_tree.sh"
take_engine_tree Berserk src/see.c "${1:-}" "${2:-}"
refuse_tree "Berserk 4.6.0 (tag 4.6.0)" src/makefile $'^VERSION = 4\\.6\\.0\r?$'
refuse_tree "Berserk 4.6.0 (tag 4.6.0)" src/see.c '^inline int SEE\(Board\* board, Move move\) \{$'

target=${TARGET:-}
if [ -z "$target" ]; then
    if pext_fast; then target=pext; elif cpu_has avx2; then target=avx2; else target=all; fi
fi
tree_flags "$tree/src" "$target"
echo "Berserk 4.6.0 at $tree, make target $target"
# The makefile's SRC but berserk.c, which holds main() alone.
tree_sources=()
for source in "$tree"/src/*.c "$tree"/src/pyrrhic/tbprobe.c "$tree"/src/noobprobe/noobprobe.c; do
    [ "$(basename "$source")" = berserk.c ] || tree_sources+=("${source#"$tree"/}")
done
compile_objects objects "${tree_sources[@]}"
tree_include=$tree/src
link_adapters "$here/plugin.c" "$here/lines.c"
