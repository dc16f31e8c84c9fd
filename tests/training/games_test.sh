#!/usr/bin/env bash
# A test of the training files' faults on games made here by
# make_training_games (several chunks, chains broken inside games, as
# binpack and as the same entries in plain text): test_filter_file_faults
# (seebatch_training_filter_file's failures) or test_bin_damage (damaged
# .bin entries), given the directory and the games.
# Usage: games_test.sh TEST MAKE_TRAINING_GAMES
set -u
test=$1 maker=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$maker" 20261126 60 "$work/games.binpack" "$work/games.plain" > /dev/null || exit 1
case $(basename "$test") in
    *bin_damage*) "$test" "$work" "$work/games.binpack" ;;
    *) "$test" "$work" "$work/games.binpack" "$work/games.plain" ;;
esac
