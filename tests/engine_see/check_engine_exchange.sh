#!/usr/bin/env bash
# seebatch check --see-command: a regression line's exchange in the report.
# The SEE under test is small_see under --stop-when-ahead (classic values,
# no pins, no promotions), checked under the classic rules: its one
# difference, a queen taking a pawn a pawn defends with a knight to take
# back (-800 by the negamax, -900 broken off), is shown as the exchange the
# reference plays, then as the one --stop-when-ahead plays, parting where
# it breaks off (worked by hand: Qxd5 +100, exd5 -900, Nxd5 -800); as text
# and JSON.
# Usage: check_engine_exchange.sh TOOL SMALL_SEE_COMMAND
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
engine="$2 --values 100,325,325,500,1000 --no-pins --promotions none --stop-when-ahead"

position='4k3/8/4p3/3p4/8/2N5/8/3QK3 w - - 0 1'
printf '%s;d1d5\n%s;d3e5\n' "$position" "$trace2" > "$work/positions"
"$tool" check --see-command "$engine" --preset classic \
    --no-progress "$work/positions" > "$work/report" 2> "$work/err"
expect "exit: a difference" "$?" "1"
expect "the regression line" "$(grep -c "^$position;d1d5;-800;1;0\$" "$work/report")" "1"
expect "the reference's exchange" "$(grep -c '^     reference: d1d5 Qxp +100, e6d5 pxQ -900, c3d5 Nxp -800 | black has no capture$' "$work/report")" "1"
expect "the explanation's exchange" \
    "$(grep -c '^     --stop-when-ahead (the same captures, another stop): d1d5 Qxp +100, e6d5 pxQ -900 | broken off (--stop-when-ahead): black is 900 ahead, more than its p on d5 (100) / played on: c3d5 Nxp -800$' "$work/report")" "1"
expect "one difference" "$(grep -c '^differences: 1 move ' "$work/report")" "1"

if command -v python3 > /dev/null; then
    "$tool" check --see-command "$engine" --preset classic \
        --no-progress --format json "$work/positions" > "$work/json"
    expect "JSON: the exchanges" "$(python3 -c '
import json, sys
e = json.load(sys.stdin)["differences"]["examples"][0]
print(e["exchange"])
print(e["explained_exchanges"]["--stop-when-ahead"])' < "$work/json")" \
        "d1d5 Qxp +100, e6d5 pxQ -900, c3d5 Nxp -800 | black has no capture
d1d5 Qxp +100, e6d5 pxQ -900 | broken off (--stop-when-ahead): black is 900 ahead, more than its p on d5 (100) / played on: c3d5 Nxp -800"
else
    not_here "JSON" "python3 reads the JSON report"
fi

finish "check engine exchange"
