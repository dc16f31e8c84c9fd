#!/usr/bin/env bash
# Input no game gives, named rather than scored (issue 68): a move its piece
# cannot make (a slider through a piece, a knight's impossible jump, a pawn
# backwards, castling without the right) and a position no game reaches (no
# king, kings side by side, the side not to move in check, a pawn on rank 1
# or 8, a castling right or en passant square with nothing behind it, a
# check no last move gives), in
# eval, check and filter's EPD lines; --allow-impossible evaluates such
# positions. A position with no capture writes no record: a note at the end
# says how many.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

# ---- moves their pieces cannot make
printf '%s;h1h3\n%s;a1a8\n%s;b1b3\n%s;e1g1\n%s;e5d7\n' "$kiwipete" "$kiwipete" \
    "$kiwipete" "4k3/8/8/8/8/8/8/4K2R w - - 0 1" "$kiwipete" > "$work/moves"
"$tool" eval "$work/moves" > "$work/out" 2> "$work/err"
expect "impossible moves: exit 1" "$?" "1"
expect "impossible moves: the good line scored" "$(cat "$work/out")" "$kiwipete;e5d7;-225"
expect "impossible moves: named" "$(sed "s|$work/||" "$work/err")" \
"seebatch eval: moves: line 1: move \"h1h3\": the rook on h1 cannot reach h3: h2 is in the way (move 1 of the line)
seebatch eval: moves: line 2: move \"a1a8\": the rook on a1 cannot reach a8: a2 is in the way (move 1 of the line)
seebatch eval: moves: line 3: move \"b1b3\": no piece on b1 (move 1 of the line)
seebatch eval: moves: line 4: move \"e1g1\": the king on e1 cannot castle with the rook on h1: white has no kingside castling right (move 1 of the line)"
printf '%s;e2e4 e5f7 f3f6 f3f8\n' "$kiwipete" | "$tool" eval > "$work/out" 2> "$work/err"
expect "the second bad move of a line named" "$(cat "$work/err")" \
    "seebatch eval: standard input: line 1: move \"e2e4\": the to-square e4 holds a white piece, the same colour as the bishop on e2 (move 1 of the line)"
printf '%s;e5f7 f3f8\n' "$kiwipete" | "$tool" eval > "$work/out" 2> "$work/err"
expect "a queen through f6 and f7" "$(cat "$work/err")" \
    "seebatch eval: standard input: line 1: move \"f3f8\": the queen on f3 cannot reach f8: f6 is in the way (move 2 of the line)"
printf '%s;h1h3\n' "$kiwipete" | "$tool" check --no-oracle --preset classic > "$work/out" 2> "$work/err"
expect "check refuses it too" "$?$(grep -c 'the rook on h1 cannot reach h3' "$work/err")" "11"

# ---- positions no game reaches
{
    printf 'k7/8/8/8/8/8/8/R3K3 w KQ - 0 1\n'     # a right with no h1 rook (and Ra1 checks)
    printf 'kK6/8/8/8/8/8/8/8 w - - 0 1\n'        # kings side by side
    printf 'kK6/8/8/8/8/8/8/8 w - - 0 1;b8a8\n'   # the king taken
    printf 'P3k3/8/8/8/8/8/8/4K3 w - - 0 1\n'     # a pawn on the eighth rank
    printf '8/8/8/3q4/4P3/8/8/8 w - - 0 1\n'      # no king
    printf '4k3/8/8/8/8/8/8/4K3 w - d6 0 1\n'     # en passant with no pawn past it
    printf '4k3/8/8/8/8/8/8/4R1K1 w - - 0 1\n'    # black in check, white to move
    printf 'position fen kK6/8/8/8/8/8/8/8 w - - 0 1\n'
    printf 'position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves h1h2\n' # real, then moves
    printf '4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "x";\n'
    printf '4kK2/8/8/8/8/8/8/8 b - - bm Kd7;\n'
} > "$work/positions"
"$tool" eval "$work/positions" > "$work/out" 2> "$work/err"
expect "impossible positions: exit 1" "$?" "1"
expect "impossible positions: named" "$(sed "s|^seebatch eval: $work/positions: ||" "$work/err")" \
"line 1: impossible position: castling right K with no white rook on h1 (--allow-impossible evaluates it)
line 2: impossible position: the kings stand side by side (b8, a8) (--allow-impossible evaluates it)
line 3: impossible position: the kings stand side by side (b8, a8) (--allow-impossible evaluates it)
line 4: impossible position: a pawn on the first or last rank (a8) (--allow-impossible evaluates it)
line 5: impossible position: no white king (--allow-impossible evaluates it)
line 6: impossible position: en passant square d6, but no black pawn has just moved from d7 to d5 (it must stand on d5, d7 and d6 empty) (--allow-impossible evaluates it)
line 7: impossible position: black is in check with white to move (the king on e8, by the rook on e1) (--allow-impossible evaluates it)
line 8: UCI position: impossible position: the kings stand side by side (b8, a8) (--allow-impossible evaluates it)
line 11: impossible position: the kings stand side by side (e8, f8) (--allow-impossible evaluates it)
seebatch eval: 2 of 2 positions gave no capture or promotion: no record written for them"
expect "impossible positions: none scored" "$(cat "$work/out")" ""

