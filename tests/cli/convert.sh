#!/usr/bin/env bash
# seebatch convert IN OUT between .binpack, .plain and .bin: round trips give
# the same entries back; OUT's name says the format (a name that says none is
# refused, naming it); OUT the same file as IN is refused with IN unchanged;
# the counts line names convert. The data: generated positions, each with a
# capture and its SEE as move and score, varied results, the ply the FEN's
# move number says as the converter reads it back (docs/training-data.md:
# fullmove (ply + 1) / 2; binpack and .bin keep the ply, not the number),
# through a binpack once so that it starts as the converter writes it (an en
# passant square no pawn can take on is not kept).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

"$tool" gen --count 400 --seed 46 > "$work/part.fen"
"$tool" eval "$work/part.fen" |
    awk -F';' '{ split($1, f, " "); ply = 2 * f[6] - (f[2] == "w")
                 printf "fen %s\nmove %s\nscore %d\nply %d\nresult %d\ne\n", $1, $2, $3, ply, NR % 3 - 1 }' \
        > "$work/raw.plain"
"$tool" convert "$work/raw.plain" "$work/raw.binpack" 2> /dev/null
"$tool" convert "$work/raw.binpack" "$work/part.plain" 2> /dev/null
expect "a plain file to start from" "$(grep -c '^fen ' "$work/part.plain")" "$(grep -c '^fen ' "$work/raw.plain")"
expect "entries enough" "$(grep -c '^fen ' "$work/part.plain" | grep -c '^[1-9][0-9][0-9]')" "1"
for chain in "plain binpack plain" "plain bin plain" "plain binpack bin plain" "plain bin binpack plain"; do
    set -- $chain
    from=$1 previous="$work/part.plain" step=0
    shift
    for format in "$@"; do
        step=$((step + 1))
        next="$work/chain$step.$format"
        "$tool" convert "$previous" "$next" > "$work/out" 2> "$work/err"
        expect "$chain, step $step: exit" "$?" "0"
        expect "$chain, step $step: counts name convert" "$(grep -c '^seebatch convert: [0-9]* entries read, [0-9]* kept, 0 dropped$' "$work/err")" "1"
        expect "$chain, step $step: nothing on standard output" "$(cat "$work/out")" ""
        previous=$next
    done
    expect "$chain: the same entries back" "$(cmp -s "$previous" "$work/part.plain" && echo same)" "same"
    rm -f "$work"/chain*
done
expect "binpack's magic" "$("$tool" convert "$work/part.plain" "$work/x.binpack" 2> /dev/null; head -c 4 "$work/x.binpack")" "BINP"

"$tool" convert "$work/part.plain" "$work/out.txt" > /dev/null 2> "$work/err"
expect "a name with no format: exit" "$?" "2"
expect "a name with no format: says so" "$(cat "$work/err")" \
    "seebatch convert: $work/out.txt: its name says no training format (.binpack, .plain or .bin); give --output-format (see seebatch convert --help)"
expect "a name with no format: nothing written" "$(ls "$work/out.txt" 2> /dev/null)" ""
cp "$work/part.plain" "$work/keep.plain"
"$tool" convert "$work/part.plain" "$work/part.plain" > /dev/null 2> "$work/err"
expect "onto its input: exit" "$?" "2"
expect "onto its input: refused" "$(grep -c 'is the same file as the input' "$work/err")" "1"
expect "onto its input: the input unchanged" "$(cmp -s "$work/part.plain" "$work/keep.plain" && echo same)" "same"
expect "onto its input: names no --output, which convert has not" "$(grep -c -e '--output' "$work/err")" "0"
# A binpack cut short ends the run (exit 1): OUT is not made (issue 83: a
# failed run leaves OUT as it was), and OUT "-" has the entries before the
# fault, as the help says.
size=$(wc -c < "$work/raw.binpack" | tr -d ' ')
head -c $((size - 100)) "$work/raw.binpack" > "$work/cut.binpack"
"$tool" convert "$work/cut.binpack" "$work/cut.plain" > /dev/null 2> "$work/err"
expect "a cut binpack: exit" "$?" "1"
expect "a cut binpack: the fault named" "$(grep -c "^seebatch convert: $work/cut.binpack: byte [0-9]*, entry [0-9]*: " "$work/err")" "1"
expect "a cut binpack: OUT not made, and said" \
    "$([ -e "$work/cut.plain" ] && echo made)$(grep -c "$work/cut.plain was not made: the run failed" "$work/err")" "1"
"$tool" convert "$work/cut.binpack" - --output-format plain > "$work/cut.plain" 2> /dev/null
expect "a cut binpack to -: exit" "$?" "1"
expect "a cut binpack to -: entries before it written" "$(grep -c '^fen ' "$work/cut.plain" | grep -c '^[1-9]')" "1"
"$tool" convert --help > "$work/help"
expect "help: a failed run leaves OUT as it was" "$(tr '\n' ' ' < "$work/help" | grep -c 'renamed over it when the run succeeds, so a run that fails (bad input too) or is interrupted leaves OUT as it was, or makes none where there was none')" "1"
expect "help: OUT - has the entries before a fault" "$(tr '\n' ' ' < "$work/help" | grep -c 'OUT "-" has the entries before the fault')" "1"
"$tool" convert "$work/part.plain" > /dev/null 2> "$work/err"
expect "one file: exit" "$?" "2"
expect "one file: says so" "$(grep -c 'no OUT: convert takes IN... and OUT' "$work/err")" "1"
"$tool" convert --skip-capture "$work/part.plain" "$work/y.plain" > /dev/null 2> "$work/err"
expect "a rule: refused" "$(grep -c 'unknown option "--skip-capture"' "$work/err")" "1"
finish "cli convert"
