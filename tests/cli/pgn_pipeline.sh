#!/usr/bin/env bash
# Games as PGN through pgn-extract (a Debian package, installed by .ci/run),
# the two recipes of docs/tool.md:
# - `pgn-extract -Wepd --quiet games.pgn | seebatch eval -` labels every
#   capture of every position of every game. The games are made up here; the
#   records must be those of the same games given move by move as UCI
#   position commands, which pgn-extract takes no part in;
# - `pgn-extract -Wuci games.pgn | seebatch eval --games` scores every move as
#   played, on tests/data/games.pgn (six games of random legal moves the
#   library played, written as SAN by pgn-extract: promotions to every piece,
#   castling both ways, en passant, a game from a FEN, a comment, a NAG and a
#   variation). Each game's records must number its PlyCount, their capture
#   flags be pgn-extract's own x's (-Wxlalg), and their values those of eval
#   given each move on the position before it as a UCI command.
# Exit 77 (a skip) where pgn-extract is absent.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
if [ -z "$extract" ]; then
    echo "SKIP: pgn-extract is not installed (Debian: apt-get install pgn-extract)"
    exit 77
fi
if [ "$target_system" = Windows ]; then
    echo "SKIP: pgn-extract is a Linux program; the Linux build runs this test"
    exit 77
