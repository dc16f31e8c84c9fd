#!/usr/bin/env bash
# Builds Koivisto 9.0's own SEE (Board::staticExchangeEvaluation) as a
# seebatch plug-in and as a line program, from a tree you provide, with that
# tree's own compiler and flags (its makefile's `native` target). Koivisto
# embeds its network with incbin; nothing is evaluated here, so an empty
# file stands in for it (the networks/ submodule need not be fetched).
#
# Usage: bench/engines/koivisto/build.sh KOIVISTO_9.0_DIR [WORK_DIR]
#   KOIVISTO_9.0_DIR  tag v9.0 of Luecx/Koivisto (the directory holding
#                     src_files/)
#   WORK_DIR          where the objects go (default: a new temporary one)
# Environment: JOBS=2.
# Prints the plug-in's and the line program's paths ("plug-in: PATH",
# "lines: PATH"). Exit status: 0 built, 1 a build failed, 2 bad arguments or
# a tree that is not Koivisto 9.0, 77 no tree there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
engine=koivisto-9.0
source "$here/../engine_tree.sh"
take_engine_tree Koivisto src_files/board.cpp "${1:-}" "${2:-}"
refuse_tree "Koivisto 9.0 (tag v9.0)" src_files/makefile '^MINOR +:?= *0$' '^MAJOR +:?= *9$'
refuse_tree "Koivisto 9.0 (tag v9.0)" src_files/board.cpp \
    '^Score Board::staticExchangeEvaluation\(Move m\) const \{$'

network=$work/no-network.net
: > "$network"
# `make native` runs `make build ARGUMENTS`; make -n prints that line
# without running it: its arguments give the compile command.
arguments=$(make -s -n -C "$tree/src_files" native EVALFILE="$network" 2> /dev/null \
            | sed -n 's/.* build \(.*\)/\1/p' | head -1) || true
[ -n "$arguments" ] || { echo "error: make -n native in $tree/src_files printed no build" >&2; exit 2; }
# shellcheck disable=SC2086 # the arguments are words of make's
tree_flags "$tree/src_files" build $arguments EVALFILE="$network"
echo "Koivisto 9.0 at $tree"
tree_sources=(src_files/syzygy/tbprobe.c)
for source in "$tree"/src_files/*.cpp; do
    [ "$(basename "$source")" = main.cpp ] || tree_sources+=("${source#"$tree"/}")
done
compile_objects objects "${tree_sources[@]}"
tree_include=$tree/src_files
link_adapters "$here/plugin.cpp" "$here/lines.cpp"
