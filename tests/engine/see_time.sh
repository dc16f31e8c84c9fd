#!/usr/bin/env bash
# seebatch time on the test SEE's plug-in (tests/engine_see/small_see.c):
# under small_see's own rules its view answers every question as the
# plug-in does (0 unlike: the questions, the thresholds and the view's
# positions and moves are right, against an SEE written apart), and under
# a planted bug not; the table has every regime, the JSON every round;
# --calls makes that many calls; bad arguments and inputs are named, with
# the tool's exit statuses. No figure is asserted: timings vary.
# Usage: see_time.sh TOOL SMALL_SEE_PLUGIN
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
plugin=$2
rules='--values 100,300,300,500,900 --pins --promotions=move'
"$tool" gen --count 200 --seed 5 > "$work/positions.fen"
captures=$("$tool" eval "$work/positions.fen" 2> /dev/null | wc -l | tr -d ' ')
quick=(--rounds 2 --sample-seconds 0.001)

"$tool" time --see-plugin "$plugin" --rules "$rules" "${quick[@]}" "$work/positions.fen" \
    > "$work/time.txt" 2> "$work/time.err"
expect "time exit" "$?" "0"
expect "every regime a column" \
    "$(grep -c '1,000 cycled  *10,000 cycled  *streamed' "$work/time.txt")" "1"
expect "the view under small_see's rules answers alike" \
    "$(grep -o "answers unlike the plug-in's: [0-9,]* of [0-9,]*" "$work/time.txt" | tr -d ,)" \
    "answers unlike the plug-in's: 0 of $captures"

"$tool" time --see-plugin "$plugin --bug xray" --rules "$rules" "${quick[@]}" \
    "$work/positions.fen" > "$work/bug.txt" 2>&1
expect "a planted bug: exit" "$?" "0"
expect "a planted bug: answers unlike" \
    "$(grep -c "answers unlike the plug-in's: 0 of" "$work/bug.txt")" "0"

"$tool" time --see-plugin "$plugin" --rules "$rules" --see-plugin "$plugin" "${quick[@]}" \
    --format json "$work/positions.fen" > "$work/time.json"
expect "json exit" "$?" "0"
if command -v jq > /dev/null; then
    expect "json: two plug-ins and their views" "$(jq '.sees | length' "$work/time.json")" "4"
    expect "json: a figure each round and regime" \
        "$(jq '[.sees[].ns[] | length] | unique' -c "$work/time.json")" "[2]"
    expect "json: the second view's rules, the tool's one default (classic)" \
        "$(jq -r '.sees[3].rules' "$work/time.json")" "--preset classic"
else
    not_here "json parsed" "no jq"
fi
# One default for the view's rules: --rules '--pins' and --pins given to
# time both start from it, as every configuration option does.
view_rules() { # view_rules ARGS...: the rules line of the first view
    "$tool" time --see-plugin "$plugin" "$@" "${quick[@]}" "$work/positions.fen" |
        sed -n "s/^    (\(.*\); answers unlike.*/\1/p" | head -1
}
expect "no rules: the default" "$(view_rules)" "--preset classic"
expect "--rules '--pins': from the default" "$(view_rules --rules --pins)" "--pins"
expect "--pins given to time: the same" "$(view_rules --pins)" "--pins"

"$tool" time --see-plugin "$plugin" --calls 1000 --regime 1000 "$work/positions.fen" \
    > "$work/calls.txt"
expect "--calls" "$(grep -c '^1000 calls of ' "$work/calls.txt")" "1"
"$tool" time --see-plugin "$plugin" --calls 10 --view "$work/positions.fen" > "$work/calls.txt"
expect "--calls --view" "$(grep -c "^10 calls of seebatch's view" "$work/calls.txt")" "1"

# Bad arguments (2), inputs (1), plug-ins (4).
"$tool" time "$work/positions.fen" 2> "$work/err"; expect "no plug-in" "$?" "2"
"$tool" time --rules '--pins' --see-plugin "$plugin" "$work/positions.fen" 2> "$work/err"
expect "--rules before a plug-in" "$?" "2"
"$tool" time --see-plugin "$plugin" --rules '--values 1,2' "$work/positions.fen" 2> "$work/err"
expect "--rules with a bad value" "$?" "2"
expect "--rules names it" "$(grep -c -- "--rules '--values 1,2': --values" "$work/err")" "1"
"$tool" time --see-plugin "$plugin" --rounds 0 "$work/positions.fen" 2> /dev/null
expect "--rounds 0" "$?" "2"
"$tool" time --see-plugin "$plugin" --view "$work/positions.fen" 2> /dev/null
expect "--view without --calls" "$?" "2"
printf '%s\nnot a fen\n' "$trace1" > "$work/bad.fen"
"$tool" time --see-plugin "$plugin" "${quick[@]}" "$work/bad.fen" > /dev/null 2> "$work/err"
expect "a bad line: exit" "$?" "1"
expect "a bad line: named" "$(grep -c "^seebatch time: $work/bad.fen: line 2: " "$work/err")" "1"
"$tool" time --see-plugin "$work/none.so" "$work/positions.fen" 2> "$work/err"
expect "no such plug-in: exit" "$?" "4"
expect "no such plug-in: named" "$(grep -c 'none.so' "$work/err")" "1"
finish see_time
