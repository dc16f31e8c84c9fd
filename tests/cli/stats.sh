#!/usr/bin/env bash
# seebatch stats on entries written here, whose counts are known by hand:
# every score and ply range at both its ends, games split where the ply
# does not rise or the result (from white's view) changes, the kinds of
# moves, checks; the same counts from plain and from its binpack. (The
# counts of generated games, and chunks and chains, are checked against
# their generator in tests/formats/filter_chains.sh.)
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

block() { # block FEN MOVE SCORE PLY RESULT
    printf 'fen %s\nmove %s\nscore %d\nply %d\nresult %d\ne\n' "$@"
}
kings='4k3/8/8/8/8/8/8/4K3'
# Scores: each range's two ends (32002 apart); plies rise from 1, one game, drawn.
{
    ply=0
    for score in 32002 -32768 -1000 -999 -300 -299 -101 -100 -1 0 1 100 101 299 300 999 1000 32767; do
        ply=$((ply + 1))
        block "$kings w - - 0 1" e1d1 "$score" "$ply" 0
    done
} > "$work/scores.plain"
expect "scores" "$("$tool" stats "$work/scores.plain" | grep '^score ')" "score 32002 (VALUE_NONE): 1
score -32768..-1000: 2
score -999..-300: 2
score -299..-101: 2
score -100..-1: 2
score 0: 1
score 1..100: 2
score 101..299: 2
score 300..999: 2
score 1000..32767: 2"
# The same counts as JSON, each range keyed as the text names it, VALUE_NONE
# by its number alone (issue 68: a key "32002 (VALUE_NONE)" passed, as the
# tests summed the values and read no key); the file's object and the total's.
json_ranges() { # json_ranges KEY: the object under KEY of each line on stdin
    sed 's/.*"'"$1"'":\({[^}]*}\).*/\1/'
}
"$tool" stats --format jsonl "$work/scores.plain" > "$work/scores.jsonl"
scores_json='{"32002":1,"-32768..-1000":2,"-999..-300":2,"-299..-101":2,"-100..-1":2,"0":1,"1..100":2,"101..299":2,"300..999":2,"1000..32767":2}'
expect "scores, jsonl: keyed by range" "$(json_ranges scores < "$work/scores.jsonl")" \
    "$scores_json
$scores_json"
expect "scores: one game, drawn" "$("$tool" stats "$work/scores.plain" | grep '^games')" "games: 1
games won by white: 0
games drawn: 1
games won by black: 0"

# Plies: each range's two ends, rising, so one game; then games that the
# ply (falling, or equal) and the result (from white's view) split.
{
    for ply in 0 9 10 19 20 39 40 79 80 159 160 319 320 16383; do
        block "$kings w - - 0 1" e1d1 0 "$ply" 1            # game 1: white wins
    done
    block "$kings w - - 0 1" e1d1 0 16383 1                 # game 2: the ply does not rise
    block "$kings b - - 0 1" e8d8 0 5 -1                    # game 3: white wins (black to move, -1)
    block "$kings b - - 0 1" e8d8 0 6 -1                    #   the same game
    block "$kings b - - 0 1" e8d8 0 7 1                     # game 4: black wins (the result changed)
    block "$kings w - - 0 1" e1d1 0 8 -1                    #   the same game: black wins
    block "$kings w - - 0 1" e1d1 0 9 0                     # game 5: drawn
} > "$work/plies.plain"
"$tool" stats "$work/plies.plain" > "$work/plies.stats"
expect "plies" "$(grep '^ply ' "$work/plies.stats")" "ply 0..9: 7
ply 10..19: 2
ply 20..39: 2
ply 40..79: 2
ply 80..159: 2
ply 160..319: 2
ply 320..65535: 3"
plies_json='{"0..9":7,"10..19":2,"20..39":2,"40..79":2,"80..159":2,"160..319":2,"320..65535":3}'
expect "plies, jsonl: keyed by range" \
    "$("$tool" stats --format jsonl "$work/plies.plain" | json_ranges plies)" "$plies_json
$plies_json"
expect "games" "$(grep -E '^(entries|games)' "$work/plies.stats")" "entries: 20
games: 5
games won by white: 3
games drawn: 1
games won by black: 1
entries whose side to move won: 16
entries whose side to move drew: 1
entries whose side to move lost: 3"

# Moves and checks: a capture, en passant, a capturing promotion, a
# quiet promotion, castling, and a check.
{
    block '4k3/8/8/3p4/8/8/8/3QK3 w - - 0 10' d1d5 0 1 0     # capture
    block '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 20' e5d6 0 2 0    # en passant (a capture)
    block '1n2k3/P7/8/8/8/8/8/4K3 w - - 0 25' a7b8q 0 3 0    # a capturing promotion
    block '4k3/1P6/8/8/8/8/8/4K3 w - - 0 25' b7b8n 0 4 0     # a promotion
    block '4k3/8/8/8/8/8/8/4K2R w K - 0 30' e1g1 0 5 0       # castling
    block '4k3/8/8/8/8/8/8/r3K3 w - - 0 5' e1e2 0 6 0        # in check
} > "$work/moves.plain"
"$tool" stats "$work/moves.plain" > "$work/moves.stats"
expect "moves" "$(grep -E '^(captures|en passant|promotions|castlings|checks):' "$work/moves.stats")" \
    "captures: 3
en passant: 1
promotions: 2
castlings: 1
checks: 1"

# The binpack of each holds the same: every line but the file's own.
for file in scores plies moves; do
    "$tool" filter "$work/$file.plain" --output-format binpack --output "$work/$file.binpack" 2> /dev/null
    expect "$file: binpack = plain" \
        "$("$tool" stats "$work/$file.binpack" | grep -v '^file\|^chunks\|^chains')" \
        "$("$tool" stats "$work/$file.plain" | grep -v '^file\|^chains')"
done
expect "plain's chains as binpack stores them" \
    "$("$tool" stats "$work/plies.plain" | sed -n 's/^chains if written as binpack: //p')" \
    "$("$tool" stats "$work/plies.binpack" | sed -n 's/^chains: //p')"
expect "usage: stats takes no SEE options" "$("$tool" stats --pins "$work/moves.plain" > /dev/null 2>&1; echo $?)" "2"
finish stats
