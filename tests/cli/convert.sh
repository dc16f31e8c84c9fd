#!/usr/bin/env bash
# seebatch convert IN OUT between .binpack, .plain and .bin: round trips give
# the same entries back; OUT's name says the format (a name that says none is
# refused, naming it); OUT the same file as IN is refused with IN unchanged;
# the counts line names convert. Data: the training file in ../shared, else
# a file the tool makes from generated positions is not training data, so
# the test skips (77) where the shared file is absent.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
data=$(dirname "$0")/../../../shared/data/small.binpack
[ -f "$data" ] || { echo "skip: no $data (the shared training file)"; exit 77; }

head -c 300000 "$data" > "$work/part.binpack"   # a few chunks, the last cut short
"$tool" filter "$work/part.binpack" --output "$work/part.plain" 2> /dev/null
expect "a plain copy to start from" "$(grep -c '^fen ' "$work/part.plain" | tr -d ' ' | grep -c '^[1-9]')" "1"
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
    "seebatch convert: $work/out.txt: its name says no training format (.binpack, .plain or .bin) (see seebatch convert --help)"
expect "a name with no format: nothing written" "$(ls "$work/out.txt" 2> /dev/null)" ""
cp "$work/part.plain" "$work/keep.plain"
"$tool" convert "$work/part.plain" "$work/part.plain" > /dev/null 2> "$work/err"
expect "onto its input: exit" "$?" "2"
expect "onto its input: refused" "$(grep -c 'is the same file as the input' "$work/err")" "1"
expect "onto its input: the input unchanged" "$(cmp -s "$work/part.plain" "$work/keep.plain" && echo same)" "same"
"$tool" convert "$work/part.plain" > /dev/null 2> "$work/err"
expect "one file: exit" "$?" "2"
expect "one file: says so" "$(grep -c 'no OUT: convert takes IN and OUT' "$work/err")" "1"
"$tool" convert --skip-capture "$work/part.plain" "$work/y.plain" > /dev/null 2> "$work/err"
expect "a rule: refused" "$(grep -c 'unknown option "--skip-capture"' "$work/err")" "1"
finish "cli convert"
