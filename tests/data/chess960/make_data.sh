#!/bin/sh
# Remakes the expected counts of tests/test_chess960.c from Stockfish 15.1
# (README.md in this directory says why these and how they were checked).
#   usage: make_data.sh STOCKFISH SUITE_PERFT
# STOCKFISH: a Stockfish 15.1 binary (its own sources, built outside this
# repository: make -j2 all ARCH=x86-64-bmi2 EXTRACXXFLAGS=-DNNUE_EMBEDDING_OFF,
# as perft needs no network). SUITE_PERFT: the published
# suite as python-chess keeps it (examples/perft/chess960.perft: "id N",
# "epd FEN", "perft D COUNT" lines). Writes suite.txt and starts.txt here and
# recounts middlegames.txt's positions; nothing of Stockfish's is kept but
# its counts.
set -eu
stockfish=$1 suite=$2
here=$(dirname "$0")

# "N;FEN;FEN" lines in, "c1,c2,..." lines out: Stockfish's "go perft D" for
# D = 1..max on the FEN of field $field (2: X-FEN, 3: Shredder-FEN).
counts() {
    field=$1 max=$2
    {
        echo "setoption name UCI_Chess960 value true"
        while IFS=';' read -r id xfen shredder rest; do
            if [ "$field" = 2 ]; then echo "position fen $xfen"; else echo "position fen $shredder"; fi
            d=1
            while [ "$d" -le "$max" ]; do echo "go perft $d"; d=$((d + 1)); done
        done
        echo quit
    } | "$stockfish" | awk -v max="$max" '/^Nodes searched/ {
        line = line (n % max ? "," : "") $3; n++
        if (n % max == 0) { print line; line = "" } }'
}

# Both notations must give the same counts; the X-FEN's are kept.
both() {
    counts 2 "$2" < "$1" > "$1.x"
    counts 3 "$2" < "$1" > "$1.s"
    cmp "$1.x" "$1.s"
    paste -d';' "$1" "$1.x"
    rm -f "$1.x" "$1.s"
}

# The 960 start positions by Scharnagl's numbering: N;X-FEN;Shredder-FEN.
start_positions() {
    awk '
function place(piece, nth,    f, seen) {
    seen = 0
    for (f = 0; f < 8; f++)
        if (row[f] == "") {
            if (seen == nth) { row[f] = piece; return }
            seen++
        }
}
BEGIN {
    split("0 1,0 2,0 3,0 4,1 2,1 3,1 4,2 3,2 4,3 4", knights, ",")
    for (n = 0; n < 960; n++) {
        for (f = 0; f < 8; f++) row[f] = ""
        m = n
        row[2 * (m % 4) + 1] = "B"; m = int(m / 4)
        row[2 * (m % 4)] = "B"; m = int(m / 4)
        place("Q", m % 6); m = int(m / 6)
        split(knights[m + 1], pair, " ")
        place("N", pair[2]); place("N", pair[1])
        place("R", 0); place("K", 0); place("R", 0)
        white = ""; files = ""
        for (f = 0; f < 8; f++) {
            white = white row[f]
            if (row[f] == "R") files = substr("ABCDEFGH", f + 1, 1) files
        }
        black = tolower(white)
        placement = black "/pppppppp/8/8/8/8/PPPPPPPP/" white
        printf "%d;%s w KQkq - 0 1;%s w %s%s - 0 1\n", n, placement, placement, files, tolower(files)
    }
}
'
}

