#!/usr/bin/env bash
# eval, check, filter, convert and stats take any number of inputs (issue
# 56), files or "-" (once), read in turn as one stream: the output is the
# one of the inputs concatenated where the format allows it, the same for
# -j 1 and -j 2; a message names the file and the line or entry within it;
# a damaged second file ends the run at its fault with everything before
# written, the file named, exit 1. Filter and convert write to standard
# output with "-". Training data from small.binpack (../shared/data next
# to the repository): exit 77 without it.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
small_binpack many_inputs

# Lines: two files of positions, the second with a bad line (its line 4).
"$tool" gen --count 40 --seed 1 > "$work/a.fen"
"$tool" gen --count 30 --seed 2 > "$work/b.fen"
cat "$work/a.fen" "$work/b.fen" > "$work/ab.fen"
{ head -n 3 "$work/b.fen"; echo "not a position"; tail -n +4 "$work/b.fen"; } > "$work/bad.fen"
expect "eval: two files as their concatenation" \
    "$("$tool" eval "$work/a.fen" "$work/b.fen" | md5sum)" "$("$tool" eval "$work/ab.fen" | md5sum)"
expect "eval: a file and standard input" \
    "$("$tool" eval "$work/a.fen" - < "$work/b.fen" | md5sum)" "$("$tool" eval "$work/ab.fen" | md5sum)"
expect "eval -j 2: as -j 1" "$("$tool" eval -j 2 "$work/a.fen" "$work/b.fen" | md5sum)" \
    "$("$tool" eval "$work/ab.fen" | md5sum)"
"$tool" eval "$work/a.fen" "$work/bad.fen" > "$work/out" 2> "$work/err"
expect "eval: bad line, exit" "$?" "1"
expect "eval: names the second file and its line" "$(cut -d: -f1-3 "$work/err")" \
    "seebatch eval: $work/bad.fen: line 4"
expect "eval: the other lines evaluated" "$(wc -l < "$work/out")" \
    "$("$tool" eval "$work/ab.fen" | wc -l)"
"$tool" eval - "$work/a.fen" - < "$work/b.fen" > /dev/null 2> "$work/err"
expect "standard input twice: exit" "$?" "2"
expect "standard input twice: says so" "$(grep -c 'standard input ("-") is given twice' "$work/err")" "1"
expect "check: positions of both" \
    "$("$tool" check --no-oracle --preset stockfish "$work/a.fen" "$work/b.fen" | head -n 1)" \
    "$("$tool" check --no-oracle --preset stockfish "$work/ab.fen" | head -n 1)"

# Training data: small.binpack cut into plain pieces of 1000 entries, made
# into binpacks of one chunk a piece (convert ends a chunk at each input).
"$tool" convert "$data" "$work/all.plain" 2> /dev/null
head -n 60000 "$work/all.plain" | split -l 6000 - "$work/pa."
sed -n 60001,102000p "$work/all.plain" | split -l 6000 - "$work/pb."
"$tool" convert "$work"/pa.* "$work/A.binpack" 2> /dev/null
"$tool" convert "$work"/pb.* "$work/B.binpack" 2> /dev/null
cat "$work"/pa.* > "$work/A.plain"
cat "$work"/pb.* > "$work/B.plain"
expect "convert: ten inputs, ten chunks" "$("$tool" stats "$work/A.binpack" | grep '^chunks')" \
    "chunks: 10"
expect "convert: back to plain, the same" \
    "$("$tool" convert "$work/A.binpack" "$work/B.binpack" - --output-format plain 2> /dev/null | md5sum)" \
    "$(cat "$work/A.plain" "$work/B.plain" | md5sum)"
expect "convert: mixed formats in, binpack out" \
    "$("$tool" convert "$work/A.plain" "$work/B.binpack" "$work/mixed.binpack" 2>&1)" \
    "seebatch convert: 17000 entries read, 17000 kept, 0 dropped"
expect "convert: mixed formats, the entries in order" \
    "$("$tool" convert "$work/mixed.binpack" - --output-format plain 2> /dev/null | md5sum)" \
    "$(cat "$work/A.plain" "$work/B.plain" | md5sum)"
"$tool" convert "$work/A.plain" - > /dev/null 2> "$work/err"
expect "convert to -: a format needed" "$(grep -c 'give --output-format' "$work/err")" "1"
"$tool" filter "$work/A.plain" "$work/B.binpack" > /dev/null 2> "$work/err"
expect "filter: mixed formats, no output format: exit" "$?" "2"
expect "filter: mixed formats refused, both named" \
    "$(grep -c "different formats ($work/A.plain: plain, $work/B.binpack: binpack)" "$work/err")" "1"
for j in 1 2; do
    expect "filter -j $j: two binpacks as one" \
        "$("$tool" filter -j $j --skip-capture "$work/A.binpack" "$work/B.binpack" --output - 2> "$work/err" | md5sum)" \
        "$(cat "$work/A.binpack" "$work/B.binpack" | "$tool" filter --skip-capture 2> /dev/null | md5sum)"
    expect "filter -j $j: counts over both" "$(head -n 1 "$work/err" | cut -d, -f1)" \
        "seebatch filter: 17000 entries read"
