#!/usr/bin/env bash
# UCI position commands as input lines of eval and check (issue 61: they
# were refused as EPD opcodes): the position after the moves, its records
# those of its FEN (written as the FEN), moves after ';' as after a FEN, and
# a bad move named by line and index.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
after='rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2'
printf '%s\n' "position startpos moves e2e4 d7d5" \
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 d7d5" \
    "  position startpos   moves e2e4 d7d5  ;e4d5 d1h5" > "$work/uci.txt"
"$tool" eval "$work/uci.txt" > "$work/out" 2> "$work/err"
expect "eval: exit" "$?" "0"
expect "eval: the records of the position after the moves" "$(cat "$work/out")" \
    "$after;e4d5;0
$after;e4d5;0
$after;e4d5;0
$after;d1h5;0"
expect "eval: as its FEN gives" "$(head -n 2 "$work/out")" "$(printf '%s\n%s\n' "$after" "$after" | "$tool" eval)"
"$tool" check --no-oracle "$work/uci.txt" > /dev/null 2> "$work/err"
expect "check: exit" "$?" "0"

# A game longer than any FEN: 50 moves of knights, then a capture.
game="position startpos moves"
for i in $(seq 1 12); do game="$game g1f3 g8f6 f3g1 f6g8"; done
game="$game e2e4 d7d5"
expect "a long game" "$(printf '%s\n' "$game" | "$tool" eval)" \
    "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 26;e4d5;0"

printf '%s\n' "position startpos moves e2e4 e7e5 e4e5" "position startpos moves e2e4 d7d5" \
    "position startpos moves e2e4 e7e6 e2e4" "position midgame" > "$work/bad.txt"
"$tool" eval "$work/bad.txt" > "$work/out" 2> "$work/err"
expect "bad moves: exit 1" "$?" "1"
expect "bad moves: named by line and index" "$(cat "$work/err")" \
    "seebatch eval: $work/bad.txt: line 1: UCI position: move 3 (e4e5): move \"e4e5\": the white pawn on e4 cannot reach e5: it captures diagonally, not straight ahead
seebatch eval: $work/bad.txt: line 3: UCI position: move 3 (e2e4): move \"e2e4\": no piece on e2
seebatch eval: $work/bad.txt: line 4: UCI position: \"midgame\" where startpos or fen belongs"
expect "bad moves: the good line still read" "$(cat "$work/out")" "$after;e4d5;0"

# "moves" with none after it is the position itself (as Stockfish reads it);
# castling in both UCI forms, the king's two files and the king taking its
# rook (UCI_Chess960's), in standard chess and Chess960 (X-FEN or Shredder-FEN).
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect "empty moves: read (no capture)" "$(printf '%s\n' "position startpos moves" \
    "position fen $start moves" | "$tool" eval 2>&1; echo "exit $?")" \
    "seebatch eval: 2 of 2 positions gave no capture or promotion: no record written for them
exit 0"
printf '%s\n' "position startpos moves ;e2e4" "position startpos moves   ;e2e4" > "$work/empty.txt"
expect "empty moves: the start position" "$("$tool" eval "$work/empty.txt" 2>&1)" \
    "$start;e2e4;0
$start;e2e4;0"
castled='2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2'
printf '%s\n' "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8;a1a8" \
    "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1 e8a8;a1a8" > "$work/castling.txt"
expect "castling both ways" "$("$tool" eval "$work/castling.txt" 2>&1)" \
    "$castled;a1a8;0
$castled;a1a8;0"
printf '%s\n' "position fen rk5r/8/8/8/8/8/8/R5KR w KQkq - 0 1 moves g1a1;d1d8" \
    "position fen rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1 moves g1a1;d1d8" > "$work/chess960.txt"
expect "Chess960 castling" "$("$tool" eval "$work/chess960.txt" 2>&1)" \
    "rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1;d1d8;-500
rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1;d1d8;-500"

finish uci_lines
