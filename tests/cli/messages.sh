#!/usr/bin/env bash
# What a user sees (issue 20): no raw control bytes in any message, NUL bytes
# refused by the plain reader, binpack recognised by its content, a cap on
# error lines, --help and --version that say what runs, and eval records
# that carry their input line.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
esc=$'\e'

# no_control NAME TEXT: TEXT holds no byte below 0x20 but newline, nor DEL.
no_control() {
    expect "$1: no control bytes" "$(LC_ALL=C tr -d '\n' <<< "$2" | LC_ALL=C grep -c '[[:cntrl:]]')" "0"
}
# An escape sequence (red text) in a move, in each reader of positions.
printf '%s;\e[31me2e4\n' "$start" > "$work/esc.epd"
no_control "eval" "$("$tool" eval "$work/esc.epd" 2>&1)"
no_control "check" "$("$tool" check --no-oracle "$work/esc.epd" 2>&1)"
no_control "filter epd" "$("$tool" filter --input-format epd "$work/esc.epd" 2>&1)"
# The plain reader's "found" quotes the line: here a clear-screen sequence.
printf '\e[2J\ec\n' > "$work/esc.plain"
err=$("$tool" filter "$work/esc.plain" 2>&1)
no_control "plain reader, found" "$err"
expect "plain reader: still says what it found" "$(grep -c 'found "?\[2J?c"' <<< "$err")" "1"
printf 'fen %s\nmove e2e4\nscore 1\e[0m\nply 0\nresult 0\ne\n' "$start" > "$work/esc_value.plain"
no_control "plain reader, a value" "$("$tool" filter "$work/esc_value.plain" 2>&1)"
printf 'fen %s\n\e]0;x\a 1\n' "$start" > "$work/esc_key.plain"
no_control "plain reader, a key" "$("$tool" filter "$work/esc_key.plain" 2>&1)"

# NUL bytes: a file of zeros is no plain data, nor is text after a NUL.
head -c 100000 /dev/zero > "$work/zeros.plain"
"$tool" filter "$work/zeros.plain" > /dev/null 2> "$work/zeros.err"
expect "zeros: exit" "$?" "1"
expect "zeros: the NUL named" "$(grep -c "^seebatch filter: $work/zeros.plain: line 1, entry 1: a NUL byte at column 1$" "$work/zeros.err")" "1"
# (Not "nul.plain": Windows reads NUL with any extension as its null device.)
printf 'fen %s\0GARBAGE\nmove e2e4\nscore 0\nply 0\nresult 0\ne\n' "$start" > "$work/nul_byte.plain"
"$tool" filter "$work/nul_byte.plain" > "$work/nul_byte.out" 2> "$work/nul_byte.err"
expect "NUL in a line: exit" "$?" "1"
expect "NUL in a line: nothing written" "$(wc -c < "$work/nul_byte.out" | tr -d ' ')" "0"
expect "NUL in a line: where" "$(grep -c "line 1, entry 1: a NUL byte at column $(( ${#start} + 5 ))$" "$work/nul_byte.err")" "1"

# Long lines in plain text, which is read in blocks of 16 KiB: a line over
# 510 bytes is named, the rest of it skipped however many blocks it spans,
# and the blocks after its own are read; a line of 510 bytes and its '\n'
# is whole. Line ends may be CRLF (or CRs), and the last line may lack one.
good_block() { printf 'fen %s\nmove e2e4\nscore 5\nply 0\nresult 0\ne\n' "$start"; }
letters() { head -c "$1" /dev/zero | tr '\0' "$2"; }
{ good_block; printf 'score 1\nfen %s\nmove e2e4\ne\n' "$(letters 40000 y)"; good_block; good_block
  printf 'fen %s\nmove e2e4\nscore x\nply 0\nresult 0\ne\n' "$start"; } > "$work/long.plain"
"$tool" stats "$work/long.plain" > "$work/long.out" 2> "$work/long.err"
expect "a 40,000-byte line: named, and counted as one line" "$(cat "$work/long.err")" \
    "seebatch stats: $work/long.plain: line 8, entry 2: longer than 510 bytes
seebatch stats: $work/long.plain: line 25, entry 5: score needs a whole number -32768..32767, not \"x\""
expect "a 40,000-byte line: the blocks after it read" "$(grep -c '^entries: 3$' "$work/long.out")" "1"
{ for _ in $(seq 300); do good_block; done; printf 'fen %s\n' "$(letters 511 z)"; good_block; good_block; } \
    > "$work/edge.plain"
"$tool" stats "$work/edge.plain" > "$work/edge.out" 2> "$work/edge.err"
expect "511 bytes across a block's end: named" "$(cat "$work/edge.err")" \
    "seebatch stats: $work/edge.plain: line 1801, entry 301: longer than 510 bytes"
expect "511 bytes across a block's end: the blocks after it read" \
    "$(grep -c '^entries: 301$' "$work/edge.out")" "1"
{ good_block; printf 'fen %s\nmove e2e4\ne\n' "$(letters 506 w)"; } > "$work/edge510.plain"
expect "a line of 510 bytes: read whole, a bad FEN" \
    "$("$tool" stats "$work/edge510.plain" 2>&1 > /dev/null | grep -c 'line 7, entry 2: bad fen')" "1"
{ good_block | sed 's/$/\r/'; good_block | sed 's/$/\r\r/'; good_block | head -c -1; } > "$work/crlf.plain"
"$tool" stats "$work/crlf.plain" > "$work/crlf.out" 2> "$work/crlf.err"
expect "CRLF, CRs and no last line end: read" "$(grep -c '^entries: 3$' "$work/crlf.out") $(cat "$work/crlf.err")" "1 "

# Binpack by its magic: a file named data.bin, and standard input, give what
# the .binpack file gives, with no error line.
"$tool" gen --count 200 --seed 5 > "$work/p.fen"
"$tool" eval "$work/p.fen" | awk -F';' '{ printf "fen %s\nmove %s\nscore 0\nply %d\nresult 0\ne\n", $1, $2, NR }' > "$work/p.plain"
"$tool" filter "$work/p.plain" --output-format binpack --output "$work/p.binpack" 2> /dev/null
"$tool" eval "$work/p.binpack" > "$work/by_name" 2> /dev/null
expect "binpack by name: records" "$(wc -l < "$work/by_name" | tr -d ' ')" "$(grep -c '^e$' "$work/p.plain")"
cp "$work/p.binpack" "$work/data.bin"
"$tool" eval "$work/data.bin" > "$work/by_magic" 2> "$work/by_magic.err"
expect "binpack named data.bin: exit" "$?" "0"
expect "binpack named data.bin: same records" "$(cmp -s "$work/by_name" "$work/by_magic" && echo same)" "same"
expect "binpack named data.bin: no errors" "$(wc -c < "$work/by_magic.err" | tr -d ' ')" "0"
cat "$work/p.binpack" | "$tool" eval -j 2 > "$work/by_pipe" 2> "$work/by_pipe.err"
expect "binpack from a pipe: exit" "$?" "0"
expect "binpack from a pipe: same records" "$(cmp -s "$work/by_name" "$work/by_pipe" && echo same)" "same"
"$tool" eval < "$work/p.binpack" > "$work/by_redirect" 2> /dev/null
expect "binpack redirected: same records" "$(cmp -s "$work/by_name" "$work/by_redirect" && echo same)" "same"
# And lines stay lines, from a pipe too (the peeked bytes are not lost).
expect "lines from a pipe" "$(cat "$work/p.fen" | "$tool" eval | cmp -s - <("$tool" eval "$work/p.fen") && echo same)" "same"

# Error lines are capped: 20 by default, then a count of the rest.
yes 'not a position' | head -n 500 > "$work/bad.txt"
"$tool" eval "$work/bad.txt" > /dev/null 2> "$work/bad.err"
expect "cap: exit" "$?" "1"
expect "cap: 20 lines by default" "$(grep -c "^seebatch eval: $work/bad.txt: line " "$work/bad.err")" "20"
expect "cap: the rest counted" "$(tail -1 "$work/bad.err")" "seebatch eval: 480 more error messages not shown (--max-errors N shows N, 0 all)"
expect "--max-errors 5" "$("$tool" eval --max-errors 5 -j 2 "$work/bad.txt" 2>&1 | grep -c ': line ')" "5"
expect "--max-errors 0: all" "$("$tool" eval --max-errors=0 "$work/bad.txt" 2>&1 | grep -c ': line ')" "500"
expect "check is capped" "$("$tool" check --no-oracle "$work/bad.txt" 2>&1 | grep -c "^seebatch check: $work/bad.txt: line ")" "20"
expect "filter epd is capped" "$("$tool" filter --input-format epd --max-errors 3 "$work/bad.txt" 2>&1 | grep -c "^seebatch filter: $work/bad.txt: line [0-9]*: ")" "3"
"$tool" eval --max-errors lots < /dev/null 2> /dev/null
expect "--max-errors needs a number" "$?" "2"

# --help names every backend; --version the one in use and the CPU's features.
# eval reads UCI position commands: its help says so (issue 76).
expect "eval --help: position lines" "$("$tool" eval --help | grep -c '^  position startpos|fen FEN \[moves')" "1"
# No formula broken across lines: a line that opens a parenthesis closes it.
expect "filter --help: formulas whole on a line" \
    "$("$tool" filter --help | grep -c 'P(.*|$')" "0"
expect "--help lists avx512" "$("$tool" --help | grep -c 'SEEBATCH_BACKEND=auto|fixed|scalar|avx2|avx512')" "1"
# Unforced even where the suite runs with SEEBATCH_BACKEND or SEEBATCH_PEXT set.
version=$(env -u SEEBATCH_BACKEND -u SEEBATCH_PEXT "$tool" --version)
expect "--version: backend line" "$(grep -c "^backend: $(env -u SEEBATCH_BACKEND -u SEEBATCH_PEXT "$tool" --version | sed -n 's/^backend: \([a-z0-9]*\).*/\1/p')" <<< "$version")" "1"
if grep -q '^CPU features: none read on ' <<< "$version"; then
    # A build for an architecture without cpuid (aarch64): scalar, and why.
    expect "--version: no cpuid, scalar and why" "$(grep -Ec '^  auto would start on scalar here: no SIMD kernel for [a-z0-9-]+ yet: the scalar kernel runs$' <<< "$version")" "1"
    expect "--version: no cpuid, the CPU line" "$(grep -Ec '^CPU: [a-z0-9-]+ \(no cpuid: no pext, portable lookups\)$' <<< "$version")" "1"
else
expect "--version: CPU features" "$(grep -c '^CPU features: AVX2+BMI1+BMI2+POPCNT \(yes\|no\), AVX-512 F+DQ+BW+VL \(yes\|no\)$' <<< "$version")" "1"
# Unforced, it says why: the measured table's row, or "not measured" (issue 37).
# (With one backend in the build the reason stands on auto's own line.)
expect "--version: why this first guess" "$(grep -Ec '^  (why|auto would start on [a-z0-9]+ here): (measured on .+|not measured on this CPU.*: the widest backend it runs)$' <<< "$version")" "1"
fi
# AMD's family 19h holds Zen 3 and Zen 4, told apart by model; the whole
# reason is read, so a row of the other one (or measured with other
# features) is caught.
if grep -q '^vendor_id.*AuthenticAMD' /proc/cpuinfo 2> /dev/null && grep -q '^cpu family.*: 25$' /proc/cpuinfo &&
    grep -q '^backends this build runs here: avx2' <<< "$version"; then
    model=$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -1)
    avx512=no
    grep -q '^flags.* avx512f' /proc/cpuinfo && grep -q '^backends this build runs here: avx512' <<< "$version" && avx512=yes
    zen=4
    if [ "$model" -lt 16 ] || { [ "$model" -ge 32 ] && [ "$model" -lt 96 ]; }; then zen=3; fi
    case $zen$avx512 in
        3no) reason='measured on AMD family 19h without AVX-512 (Zen 3), an EPYC model 01h: avx2 3.2x as fast as scalar on many boards in board order, 5.9x scattered; the scalar walk 1.2-1.5x as fast as avx2 on 1,000 positions cycled' ;;
        4yes) reason='measured on AMD family 19h with AVX-512 (Zen 4), an EPYC model 11h: avx512 1.09-1.32x as fast as avx2 on many boards in board order, 0.84-0.86x scattered; the scalar walk 1.09x as fast as avx512 on values of 1,000 positions cycled, 1.31x on thresholds' ;;
        4no) reason='measured on AMD family 19h without AVX-512 (Zen 4), an EPYC model 11h whose hypervisor hides AVX-512: avx2 2.0x as fast as scalar on many boards in board order, 5.9x scattered; on thresholds on many boards 0.74x the scalar walk'"'"'s speed on positions it learned, 1.67x on positions it did not, 1.49x streamed' ;;
        *) reason='not measured on this CPU: the widest backend it runs' ;;
    esac
    expect "--version: Zen $zen (AVX-512 here: $avx512) takes its own row, whole" "$(grep -cxF "  why: $reason" <<< "$version")" "1"
