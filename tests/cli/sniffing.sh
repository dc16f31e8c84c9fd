#!/usr/bin/env bash
# How eval, check, filter and stats tell their input by its first bytes
# (issue 37's planted bugs): only the four bytes "BINP" make a binpack, not
# any input starting "BIN"; and a pipe shorter than the four bytes looked
# at gives back exactly what it held, no more (an empty pipe is no input,
# a pipe of blank lines is blank lines).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

capture='4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1'
# run NAME STDIN_TEXT EXPECTED_EXIT EXPECTED_STDOUT EXPECTED_STDERR COMMAND...:
# the text through a pipe.
run() {
    local name=$1 text=$2 code=$3 out=$4 err=$5
    shift 5
    printf "$text" | cat | "$tool" "$@" > "$work/out" 2> "$work/err"
    expect "$name: exit" "$?" "$code"
    expect "$name: output" "$(cat "$work/out")" "$out"
    expect "$name: messages" "$(cat "$work/err")" "$err"
}

# "BIN" and another letter: lines (EPD), read line by line; the bad first
# line is reported as a line and the next one still evaluated.
bad_first="seebatch eval: standard input: line 1: FEN field 1 (piece placement), character 2: unknown character 'I'; expected a piece letter (PNBRQK pnbrqk), a digit 1-8 or '/'"
run "BINGO then a FEN" "BINGO\n$capture\n" 1 "$capture;d1d5;100" "$bad_first" eval
run "BINQ then a FEN" "BINQ\n$capture\n" 1 "$capture;d1d5;100" "${bad_first/BINGO/BINQ}" eval
printf 'BINX\n%s;d1d5\n' "$capture" > "$work/bin_start.epd"
"$tool" filter --skip-in-check "$work/bin_start.epd" > "$work/out" 2> "$work/err"
expect "filter, a file starting BINX: exit" "$?" "1"
expect "filter, a file starting BINX: the good line kept" "$(cat "$work/out")" "$capture;d1d5"
expect "filter, a file starting BINX: read as EPD" "$(tail -n 2 "$work/err")" "seebatch filter: 1 entries read, 1 kept, 0 dropped
  --skip-in-check: 0 dropped"
printf 'BINX\n' | cat | "$tool" stats > /dev/null 2> "$work/err"
expect "stats, a pipe starting BINX: no training data (exit)" "$?" "2"
expect "stats, a pipe starting BINX: says so" "$(grep -c 'is no training data' "$work/err")" "1"
# "BINP" itself is a binpack, whatever comes after it.
run "BINP is a binpack" "BINP" 1 "" \
    "seebatch eval: standard input: byte 0, entry 1: the file ends inside a chunk header; not read: the input after it" eval

# Short pipes: nothing, or one to three bytes, given back as they are.
run "empty pipe, eval" "" 0 "" "" eval
run "empty pipe, filter" "" 0 "" "seebatch filter: 0 entries read, 0 kept, 0 dropped" filter
printf '' | cat | "$tool" check --no-oracle --preset classic > "$work/out" 2> "$work/err"
expect "empty pipe, check: exit" "$?" "0"
expect "empty pipe, check: nothing checked" "$(head -n 1 "$work/out")" "checked 0 positions, 0 moves, 1 configuration"
expect "empty pipe, check: no message" "$(cat "$work/err")" ""
run "1 byte, a line end" "\n" 0 "" "" eval
run "2 bytes, a blank line" " \n" 0 "" "" eval
run "3 bytes, three line ends" "\n\n\n" 0 "" "" eval
run "3 bytes, a CRLF line end and a line end" "\r\n\n" 0 "" "" eval
run "3 bytes, filter" "\n\r\n" 0 "" "seebatch filter: 0 entries read, 0 kept, 0 dropped" filter
run "1 byte" "x" 1 "" "seebatch eval: standard input: line 1: FEN field 1 (piece placement), character 1: unknown character 'x'; expected a piece letter (PNBRQK pnbrqk), a digit 1-8 or '/'" eval
run "2 bytes, one line" "8\n" 1 "" "$(printf '8\n' | "$tool" eval 2>&1 < <(printf '8\n'))" eval
expect "2 bytes, one line: one message" "$(wc -l < "$work/err")" "1"
# The same bytes from a file (looked at, then put back) and from a pipe
# (looked at through the wrapper) give the same output.
for text in '' '\n' ' \n' 'x' 'xy' 'xyz' 'BIN' 'BINP'; do
    printf "$text" > "$work/short"
    "$tool" eval "$work/short" > "$work/from_file" 2> "$work/file_err"
    file_code=$?
    printf "$text" | cat | "$tool" eval > "$work/from_pipe" 2> "$work/pipe_err"
    expect "'$text': pipe exit = file exit" "$?" "$file_code"
    expect "'$text': pipe output = file output" "$(cat "$work/from_pipe")" "$(cat "$work/from_file")"
    # (but for what a fault left unread, whose size only a file says)
    expect "'$text': pipe messages = file messages" \
        "$(sed 's/standard input/INPUT/; s/; not read: .*//' "$work/pipe_err")" \
        "$(sed "s|$work/short|INPUT|; s/; not read: .*//" "$work/file_err")"
done
finish "cli sniffing"