done
# The piece-count rule follows every entry before, over all inputs.
for kind in plain binpack; do
    expect "filter --piece-count-skip, two $kind files as one" \
        "$("$tool" filter --piece-count-skip --seed 3 "$work/A.$kind" "$work/B.$kind" 2> /dev/null | md5sum)" \
        "$(cat "$work/A.$kind" "$work/B.$kind" | "$tool" filter --piece-count-skip --seed 3 2> /dev/null | md5sum)"
done
expect "filter: --output - is standard output" \
    "$("$tool" filter --skip-capture "$work/A.binpack" --output - 2> /dev/null | md5sum)" \
    "$("$tool" filter --skip-capture "$work/A.binpack" 2> /dev/null | md5sum)"
"$tool" stats "$work/A.binpack" "$work/B.plain" > "$work/stats"
expect "stats: each file, then the totals" "$(grep -E '^(file|total|entries):' "$work/stats")" \
    "file: $work/A.binpack (binpack)
entries: 10000
file: $work/B.plain (plain)
entries: 7000
total: 2 files (binpack and others)
entries: 17000"
expect "stats: totals are the sums" "$(sed -n '/^total/,$p' "$work/stats" | grep '^captures')" \
    "$("$tool" stats "$work/mixed.binpack" | grep '^captures')"
expect "eval: entries numbered within each file" \
    "$("$tool" eval --line-numbers "$work/A.binpack" "$work/B.binpack" | cut -d';' -f2 | sort -n | uniq -c | awk '$1 != 2 {n++} END {print n + 0}')" \
    "3000"

# A damaged second file: B cut inside its third chunk, then a third file
# that is never read. Everything before the fault is written to standard
# output (an --output file is not made by a run that fails), the second file
# named with what it left unread and the third as not read, exit 1.
size=$(stat -c %s "$work/B.binpack")
head -c $((size * 5 / 14)) "$work/B.binpack" > "$work/cut.binpack"
for command in eval check stats filter convert; do
    out=()
    [ "$command" = convert ] && out=("$work/out.binpack")
    [ "$command" = filter ] && out=(--output "$work/out.binpack")
    rm -f "$work/out.binpack"
    args=("$work/A.binpack" "$work/cut.binpack" "$work/B.binpack")
    [ "$command" = check ] && args=(--no-oracle --preset stockfish "${args[@]}")
    "$tool" $command "${args[@]}" "${out[@]}" > "$work/out" 2> "$work/err"
    expect "$command, damaged second file: exit 1" "$?" "1"
    expect "$command, damaged second file: named with its byte and what it left unread" \
        "$(grep -c "^seebatch $command: $work/cut.binpack: byte [0-9]*, entry 2[0-9][0-9][0-9]: .*; not read: [0-9]* of the file's $(stat -c %s "$work/cut.binpack") bytes$" "$work/err")" "1"
    expect "$command, damaged second file: the third named, not read" \
        "$(grep -c "^seebatch $command: the run ends at that fault in $work/cut.binpack: 1 input after it not read ($work/B.binpack)$" "$work/err")" "1"
    [ -n "${out[*]}" ] && expect "$command, damaged second file: no output file made" \
        "$([ -e "$work/out.binpack" ] && echo made)" ""
done
"$tool" convert "${args[@]}" - --output-format binpack > "$work/out.binpack" 2> "$work/err"
read_count=$(grep -o '[0-9]* entries read' "$work/err" | cut -d' ' -f1)
entry=$(grep -o 'entry [0-9]*' "$work/err" | head -n 1 | cut -d' ' -f2)
expect "convert: the entries before the fault written" "$read_count" "$((10000 + entry - 1))"
expect "convert: A whole, then B's first entries" \
    "$("$tool" convert "$work/out.binpack" - --output-format plain 2> /dev/null | md5sum)" \
    "$(cat "$work/A.plain" <(head -n $(((entry - 1) * 6)) "$work/B.plain") | md5sum)"
"$tool" stats "$work/A.binpack" "$work/cut.binpack" "$work/B.binpack" > "$work/stats" 2> /dev/null
expect "stats: the totals of what was read" "$(grep -A1 '^total' "$work/stats")" \
    "total: 2 of 3 files (binpack)
entries: $((10000 + entry - 1))"
"$tool" eval "$work/A.binpack" "$work/cut.binpack" "$work/B.binpack" > "$work/out" 2> /dev/null
expect "eval: the records before the fault" "$(wc -l < "$work/out")" "$((10000 + entry - 1))"

# Writing to standard output that fails names it and exits 3.
if [ -w /dev/full ]; then
    "$tool" convert "$work/A.binpack" "$work/B.binpack" - --output-format plain > /dev/full 2> "$work/err"
    expect "convert to a full -: exit 3" "$?" "3"
    expect "convert to a full -: names it" "$(grep -c 'cannot write standard output' "$work/err")" "1"
    "$tool" filter "$work/A.binpack" --output - > /dev/full 2> "$work/err"
    expect "filter --output - full: exit 3" "$?" "3"
else
    not_here "/dev/full" "no /dev/full"
fi
finish "many inputs"
