#!/usr/bin/env bash
# seebatch eval --exchange: the line each move's exchange plays, a last field
# after the value. The traced position's line written out whole (worked by
# hand from the published trace); on thousands of generated positions under
# five rule sets, each record's value is the balance its line stops at (the
# field just before " | "), and the records are eval's without the field;
# csv, jsonl, --line-numbers, --games, training data and -j 2 carry the same
# field. The line's every form is checked in tests/test_exchange_line.c.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# Trace 2 (P100 N325 B325 R500 Q1000): Nxe5 +100, nxe5 -225; going on,
# Rxe5 +100, bxe5 -400 (then Qxe5 -75 would lose the queen, -1075): white
# stops at -225.
line='d3e5 Nxp +100, d7e5 nxN -225 | white stops (going on ends at -400) / played on: e2e5 Rxn +100, f6e5 bxR -400, e1e5 Qxb -75, h8e5 qxQ -1075'
expect "trace 2" "$(printf '%s;d3e5\n' "$trace2" | "$tool" eval --exchange)" "$trace2;d3e5;-225;$line"
expect "trace 2, csv" "$(printf '%s;d3e5\n' "$trace2" | "$tool" eval --exchange --format csv)" \
    "fen,move,value,exchange
$trace2,d3e5,-225,\"$line\""
expect "trace 2, jsonl" "$(printf '%s;d3e5\n' "$trace2" | "$tool" eval --exchange --format jsonl)" \
    "{\"fen\":\"$trace2\",\"move\":\"d3e5\",\"value\":-225,\"exchange\":\"$line\"}"
expect "trace 2, numbered" "$(printf '%s;d3e5\n' "$trace2" | "$tool" eval --exchange --line-numbers)" \
    "1;$trace2;d3e5;-225;$line"
# Without the option, no field.
expect "no --exchange, no field" "$(printf '%s;d3e5\n' "$trace2" | "$tool" eval)" "$trace2;d3e5;-225"

# Every record's value is where its line stops, under each rule set; the
# records are eval's own, the line added.
"$tool" gen --count 3000 --seed 7 > "$work/positions"
for rules in "" "--preset stockfish" "--stop-when-ahead" "--promotions=all" \
    "--values 100,300,300,500,900 --pins --promotions=move"; do
    # shellcheck disable=SC2086
    "$tool" eval --exchange $rules "$work/positions" > "$work/lines"
    # shellcheck disable=SC2086
    "$tool" eval $rules "$work/positions" > "$work/values"
    expect "$rules: records" "$(wc -l < "$work/lines" | tr -d ' ')" "$(wc -l < "$work/values" | tr -d ' ')"
    expect "$rules: eval's records" "$(cut -d';' -f1-3 "$work/lines" | cmp - "$work/values" && echo same)" "same"
    disagree=$(awk -F';' '{
        bar = index($4, " | ")
        if (bar == 0) { stop = ($4 ~ /castling: no exchange, 0$|scores it 0$/) ? 0 : "none" }
        else { n = split(substr($4, 1, bar - 1), words, " "); stop = words[n] + 0 }
        if (stop != $3 + 0) print
    }' "$work/lines" | head -3)
    expect "$rules: each value where its line stops" "$disagree" ""
    # the lines hold a side declining, and rule 8's break-off where it is on
    expect "$rules: a side declines" "$(grep -q 'stops (going on ends at' "$work/lines" && echo yes)" "yes"
    if [ "$rules" = --stop-when-ahead ]; then
        expect "$rules: broken off" "$(grep -q 'broken off (--stop-when-ahead)' "$work/lines" && echo yes)" "yes"
    fi
done
"$tool" eval --exchange -j 2 "$work/positions" > "$work/two"
"$tool" eval --exchange "$work/positions" > "$work/one"
expect "-j 2" "$(cmp "$work/one" "$work/two" && echo same)" "same"

# Games: each move as played, the line after the capture flag. 1... d5
# offers a pawn to exd5 (-100 for black), which qxd5 takes back (0): white
# gains nothing by taking and stops at 0. After 2. exd5 the queen d8 retakes
# (d7 is empty): +100, then 0.
out=$(printf 'position startpos moves e2e4 d7d5 e4d5\n' | "$tool" eval --games --exchange)
expect "games" "$out" "1;1;e2e4;0;0;e2e4 P 0 | black has no capture
1;2;d7d5;0;0;d7d5 p 0 | white stops (going on ends at 0) / played on: e4d5 Pxp -100, d8d5 qxP 0
1;3;e4d5;0;1;e4d5 Pxp +100, d8d5 qxP 0 | white has no capture"

# Training data: the entry's move, its line as for the same FEN and move.
printf '%s;d3e5\n%s;e1e5\n' "$trace2" "$trace1" > "$work/two.txt"
plain_of "$work/two.txt" > "$work/two.plain"
expect "training data" "$("$tool" eval --exchange "$work/two.plain" | cut -d';' -f2-)" \
    "$("$tool" eval --exchange "$work/two.txt" | cut -d';' -f2-)"
expect "training data, numbered" \
    "$("$tool" eval --exchange --line-numbers "$work/two.plain" | cut -d';' -f1,3-)" \
    "$("$tool" eval --exchange --line-numbers "$work/two.txt" | cut -d';' -f1,3-)"

expect "help" "$("$tool" eval --help | grep -c -- '--exchange')" "1"

finish "cli eval --exchange"
