#!/usr/bin/env bash
# One input reader for every subcommand that reads a file (eval, check,
# filter, stats), issue 29: what the input holds first ("BINP" is a
# binpack, "fen " a plain file), then its name (.binpack, .plain, .epd),
# then lines; standard input too, from a pipe or redirected. Messages about
# bad input all read "seebatch COMMAND: INPUT: WHERE: WHAT"; a bad plain
# block is skipped like a bad line, under --max-errors.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# Data: generated positions, their first capture as plain entries (ply
# rising, so one game), the same as a binpack.
"$tool" gen --count 300 --seed 9 > "$work/p.fen"
"$tool" eval "$work/p.fen" | awk -F';' '!seen[$1]++ {
    printf "fen %s\nmove %s\nscore %d\nply %d\nresult 0\ne\n", $1, $2, $3, NR }' > "$work/made.plain"
# As the tool writes plain (the fullmove number follows the ply).
"$tool" filter "$work/made.plain" --output-format plain > "$work/p.plain" 2> /dev/null
entries=$(grep -c '^e$' "$work/p.plain")
"$tool" filter "$work/p.plain" --output-format binpack --output "$work/p.binpack" 2> /dev/null
expect "test data: entries" "$([ "$entries" -eq 300 ] && echo 300)" "300"
cp "$work/p.binpack" "$work/weird.dat"
cp "$work/p.binpack" "$work/no_extension"
cp "$work/p.plain" "$work/plain.dat"
cp "$work/p.plain" "$work/plain_named.binpack" # what it holds wins over its name
cp "$work/p.fen" "$work/lines.dat"

# Each command's output for an input: stdout and stderr together, the
# input's name taken out (messages and stats name it).
output() { # output COMMAND... INPUT (INPUT "-" reads $work/p.binpack from a pipe, "<" redirected)
    local input=${!#}
    local command=("${@:1:$#-1}")
    case $input in
    -) cat "$work/p.binpack" | "$tool" "${command[@]}" 2>&1 ;;
    "<") "$tool" "${command[@]}" < "$work/p.binpack" 2>&1 ;;
    *) "$tool" "${command[@]}" "$input" 2>&1 ;;
    esac | sed "s#$work/[a-z_.]*#INPUT#; s#standard input#INPUT#"
    echo "exit ${PIPESTATUS[0]}"
}

commands=("eval" "eval --all-captures -j 2" "check --no-oracle" "filter --count-only --skip-capture"
    "filter --output-format plain" "stats" "stats -j 2")
for command in "${commands[@]}"; do
    read -ra words <<< "$command"
    expected=$(output "${words[@]}" "$work/p.binpack")
    for input in weird.dat no_extension - "<"; do
        [ "${input:0:1}" = "-" ] || [ "$input" = "<" ] || input=$work/$input
        expect "$command, binpack as $(basename "$input")" "$(output "${words[@]}" "$input")" "$expected"
    done
    expected=$(output "${words[@]}" "$work/p.plain")
    for input in plain.dat plain_named.binpack; do
        expect "$command, plain as $input" "$(output "${words[@]}" "$work/$input")" "$expected"
    done
done
# What the outputs hold, so that "the same" means something.
expect "eval of a binpack: a record per entry" "$("$tool" eval "$work/weird.dat" | wc -l | tr -d ' ')" "$entries"
expect "check of a binpack: every entry" "$("$tool" check --no-oracle "$work/weird.dat" | head -1 | sed 's/, [0-9]* configurations$//')" \
    "checked $entries positions, $entries moves"
expect "filter of a binpack: every entry" "$("$tool" filter --count-only "$work/weird.dat" 2>&1)" \
    "seebatch filter: $entries entries read, $entries kept, 0 dropped"
expect "stats of a binpack" "$("$tool" stats "$work/weird.dat" | sed -n '1,2p')" \
    "file: $work/weird.dat (binpack)
entries: $entries"
expect "plain read as plain" "$("$tool" stats "$work/plain_named.binpack" | head -1)" \
    "file: $work/plain_named.binpack (plain)"
