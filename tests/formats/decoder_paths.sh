#!/usr/bin/env bash
# The binpack decoder's pdep and portable paths, one entry at a time and in
# blocks, agree on every entry of games made here (make_training_games) and
# of small.binpack from ../shared/data (its part skipped, visibly, where it
# is absent), and on damaged copies of the games to the same fault, and every chain entry encodes again to its own bits
# (decoder_paths.c), on each copy of the coding this CPU runs, by pdep and by
# halving. Exit 77 when this build and CPU have one path only.
# Usage: decoder_paths.sh DECODER_PATHS MAKE_TRAINING_GAMES ROOT
set -u
source "$(dirname "$0")/../support/test_scale.sh"
paths=$1 maker=$2 root=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 200 games and 48 damaged copies; the later stages (SEEBATCH_TEST_SCALE
# below 1), whose sanitizers took over a second a copy, 100 and 16.
games=$(scaled 200 100) copies=$(scaled 48 16)
"$maker" 20261124 "$games" "$work/games.binpack" "$work/games.plain" > /dev/null || exit 1
"$paths" "$work/games.binpack"
status=$?
[ "$status" -eq 0 ] || exit "$status"
# Damaged copies: a few bytes overwritten at places spread over the file
# (chain moves, scores, stems, a chunk header now and then). Every path must
# stop at the same fault; together the copies must meet faults.
size=$(wc -c < "$work/games.binpack")
faults=0
for k in $(seq 0 $((copies - 1))); do
    cp "$work/games.binpack" "$work/damaged.binpack"
    printf '\377\377\377\377\377\377' | dd of="$work/damaged.binpack" bs=1 seek=$((37 + k * (size / copies) + k % 7)) \
        conv=notrunc status=none
    # Every other copy also cut short inside a chunk (a stem or a chain cut).
    [ $((k % 2)) -eq 1 ] && truncate -s $((size / 2 + k * 13)) "$work/damaged.binpack"
    output=$("$paths" --damaged "$work/damaged.binpack") || { echo "$output"; echo "decoder_paths: damaged copy $k"; exit 1; }
    # (tr: a Windows build under wine ends its lines with CR LF)
    stopped=$(echo "$output" | tr -d '\r' | sed -n 's/.*; \([0-9]*\) chunks stopped at a fault$/\1/p')
    faults=$((faults + ${stopped:-0}))
done
echo "decoder_paths: $copies damaged copies, $faults chunks stopped at a fault, every path alike"
[ "$faults" -ge $((copies / 2)) ] || { echo "decoder_paths: too few faults met ($faults)"; exit 1; }
data=$root/../shared/data/small.binpack
if [ ! -f "$data" ]; then
    echo "decoder_paths: small.binpack part SKIPPED: $data is absent: $(cat "$(dirname "${BASH_SOURCE[0]}")/../support/small_binpack_where.txt")"
    exit 0
fi
"$paths" "$data"
