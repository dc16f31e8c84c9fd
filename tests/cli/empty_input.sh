#!/usr/bin/env bash
# An empty input holds no entry in any format: every command that reads one
# (eval, check, filter, stats) reads it as nothing, exits 0 and, with
# --progress, ends with a final frame of zero ("... in M:SS"), whether the
# input is a pipe or an empty file of any name. stats reports zero counts as
# wc does. The top-level help and the "no training data" message name every
# format the commands read, .bin included.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

commands=("eval" "check --no-oracle" "filter --output-format plain" "stats")
for name in "" empty.binpack empty.plain empty.bin empty.epd empty.txt; do
    [ -n "$name" ] && : > "$work/$name"
    for command in "${commands[@]}"; do
        where=${name:-a pipe}
        if [ -n "$name" ]; then
            $tool $command --progress "$work/$name" > "$work/out" 2> "$work/err"
        else
            : | $tool $command --progress > "$work/out" 2> "$work/err"
        fi
        expect "$command, $where: exit" "$?" "0"
        verb=${command%% *}
        expect "$command, $where: a final frame of zero" \
            "$(tr '\r' '\n' < "$work/err" | grep -c "^seebatch $verb: .*0 [a-z]*  0 [a-z]*/s.*  in [0-9]*:[0-9][0-9]")" "1"
        if [ "$verb" = stats ]; then
            expect "stats, $where: zero entries" "$(grep -c '^entries: 0$' "$work/out")" "1"
            expect "stats, $where: zero games" "$(grep -c '^games: 0$' "$work/out")" "1"
        fi
    done
done

# The formats every command reads, named where a user looks for them.
expect "--help names .bin" "$("$tool" --help | grep -c '(.binpack, .plain, .bin, .epd)')" "1"
printf 'not training data\n' > "$work/words.txt"
"$tool" stats "$work/words.txt" > /dev/null 2> "$work/err"
expect "stats, not training data: exit" "$?" "2"
expect "stats, not training data: names .bin" \
    "$(grep -c 'no \.binpack, \.plain or \.bin name' "$work/err")" "1"
finish "cli empty input"