"$tool" eval --allow-impossible "$work/positions" > "$work/out" 2> "$work/err"
expect "--allow-impossible: exit 0" "$?" "0"
expect "--allow-impossible: the king taken, as the issue found it (lines 2, 3, 8)" \
    "$(grep -c '^kK6/8/8/8/8/8/8/8 w - - 0 1;b8a8;0$' "$work/out")" "3"
expect "--allow-impossible: no king, exd5" "$(grep -c '^8/8/8/3q4/4P3/8/8/8 w - - 0 1;e4d5;1000$' "$work/out")" "1"
expect "--allow-impossible: the note" "$(cat "$work/err")" \
    "seebatch eval: 4 of 11 positions gave no capture or promotion: no record written for them"

# Checks no last move gives (issue 76: the first two were scored), read by
# each FEN reader: a plain FEN, a FEN;moves line, a UCI position and an EPD.
{
    printf '4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1\n'           # two pawns
    printf 'R3k3/8/3N4/8/8/8/8/4RK2 b - - 0 1\n'           # three checkers
    printf '4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1;e8d8\n'      # two knights
    printf 'position fen 4k3/8/8/8/r3K2r/8/8/8 w - - 0 1\n' # rooks on one line with it
    printf '4k3/8/8/3pP3/1b6/8/8/4K3 w - d6 bm exd6;\n'     # checked before the push
    printf '4k3/7b/8/3p4/4K3/8/8/8 w - - 0 1\n'            # issue 83: no move gives both
    printf 'position fen 4k3/8/8/3p4/4K2r/8/8/8 w - - 0 1\n'
    printf '4k3/8/8/8/8/2b5/5p2/4K1N1 w - - bm Kxf2;\n'
    printf '4k3/8/8/8/8/8/3b4/r3K3 w - - 0 1\n'            # a real double check (Bc1-d2)
} > "$work/checks"
"$tool" eval "$work/checks" > "$work/out" 2> "$work/err"
expect "impossible checks: exit 1" "$?" "1"
expect "impossible checks: named" "$(sed "s|^seebatch eval: $work/checks: ||" "$work/err")" \
"line 1: impossible position: the black king on e8 is in check from the pawn on d7 and the pawn on f7: no move checks with two pawns, knights or kings at once (--allow-impossible evaluates it)
line 2: impossible position: the black king on e8 is in check from the rook on e1, the knight on d6 and the rook on a8: no move gives more than two checks (--allow-impossible evaluates it)
line 3: impossible position: the black king on e8 is in check from the knight on d6 and the knight on f6: no move checks with two pawns, knights or kings at once (--allow-impossible evaluates it)
line 4: UCI position: impossible position: the white king on e4 is in check from the rook on a4 and the rook on h4: one each side of it on one line, which no move gives (--allow-impossible evaluates it)
line 5: impossible position: the white king on e1 is in check from the bishop on b4: the en passant square says black's last move was d7d5, and the king was in check before it, from the bishop on b4 (--allow-impossible evaluates it)
line 6: impossible position: the white king on e4 is in check from the pawn on d5 and the bishop on h7: no last move gives both (none came from the other's line, f5 or g6, with the king out of check before, nor did en passant open two lines) (--allow-impossible evaluates it)
line 7: UCI position: impossible position: the white king on e4 is in check from the rook on h4 and the pawn on d5: no last move gives both (none came from the other's line, f4 or g4, with the king out of check before, nor did en passant open two lines) (--allow-impossible evaluates it)
line 8: impossible position: the white king on e1 is in check from the pawn on f2 and the bishop on c3: no last move gives both (none came from the other's line, d2, with the king out of check before, nor did en passant open two lines) (--allow-impossible evaluates it)"
expect "impossible checks: the real double check scored" "$(cat "$work/out")" \
    "4k3/8/8/8/8/8/3b4/r3K3 w - - 0 1;e1d2;325"
"$tool" eval --allow-impossible "$work/checks" > "$work/out" 2> "$work/err"
expect "impossible checks: --allow-impossible scores the issue's" "$?$(grep -c '^4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1;e8[df]7;100$' "$work/out")" "02"
expect "impossible checks: --allow-impossible scores issue 83's, EPD and UCI alike" \
    "$(grep -c '^4k3/8/8/8/8/2b5/5p2/4K1N1 w - -;e1f2;100$\|^4k3/8/8/3p4/4K2r/8/8/8 w - - 0 1;e4d5;100$' "$work/out")" "2"

printf 'kK6/8/8/8/8/8/8/8 w - - 0 1\n' | "$tool" check --no-oracle --preset classic > "$work/out" 2> "$work/err"
expect "check refuses an impossible position" "$?$(grep -c 'kings stand side by side' "$work/err")" "11"
printf 'kK6/8/8/8/8/8/8/8 w - - 0 1\n' | "$tool" check --no-oracle --preset classic --allow-impossible > "$work/out" 2> "$work/err"
expect "check --allow-impossible" "$?" "0"
printf 'kK6/8/8/8/8/8/8/8 w - - 0 1\n%s\n' "$kiwipete" > "$work/lines.epd"
"$tool" filter --count-only "$work/lines.epd" > "$work/out" 2> "$work/err"
expect "filter's EPD lines refuse it" "$?$(grep -c 'line 1: impossible position' "$work/err")" "11"
"$tool" filter --count-only --allow-impossible "$work/lines.epd" > "$work/out" 2> "$work/err"
expect "filter --allow-impossible" "$?" "0"

# ---- a position with no capture: no record, a note at the end
printf 'position startpos\n%s\n' "$trace1" | "$tool" eval > "$work/out" 2> "$work/err"
expect "no capture: exit 0" "$?" "0"
expect "no capture: the other position's record" "$(cat "$work/out")" "$trace1;e1e5;100"
expect "no capture: the note" "$(cat "$work/err")" \
    "seebatch eval: 1 of 2 positions gave no capture or promotion: no record written for it"
printf 'position startpos\n' | "$tool" eval --format csv > "$work/out" 2> "$work/err"
expect "no capture: csv keeps its header alone" "$(cat "$work/out")" "fen,move,value"
printf '%s\n' "$trace1" | "$tool" eval > "$work/out" 2> "$work/err"
expect "every position with a capture: no note" "$(cat "$work/err")" ""

# Training data: --all-captures counts the entries whose position has none.
printf 'fen %s\nmove e2e4\nscore 0\nply 0\nresult 0\ne\nfen %s\nmove e1e5\nscore 0\nply 0\nresult 0\ne\n' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' "$trace1" > "$work/two.plain"
"$tool" eval --all-captures "$work/two.plain" > "$work/out" 2> "$work/err"
expect "--all-captures: the other entry's record" "$?$(cut -d';' -f2- "$work/out")" "0e1e5;100"
expect "--all-captures: the note" "$(cat "$work/err")" \
    "seebatch eval: 1 of 2 positions gave no capture or promotion: no record written for it"
"$tool" eval "$work/two.plain" > "$work/out" 2> "$work/err"
expect "each entry's move: a record each, no note" "$(wc -l < "$work/out")$(cat "$work/err")" "2"

finish impossible_input
