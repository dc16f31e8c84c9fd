#!/usr/bin/env bash
# seebatch eval on hostile and odd input: empty input, a 1 MB line, NUL bytes,
# CRLF, binary garbage, trailing garbage, illegal moves, 32 queens, no kings.
# Never a crash (no exit status from a signal), never a silent wrong answer:
# every bad line is named on stderr, every good line still evaluated, and
# the values are the ones the contract defines (worked out by hand here, as
# in tests/test_hostile.c).
#
# Illegal moves: eval accepts any move that meets the SEE preconditions (a
# piece of the mover on the from-square, none of its pieces on the
# to-square) and prints the value the contract defines for it; it rejects a
# move from an empty square or onto the mover's own piece.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# run NAME ARGS...: eval with stdin from $work/in, into $work/out and
# $work/err; the status must not come from a signal (a crash or a sanitizer
# abort both show up here).
run() {
    local name=$1
    shift
    "$tool" eval "$@" < "$work/in" > "$work/out" 2> "$work/err"
    status=$?
    if [ "$status" -ge 128 ] || grep -q 'Sanitizer' "$work/err"; then
        failures=$((failures + 1))
        echo "FAIL $name: exit status $status"
        head -n 20 "$work/err"
    fi
    # Every message names the command and the input; the rest is checked
    # below without that prefix.
    expect "$name: messages name the input" \
        "$(grep -vc '^seebatch eval: standard input: ' "$work/err")" "0"
    sed -i 's/^seebatch eval: standard input: //' "$work/err"
}

# ---- empty and blank input
: > "$work/in"
run "empty input"
expect "empty input: exit" "$status" "0"
expect "empty input: no output" "$(wc -c < "$work/out" | tr -d ' ')" "0"
run "empty input, csv" --format csv
expect "empty input, csv: the header alone" "$(cat "$work/out")" "fen,move,value"
run "empty input, -j 4" -j 4
expect "empty input, -j 4: exit" "$status" "0"
printf '   \n\t\n\r\n\n \t \r\n' > "$work/in"
run "blank lines"
expect "blank lines: exit" "$status" "0"
expect "blank lines: no output, no errors" "$(cat "$work/out" "$work/err")" ""