fi
expect "--version: the forced backend" "$(SEEBATCH_BACKEND=scalar "$tool" --version | grep -c '^backend: scalar (forced by SEEBATCH_BACKEND: every call runs it)$')" "1"
# What a user gets, in words: how the backend is chosen (auto learning, or
# fixed: its first guess), then the first guess of each kind of call, and
# whether auto learns it; no choice line's codes, no issue numbers.
if [ "$(grep -c '^backends this build runs here: .* ' <<< "$version")" = 1 ]; then
    expect "--version: auto learning" "$(grep -c '^backend: auto (learning): ' <<< "$version")" "1"
    expect "--version: auto learns the calls on many boards" "$(grep -Ec '^  (values|thresholds) on many boards (in board order|scattered): [a-z0-9]+.*, then learned on calls of 64 moves or more$' <<< "$version")" "4"
    fixed=$(SEEBATCH_BACKEND=fixed "$tool" --version)
    expect "--version: fixed, in words" "$(grep -c '^backend: fixed: auto'"'"'s first guess for each kind of call below, never learning' <<< "$fixed")" "1"
    expect "--version: fixed, a first guess a kind of call, none learned" "$(grep -Ec '^  (values|thresholds) on (one board|many boards in board order|many boards scattered): [a-z0-9]+( from 8 moves, [a-z0-9]+ under 8)?$' <<< "$fixed")" "6"
