#!/usr/bin/env bash
# seebatch_training_filter_file's failures (test_filter_file_faults.c) on
# games made here by make_training_games: several chunks, chains broken
# inside games, as binpack and as the same entries in plain text.
# Usage: filter_file_faults.sh TEST_FILTER_FILE_FAULTS MAKE_TRAINING_GAMES
set -u
test=$1 maker=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$maker" 20261126 60 "$work/games.binpack" "$work/games.plain" > /dev/null || exit 1
"$test" "$work" "$work/games.binpack" "$work/games.plain"