# ---- a line of 1 MB, and the 65536-byte limit exactly
{ printf '%s;' "$trace1"; head -c 1048576 /dev/zero | tr '\0' ' '; printf 'e1e5\n%s;e1e5\n' "$trace1"; } > "$work/in"
run "1 MB line"
expect "1 MB line: exit" "$status" "1"
expect "1 MB line: named" "$(cat "$work/err")" "line 1: longer than 65536 bytes"
expect "1 MB line: the next line evaluated" "$(cat "$work/out")" "$trace1;e1e5;100"
pad=$((65536 - ${#trace1} - 1 - 4))   # FEN ; spaces e1e5: exactly 65536 bytes
{ printf '%s;' "$trace1"; head -c "$pad" /dev/zero | tr '\0' ' '; printf 'e1e5\n'; } > "$work/in"
expect "the limit line is 65536 bytes" "$(head -n 1 "$work/in" | tr -d '\n' | wc -c | tr -d ' ')" "65536"
run "65536-byte line"
expect "65536-byte line: accepted" "$status $(cat "$work/out")" "0 $trace1;e1e5;100"
{ printf '%s;' "$trace1"; head -c "$pad" /dev/zero | tr '\0' ' '; printf 'e1e5\r\n'; } > "$work/in"
run "65536-byte line ending in CRLF"
expect "65536-byte CRLF line: accepted" "$status $(cat "$work/out")" "0 $trace1;e1e5;100"
{ printf '%s;' "$trace1"; head -c "$pad" /dev/zero | tr '\0' ' '; printf 'e1e5\r'; } > "$work/in"
run "65536-byte line ending in CR at the end of input"
expect "65536-byte CR-terminated last line: accepted" "$status $(cat "$work/out")" "0 $trace1;e1e5;100"
{ printf '%s;' "$trace1"; head -c "$((pad + 1))" /dev/zero | tr '\0' ' '; printf 'e1e5\n'; } > "$work/in"
run "65537-byte line"
expect "65537-byte line: rejected" "$status $(cat "$work/err")" "1 line 1: longer than 65536 bytes"

# ---- NUL bytes
printf '%s;e1e5\n%s\0;e1e5\n\0\n%s;e1\0e5\n%s;e1e5\n' "$trace1" "$trace1" "$trace1" "$trace1" > "$work/in"
run "NUL bytes"
expect "NUL bytes: exit" "$status" "1"
expect "NUL bytes: lines 2 to 4 named" "$(cat "$work/err")" "line 2: contains a NUL byte
line 3: contains a NUL byte
line 4: contains a NUL byte"
expect "NUL bytes: good lines evaluated" "$(cat "$work/out")" "$trace1;e1e5;100
$trace1;e1e5;100"

# ---- CRLF: the same output as LF, byte for byte; no final newline is fine
"$tool" gen --count 200 --seed 21 > "$work/lf.fen"
sed 's/$/\r/' "$work/lf.fen" > "$work/crlf.fen"
"$tool" eval "$work/lf.fen" > "$work/lf.out"
cp "$work/crlf.fen" "$work/in"
run "CRLF"
expect "CRLF: exit" "$status" "0"
expect "CRLF: output as with LF" "$(cmp -s "$work/out" "$work/lf.out" && echo same)" "same"
expect "CRLF: no carriage return in the output" "$(grep -c $'\r' "$work/out")" "0"
printf '%s;e1e5\r\n%s;e1e5' "$trace1" "$trace1" > "$work/in"
run "no final newline"
expect "no final newline: both lines" "$status $(cat "$work/out")" "0 $trace1;e1e5;100
$trace1;e1e5;100"

# ---- trailing garbage and malformed lines
{
    printf '%s garbage;e1e5\n' "$trace1"
    printf '%s;e1e5 garbage\n' "$trace1"
    printf '%s;\n' "$trace1"
    printf ';e1e5\n'
    printf '%s;e1e5;e1e5\n' "$trace1"
    printf '%s%0300d\n' "$trace1" 0
    printf '%s;e1e5\n' "$trace1"
} > "$work/in"
run "malformed lines"
expect "malformed lines: exit" "$status" "1"
expect "malformed lines: only the good one evaluated" "$(cat "$work/out")" "$trace1;e1e5;100"
expect "malformed lines: six named" "$(cut -d: -f1 "$work/err" | tr '\n' ' ')" \
    "line 1 line 2 line 3 line 4 line 5 line 6 "
expect "text after the FEN" "$(grep -c '^line 1: .*unexpected text after field 6' "$work/err")" "1"
# One wording for a move too long, however long (issue 54: the tool had its
# own for 7 bytes and more, the library's for 6).
too_long='is too long; a UCI move has 4 or 5 characters (e2e4, e7e8q)'
expect "text after the moves" "$(grep -c "^line 2: move \"garbag.*\" $too_long (move 2 of the line)\$" "$work/err")" "1"
expect "no moves after ;" "$(grep -c "^line 3: no moves after ';'" "$work/err")" "1"
expect "no FEN" "$(grep -c '^line 4: .*the FEN is empty' "$work/err")" "1"
# A second ';' starts a suite's value (FEN;move;value): a move there is no value.
expect "a second ;" "$(grep -cF 'line 5: value "e1e5" after the move is not a whole number (ten digits at most)' "$work/err")" "1"
expect "a FEN too long" "$(grep -c '^line 6: FEN is longer than 255 bytes' "$work/err")" "1"
printf '%s;e1e5e1\n%s;e1e5e1e5e1e5e1e5e1e5e1e5e1e5e1e5e1e5\n' "$trace1" "$trace1" > "$work/in"
run "moves too long"
expect "six bytes and forty: one wording" "$(grep -cF " $too_long (move 1 of the line)" "$work/err")" "2"
expect "forty bytes: its start shown" "$(grep -cF 'line 2: move "e1e5e1e5e1e5..."' "$work/err")" "1"

# ---- illegal moves: the defined value, or a rejection
{
    printf '4k2r/8/8/8/8/8/8/N3K2q w - - 0 1;a1h1\n'     # knight takes a queen 7 files away; Rxh1: 1000-325
    printf '4k3/8/8/1b6/4P3/3n4/8/4K3 w - - 0 1;e4d3\n'  # pawn takes backwards; Bxd3: 325-100
    printf '3rk3/8/8/3q4/8/8/8/4K3 w - - 0 1;e1d5\n'     # king takes a defended queen: never taken back
    printf '4r3/8/8/8/8/8/4B3/4K3 w - - 0 1;e2d3\n'      # a pinned bishop's quiet move: 0
    printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1;e8e1\n'        # black king takes white king: a king is worth 0
    printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1;e4e5\n'        # from an empty square
    printf '4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1;a1e1\n'     # onto the mover's own king
    printf '4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1;e2e1\n'     # a pawn onto its own king
} > "$work/in"
run "illegal moves" --allow-impossible # the pinned bishop's board has no black king
expect "illegal moves: exit" "$status" "1"
expect "illegal moves: defined values" "$(cut -d';' -f2- "$work/out")" "e2d3;0"
# Moves their pieces cannot make: refused, naming why (the library scores
# them through its fast calls: tests/test_hostile.c).
expect "a knight's impossible jump" "$(grep -c '^line 1: move "a1h1": the knight on a1 cannot reach h1: it moves by a knight.s jump (move 1 of the line)$' "$work/err")" "1"
expect "a pawn backwards" "$(grep -c '^line 2: move "e4d3": the white pawn on e4 cannot reach d3: a pawn moves forward only' "$work/err")" "1"
expect "a king from afar" "$(grep -c '^line 3: .*the king on e1 cannot reach d5: it moves by a step of one square' "$work/err")" "1"
expect "a king onto a king from afar" "$(grep -c '^line 5: .*the king on e8 cannot reach e1' "$work/err")" "1"
expect "from an empty square" "$(grep -c '^line 6: move "e4e5": no piece on e4 (move 1 of the line)$' "$work/err")" "1"
expect "onto the own king" "$(grep -c '^line 7: .*the to-square e1 holds a white piece' "$work/err")" "1"
expect "pawn onto the own king" "$(grep -c '^line 8: .*the to-square e1 holds a white piece' "$work/err")" "1"

# ---- boards no game reaches, scored when asked (tests/cli/impossible_input.sh: refused else)
queens='qqqqqqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQQQQQ w - - 0 1'
nokings='8/8/8/3q4/4P3/8/8/8 w - - 0 1'
printf '%s;a2a7\n%s\n%s\n%s;d5e4\n' "$queens" "$queens" "$nokings" "$nokings" > "$work/in"
run "odd boards" --allow-impossible
expect "odd boards: exit" "$status" "0"
# Qa2xa7: queens trade on a7 until white runs out; black has the last word.
expect "32 queens: Qxa7" "$(head -n 1 "$work/out")" "$queens;a2a7;0"
expect "32 queens: every capture listed" "$(grep -c "^$queens;[a-h][1-8][a-h][1-8];-\?[0-9]*$" "$work/out")" \
    "$(( $(grep -c "^$queens;" "$work/out") ))"
expect "no kings: the one capture, then Qxe4" "$(grep "^$nokings" "$work/out")" "$nokings;e4d5;1000
$nokings;d5e4;100"
# Every backend and the oracle agree on them, under every configuration.
printf '%s\n%s\nQqQqQqQq/qQqQqQqQ/QqQqQqQq/qQqQqQqQ/8/8/8/8 b - - 0 1\n' "$queens" "$nokings" \
    | "$tool" check --allow-impossible > "$work/check.out" 2>&1
expect "odd boards: check" "$? $(grep -c ', 0 mismatches$' "$work/check.out")" "0 1"

# ---- more moves than a line may hold
{ printf '%s;' "$trace1"; for i in $(seq 513); do printf 'e1e5 '; done; printf '\n'; } > "$work/in"
run "513 moves"
expect "513 moves: rejected" "$status $(cat "$work/err")" "1 line 1: more than 512 moves"

# ---- binary garbage: every byte value, 16 per line
for high in 0 1 2 3 4 5 6 7 8 9 a b c d e f; do
    for low in 0 1 2 3 4 5 6 7 8 9 a b c d e f; do
        [ "$high$low" = "0a" ] || printf "\\x$high$low"
    done
    printf '\n'
done > "$work/in"
run "binary garbage"
expect "binary garbage: exit" "$status" "1"
expect "binary garbage: nothing evaluated" "$(wc -c < "$work/out" | tr -d ' ')" "0"
expect "binary garbage: one error per line" "$(grep -c '^line [0-9]*: ' "$work/err")" "16"
expect "binary garbage: errors are printable" "$(LC_ALL=C grep -c '[^[:print:]]' "$work/err")" "0"

# ---- the same hostile file on 4 threads: identical output and errors
{ cat "$work/lf.fen"; printf '%s\0\n' "$trace1"; printf 'x\n%s;e4e5\n' "$trace1"; cat "$work/crlf.fen"; } > "$work/in"
run "mixed, 1 thread" -j 1
cp "$work/out" "$work/out1"
cp "$work/err" "$work/err1"
run "mixed, 4 threads" -j 4
expect "-j 4: same output" "$(cmp -s "$work/out" "$work/out1" && echo same)" "same"
expect "-j 4: same errors" "$(cmp -s "$work/err" "$work/err1" && echo same)" "same"

# ---- a directory is not a positions file
"$tool" eval "$work" > /dev/null 2> "$work/err"
status=$?
expect "directory: fails without a crash" "$([ "$status" -ne 0 ] && [ "$status" -lt 128 ] && echo ok)" "ok"
expect "directory: says why" "$([ -s "$work/err" ] && echo said)" "said"

finish "cli hostile"
