#!/usr/bin/env bash
# seebatch eval and check on 4 threads give exactly what they give on one
# (tests/run_all.sh runs this under ThreadSanitizer too, where a data race
# ends the process with an error and fails the comparison).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

count=$(awk -v scale="${SEEBATCH_TEST_SCALE:-1}" 'BEGIN { n = int(100000 * scale); print n < 5000 ? 5000 : n }')
"$tool" gen --count "$count" --seed 12 > "$work/positions.fen"

for format in text csv jsonl; do
    "$tool" eval --format "$format" -j 1 "$work/positions.fen" > "$work/one" 2> "$work/one.err"
    expect "eval $format -j 1: exit" "$?" "0"
    "$tool" eval --format "$format" -j 4 "$work/positions.fen" > "$work/four" 2> "$work/four.err"
    expect "eval $format -j 4: exit" "$?" "0"
    expect "eval $format -j 4: output identical to -j 1" \
        "$(cmp -s "$work/one" "$work/four" && echo same)" "same"
    expect "eval $format: no errors" "$(cat "$work/one.err" "$work/four.err")" ""
done
# Several configurations and the pins path, through standard input.
"$tool" eval --preset stockfish --promotions -j 4 < "$work/positions.fen" > "$work/four"
"$tool" eval --preset stockfish --promotions -j 1 < "$work/positions.fen" > "$work/one"
expect "eval stockfish -j 4 from stdin: identical" "$(cmp -s "$work/one" "$work/four" && echo same)" "same"

head -n "$((count / 10))" "$work/positions.fen" > "$work/few.fen"
"$tool" check --no-oracle -j 4 "$work/few.fen" > "$work/check" 2>&1
expect "check -j 4: exit" "$?" "0"
expect "check -j 4: no mismatch" "$(grep -c ', 0 mismatches$' "$work/check")" "1"

finish "cli threads"