fi
expect "--version: no codes, no issue numbers" "$(grep -Ec '[s25]{4} [s25]{4}|issue [0-9]|multi' <<< "$version$(SEEBATCH_BACKEND=fixed "$tool" --version)")" "0"
# No file of the source tree: an installed copy has none (issue 76).
expect "--version: no docs/ file cited" "$(grep -c 'docs/' <<< "$version")" "0"
SEEBATCH_BACKEND=bogus "$tool" --version > /dev/null 2>&1
expect "--version: a bad SEEBATCH_BACKEND" "$?" "2"
# The CPU as cpuid names it (as /proc/cpuinfo does, where there is one),
# whether pext is fast there, and the view exchange: never pext where slow.
# (Not in a build without cpuid: under qemu-user /proc/cpuinfo is the host's.)
if ! grep -q '^CPU features: none read on ' <<< "$version"; then
expect "--version: CPU line" "$(grep -c '^CPU: .* family [0-9A-F][0-9A-F]*h model [0-9A-F][0-9A-F]h, pext fast: \(yes\|no\)$' <<< "$version")" "1"
fi
if grep -q '^vendor_id' /proc/cpuinfo 2> /dev/null && ! grep -q '^CPU features: none read on ' <<< "$version"; then
    field() { sed -n "s/^$1[[:space:]]*: //p" /proc/cpuinfo | head -1; }
    cpu_line="CPU: $(field vendor_id) family $(printf '%02X' "$(field 'cpu family')")h model $(printf '%02X' "$(field model)")h, "
    expect "--version: the CPU /proc/cpuinfo names" "$(grep -cF "$cpu_line" <<< "$version")" "1"
