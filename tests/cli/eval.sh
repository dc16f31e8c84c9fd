#!/usr/bin/env bash
# seebatch eval: known values, line errors, exit codes, input forms.
# Expected values come from the published traces and hand analysis, never
# from the tool's own earlier output.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# The two traces of the swap-algorithm text: +100 and -225.
out=$(printf '%s;e1e5\n%s;d3e5\n' "$trace1" "$trace2" | "$tool" eval --preset classic)
expect "seed traces" "$out" "$trace1;e1e5;100
$trace2;d3e5;-225"

# A line with no moves lists every legal capture: in trace 1 white's only
# capture is Rxe5 (no pawn or king of white touches a black piece).
out=$(printf '%s\n' "$trace1" | "$tool" eval)
expect "all captures of trace 1" "$out" "$trace1;e1e5;100"

# Piece values: with every piece worth 100 the six captures of trace 2 trade
# evenly (NxP NxN RxN BxR QxB QxQ), each side recaptures, and SEE is 0.
out=$(printf '%s;d3e5\n' "$trace2" | "$tool" eval --values 100,100,100,100,100)
expect "--values" "$out" "$trace2;d3e5;0"

# Values of every length and sign (written by table below 1000 and by
# digits above): in trace 1 Rxe5 wins the pawn, so its value is the pawn's;
# a queen taking a pawn a pawn defends loses the queen for it: pawn - queen.
for pawn in 0 7 70 700 7000 65000; do
    out=$(printf '%s\n' "$trace1" | "$tool" eval --values $pawn,300,300,500,900)
    expect "value $pawn" "$out" "$trace1;e1e5;$pawn"
done
defended='4k3/8/3p4/4p3/8/8/8/4Q2K w - - 0 1'
for queen in 8 17 107 1007 10007; do
    out=$(printf '%s\n' "$defended" | "$tool" eval --values 7,300,300,500,$queen)
    expect "value 7 - $queen" "$out" "$defended;e1e5;$((7 - queen))"
done

# Bad lines: reported with their number, the good lines still evaluated, exit 1.
printf '%s;e1e5\nnot a fen\n\n%s;e2e4\n%s;d3e5\r\n' "$trace1" "$trace1" "$trace2" > "$work/mixed.txt"
"$tool" eval "$work/mixed.txt" > "$work/out" 2> "$work/err"
expect "exit status with bad lines" "$?" "1"
expect "good lines kept in order" "$(cat "$work/out")" "$trace1;e1e5;100
$trace2;d3e5;-225"
expect "bad FEN line named" "$(grep -c "^seebatch eval: $work/mixed.txt: line 2: " "$work/err")" "1"
expect "empty from-square named" "$(grep -c "^seebatch eval: $work/mixed.txt: line 4: .*e2" "$work/err")" "1"
expect "no other errors" "$(wc -l < "$work/err" | tr -d ' ')" "2"

# Usage errors exit 2; help exits 0.
"$tool" eval --no-such-option < /dev/null 2>/dev/null; expect "unknown option" "$?" "2"
"$tool" eval --preset nonsense < /dev/null 2>/dev/null; expect "bad preset" "$?" "2"
"$tool" eval --values 1,2,3 < /dev/null 2>/dev/null; expect "short --values" "$?" "2"
"$tool" eval "$work/does-not-exist" 2>/dev/null; expect "missing file" "$?" "2"
"$tool" eval --help > "$work/help"; expect "help status" "$?" "0"
expect "help names the output form" "$(grep -c 'FEN;move;value' "$work/help")" "1"
"$tool" nonsense 2>/dev/null; expect "unknown command" "$?" "2"
SEEBATCH_BACKEND=bogus "$tool" eval < /dev/null 2>/dev/null; expect "bad SEEBATCH_BACKEND" "$?" "2"

# gen: the requested count, every line a FEN that eval accepts, deterministic per seed.
"$tool" gen --count 50 --seed 7 > "$work/gen1"
"$tool" gen --count 50 --seed 7 > "$work/gen2"
expect "gen count" "$(wc -l < "$work/gen1" | tr -d ' ')" "50"
expect "gen deterministic" "$(cmp -s "$work/gen1" "$work/gen2" && echo same)" "same"
"$tool" eval "$work/gen1" > "$work/gen_eval"; expect "eval accepts gen output" "$?" "0"
expect "every generated position has a capture" \
    "$(cut -d';' -f1 "$work/gen_eval" | sort -u | wc -l | tr -d ' ')" "50"

# Blocks: eval gathers a worker's positions (256 at a time) and writes their
# records after one many-board SEE call. Pieces of 97 lines evaluated one
# file each (so every block boundary falls elsewhere) give the same records,
# in the same order, as the whole file, with bad lines and given moves mixed in.
"$tool" gen --count 1200 --seed 11 > "$work/blocks_gen"
"$tool" eval "$work/blocks_gen" > "$work/blocks_captures"
awk -F';' 'NR == FNR { if (!($1 in first)) first[$1] = $2; next }
    FNR % 50 == 7 { print "not a fen"; next }
    FNR % 40 == 3 { print $0 ";" first[$0]; next } { print }' \
    "$work/blocks_captures" "$work/blocks_gen" > "$work/blocks"
"$tool" eval "$work/blocks" > "$work/blocks_whole" 2> /dev/null
expect "blocks: bad lines still exit 1" "$?" "1"
split -l 97 "$work/blocks" "$work/blocks_piece_"
for piece in "$work"/blocks_piece_*; do "$tool" eval "$piece" 2> /dev/null; done > "$work/blocks_pieces"
expect "blocks: the whole file as its pieces" \
    "$(cmp -s "$work/blocks_whole" "$work/blocks_pieces" && echo same)" "same"
expect "blocks: every good position written" \
    "$(cut -d';' -f1 "$work/blocks_whole" | sort -u | wc -l | tr -d ' ')" \
    "$(grep -v 'not a fen' "$work/blocks" | cut -d';' -f1 | sort -u | wc -l | tr -d ' ')"

# perft from the start position, published counts.
expect "perft 3" "$("$tool" perft --depth 3)" "8902"

# Input and output failures: a leading blank line is fine; an unreadable input
# is exit 2 with a message; output that cannot be written is exit 3.
out=$(printf '\n%s;e1e5\n' "$trace1" | "$tool" eval)
expect "leading blank line" "$out" "$trace1;e1e5;100"
"$tool" eval "$work" > /dev/null 2> "$work/dir.err"
expect "directory as input" "$?" "2"
expect "read error named" "$(grep -c 'cannot read' "$work/dir.err")" "1"
if [ -w /dev/full ]; then
    printf '%s;e1e5\n' "$trace1" | "$tool" eval > /dev/full 2>/dev/null
    expect "unwritable output (eval)" "$?" "3"
    "$tool" gen --count 5 > /dev/full 2>/dev/null
    expect "unwritable output (gen)" "$?" "3"
    # A write that fails stops gen at once, whatever count it was given.
    timeout 20 "$tool" gen --count 1000000000000 > /dev/full 2>/dev/null
    expect "unwritable output stops gen" "$?" "3"
fi

finish "cli eval"
