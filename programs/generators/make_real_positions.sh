#!/usr/bin/env bash
# Makes the benchmark's real positions from Stockfish self-play (Debian's
# `stockfish` package, installed here if missing): programs/generators/selfplay.c plays
# the games, deterministic for a given seed, engine version and node count;
# this keeps the distinct positions (same pieces, side, castling and en
# passant) that have at least one legal capture, in order of play.
#
# Usage: programs/generators/make_real_positions.sh SEEBATCH_TOOL GAMES SEED > positions.fen
#   SEEBATCH_TOOL is the built `seebatch` (it finds the captures);
#   NODES (default 400) is Stockfish's node count per move, RANDOM_PLIES
#   (default 8) the random plies opening each game, MAX_PLIES (default 200).
# The committed set, bench/data/real_positions.fen.gz, was made with
#   programs/generators/make_real_positions.sh build/seebatch 1300 1 | gzip -9n
set -euo pipefail
usage="usage: make_real_positions.sh SEEBATCH_TOOL GAMES SEED"
tool=${1:?$usage}
games=${2:?$usage}
seed=${3:?$usage}

engine=$(command -v stockfish || echo /usr/games/stockfish)
if [ ! -x "$engine" ]; then
    echo "make_real_positions.sh: installing Debian's stockfish" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq -o DPkg::Lock::Timeout=600 stockfish >&2 \
        || { apt-get update -qq && apt-get install -y -qq -o DPkg::Lock::Timeout=600 stockfish >&2; }
    engine=/usr/games/stockfish
fi
echo "make_real_positions.sh: $("$engine" <<< quit | head -1)" >&2

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cc -O2 -I "$(dirname "$0")/../../lib" -o "$scratch/selfplay" "$(dirname "$0")/selfplay.c"
"$scratch/selfplay" "$engine" "$games" "$seed" "${NODES:-400}" "${RANDOM_PLIES:-8}" \
    "${MAX_PLIES:-200}" > "$scratch/played.fen"
# One line per position, first occurrence only (the counters aside).
awk '{ key = $1 " " $2 " " $3 " " $4 } !(key in seen) { seen[key]; print }' \
    "$scratch/played.fen" > "$scratch/distinct.fen"
# `seebatch eval` prints FEN;move;value for every capture of each position.
"$tool" eval "$scratch/distinct.fen" | awk -F';' '$1 != last { print $1; last = $1 }'
