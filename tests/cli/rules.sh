#!/usr/bin/env bash
# The options choosing SEE rules beyond values and pins: --promotions[=none|move|all]
# (contract rule 6), --stop-when-ahead (rule 8) and --normal-moves-only. Expected values are
# worked out by hand in tests/test_see_rules.c, not copied from the tool's
# output.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# bxc8=Q where a second pawn, d7, recaptures on c8 after Ne7xc8: every pawn
# promoting 1400, only the move's own promotion 725, no promotion 500.
promotion='2r4k/1P1Pn3/8/8/8/8/8/7K w - - 0 1;b7c8q'
value() { printf '%s\n' "$promotion" | "$tool" eval "$@" 2>&1; }
expect "no promotion rule by default" "$(value)" "$promotion;500"
expect "--promotions" "$(value --promotions)" "$promotion;1400"
expect "--promotions=all" "$(value --promotions=all)" "$promotion;1400"
expect "--promotions=move" "$(value --promotions=move)" "$promotion;725"
expect "--promotions=none" "$(value --promotions=none)" "$promotion;500"
# One rule at a time: the last one given counts.
expect "move, then all" "$(value --promotions=move --promotions)" "$promotion;1400"
expect "all, then move" "$(value --promotions --promotions=move)" "$promotion;725"
expect "move, then none" "$(value --promotions=move --promotions=none)" "$promotion;500"
# The stockfish preset scores promotions 0 whatever the promotion rule.
expect "stockfish, move" "$(value --preset stockfish --promotions=move)" "$promotion;0"

# Bare, the option takes no value from the next argument: that is the file.
printf '%s\n' "$promotion" > "$work/promotion.fen"
expect "bare --promotions before a file" "$("$tool" eval --promotions "$work/promotion.fen" 2>&1)" \
    "$promotion;1400"

# A setting it does not know is a usage error naming the option and the value.
"$tool" eval --promotions=some < /dev/null > /dev/null 2> "$work/err"
expect "--promotions=some exit" "$?" "2"
expect "--promotions=some message" "$(cat "$work/err")" \
    'seebatch eval: --promotions takes none, move or all, not "some"'
"$tool" eval --promotions= < /dev/null > /dev/null 2> "$work/err"
expect "--promotions= exit" "$?" "2"
expect "--promotions= message" "$(cat "$work/err")" \
    'seebatch eval: --promotions takes none, move or all, not ""'
"$tool" check --promotions=ALL < /dev/null > /dev/null 2> "$work/err"
expect "check --promotions=ALL exit" "$?" "2"
expect "check --promotions=ALL message" "$(cat "$work/err")" \
    'seebatch check: --promotions takes none, move or all, not "ALL"'

# Qd3xd5 takes a pawn the e6 pawn defends, and Nc3 could take back: the full
# negamax -800; broken off once black is 900 up with a pawn on d5, -900.
queen_takes='6k1/8/4p3/3p4/8/2NQ4/8/6K1 w - - 0 1;d3d5'
stop() { printf '%s\n' "$queen_takes" | "$tool" eval "$@" 2>&1; }
expect "negamax by default" "$(stop)" "$queen_takes;-800"
expect "--stop-when-ahead" "$(stop --stop-when-ahead)" "$queen_takes;-900"
expect "--stop-when-ahead with pins and promotions" "$(stop --pins --promotions --stop-when-ahead)" \
    "$queen_takes;-900"
expect "--stop-when-ahead after a preset" "$(stop --preset stockfish --stop-when-ahead)" \
    "$queen_takes;$((208 - 2538))"
expect "a preset after --stop-when-ahead replaces it" "$(stop --stop-when-ahead --preset classic)" \
    "$queen_takes;-800"
# It takes no value.
"$tool" eval --stop-when-ahead=yes < /dev/null > /dev/null 2> "$work/err"
expect "--stop-when-ahead=yes exit" "$?" "2"
expect "--stop-when-ahead=yes message" "$(cat "$work/err")" \
    'seebatch eval: --stop-when-ahead takes no value, but was given "yes" (see seebatch eval --help)'

# Normal moves only: en passant (a pawn, 100) and promotions scored 0, as
# under the stockfish preset, which sets it; a normal capture as ever.
passant='4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1;e5d6'
normal() { printf '%s\n' "$1" | "$tool" eval "${@:2}" 2>&1; }
expect "en passant" "$(normal "$passant")" "$passant;100"
expect "en passant, --normal-moves-only" "$(normal "$passant" --normal-moves-only)" "$passant;0"
expect "promotion, --normal-moves-only" "$(normal "$promotion" --promotions --normal-moves-only)" \
    "$promotion;0"
expect "a capture, --normal-moves-only" "$(normal "$queen_takes" --normal-moves-only)" \
    "$queen_takes;-800"
"$tool" eval --normal-moves-only=yes < /dev/null > /dev/null 2> "$work/err"
expect "--normal-moves-only=yes exit" "$?" "2"

# check and filter take the options too; the help names them.
expect "check --promotions=move" "$("$tool" check --no-oracle --promotions=move "$work/promotion.fen" | head -n 1)" \
    "checked 1 position, 1 move, 1 configuration"
printf '%s\n' "$queen_takes" > "$work/queen_takes.fen"
"$tool" check --stop-when-ahead "$work/queen_takes.fen" > "$work/check.out"
expect "check --stop-when-ahead exit" "$?" "0"
expect "check --stop-when-ahead" "$(head -n 1 "$work/check.out")" \
    "checked 1 position, 1 move, 1 configuration"
for command in eval check filter; do
    expect "$command help" "$("$tool" $command --help | grep -c -- '--promotions\[=none|move|all\]')" "1"
    expect "$command help, rule 8" "$("$tool" $command --help | grep -c -- '--stop-when-ahead ')" "1"
    expect "$command help, normal moves" "$("$tool" $command --help | grep -c -- '--normal-moves-only ')" "1"
done

finish "cli rules"
