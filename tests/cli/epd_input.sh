#!/usr/bin/env bash
# EPD records as input (issue 37): four FEN fields then operations ("bm
# Nf6; id \"x\";"), read by eval, check and filter as the FEN they stand
# for (hmvc and fmvn give the counters); a malformed operation is a bad line
# naming its column, the other lines still read; full FENs as before.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

"$tool" gen --count 200 --seed 21 > "$work/p.fen"
# Each FEN as an EPD record: its four fields, then operations with quotes,
# semicolons inside a string, and its counters as hmvc and fmvn.
awk '{ printf "%s %s %s %s bm Nf3; id \"pos %d; gen\"; hmvc %d; fmvn %d; c0 \"x\";\n",
       $1, $2, $3, $4, NR, $5, $6 }' "$work/p.fen" > "$work/p.epd"
awk '{ printf "%s %s %s %s\n", $1, $2, $3, $4 }' "$work/p.fen" > "$work/fields.txt"
"$tool" eval "$work/p.fen" | awk -F';' '{ split($1, f, " "); print f[1], f[2], f[3], f[4] ";" $2 ";" $3 }' \
    > "$work/from_fen.out"
"$tool" eval "$work/p.epd" > "$work/from_epd.out" 2> "$work/err"
expect "eval EPD: exit 0" "$?" "0"
expect "eval EPD: no message" "$(cat "$work/err")" ""
expect "eval EPD: the FEN's records (the four fields as the FEN)" \
    "$(cmp -s "$work/from_fen.out" "$work/from_epd.out" && echo same)" "same"
expect "eval EPD: some records" "$([ -s "$work/from_epd.out" ] && echo some)" "some"
"$tool" check --no-oracle "$work/p.epd" > /dev/null 2>&1
expect "check EPD: exit 0" "$?" "0"
# filter keeps EPD lines as they are.
"$tool" filter --skip-capture "$work/p.epd" --output "$work/kept.epd" 2> /dev/null
expect "filter EPD: exit 0" "$?" "0"
expect "filter EPD: lines kept whole" \
    "$(grep -c -F -x -f "$work/kept.epd" "$work/p.epd")" "$(wc -l < "$work/kept.epd" | tr -d ' ')"
"$tool" filter --skip-capture "$work/p.fen" --count-only 2> "$work/fen_counts"
"$tool" filter --skip-capture "$work/p.epd" --count-only 2> "$work/epd_counts"
expect "filter EPD: the FEN's counts" "$(cat "$work/epd_counts")" "$(cat "$work/fen_counts")"

# Malformed operations: bad lines, the column named, the good lines read.
trace=${trace1% 0 1}
printf '%s\n' "$trace hmvc x;" "$trace bm Rxe5" "$trace id \"open;" "$trace bm x; ;" \
    "$trace hmvc 1; hmvc 2;" "$trace fmvn 0;" "$trace bm Rxe5; id \"ok\";" "$trace1" \
    > "$work/bad.epd"
out=$("$tool" eval "$work/bad.epd" 2> "$work/err")
expect "bad operations: exit 1" "$?" "1"
col=$(( ${#trace} + 2 ))
expect "bad operations: the messages" "$(sed "s|^seebatch eval: $work/||" "$work/err")" \
"bad.epd: line 1: EPD opcode hmvc, column $col: needs one number 0..65535
bad.epd: line 2: EPD opcode bm, column $col: no ';' ends it
bad.epd: line 3: EPD, column $((col + 3)): a string opened here is not closed
bad.epd: line 4: EPD, column $((col + 6)): an opcode starts with a letter, not ';'
bad.epd: line 5: EPD opcode hmvc, column $((col + 8)): given twice
bad.epd: line 6: EPD opcode fmvn, column $col: needs one number 1..65535"
expect "bad operations: the good lines evaluated (EPD and FEN)" "$out" \
"$trace;e1e5;100
$trace1;e1e5;100"

finish epd_input
