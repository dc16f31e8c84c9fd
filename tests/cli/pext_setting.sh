#!/usr/bin/env bash
# SEEBATCH_PEXT (issue 76): "slow" makes a CPU with fast pext take the copies
# a slow-pext CPU takes (the one-pass FEN reader, the kindergarten capture
# generator, the portable scalar walk), "fast" makes a CPU with BMI2 take the
# pext copies however slow its pext: every way gives the same records, and
# --version says which is taken; a bad value stops the tool (exit 2).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

"$tool" gen --count 3000 --seed 76 > "$work/positions"
# The same positions with a move each, and through the EPD and UCI readers.
"$tool" eval "$work/positions" 2> /dev/null | awk -F';' 'NR % 7 == 0 { print $1 ";" $2 }' > "$work/moves"
head -n 300 "$work/positions" | sed 's/^/position fen /' > "$work/uci"
cat "$work/positions" "$work/moves" "$work/uci" > "$work/all"
for setting in "" auto fast slow; do
    SEEBATCH_PEXT=$setting "$tool" eval "$work/all" > "$work/out.$setting" 2> "$work/err.$setting"
    expect "SEEBATCH_PEXT=$setting: exit 0" "$?" "0"
done
expect "some records" "$([ "$(wc -l < "$work/out.")" -gt 3000 ] && echo some)" "some"
for setting in auto fast slow; do
    expect "SEEBATCH_PEXT=$setting: the same records" "$(cmp "$work/out." "$work/out.$setting" && echo same)" "same"
done

# --version: the CPU's answer, and what the setting makes of it.
version_line() { SEEBATCH_PEXT=$1 "$tool" --version | grep '^CPU: '; }
# An x86 tool (its CPU line names pext; under qemu /proc/cpuinfo is the
# host's, not the target's) on a CPU with BMI2.
if version_line auto | grep -q 'pext fast: ' && grep -q '^flags.* bmi2' /proc/cpuinfo 2> /dev/null &&
    [ "$target_system" = Linux ]; then
    expect "--version, slow" "$(version_line slow | grep -c '(taken as slow: SEEBATCH_PEXT)$')" "1"
    expect "--version, fast" "$(version_line fast | grep -c '(taken as fast: SEEBATCH_PEXT)$')" "1"
else
    not_here "--version's pext line" "no BMI2 here (or not Linux): pext is never taken as fast"
fi
expect "--version, auto: nothing added" "$(version_line auto | grep -c 'taken as')" "0"

SEEBATCH_PEXT=quick "$tool" eval "$work/positions" > /dev/null 2> "$work/err"
expect "a bad value: exit 2" "$?" "2"
expect "a bad value: named" "$(cat "$work/err")" \
    'seebatch eval: unknown SEEBATCH_PEXT "quick" (known: auto, fast, slow)'

finish pext_setting