fi
cat > "$work/games.pgn" <<'PGN'
[Event "Made-up game one"]
[Site "?"]
[Date "????.??.??"]
[Round "1"]
[White "Alpha"]
[Black "Beta"]
[Result "1-0"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 c6
8. Nd5 Qd8 9. Nxf6+ gxf6 10. Bxe6 fxe6 1-0

[Event "Made-up game two"]
[Site "?"]
[Date "????.??.??"]
[Round "2"]
[White "Beta"]
[Black "Alpha"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 dxc4 3. e3 b5 4. a4 c6 5. axb5 cxb5 6. Qf3 Nc6 7. Qxc6+ Bd7
8. Qxa8 Qxa8 1/2-1/2
PGN
"$extract" -Wepd --quiet "$work/games.pgn" > "$work/games.epd" 2> "$work/extract_err"
expect "pgn-extract: exit" "$?" "0"
"$tool" eval - < "$work/games.epd" > "$work/pipe" 2> "$work/err"
expect "eval of the pipeline: exit" "$?" "0"
expect "every position read" "$(grep -c . "$work/games.epd")" "38"
# The positions no record names gave no capture: the note counts them.
without=$(awk -F';' 'NR == FNR { split($1, f, " "); seen[f[1] " " f[2] " " f[3] " " f[4]] = 1; next }
                     NF { split($0, f, " "); if (!((f[1] " " f[2] " " f[3] " " f[4]) in seen)) n++ }
                     END { print n + 0 }' "$work/pipe" "$work/games.epd")
expect "eval of the pipeline: the note of positions with no capture" "$(cat "$work/err")" \
    "seebatch eval: $without of 38 positions gave no capture or promotion: no record written for them"

# The same games as UCI commands, one a ply (the start position too).
uci_lines() { # uci_lines MOVES...: "position startpos[ moves m1 .. mk]" for k = 0..n
    local line="position startpos" first=1
    echo "$line"
    for move in "$@"; do
        if [ $first = 1 ]; then line="$line moves"; first=0; fi
        line="$line $move"
        echo "$line"
    done
}
{ uci_lines e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c8f5 f1c4 e7e6 c1d2 c7c6 \
      c3d5 a5d8 d5f6 g7f6 c4e6 f7e6
  uci_lines d2d4 d7d5 c2c4 d5c4 e2e3 b7b5 a2a4 c7c6 a4b5 c6b5 d1f3 b8c6 f3c6 c8d7 \
      c6a8 d8a8; } > "$work/games.uci"
"$tool" eval "$work/games.uci" > "$work/uci" 2> "$work/err"
expect "eval of the UCI lines: exit, the same note" "$?$(cat "$work/err")" \
    "0seebatch eval: $without of 38 positions gave no capture or promotion: no record written for them"
# EPD records are written by their four fields; the FENs of the UCI lines
# have the clocks too: compare the four fields, the move and the value.
four_fields() { awk -F';' '{ split($1, f, " "); print f[1] " " f[2] " " f[3] " " f[4] ";" $2 ";" $3 }' "$1"; }
expect "the records of every capture, as the games give them" "$(four_fields "$work/pipe")" \
    "$(four_fields "$work/uci")"
expect "captures labelled" "$([ "$(wc -l < "$work/pipe")" -gt 50 ] && echo many)" "many"
# The capture 9...gxf6 recaptures: a knight (325, classic values) won for nothing.
expect "a known capture" "$(grep -c ';g7f6;325$' "$work/pipe")" "1"

# ---- every move of every game, as played
pgn=$(cd "$(dirname "$0")/../data" && pwd)/games.pgn
"$extract" -Wuci --plycount --quiet "$pgn" > "$work/played.uci" 2> "$work/extract_err"
expect "pgn-extract -Wuci: exit" "$?" "0"
"$tool" eval --games --tags Round,PlyCount --format csv "$work/played.uci" > "$work/played.csv" \
    2> "$work/err"
expect "eval --games of the pipeline: exit 0, no message" "$?$(cat "$work/err")" "0"
expect "six games" "$(tail -n +2 "$work/played.csv" | cut -d, -f1 | uniq | tr '\n' ' ')" "1 2 3 4 5 6 "
expect "each game's records number its PlyCount" \
    "$(tail -n +2 "$work/played.csv" | awk -F, '{ n[$1]++; plies[$1] = $3 }
        END { for (g = 1; g <= 6; g++) if (n[g] != plies[g]) print g, n[g], plies[g] }')" ""
expect "the first ply of the FEN game is move 40's" "$(awk -F, '$1 == 5' "$work/played.csv" | head -1 | cut -d, -f4-)" \
    "79,e5d6,100,1"
# pgn-extract's own word on captures: an x in its enhanced long algebraic.
"$extract" -Wxlalg --notags --novars --nocomments -w100000 --quiet "$pgn" |
    tr ' ' '\n' | grep -E '^[KQRBN]?[a-h][1-8][-x]|^O-O' | sed 's/.*x.*/1/; /^1$/!s/.*/0/' \
    > "$work/captures.pgn-extract"
expect "capture flags are pgn-extract's" "$(tail -n +2 "$work/played.csv" | cut -d, -f7 | md5sum)" \
    "$(md5sum < "$work/captures.pgn-extract")"
# The PGN itself given to --games (issue 83): each of its six games named as
# raw PGN once, with the conversion this test runs, nothing scored.
"$tool" eval --games "$pgn" > "$work/raw.out" 2> "$work/err"
expect "raw PGN to --games: exit 1, nothing scored" "$?$(wc -c < "$work/raw.out")" "10"
expect "raw PGN to --games: each game named at its first movetext line, with the conversion" \
    "$(grep -c ': game [1-6]: ply [0-9]* ([0-9]*\.) is PGN movetext (a move number), not a UCI move: convert the PGN first: pgn-extract -Wuci --quiet G.pgn | seebatch eval --games (Debian package pgn-extract, installed as /usr/games/pgn-extract)$' "$work/err")" "6"
expect "raw PGN to --games: the closing count" "$(tail -1 "$work/err")" \
    "seebatch eval: 6 of 6 games were raw PGN, not UCI moves: convert them with pgn-extract -Wuci"
"$extract" -Wuci --quiet "$pgn" | "$tool" eval --games > /dev/null 2> "$work/err"
expect "the conversion named, run as written: exit 0, no message" "$?$(cat "$work/err")" "0"

# Each move on the position before it, given as a UCI command and the move:
# eval's own reading of positions and given moves, not the game reader's.
awk '/^\[FEN "/ { fen = substr($0, 7, length($0) - 8); next }
     /^\[/ || /^$/ { next }
     { start = fen == "" ? "position startpos" : "position fen " fen; fen = ""
       played = ""
       for (i = 1; i < NF; i++) {
           print start (played == "" ? "" : " moves" played) ";" $i
           played = played " " $i
       } }' "$work/played.uci" > "$work/each_ply.txt"
"$tool" eval "$work/each_ply.txt" > "$work/each_ply.out" 2> "$work/err"
expect "each ply given alone: exit" "$?" "0"
expect "values as eval gives each move on its position" \
    "$(tail -n +2 "$work/played.csv" | cut -d, -f5,6 | tr ',' ';' | md5sum)" \
    "$(awk -F';' '{ print tolower($(NF - 1)) ";" $NF }' "$work/each_ply.out" | md5sum)"

finish pgn_pipeline
