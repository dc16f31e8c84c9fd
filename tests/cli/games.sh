#!/usr/bin/env bash
# seebatch eval --games: every move of each game scored as played, on the
# position it was played in (issue 68). Games as UCI position commands,
# "FEN;moves" lines and pgn-extract -Wuci's output (tags, then the move line
# and its result; written here as it writes them: tests/cli/pgn_pipeline.sh
# runs pgn-extract itself); records in text, csv and jsonl; tags on request;
# faults named by line and game, a game scored up to its bad ply, raw PGN
# named with its conversion, the other games still scored. Values are
# worked out by hand (classic values: P100 N325 B325 R500 Q1000).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# A game: 3.exf6 takes en passant (g7xf6 takes back: 0), 4.fxg7 (the bishop
# takes back: 0), 5.gxh8=N takes a rook that nothing avenges (500), and
# both sides castle.
game='e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 c8e6 g7h8n d8d7 g1f3 e8c8 f1e2 e6g4 e1g1'
printf 'position startpos moves %s\n' "$game" | "$tool" eval --games > "$work/out" 2> "$work/err"
expect "a UCI game: exit 0, no message" "$?$(cat "$work/err")" "0"
expect "a UCI game: a record a move" "$(cat "$work/out")" "1;1;e2e4;0;0
1;2;d7d5;0;0
1;3;e4e5;0;0
1;4;f7f5;0;0
1;5;e5f6;0;1
1;6;b8c6;0;0
1;7;f6g7;0;1
1;8;c8e6;0;0
1;9;g7h8n;500;1
1;10;d8d7;0;0
1;11;g1f3;0;0
1;12;e8c8;0;0
1;13;f1e2;0;0
1;14;e6g4;0;0
1;15;e1g1;0;0"

# The same game three ways: a FEN and its moves, pgn-extract's move line with
# its result, and its tags with a FEN; plies from the FEN's move number.
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
{
    printf '%s;%s\n' "$start" "$game"
    printf '[Event "Club \\"open\\"; round 1"]\n[White "Alpha"]\n[Black "Beta"]\n[Result "1-0"]\n\n'
    printf '%s 1-0\n\n' "$game"
    printf '[Event "From a FEN"]\n[SetUp "1"]\n[FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40"]\n\n'
    printf 'e5d6 e8d7 *\n\n'
    printf '[Event "No moves"]\n\n*\n'
} > "$work/games.txt"
"$tool" eval --games "$work/games.txt" > "$work/out" 2> "$work/err"
expect "three forms: exit 0" "$?" "0"
expect "the FEN line is game 1, as the UCI line" "$(grep '^1;' "$work/out" | md5sum)" \
    "$(printf 'position startpos moves %s\n' "$game" | "$tool" eval --games | md5sum)"
expect "the move line is game 2, the same moves" "$(grep '^2;' "$work/out" | cut -d';' -f2-)" \
    "$(grep '^1;' "$work/out" | cut -d';' -f2-)"
expect "the FEN tag's game: plies 79, 80, en passant" "$(grep '^3;' "$work/out")" "3;79;e5d6;100;1
3;80;e8d7;0;0"
expect "the game of no move: a note" "$(cat "$work/err")" \
    "seebatch eval: 1 of 4 games had no move: no record written for it"

"$tool" eval --games --tags Event,White,Round "$work/games.txt" > "$work/out" 2> /dev/null
expect "tags in text (a ';' shown as '?'; none: empty)" "$(sed -n '1p;16p;31p' "$work/out")" \
    "1;;;;1;e2e4;0;0
