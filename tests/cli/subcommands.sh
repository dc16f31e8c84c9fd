#!/usr/bin/env bash
# seebatch check, gen, perft, output formats, threads, version, exit codes.
# Expected values come from published counts, the header's version and
# invariants (same output at -j1 and -j2), never from earlier tool output.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

header=$(dirname "$0")/../../include/seebatch.h
version=$(sed -n 's/^#define SEEBATCH_VERSION_STRING "\(.*\)"/\1/p' "$header")
expect "--version" "$("$tool" --version | head -1)" "seebatch $version"
"$tool" > /dev/null 2>&1; expect "no command" "$?" "2"
"$tool" --help | grep -q '^  check'; expect "help lists check" "$?" "0"
# The front door names the ways to an engine's own SEE and every exit status
# the tool ends with, 4 (the SEE under check or time failed) among them.
"$tool" --help > "$work/help.out"
for option in --see-command --see-plugin; do
    grep -q -- "$option" "$work/help.out"; expect "help names $option" "$?" "0"
done
statuses=$(sed -n '/^Exit status:/,$p' "$work/help.out" | tr '\n' ' ' | grep -o '[0-9] [a-z]' | cut -c1 | tr -d '\n')
expect "help names exit statuses 0 to 4" "$statuses" "01234"

# check: every backend and the oracle agree on generated positions.
"$tool" gen --count 300 --seed 3 > "$work/positions.fen"
"$tool" check "$work/positions.fen" > "$work/check.out"
expect "check exit" "$?" "0"
expect "check summary counts positions" "$(grep -c '^checked 300 positions' "$work/check.out")" "1"
expect "check found no mismatch" "$(grep -c ', 0 mismatches$' "$work/check.out")" "1"
expect "check compares the oracle" "$(grep -c 'oracle lanes' "$work/check.out")" "1"
"$tool" check --no-oracle --preset stockfish -j 2 "$work/positions.fen" > "$work/check2.out"
expect "check -j2 stockfish exit" "$?" "0"
expect "check with one configuration" "$(grep -c ' 1 configuration$' "$work/check2.out")" "1"
printf '%s\nbad fen\n' "$trace1" | "$tool" check > /dev/null 2> "$work/check.err"
expect "check bad line exit" "$?" "1"
expect "check names the bad line" "$(grep -c '^seebatch check: [^:]*: line 2: ' "$work/check.err")" "1"
"$tool" check --bogus < /dev/null 2>/dev/null; expect "check unknown option" "$?" "2"
"$tool" check -j 257 < /dev/null 2>/dev/null; expect "check -j 257" "$?" "2"

# Threads never change the output, only its speed.
"$tool" gen --count 20000 --seed 9 > "$work/many.fen"
"$tool" eval -j 1 "$work/many.fen" > "$work/one.txt"
"$tool" eval -j2 "$work/many.fen" > "$work/two.txt"
"$tool" eval --threads 3 "$work/many.fen" > "$work/three.txt"
expect "-j2 output identical" "$(cmp -s "$work/one.txt" "$work/two.txt" && echo same)" "same"
expect "-j3 output identical" "$(cmp -s "$work/one.txt" "$work/three.txt" && echo same)" "same"

# Formats carry the same records.
printf '%s;e1e5\n' "$trace1" > "$work/one.fen"
expect "csv" "$("$tool" eval --format csv "$work/one.fen")" "fen,move,value
$trace1,e1e5,100"
expect "jsonl" "$("$tool" eval --format jsonl "$work/one.fen")" \
    "{\"fen\":\"$trace1\",\"move\":\"e1e5\",\"value\":100}"
expect "text rows equal csv rows" \
    "$("$tool" eval --format csv "$work/many.fen" | tail -n +2 | tr ',' ';' | cmp -s - "$work/one.txt" && echo same)" "same"
"$tool" eval --format xml < /dev/null 2>/dev/null; expect "unknown format" "$?" "2"

# perft: published node counts (Kiwipete depth 3: 97,862).
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
expect "perft kiwipete 3" "$("$tool" perft --depth 3 "$kiwipete")" "97862"
expect "perft start 4" "$("$tool" perft)" "197281"
"$tool" perft "not a fen" 2>/dev/null; expect "perft bad FEN" "$?" "2"
"$tool" perft --depth 11 2>/dev/null; expect "perft depth limit" "$?" "2"
"$tool" perft a b 2>/dev/null; expect "perft two FENs" "$?" "2"

# gen: argument checks.
"$tool" gen --count -1 2>/dev/null; expect "gen negative count" "$?" "2"
"$tool" gen --count 3x 2>/dev/null; expect "gen malformed count" "$?" "2"
expect "gen seeds differ" "$(cmp -s <("$tool" gen --seed 1) <("$tool" gen --seed 2) || echo differ)" "differ"

finish "cli subcommands"
