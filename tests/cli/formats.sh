#!/usr/bin/env bash
# seebatch eval's output formats are valid whatever the input text holds:
# every jsonl record parses as JSON (jq, an independent parser) and every csv
# row as RFC 4180 CSV with three fields, each carrying the same FEN, move
# and value as the text format. The input: generated positions, written with
# tabs and spaces between and around their fields, with CR line ends, and
# thousands of variants with a byte that needs escaping or quoting (quote,
# comma, backslash, control and high bytes) put in or swapped in somewhere.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
if ! command -v jq > /dev/null; then
    echo "formats: skipped, jq (the independent JSON parser) is not installed"
    exit 77
fi
export LC_ALL=C

"$tool" gen --count 60 --seed 11 > "$work/positions.fen"
awk -v seed=13 '
function pick_byte(    r) {
    r = int(rand() * 8)
    if (r == 0) return sprintf("%c", 34)                       # "
    if (r == 1) return ","
    if (r == 2) return "\\"
    if (r == 3) return sprintf("%c", 1 + int(rand() * 8))      # control bytes below tab
    if (r == 4) return sprintf("%c", 11 + int(rand() * 21))    # control bytes after LF
    if (r == 5) return sprintf("%c", 127 + int(rand() * 129))  # DEL and high bytes
    if (r == 6) return "\t"
    return sprintf("%c", 32 + int(rand() * 95))                # printable ASCII
}
BEGIN { srand(seed) }
{
    fen = $0
    print fen
    spaced = fen; gsub(/ /, "\t ", spaced); print " \t" spaced "\t "
    print fen "\r"
    print fen "\t;\t" "a1a2 h8h7"
    for (i = 0; i < 40; i++) {
        at = int(rand() * (length(fen) + 1))
        if (i % 2)
            print substr(fen, 1, at) pick_byte() substr(fen, at + 1)
        else
            print substr(fen, 1, at) pick_byte() substr(fen, at + 2)
    }
}' "$work/positions.fen" > "$work/hostile.txt"

"$tool" eval "$work/hostile.txt" > "$work/text.out" 2> /dev/null
"$tool" eval --format jsonl "$work/hostile.txt" > "$work/jsonl.out" 2> /dev/null
"$tool" eval --format csv "$work/hostile.txt" > "$work/csv.out" 2> /dev/null
records=$(wc -l < "$work/text.out" | tr -d ' ')
expect "some records" "$([ "$records" -gt 300 ] && echo yes)" "yes"
expect "some odd FEN text accepted" "$(grep -c "$(printf '\t')" "$work/text.out" | \
    awk '{ print ($1 > 0) ? "yes" : "no" }')" "yes"

# jsonl: one object per line with a string fen and move and a number value,
# and the same records as the text format.
jq -e -c 'if (type == "object" and (.fen | type) == "string" and (.move | type) == "string"
              and (.value | type) == "number" and length == 3) then . else error("bad record") end' \
    "$work/jsonl.out" > /dev/null 2> "$work/jq.err"
expect "every jsonl line parses as a record" "$?" "0"
expect "jsonl line count" "$(wc -l < "$work/jsonl.out" | tr -d ' ')" "$records"
jq -r '"\(.fen);\(.move);\(.value)"' "$work/jsonl.out" > "$work/jsonl.text"
expect "jsonl carries the text records" "$(cmp -s "$work/jsonl.text" "$work/text.out" && echo same)" "same"

# csv: a header, then RFC 4180 rows of three fields; unquoted back to text.
awk '
NR == 1 { if ($0 != "fen,move,value") bad = "header " $0; next }
{
    line = $0; n = 0; field = ""; i = 1
    while (1) {
        if (substr(line, i, 1) == "\"") {              # quoted: "" is a quote
            i++; field = ""
            while (1) {
                c = substr(line, i, 1)
                if (c == "") { bad = "unterminated quote on row " NR; exit }
                if (c == "\"" && substr(line, i + 1, 1) == "\"") { field = field "\""; i += 2; continue }
                if (c == "\"") { i++; break }
                field = field c; i++
            }
            c = substr(line, i, 1)
            if (c != "," && c != "") { bad = "text after a quote on row " NR; exit }
        } else {                                       # plain: no quote, no comma
            j = index(substr(line, i), ",")
            field = j ? substr(line, i, j - 1) : substr(line, i)
            if (index(field, "\"") || index(field, "\r")) { bad = "unquoted quote or CR on row " NR; exit }
            i += length(field); c = substr(line, i, 1)
        }
        fields[++n] = field
        if (c == "") break
        i++
    }
    if (n != 3) { bad = "row " NR " has " n " fields"; exit }
    print fields[1] ";" fields[2] ";" fields[3] > out
}
END { print bad ? bad : "ok" }' out="$work/csv.text" "$work/csv.out" > "$work/csv.verdict"
expect "every csv row parses with three fields" "$(cat "$work/csv.verdict")" "ok"
expect "csv carries the text records" "$(cmp -s "$work/csv.text" "$work/text.out" && echo same)" "same"

# Format names are matched whole.
for name in "" json JSONL Text csvx tex jsonlines; do
    "$tool" eval --format "$name" "$work/positions.fen" > "$work/out" 2> "$work/err"
    expect "--format \"$name\": exit" "$?" "2"
    expect "--format \"$name\": named" "$(grep -c -- '--format' "$work/err")" "1"
done

finish formats