# Lines stay lines, whatever the name, and the bytes looked at are not lost.
expect "lines named .dat" "$(output eval "$work/lines.dat")" "$(output eval "$work/p.fen")"
expect "lines from a pipe" "$(cat "$work/p.fen" | "$tool" eval | cmp -s - <("$tool" eval "$work/p.fen") && echo same)" "same"
# (Lines "FEN" have no move: the rules on the move keep them all, and the
# counts say that those rules judged none: issue 54.)
expect "lines to filter" "$(cat "$work/p.fen" | "$tool" filter --skip-capture 2>&1 | tail -3)" \
    "seebatch filter: 300 entries read, 300 kept, 0 dropped
  --skip-capture: 0 dropped
  no entry has a move (lines \"FEN\" with no \";move\"): the rules on the move (capture, SEE, promotion, castling) judged none"
"$tool" eval "$work/p.fen" 2> /dev/null | head -3 | cut -d';' -f1,2 > "$work/some_moves.fen"
sed -n 4,5p "$work/p.fen" >> "$work/some_moves.fen"
expect "some lines with no move" "$("$tool" filter --skip-see-ge 0 "$work/some_moves.fen" 2>&1 > /dev/null | tail -1)" \
    "  2 entries have no move (lines \"FEN\" with no \";move\"): the rules on the move (capture, SEE, promotion, castling) judged none of them"
expect "no rule on the move: no note" "$(cat "$work/p.fen" | "$tool" filter --skip-in-check 2>&1 | grep -c 'no move')" "0"
# Text starting with a UTF-8 byte-order mark, as editors on Windows write
# it, is read from after it (issue 54: "byte 0xef is not ASCII"): lines and
# plain, from a file, a pipe and with --input-format; binary input keeps it.
bom=$'\xef\xbb\xbf'
{ printf '%s' "$bom"; cat "$work/p.fen"; } > "$work/bom.fen"
{ printf '%s' "$bom"; cat "$work/p.plain"; } > "$work/bom.dat"
expect "a byte-order mark before lines" "$(output eval "$work/bom.fen")" "$(output eval "$work/p.fen")"
expect "a byte-order mark before lines, from a pipe" \
    "$(cat "$work/bom.fen" | "$tool" eval 2>&1 | cmp -s - <("$tool" eval "$work/p.fen") && echo same)" "same"
expect "a byte-order mark before lines, format given" "$(output eval --input-format epd "$work/bom.fen")" \
    "$(output eval "$work/p.fen")"
expect "a byte-order mark before plain, told as plain" "$("$tool" stats "$work/bom.dat" | sed -n '1,2p')" \
    "file: $work/bom.dat (plain)
entries: $entries"
expect "a byte-order mark before plain, from a pipe" \
    "$(cat "$work/bom.dat" | "$tool" eval 2>&1 | cmp -s - <("$tool" eval "$work/p.plain") && echo same)" "same"
{ printf '%s' "$bom"; cat "$work/p.binpack"; } > "$work/bom.binpack"
expect "a byte-order mark before binary input: not skipped" \
    "$("$tool" stats --input-format binpack "$work/bom.binpack" 2>&1 | grep -c 'byte 0, entry 1: no chunk header')" "1"
# --input-format still decides when given.
"$tool" eval --input-format lines "$work/weird.dat" > /dev/null 2> "$work/forced.err"
expect "--input-format lines on a binpack: read as lines" "$? $(grep -c ': line 1: ' "$work/forced.err")" "1 1"
expect "stats of lines: refused" "$("$tool" stats "$work/p.fen" 2>&1; echo "exit $?")" \
    "seebatch stats: $work/p.fen is no training data (no \"BINP\" or \"fen \" at its start, and no .binpack, .plain or .bin name); give --input-format if it is (see seebatch stats --help)
exit 2"
expect "--all-captures on lines: refused" "$("$tool" eval --all-captures "$work/p.fen" 2>&1 > /dev/null; echo "exit $?")" \
    "seebatch eval: --all-captures is for training data; $work/p.fen holds lines, where a line \"FEN\" already gives every capture (see seebatch eval --help)
exit 2"

# Every message about bad input has one form, naming the command and the
# input; the entry named is the one after those done.
{ head -c 600 "$work/p.binpack"; } > "$work/cut.bin"
written=$("$tool" eval "$work/cut.bin" 2> /dev/null | wc -l | tr -d ' ')
expect "cut binpack: some entries before the cut" "$([ "$written" -gt 10 ] && echo yes)" "yes"
for command in eval "check --no-oracle" "filter --count-only" stats; do
    read -ra words <<< "$command"
    "$tool" "${words[@]}" "$work/cut.bin" > /dev/null 2> "$work/cut.err"
    expect "$command, cut binpack: exit" "$?" "1"
    message=$(grep -v 'entries read' "$work/cut.err")
    expect "$command, cut binpack: message" "$(sed 's/byte [0-9]*,/byte B,/; s/not read: [0-9]* of/not read: N of/' <<< "$message")" \
        "seebatch ${words[0]}: $work/cut.bin: byte B, entry $((written + 1)): the file ends 592 bytes into a chunk whose header (at byte 0) claims $(( $(wc -c < "$work/p.binpack") - 8 )) bytes; not read: N of the file's 600 bytes"
    # What was not read is the file from the fault on (issue 83).
    expect "$command, cut binpack: not read, from the fault on" \
        "$(( $(sed -E 's/.*byte ([0-9]+),.*not read: ([0-9]+) of.*/\1 + \2/' <<< "$message") ))" "600"
done

# Plain: a bad block is reported and skipped, as a bad line is; the blocks
# after it are read (issue 29: the first one ended the run).
awk 'BEGIN { RS = "e\n"; ORS = "e\n" }
    NR == 3 { sub(/score [-0-9]*/, "score x") }
    NR == 7 { sub(/ply [0-9]*/, "ply") }
    NR == 10 { sub(/move [a-h1-8qrbn]*/, "move e2e5") }
    { print }' "$work/p.plain" > "$work/bad.plain"
expected_good=$((entries - 3))
"$tool" filter "$work/bad.plain" --output-format plain > "$work/bad.out" 2> "$work/bad.err"
expect "bad plain blocks: exit" "$?" "1"
expect "bad plain blocks: the good ones written" "$(grep -c '^e$' "$work/bad.out")" "$expected_good"
expect "bad plain blocks: the good ones are the others" \
    "$(awk 'BEGIN { RS = "e\n"; ORS = "e\n" } NR != 3 && NR != 7 && NR != 10' "$work/p.plain" | cmp -s - "$work/bad.out" && echo same)" "same"
expect "bad plain blocks: each named" "$(grep -v '^ \|entries read' "$work/bad.err" | cut -d: -f1-3)" \
    "seebatch filter: $work/bad.plain: line 15, entry 3
seebatch filter: $work/bad.plain: line 40, entry 7
seebatch filter: $work/bad.plain: line 60, entry 10"
expect "bad plain blocks: counts" "$(grep 'entries read' "$work/bad.err")" \
    "seebatch filter: $expected_good entries read, $expected_good kept, 0 dropped"
expect "bad plain blocks: --max-errors 1" "$("$tool" filter --count-only --max-errors 1 "$work/bad.plain" 2>&1 | grep -v 'entries read')" \
    "seebatch filter: $work/bad.plain: line 15, entry 3: score needs a whole number -32768..32767, not \"x\"
seebatch filter: 2 more error messages not shown (--max-errors N shows N, 0 all)"
for command in eval "check --no-oracle" stats; do
    read -ra words <<< "$command"
    "$tool" "${words[@]}" "$work/bad.plain" > "$work/bad.out" 2> "$work/bad.err"
    expect "$command, bad plain blocks: exit" "$?" "1"
    expect "$command, bad plain blocks: named" "$(cut -d: -f1-3 "$work/bad.err")" \
        "seebatch ${words[0]}: $work/bad.plain: line 15, entry 3
seebatch ${words[0]}: $work/bad.plain: line 40, entry 7
seebatch ${words[0]}: $work/bad.plain: line 60, entry 10"
done
expect "eval, bad plain blocks: a record per good entry" "$("$tool" eval "$work/bad.plain" 2> /dev/null | wc -l | tr -d ' ')" "$expected_good"
# Records carry their entry's number, the bad ones' numbers left out.
expect "eval --line-numbers, plain" "$("$tool" eval --line-numbers "$work/bad.plain" 2> /dev/null | cut -d';' -f1 | head -11 | tr '\n' ' ')" \
    "1 2 4 5 6 8 9 11 12 13 14 "
expect "eval --line-numbers --format csv, binpack" "$("$tool" eval --line-numbers --format csv -j 3 "$work/p.binpack" | sed -n '1p;$p')" \
    "entry,fen,move,value
$entries,$(sed -n "$((entries * 6 - 5))s/^fen //p" "$work/p.plain"),$(sed -n "$((entries * 6 - 4))s/^move //p" "$work/p.plain"),$(sed -n "$((entries * 6 - 3))s/^score //p" "$work/p.plain")"
finish input_reader