# "N;Shredder-FEN" in, "N;X-FEN;Shredder-FEN" out: a file letter becomes K, Q,
# k or q where its rook is the outermost of its colour on that side of its king.
x_fen() {
    awk '
function expand(rank,    out, i, c) {
    out = ""
    for (i = 1; i <= length(rank); i++) {
        c = substr(rank, i, 1)
        if (c ~ /[1-8]/) out = out substr("........", 1, c + 0)
        else out = out c
    }
    return out
}
function letter_for(c, row, king, rook,    f, kf, outer, i) {
    f = index("abcdefgh", tolower(c))
    kf = index(row, king)
    if (f > kf) { outer = 0; for (i = kf + 1; i <= 8; i++) if (substr(row, i, 1) == rook) outer = i
                  return outer == f ? (c ~ /[A-H]/ ? "K" : "k") : c }
    outer = 0; for (i = kf - 1; i >= 1; i--) if (substr(row, i, 1) == rook) outer = i
    return outer == f ? (c ~ /[A-H]/ ? "Q" : "q") : c
}
BEGIN { FS = ";" }
{
    split($2, field, " ")
    n = split(field[1], ranks, "/")
    white = expand(ranks[8]); black = expand(ranks[1])
    castling = field[3]; x = ""
    if (castling == "-") x = "-"
    else for (i = 1; i <= length(castling); i++) {
        c = substr(castling, i, 1)
        x = x (c ~ /[A-H]/ ? letter_for(c, white, "K", "R") : letter_for(c, black, "k", "r"))
    }
    xfen = field[1] " " field[2] " " x " " field[4]
    print $1 ";" xfen ";" $2
}
'
}

# "N;X-FEN" in, "N;X-FEN;Shredder-FEN" out: K, Q, k, q become the file of the
# outermost rook of that colour on that side of its king.
shredder_fen() {
    awk -F';' '
function expand(rank,    out, i, c) {
    out = ""
    for (i = 1; i <= length(rank); i++) {
        c = substr(rank, i, 1)
        if (c ~ /[1-8]/) out = out substr("........", 1, c + 0)
        else out = out c
    }
    return out
}
function outer(row, king, rook, kingside,    kf, i, f) {
    kf = index(row, king); f = 0
    if (kingside) { for (i = kf + 1; i <= 8; i++) if (substr(row, i, 1) == rook) f = i }
    else { for (i = kf - 1; i >= 1; i--) if (substr(row, i, 1) == rook) f = i }
    return substr("abcdefgh", f, 1)
}
{ id = $1; $0 = $2
    split($0, field, " ")
    split(field[1], ranks, "/")
    white = expand(ranks[8]); black = expand(ranks[1])
    c = field[3]; s = ""
    if (c == "-") s = "-"
    else for (i = 1; i <= length(c); i++) {
        l = substr(c, i, 1)
        if (l == "K") s = s toupper(outer(white, "K", "R", 1))
        else if (l == "Q") s = s toupper(outer(white, "K", "R", 0))
        else if (l == "k") s = s outer(black, "k", "r", 1)
        else if (l == "q") s = s outer(black, "k", "r", 0)
        else s = s l
    }
    shredder = field[1] " " field[2] " " s " " field[4]
    for (i = 5; i <= 6; i++) if (field[i] != "") shredder = shredder " " field[i]
    print id ";" $0 ";" shredder
}
'
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start_positions > "$work/starts"
awk '/^id /{id=$2} /^epd /{sub(/^epd /,""); print id ";" $0}' "$suite" | x_fen > "$work/suite"
grep -v '^#' "$here/middlegames.txt" | cut -d';' -f1,2 | shredder_fen > "$work/middlegames"
# The published counts, depth 1-5, against Stockfish's.
awk '/^id /{id=$2; c=""} /^perft [1-5] /{c = c (c == "" ? "" : ",") $3} /^perft 5 /{print id ";" c}' \
    "$suite" > "$work/published"
both "$work/suite" 5 > "$work/suite.counted"
cut -d';' -f1,4 "$work/suite.counted" | cmp - "$work/published"
{ sed -n '/^#/p' "$here/suite.txt"; cat "$work/suite.counted"; } > "$work/suite.txt"
{ sed -n '/^#/p' "$here/starts.txt"; both "$work/starts" 5; } > "$work/starts.txt"
{ sed -n '/^#/p' "$here/middlegames.txt"; both "$work/middlegames" 4; } > "$work/middlegames.txt"
mv "$work/suite.txt" "$work/starts.txt" "$work/middlegames.txt" "$here/"
