#!/usr/bin/env bash
# seebatch time counts the questions its view answers unlike the plug-in
# to the last position (issue 81: a count that left the last position out
# passed every test). The planted position: white's rook d2 takes a pawn on
# d5 that black's rook d8 defends, white's rook d1 behind d2: +100 with the
# x-ray, -400 with small_see's x-ray bug (the d1 rook never joins), so the
# two answer apart at every threshold a search asks of a pawn's capture
# (-(7 x 100 + history) / 18, history within +-3000 scaled to these values:
# -119..41, or 0). Alone, or last after other positions, it counts one.
# The test SEE is tests/engine_see/small_see.c's plug-in; no time is asserted.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
small_see_plugin time_count
rules='--values 100,300,300,500,900 --pins --promotions=move'

unlike() { # unlike WORDS FILE: "N of M", the view's answers unlike the plug-in's
    "$tool" time --see-plugin "$plugin $1" --rules "$rules" --rounds 1 --sample-seconds 0.001 "$2" |
        sed -n "s/.*answers unlike the plug-in's: \([0-9,]* of [0-9,]*\)).*/\1/p" | tr -d ,
}

planted='3r3k/8/8/3p4/8/8/3R4/3R3K w - - 0 1'
echo "$planted" > "$work/planted.fen"
expect "the planted position: its one capture" "$("$tool" eval "$work/planted.fen")" \
    "$planted;d2d5;100"
expect "alone, small_see as it is" "$(unlike "" "$work/planted.fen")" "0 of 1"
expect "alone, with the x-ray bug" "$(unlike "--bug xray" "$work/planted.fen")" "1 of 1"

"$tool" gen --count 200 --seed 5 > "$work/positions.fen"
cat "$work/positions.fen" "$work/planted.fen" > "$work/planted_last.fen"
before=$(unlike "--bug xray" "$work/positions.fen")
after=$(unlike "--bug xray" "$work/planted_last.fen")
expect "last after 200 positions: one more unlike, one more question" \
    "$after" "$((${before%% of *} + 1)) of $((${before##* of } + 1))"
finish time_count