2;Club \"open\"? round 1;Alpha;;1;e2e4;0;0
3;From a FEN;;;79;e5d6;100;1"
"$tool" eval --games --tags Event,White --format csv "$work/games.txt" > "$work/out" 2> /dev/null
expect "tags in csv" "$(sed -n '1p;17p' "$work/out")" "game,Event,White,ply,move,value,capture
2,\"Club \"\"open\"\"; round 1\",Alpha,1,e2e4,0,0"
"$tool" eval --games --tags Event --format jsonl "$work/games.txt" > "$work/out" 2> /dev/null
expect "tags in jsonl" "$(sed -n '16p;31p' "$work/out")" \
    "{\"game\":2,\"tags\":{\"Event\":\"Club \\\"open\\\"; round 1\"},\"ply\":1,\"move\":\"e2e4\",\"value\":0,\"capture\":false}
{\"game\":3,\"tags\":{\"Event\":\"From a FEN\"},\"ply\":79,\"move\":\"e5d6\",\"value\":100,\"capture\":true}"
"$tool" eval --games --format jsonl "$work/games.txt" > "$work/out" 2> /dev/null
expect "jsonl without tags" "$(sed -n '9p' "$work/out")" \
    "{\"game\":1,\"ply\":9,\"move\":\"g7h8n\",\"value\":500,\"capture\":true}"
expect "-j 2 reads games in order, as one thread" \
    "$("$tool" eval --games -j 2 --tags Event "$work/games.txt" 2> /dev/null | md5sum)" \
    "$("$tool" eval --games -j 1 --tags Event "$work/games.txt" 2> /dev/null | md5sum)"

# Several files: the file's name first, games from 1 in each.
printf 'position startpos moves e2e4 d7d5 e4d5\n' > "$work/a.txt"
printf 'position startpos moves d2d4\n' > "$work/b.txt"
(cd "$work" && "$tool" eval --games a.txt b.txt) > "$work/out"
expect "several files" "$(cat "$work/out")" "a.txt;1;1;e2e4;0;0
a.txt;1;2;d7d5;0;0
a.txt;1;3;e4d5;0;1
b.txt;1;1;d2d4;0;0"
(cd "$work" && "$tool" eval --games --format csv a.txt b.txt) > "$work/out"
expect "several files, csv" "$(sed -n '1,2p' "$work/out")" "file,game,ply,move,value,capture
a.txt,1,1,e2e4,0,0"

# Faults: named by line and game. A game stops at its first move that cannot
# be played, its plies before it scored and the bad ply named as the records
# number it (issue 83); a game whose start cannot be read is refused whole;
# the others are scored and numbered as they stand in the input.
{
    printf 'position startpos moves e2e4 e7e5 e4e5\n'      # a pawn onto a pawn
    printf 'position startpos moves e2e4 e7e5 d7d6 g1f3 1-0\n' # black's move, white to move
    printf '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n'           # no king
    printf 'e2e4\n'
    printf '[Event "no close\n'                            # a tag written wrong
    printf 'position startpos moves d2d4 d7d5 c2c4 d5c4\n'
    printf 'kK6/8/8/8/8/8/8/8 w - - 0 1;b8a8\n'            # kings side by side
} > "$work/bad.txt"
"$tool" eval --games "$work/bad.txt" > "$work/out" 2> "$work/err"
expect "faults: exit 1" "$?" "1"
expect "faults: named" "$(sed "s|^seebatch eval: $work/bad.txt: ||" "$work/err")" \
"line 1: game 1: ply 3 (e4e5): move \"e4e5\": the white pawn on e4 cannot reach e5: it captures diagonally, not straight ahead; plies 1 to 2 scored, ply 3 not
line 2: game 2: ply 3 (d7d6) is not legal; plies 1 to 2 scored, plies 3 to 4 not
line 4: game 3: its FEN tag (line 3): impossible position: no white king (--allow-impossible evaluates it)
line 5: a PGN tag is written [Name \"value\"]
line 7: game 5: impossible position: the kings stand side by side (b8, a8) (--allow-impossible evaluates it)
seebatch eval: 2 of 5 games stopped at a ply that cannot be played: scored up to it (4 plies), none after"
# (2.c4 offers the pawn: -100 for it, 2...dxc4 takes it: +100)
expect "faults: games 1 and 2 up to their fault, game 4 whole" "$(cat "$work/out")" "1;1;e2e4;0;0
1;2;e7e5;0;0
2;1;e2e4;0;0
2;2;e7e5;0;0
4;1;d2d4;0;0
4;2;d7d5;0;0
4;3;c2c4;-100;0
4;4;d5c4;100;1"
"$tool" eval --games --allow-impossible "$work/bad.txt" > "$work/out" 2> "$work/err"
expect "--allow-impossible: the king taken" "$(grep -c '^5;1;b8a8;0;1$' "$work/out")" "1"

# The game of issue 83: four legal plies, then the king two squares at once.
printf 'position startpos moves e2e4 d7d5 e4d5 d8d5 e1e3\n' |
    "$tool" eval --games --format csv > "$work/out" 2> "$work/err"
expect "a king's leap: exit 1" "$?" "1"
expect "a king's leap: the four plies before it (3.exd5 wins a pawn, 3...Qxd5 takes back)" \
    "$(cat "$work/out")" "game,ply,move,value,capture
1,1,e2e4,0,0
1,2,d7d5,0,0
1,3,e4d5,0,1
1,4,d8d5,100,1"
expect "a king's leap: ply 5 named, its text and why" "$(head -1 "$work/err")" \
    "seebatch eval: standard input: line 1: game 1: ply 5 (e1e3): move \"e1e3\": the king on e1 cannot reach e3: it moves by a step of one square; plies 1 to 4 scored, ply 5 not"
# From a FEN tag the plies are the records': move 40, white to move, is ply 79.
printf '[FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40"]\ne5d6 e8d7 d6d7 e1e2 *\n' |
    "$tool" eval --games > "$work/out" 2> "$work/err"
expect "from a FEN tag: plies 79 and 80 scored" "$(cut -d';' -f2,3 "$work/out" | tr '\n' ' ')" \
    "79;e5d6 80;e8d7 "
expect "from a FEN tag: ply 81 named" "$(head -1 "$work/err" | sed 's/.*game 1: //')" \
    "ply 81 (d6d7): move \"d6d7\": the white pawn on d6 cannot reach d7: it captures diagonally, not straight ahead; plies 79 to 80 scored, plies 81 to 82 not"

# Raw PGN where pgn-extract -Wuci's move lines belong: named as PGN, with the
# conversion, once a game (its movetext lines after the first are its own,
# not games); a UCI line that turns to SAN is scored up to it.
{
    printf '[Event "raw"]\n[White "Alpha"]\n\n'
    printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n4. Ba4 Nf6 5. O-O Be7\n{a comment} 6. Re1 1-0\n\n'
    printf '[Event "mixed"]\n\ne2e4 e7e5 Nf3 Nc6 *\n'
    printf 'position startpos moves d2d4\n'
} > "$work/raw.pgn"
"$tool" eval --games "$work/raw.pgn" > "$work/out" 2> "$work/err"
expect "raw PGN: exit 1" "$?" "1"
convert="convert the PGN first: pgn-extract -Wuci --quiet G.pgn | seebatch eval --games (Debian package pgn-extract, installed as /usr/games/pgn-extract)"
expect "raw PGN: each game named once, with the conversion" \
    "$(sed "s|^seebatch eval: $work/raw.pgn: ||" "$work/err")" \
    "line 4: game 1: ply 1 (1.) is PGN movetext (a move number), not a UCI move: $convert
line 10: game 2: ply 3 (Nf3) is PGN movetext (a move in SAN), not a UCI move: $convert; plies 1 to 2 scored
seebatch eval: 2 of 3 games were raw PGN, not UCI moves: convert them with pgn-extract -Wuci"
expect "raw PGN: the plies before SAN, and the game after, scored" "$(cut -d';' -f1-3 "$work/out")" \
    "2;1;e2e4
2;2;e7e5
3;1;d2d4"

# A FEN tag that cannot be read (longer than 65536 bytes, no closing ']',
# no name read) leaves the game's start unknown: the game is refused whole,
# never scored from the start position (issue 76); a tag of another name
# that cannot be read leaves the start known.
{
    printf '[Event "long"]\n[FEN "%s"]\ne2e4\n' "$(head -c 70000 /dev/zero | tr '\0' 'x')"
    printf '[Event "open"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"\ne2e4\n'
    printf '[Event "nameless"]\n[ "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\ne2e4\n'
    printf '[Event "good"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\ne1d2\n'
    printf '[Event "no close\ne2e4 d7d5 e4d5\n'
} > "$work/fen_tags.txt"
"$tool" eval --games --tags Event,FEN,SetUp "$work/fen_tags.txt" > "$work/out" 2> "$work/err"
expect "unread FEN tags: exit 1" "$?" "1"
expect "unread FEN tags: each game named" "$(sed "s|^seebatch eval: $work/fen_tags.txt: ||" "$work/err")" \
"line 2: longer than 65536 bytes
line 3: game 1: line 2, before its moves, is longer than 65536 bytes, perhaps its FEN tag: where the game starts is not known
line 5: a PGN tag is written [Name \"value\"]
line 6: game 2: line 5, before its moves, is a FEN tag that cannot be read: where the game starts is not known
line 8: a PGN tag is written [Name \"value\"]
line 9: game 3: line 8, before its moves, is a tag whose name cannot be read, perhaps its FEN tag: where the game starts is not known
line 14: a PGN tag is written [Name \"value\"]"
expect "unread FEN tags: only the games whose start is known scored" \
    "$(cut -d';' -f1,2,4- "$work/out")" "4;good;1;1;e1d2;0;0
5;;;1;e2e4;0;0
5;;;2;d7d5;0;0
5;;;3;e4d5;0;1"

# Options that do not go together.
"$tool" eval --games --line-numbers "$work/a.txt" > /dev/null 2> "$work/err"
expect "--games --line-numbers: exit 2" "$?$(grep -c 'numbers each game' "$work/err")" "21"
"$tool" eval --tags White "$work/a.txt" > /dev/null 2> "$work/err"
expect "--tags alone: exit 2" "$?$(grep -c 'give --games too' "$work/err")" "21"
"$tool" eval --games --tags "White,,Black" "$work/a.txt" > /dev/null 2> "$work/err"
expect "--tags with an empty name: exit 2" "$?" "2"
"$tool" eval --games --input-format plain "$work/a.txt" > /dev/null 2> "$work/err"
expect "--games of training data: exit 2" "$?$(grep -c 'holds training data' "$work/err")" "21"

finish games
