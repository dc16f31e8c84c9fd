#!/usr/bin/env bash
# The binpack decoder's pdep and portable paths, one entry at a time and in
# blocks, agree on every entry of games made here (make_training_games) and
# of small.binpack from ../shared/data (its part skipped, visibly, where it
# is absent), and every chain entry encodes again to its own bits
# (decoder_paths.c), on each copy of the coding this CPU runs, by pdep and by
# halving. Exit 77 when this build and CPU have one path only.
# Usage: decoder_paths.sh DECODER_PATHS MAKE_TRAINING_GAMES ROOT
set -u
paths=$1 maker=$2 root=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$maker" 20261124 200 "$work/games.binpack" "$work/games.plain" > /dev/null || exit 1
"$paths" "$work/games.binpack"
status=$?
[ "$status" -eq 0 ] || exit "$status"
data=$root/../shared/data/small.binpack
if [ ! -f "$data" ]; then
    echo "decoder_paths: small.binpack part SKIPPED: $data is absent"
    exit 0
fi
"$paths" "$data"