fi
view=$(sed -n 's/^view exchange: \(pext\|portable\) (what auto picks here)$/\1/p' <<< "$version")
expect "--version: the view exchange auto picks" "$(grep -c . <<< "$view")" "1"
grep -q 'pext fast: no$' <<< "$version" && expect "--version: no pext where it is slow" "$view" "portable"
expect "--version: the scalar backend's view exchange" "$(SEEBATCH_BACKEND=scalar "$tool" --version | grep -c '^view exchange: portable (what auto picks here)$')" "1"
expect "--version: a forced view exchange" "$(SEEBATCH_VIEW_EXCHANGE=portable "$tool" --version | grep -c "^view exchange: portable (chosen by SEEBATCH_VIEW_EXCHANGE; auto picks $view)$")" "1"
err=$(SEEBATCH_VIEW_EXCHANGE=$'bo\egus' "$tool" --version 2>&1 > /dev/null)
expect "--version: a bad SEEBATCH_VIEW_EXCHANGE" "$?" "2"
expect "--version: it names the variable and the value" "$err" 'seebatch: unknown SEEBATCH_VIEW_EXCHANGE "bo?gus" (known: auto, pext, portable)'
SEEBATCH_VIEW_EXCHANGE=portables "$tool" check --no-oracle < /dev/null > /dev/null 2>&1
expect "check: a bad SEEBATCH_VIEW_EXCHANGE" "$?" "2"

# eval --line-numbers: records join back to their input; a line with no
# capture (line 2) writes none.
printf '%s\n%s\n%s\n' '1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1' "$start" \
    '1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1;d3e5' > "$work/three.txt"
expect "--line-numbers" "$("$tool" eval --line-numbers -j 2 "$work/three.txt")" "1;1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1;e1e5;100
3;1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1;d3e5;-225"
expect "--line-numbers csv" "$("$tool" eval --line-numbers --format csv "$work/three.txt" | head -2)" "line,fen,move,value
1,1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1,e1e5,100"
expect "--line-numbers jsonl" "$("$tool" eval --line-numbers --format jsonl "$work/three.txt" | tail -1)" '{"line":3,"fen":"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1","move":"d3e5","value":-225}'
# On training data, records carry their entry's number (from 1).
expect "--line-numbers on binpack: entry numbers" \
    "$("$tool" eval --line-numbers -j 2 "$work/p.binpack" | cut -d';' -f1 | tr '\n' ' ')" \
    "$(seq -s ' ' 1 "$(grep -c '^e$' "$work/p.plain")") "

finish messages
