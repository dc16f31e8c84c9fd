#!/usr/bin/env bash
# seebatch perft --divide: each root move's node count at depth - 1, sorted
# by its UCI text, a blank line, "Nodes searched: TOTAL" (Stockfish's "go
# perft" layout). Against published per-move counts: the start position at
# depth 3 (8,902) and Kiwipete at depth 3 (97,862), each move's count as
# Stockfish's "go perft 3" prints it (the Chess Programming Wiki's totals).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

start_divide='a2a3: 380
a2a4: 420
b1a3: 400
b1c3: 440
b2b3: 420
b2b4: 421
c2c3: 420
c2c4: 441
d2d3: 539
d2d4: 560
e2e3: 599
e2e4: 600
f2f3: 380
f2f4: 401
g1f3: 440
g1h3: 400
g2g3: 420
g2g4: 421
h2h3: 380
h2h4: 420

Nodes searched: 8902'
expect "start position, depth 3" "$("$tool" perft --divide --depth 3)" "$start_divide"
expect "--divide after the FEN, --depth=3" \
    "$("$tool" perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --depth=3 --divide)" \
    "$start_divide"

kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
kiwipete_divide='a1b1: 1969
a1c1: 1968
a1d1: 1885
a2a3: 2186
a2a4: 2149
b2b3: 1964
c3a4: 2203
c3b1: 2038
c3b5: 2138
c3d1: 2040
d2c1: 1963
d2e3: 2136
d2f4: 2000
d2g5: 2134
d2h6: 2019
d5d6: 1991
d5e6: 2241
e1c1: 1887
e1d1: 1894
e1f1: 1855
e1g1: 2059
e2a6: 1907
e2b5: 2057
e2c4: 2082
e2d1: 1733
e2d3: 2050
e2f1: 2060
e5c4: 1880
e5c6: 2027
e5d3: 1803
e5d7: 2124
e5f7: 2080
e5g4: 1878
e5g6: 1997
f3d3: 2005
f3e3: 2174
f3f4: 2132
f3f5: 2396
f3f6: 2111
f3g3: 2214
f3g4: 2169
f3h3: 2360
f3h5: 2267
g2g3: 1882
g2g4: 1843
g2h3: 1970
h1f1: 1929
h1g1: 2013

Nodes searched: 97862'
"$tool" perft --divide --depth 3 "$kiwipete" > "$work/kiwipete"
expect "kiwipete depth 3: exit" "$?" "0"
expect "kiwipete depth 3" "$(cat "$work/kiwipete")" "$kiwipete_divide"

# At every depth the lines sum to the total, which is plain perft's count,
# and there is one line per legal move (perft at depth 1).
for depth in 1 2 4; do
    "$tool" perft --divide --depth $depth "$kiwipete" > "$work/divided"
    sum=$(awk -F': ' '/^[a-h][1-8][a-h][1-8][qrbn]?: / {s += $2} END {print s}' "$work/divided")
    total=$(sed -n 's/^Nodes searched: //p' "$work/divided")
    expect "kiwipete depth $depth: the lines sum to the total" "$sum" "$total"
    expect "kiwipete depth $depth: the total is perft's" "$total" \
        "$("$tool" perft --depth $depth "$kiwipete")"
    expect "kiwipete depth $depth: a line per move" "$(grep -c ': ' "$work/divided")" \
        "$(( $("$tool" perft --depth 1 "$kiwipete") + 1 ))"
done
# Promotions are written with their piece, each its own line.
expect "promotions by their piece" "$("$tool" perft --divide --depth 1 '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1' | grep -c '^b7b8[qrbn]: 1$')" "4"
# A position with no move: no line, a total of 0.
expect "stalemate" "$("$tool" perft --divide --depth 2 'k7/8/1QK5/8/8/8/8/8 b - - 0 1')" "
Nodes searched: 0"
"$tool" perft --divide --depth 0 > /dev/null 2> "$work/err"
expect "depth 0: usage error" "$?" "2"
expect "depth 0: says why" "$(cat "$work/err")" \
    "seebatch perft: --divide splits the count by the first move: it needs --depth 1 or more (see seebatch perft --help)"
# The side not to move in check: no game reaches it, so there is no legal
# move tree to count; refused (exit 2) with or without --divide, for either
# colour; the same king checked with its own side to move is counted.
for fen in '4k3/8/8/8/8/8/8/4R1K1 w - - 0 1;black;white' '4K3/8/8/8/8/8/8/4r1k1 b - - 0 1;white;black' \
    '4k3/8/8/8/1b6/8/8/4K3 b - - 0 1;white;black'; do
    IFS=';' read -r position checked mover <<< "$fen"
    for divide in "" --divide; do
        "$tool" perft $divide --depth 2 "$position" > "$work/out" 2> "$work/err"
        expect "$position $divide: refused" "$?" "2"
        expect "$position $divide: says why" "$(cat "$work/err")" \
            "seebatch perft: $checked is in check with $mover to move: no game reaches such a position, so it has no legal move tree (see seebatch perft --help)"
        expect "$position $divide: nothing counted" "$(cat "$work/out")" ""
    done
done
expect "in check, its own side to move: counted" "$("$tool" perft --depth 1 '4k3/8/8/8/8/8/8/4R1K1 b - - 0 1')" "4"

# Chess960: castling written as the king taking its rook (g1h1: the king
# stays on g1; g1a1: it goes to c1), as Stockfish 15.1 with UCI_Chess960
# prints "go perft 2" here, move for move; X-FEN and Shredder-FEN alike.
chess960_divide='a1a2: 23
a1a3: 22
a1a4: 21
a1a5: 20
a1a6: 19
a1a7: 17
a1a8: 3
a1b1: 3
a1c1: 21
a1d1: 24
a1e1: 24
a1f1: 24
g1a1: 24
g1f1: 24
g1f2: 24
g1g2: 24
g1h1: 23
h1h2: 23
h1h3: 22
h1h4: 21
h1h5: 20
h1h6: 19
h1h7: 16
h1h8: 2

Nodes searched: 463'
expect "Chess960, X-FEN" "$("$tool" perft --divide --depth 2 'rk5r/8/8/8/8/8/8/R5KR w KQkq - 0 1')" \
    "$chess960_divide"
expect "Chess960, Shredder-FEN" \
    "$("$tool" perft --divide --depth 2 'rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1')" "$chess960_divide"
# The issue's position: X-FEN's rights were dropped (12139), Shredder-FEN refused.
for castling in KQkq HFhf; do
    expect "the published suite's first position, $castling" \
        "$("$tool" perft --depth 3 "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w $castling - 2 9")" \
        "12189"
done
finish "cli perft_divide"
