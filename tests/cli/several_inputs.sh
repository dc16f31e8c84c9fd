#!/usr/bin/env bash
# Several inputs told apart, and counted as one job (issue 61):
# - eval --line-numbers names the file before each number when there are
#   several (text FILE;N;..., csv and jsonl a "file" column or key, the name
#   quoted as each format quotes), as grep -n does; one file: no name;
# - --progress draws one progress over the whole job, not a 100% line per file;
# - stats --format jsonl: one JSON object per input, then the total, counts
#   as the text report's;
# - interleave's summary says "1 chunk from 1 file", singular where it is.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
if ! command -v jq > /dev/null; then
    echo "SKIP: jq is not installed (the JSON lines are parsed with it)"
    exit 77
fi
"$tool" gen --count 3 --seed 1 > "$work/a.fen"
# A name CSV and JSON must quote: a comma, and a quote where the system
# allows one in a file's name (Windows does not).
b="$work/b,\"c\".fen"
[ "$target_system" = Windows ] && b="$work/b,c.fen"
"$tool" gen --count 2 --seed 2 > "$b"

# eval --line-numbers: each record's file and line give back its input line.
"$tool" eval --line-numbers "$work/a.fen" "$b" > "$work/text"
expect "text: the first record names a.fen, line 1" \
    "$(head -n 1 "$work/text" | cut -d';' -f1-3)" "$work/a.fen;1;$(head -n 1 "$work/a.fen")"
joined=$(while IFS=';' read -r file line fen rest; do
    [ "$(sed -n "${line}p" "$file")" = "$fen" ] || echo "$file:$line"
done < "$work/text")
expect "text: every record's file and line hold its FEN" "$joined" ""
expect "text: both files named" "$(cut -d';' -f1 "$work/text" | sort -u | wc -l | tr -d ' ')" "2"
"$tool" eval --format jsonl --line-numbers "$work/a.fen" "$b" > "$work/jsonl"
expect "jsonl: every record has file and line" \
    "$(jq -r 'select(.file == null or .line == null)' "$work/jsonl")" ""
expect "jsonl: the name with a comma (and quote) read back" \
    "$(jq -r 'select(.line == 2) | .file' "$work/jsonl" | sort -u | tail -n 1)" "$b"
expect "jsonl: the same records as text" \
    "$(jq -r '[.file, .line, .fen, .move, .value] | join(";")' "$work/jsonl")" "$(cat "$work/text")"
"$tool" eval --format csv --line-numbers "$work/a.fen" "$b" > "$work/csv"
expect "csv: the header" "$(head -n 1 "$work/csv")" "file,line,fen,move,value"
escaped=$(printf '%s' "$b" | sed 's/"/""/g')
expect "csv: the name quoted" "$(grep -c -F "\"$escaped\",1," "$work/csv")" \
    "$(grep -c "^$b;1;" < <(grep -F -e "$b;1;" "$work/text"))"
# A name whose only character to quote is a comma (issue 68: a writer that
# quoted names for their quotes alone passed the one above): quoted too,
# every record of it.
comma="$work/d,e.fen"
cp "$work/a.fen" "$comma"
"$tool" eval --format csv --line-numbers "$work/a.fen" "$comma" > "$work/comma.csv"
"$tool" eval --line-numbers "$work/a.fen" "$comma" > "$work/comma.text"
records=$(grep -c -F -e "$comma;" "$work/comma.text")
expect "csv: a name with a comma alone, quoted" \
    "$([ "$records" -gt 0 ] && grep -c -F -e "\"$comma\"," "$work/comma.csv")" "$records"
expect "csv: no record of it unquoted" "$(grep -c -F -e "$comma," "$work/comma.csv")" "0"
expect "one file: no name" "$("$tool" eval --line-numbers "$work/a.fen" | head -n 1 | cut -d';' -f1)" "1"
expect "one file, csv: no file column" "$("$tool" eval --format csv --line-numbers "$work/a.fen" | head -n 1)" \
    "line,fen,move,value"
expect "several files without --line-numbers: no name" \
    "$("$tool" eval "$work/a.fen" "$b" | head -n 1)" "$("$tool" eval "$work/a.fen" | head -n 1)"

# --progress over 12 files: one last frame, with every line counted.
for i in $(seq 1 12); do cp "$work/a.fen" "$work/p$i.fen"; done
"$tool" eval --progress "$work"/p*.fen > /dev/null 2> "$work/err"
expect "one progress over 12 files" "$(grep -c ' in [0-9]' "$work/err")" "1"
expect "it counts all 36 lines, 100% of the bytes" "$(grep -c '^seebatch eval: 100%  36 lines ' "$work/err")" "1"

# Training data: a binpack of one chunk and its plain text.
"$tool" gen --count 200 --seed 3 | "$tool" eval | awk -F';' '!seen[$1]++ {
    printf "fen %s\nmove %s\nscore %d\nply %d\nresult 0\ne\n", $1, $2, $3, NR }' > "$work/made.plain"
"$tool" convert "$work/made.plain" "$work/one.binpack" 2> /dev/null
"$tool" convert "$work/made.plain" "$work/one.plain" 2> /dev/null
"$tool" interleave "$work/one.binpack" --output "$work/mixed.binpack" 2> "$work/err"
expect "interleave: singular" "$(cat "$work/err")" "seebatch interleave: 1 chunk from 1 file"
"$tool" stats --progress "$work/one.binpack" "$work/one.plain" "$work/one.binpack" > /dev/null 2> "$work/err"
expect "stats: one progress over 3 files" "$(grep -c ' in [0-9]' "$work/err")" "1"

# stats --format jsonl: an object a file, then the total; the text's counts.
"$tool" stats --format jsonl "$work/one.binpack" "$work/one.plain" > "$work/stats.jsonl"
expect "stats jsonl: three objects" "$(jq -c . "$work/stats.jsonl" | wc -l | tr -d ' ')" "3"
expect "stats jsonl: files and formats" "$(jq -r '[.file // "total", .format] | join(" ")' "$work/stats.jsonl")" \
    "$work/one.binpack binpack
$work/one.plain plain
total mixed"
text_entries=$("$tool" stats "$work/one.binpack" | sed -n 's/^entries: //p')
expect "stats jsonl: entries as the text says" "$(jq -r 'select(.file) | .entries' "$work/stats.jsonl" | head -n 1)" "$text_entries"
expect "stats jsonl: the total is the sum" \
    "$(jq -s '(.[0].entries + .[1].entries == .[2].entries) and (.[0].captures + .[1].captures == .[2].captures) and (.[2].files == 2)' "$work/stats.jsonl")" "true"
expect "stats jsonl: ranges sum to entries" \
    "$(jq -s '[.[] | ([.scores[]] | add) == .entries and ([.plies[]] | add) == .entries] | all' "$work/stats.jsonl")" "true"
"$tool" stats --format jsonl "$work/one.binpack" > "$work/one.jsonl"
expect "stats jsonl, one file: its object and the total" "$(jq -r '.files // .file' "$work/one.jsonl")" "$work/one.binpack
1"
"$tool" stats --format xml "$work/one.binpack" > /dev/null 2> "$work/err"
expect "stats --format xml: usage" "$?" "2"

finish several_inputs
