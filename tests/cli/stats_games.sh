#!/usr/bin/env bash
# seebatch stats counts games across the blocks a binpack chunk is decoded
# in and across chunks (issue 37's planted bugs): a game longer than one
# decoded block (4,096 entries) inside one chunk is one game; a chunk
# whose first entry repeats the ply of the chunk before's last starts a
# game (the ply does not rise), as it would inside one chunk, while a
# chunk whose first ply rises continues it. Binpacks are joined with cat,
# each written by the tool from plain text.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# plies FIRST LAST RESULT: one plain block per ply, kings only, white to
# move (so the result is white's), no two entries a chain.
plies() {
    awk -v first="$1" -v last="$2" -v result="$3" 'BEGIN {
        for (p = first; p <= last; p++)
            printf "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmove e1d1\nscore 0\nply %d\nresult %d\ne\n", p, result
    }'
}
binpack() { # binpack NAME: NAME.plain written as NAME.binpack, one chunk
    "$tool" filter "$work/$1.plain" --output-format binpack --output "$work/$1.binpack" 2> /dev/null
    expect "$1: one chunk" "$("$tool" stats "$work/$1.binpack" | sed -n 's/^chunks: //p')" "1"
}
stat() { # stat NAME FILE [OPTIONS]: the count NAME of FILE
    local name=$1 file=$2
    shift 2
    "$tool" stats "$@" "$file" | sed -n "s/^$name: //p"
}

# One game of 10,000 plies, drawn, in one chunk: two full decoded blocks
# and part of a third.
plies 1 10000 0 > "$work/long.plain"
binpack long
expect "long game: entries" "$(stat entries "$work/long.binpack")" "10000"
for j in 1 2; do
    expect "long game, -j $j: one game" "$(stat games "$work/long.binpack" -j $j)" "1"
    expect "long game, -j $j: drawn" "$(stat "games drawn" "$work/long.binpack" -j $j)" "1"
done
expect "long game, plain: one game" "$(stat games "$work/long.plain")" "1"
# A second game starting inside the second block: two.
{ plies 1 5000 0; plies 1 3000 1; } > "$work/two.plain"
binpack two
expect "two games in one chunk" "$(stat games "$work/two.binpack")" "2"
expect "two games in one chunk: white won one" "$(stat "games won by white" "$work/two.binpack")" "1"

# Chunks joined by cat: the first ends at ply 10.
plies 1 10 0 > "$work/first.plain"
plies 10 20 0 > "$work/same_ply.plain"   # starts at ply 10 again: a new game
plies 11 20 0 > "$work/rising.plain"     # goes on at ply 11: the same game
plies 11 20 1 > "$work/won.plain"        # goes on at ply 11, but won: a new game
for name in first same_ply rising won; do
    binpack $name
done
joined() { # joined NAME A B GAMES: A.binpack and B.binpack joined hold GAMES games, at -j 1 and 2, as their plain text does
    cat "$work/$2.binpack" "$work/$3.binpack" > "$work/joined.binpack"
    cat "$work/$2.plain" "$work/$3.plain" > "$work/joined.plain"
    expect "$1: $4 games" "$(stat games "$work/joined.binpack")" "$4"
    expect "$1, -j 2: $4 games" "$(stat games "$work/joined.binpack" -j 2)" "$4"
    expect "$1, plain: $4 games" "$(stat games "$work/joined.plain")" "$4"
}
joined "the same ply again" first same_ply 2
joined "the ply rising" first rising 1
joined "the ply rising, the result changed" first won 2
joined "a file joined to itself" first first 2
joined "the long game joined to itself" long long 2
finish "cli stats_games"
