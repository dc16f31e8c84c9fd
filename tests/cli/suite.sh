#!/usr/bin/env bash
# seebatch suite: the same options and seed write the same bytes; another
# seed other moves; every value is eval's of the same move under the same
# rules; every promotion piece and combination of what an exchange holds
# the real positions hold is in the 1,000 (the strata by explanation are
# held by engine_see/suite_catches.c and engine/engine_see.sh); every line
# once; check reads suites back; the count is kept; bad options are usage
# errors.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# (The stages that run a tenth of the cases run it once, and no other seed:
# a suite walks every real move's explanations, ten seconds a run under
# qemu.)
"$tool" suite > "$work/a"
if at_full_scale; then
    "$tool" suite > "$work/b"
    expect "two runs, byte for byte" "$(cmp "$work/a" "$work/b" && echo same)" "same"
    "$tool" suite --seed 7 > "$work/c"
    expect "another seed, other moves" "$(cmp -s "$work/a" "$work/c" || echo differ)" "differ"
fi
expect "1000 by default" "$(wc -l < "$work/a" | tr -d ' ')" "1000"

# Each value is eval's (the reference) of the move, under each set of rules
# (the stages that run a tenth of the cases, Stockfish's alone).
rule_sets=("" "--preset stockfish" "--values 100,300,300,500,900 --pins --promotions=move"
    "--stop-when-ahead --promotions")
at_full_scale || rule_sets=("--preset stockfish")
for rules in "${rule_sets[@]}"; do
    # shellcheck disable=SC2086
    "$tool" suite --count 300 --seed 3 $rules > "$work/suite"
    cut -d';' -f1,2 "$work/suite" > "$work/moves"
    # shellcheck disable=SC2086
    "$tool" eval $rules "$work/moves" > "$work/eval"
    expect "values of eval, rules \"$rules\"" "$(cmp "$work/suite" "$work/eval" && echo same)" "same"
    [ "$rules" = "--preset stockfish" ] && cp "$work/suite" "$work/stockfish"
done

# EPD: the same moves and values.
"$tool" suite --format epd > "$work/epd"
expect "EPD moves and values" \
    "$(sed -E 's/.* uci ([a-h1-8qrbn]+); see (-?[0-9]+);.*/\1;\2/' "$work/epd")" \
    "$(cut -d';' -f2,3 "$work/a")"
# Every stratum the real positions hold is in the 1,000: each promotion piece
# and each combination of what an exchange holds (all the moves are the
# suite with a count above them).
# (Fields split by awk: sed's regex over the 303,443 records took 10 s.)
strata() { # the promotion letter and the holds of each record, once each
    awk -F'; ' '{
        sub(/\r$/, "")
        promotion = ""; holds = ""
        for (i = 1; i <= NF; i++)
            if (substr($i, 1, 4) == "uci ") promotion = substr($i, 9)
            else if (substr($i, 1, 7) == "holds \"") holds = substr($i, 8)
        sub(/";$/, "", holds)
        print promotion " " holds
    }' "$1" | sort -u
}
"$tool" suite --format epd --count 1000000 > "$work/every"
strata "$work/every" > "$work/every_strata"
expect "every stratum held" "$(comm -23 "$work/every_strata" <(strata "$work/epd"))" ""
expect "strata: more than 40" "$([ "$(wc -l < "$work/every_strata")" -gt 40 ] && echo yes)" "yes"
for flag in xray pinned promotion en_passant king early_stop; do
    held=$(grep -c "holds \"[^\"]*$flag" "$work/epd")
    expect "$flag held" "$([ "$held" -ge 10 ] && echo yes)" "yes"
done
castles=$(grep -cE 'uci e[18][gc][18]; see 0;' "$work/epd")
expect "castling held" "$([ "$castles" -ge 1 ] && echo yes)" "yes"
expect "EPD read back by eval" "$("$tool" eval "$work/epd" > /dev/null 2>&1; echo $?)" "0"

# Every line once: the share pass's moves are not written again by the rest.
expect "every line unique" "$(sort "$work/a" | uniq -d | head -n 3)" ""
expect "every line unique, every move" "$(sort "$work/every" | uniq -d | head -n 3)" ""

# check reads the suite's own lines and records, and holds their values to
# the reference's under the rules given: a value edited, or rules other than
# the suite's, is a mismatch named by its line.
"$tool" check "$work/a" > "$work/checked"
expect "check of a suite exit" "$?" "0"
expect "check of a suite counts" "$(head -n 1 "$work/checked")" \
    "checked 1000 positions, 1000 moves, 25 configurations"
"$tool" check "$work/epd" > "$work/checked"
expect "check of an EPD suite exit" "$?" "0"
expect "check of an EPD suite counts" "$(head -n 1 "$work/checked")" \
    "checked 1000 positions, 1000 moves, 25 configurations"
line7=$(sed -n 7p "$work/a")
value7=${line7##*;}
sed "7s/;$value7\$/;$((value7 + 1))/" "$work/a" > "$work/edited"
"$tool" check "$work/edited" > "$work/checked"
expect "an edited value exit" "$?" "1"
expect "an edited value named" "$(grep MISMATCH "$work/checked")" \
    "MISMATCH line 7: $(echo "$line7" | cut -d';' -f2) is worth $value7 under the rules given, the line says $((value7 + 1))"
sed "7s/see $value7;/see $((value7 + 1));/" "$work/epd" > "$work/edited"
expect "an edited EPD value named" "$("$tool" check "$work/edited" | grep -c '^MISMATCH line 7: ')" "1"
expect "suite under its rules" "$("$tool" check --preset stockfish "$work/stockfish" | grep -c MISMATCH)" "0"
differ=$("$tool" check "$work/stockfish" | grep -c MISMATCH)
expect "suite under other rules: mismatches" "$([ "$differ" -gt 0 ] && echo yes)" "yes"
echo "$line7" | sed 's/;[^;]*$/;12x/' > "$work/edited"
"$tool" check "$work/edited" > /dev/null 2> "$work/err"
expect "a value not a number exit" "$?" "1"
expect "a value not a number named" "$(cat "$work/err")" \
    "seebatch check: $work/edited: line 1: value \"12x\" after the move is not a whole number (ten digits at most)"
echo "$line7" | sed -E 's/;([a-h1-8qrbn]+);/;\1 \1;/' > "$work/edited"
"$tool" check "$work/edited" > /dev/null 2> "$work/err"
expect "a value after two moves named" "$(cat "$work/err")" \
    "seebatch check: $work/edited: line 1: a value after the moves is one move's SEE, not 2 moves'"

expect "--count 5" "$("$tool" suite --count 5 | wc -l | tr -d ' ')" "5"
"$tool" suite --format csv > /dev/null 2> "$work/err"
expect "--format csv exit" "$?" "2"
expect "--format csv message" "$(cat "$work/err")" \
    'seebatch suite: --format takes lines or epd, not "csv" (see seebatch suite --help)'
"$tool" suite --count 0 > /dev/null 2>&1
expect "--count 0 exit" "$?" "2"
"$tool" suite some.fen > /dev/null 2>&1
expect "a file exit" "$?" "2"
expect "help" "$("$tool" suite --help | head -n 1)" \
    "usage: seebatch suite [config options] [--count N] [--format lines|epd] [--seed S]"

finish "cli suite"
