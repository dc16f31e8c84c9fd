#!/usr/bin/env bash
# filter's output format (issue 37): --output-format, else the output's name
# (.binpack, .plain, .bin), else the input's format; EPD input is written as
# EPD only, and a training-data name for its output is refused.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

"$tool" gen --count 300 --seed 9 > "$work/p.fen"
"$tool" eval "$work/p.fen" |
    awk -F';' '{ printf "fen %s\nmove %s\nscore %d\nply %d\nresult 0\ne\n", $1, $2, $3, NR % 200 }' \
        > "$work/p.plain"
"$tool" filter "$work/p.plain" --output-format binpack > "$work/p.binpack" 2> /dev/null
"$tool" filter "$work/p.plain" --output-format bin > "$work/p.bin" 2> /dev/null
expect "test data: a binpack" "$(head -c 4 "$work/p.binpack")" "BINP"

magic() { head -c 4 "$1" | od -An -c | tr -d ' '; }
# written NAME INPUT OUTPUT-NAME EXPECTED-MAGIC [OPTIONS]: what filter writes there.
written() {
    "$tool" filter ${5:-} "$2" --output "$work/$3" 2> /dev/null
    expect "$1: exit 0" "$?" "0"
    expect "$1: the format" "$(magic "$work/$3")" "$(printf '%s' "$4" | od -An -c | tr -d ' ')"
}
# The name.
written "plain input, .binpack name" "$work/p.plain" "a.binpack" "BINP"
written "binpack input, .plain name" "$work/p.binpack" "b.plain" "fen "
# The option wins over the name.
written "--output-format plain, .binpack name" "$work/p.binpack" "c.binpack" "fen " \
    "--output-format plain"
written "--output-format binpack, .plain name" "$work/p.plain" "d.plain" "BINP" \
    "--output-format binpack"
written "plain input, .bin name" "$work/p.plain" "a.bin" "$(head -c 4 "$work/p.bin")"
written "bin input (by its name), .plain name" "$work/p.bin" "h.plain" "fen "
written "bin input, .binpack name" "$work/p.bin" "l.binpack" "BINP"
written "--output-format bin, .plain name" "$work/p.plain" "j.plain" "$(head -c 4 "$work/p.bin")" \
    "--output-format bin"
expect ".bin name: the bytes of --output-format bin" "$(cmp -s "$work/a.bin" "$work/j.plain" && echo same)" "same"
# Neither: the input's format.
written "binpack input, no known name" "$work/p.binpack" "e.out" "BINP"
written "plain input, no known name" "$work/p.plain" "f.out" "fen "
written "bin input, no known name" "$work/p.bin" "k.out" "$(head -c 4 "$work/p.bin")" \
    "--input-format bin"
expect "bin input, no known name: the same bytes" "$(cmp -s "$work/k.out" "$work/p.bin" && echo same)" "same"
written "plain input, .epd name" "$work/p.plain" "g.epd" "fen "
# The conversions are the tool's: the binpack named so is the one asked for.
"$tool" filter "$work/p.plain" --output-format binpack --output "$work/asked" 2> /dev/null
expect "by name = by option" "$(cmp -s "$work/asked" "$work/a.binpack" && echo same)" "same"

# EPD input: written as lines; a name that says otherwise is refused.
written "EPD input, .epd name" "$work/p.fen" "h.epd" "$(head -c 4 "$work/p.fen")"
err=$("$tool" filter "$work/p.fen" --output "$work/i.binpack" 2>&1)
expect "EPD input, .binpack name: exit 2" "$?" "2"
expect "EPD input, .binpack name: says why" \
    "$(grep -c "written as lines only, but the output's name $work/i.binpack says otherwise" <<< "$err")" "1"
expect "EPD input, .binpack name: nothing written" "$([ -e "$work/i.binpack" ] && echo made)" ""

finish output_format
