#!/usr/bin/env bash
# seebatch eval and check on 4 threads give exactly what they give on one
# (tests/run_all.sh runs this under ThreadSanitizer too, where a data race
# ends the process with an error and fails the comparison).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

count=$(scaled 100000 5000)
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

# check on more than two blocks of 4096 lines, so that its threads share
# them. The later stages' 1,000 positions fill one block, and their 25
# configurations took half a minute under ThreadSanitizer: there, one
# configuration, the positions spread over 9,000 lines.
if at_full_scale; then
    head -n "$((count / 10))" "$work/positions.fen" > "$work/few.fen"
    configuration=()
else
    head -n "$((count / 10))" "$work/positions.fen" > "$work/some.fen"
    spread_over "$work/some.fen" 9000 > "$work/few.fen"
    configuration=(--preset stockfish)
fi
"$tool" check --no-oracle "${configuration[@]}" -j 4 "$work/few.fen" > "$work/check" 2>&1
expect "check -j 4: exit" "$?" "0"
expect "check -j 4: no mismatch" "$(grep -c ', 0 mismatches$' "$work/check")" "1"

finish "cli threads"
