#!/usr/bin/env bash
# seebatch check --see-command / --see-plugin: its options refused as usage
# errors (exit 2) before any engine runs, each named; a program that is not
# there, or a library that does not load, is the SEE under test failing
# (exit 4), with no report on standard output.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

refused() { # refused NAME MESSAGE ARGUMENTS...: exit 2 and the message
    local name=$1 message=$2
    shift 2
    "$tool" check "$@" > "$work/out" 2> "$work/err"
    expect "$name: exit" "$?" "2"
    expect "$name: message" "$(head -n 1 "$work/err")" "$message"
    expect "$name: nothing written" "$(wc -c < "$work/out" | tr -d ' ')" "0"
}
refused "no program" \
    "seebatch check: --see-command needs the engine: 'PROGRAM ARGS' (see seebatch check --help)" \
    --see-command
refused "two engines" \
    "seebatch check: --see-command and --see-plugin: one engine at a time (see seebatch check --help)" \
    --see-command ./a --see-plugin ./b.so
refused "values of a plug-in" \
    "seebatch check: --see-values is for --see-command (a plug-in answers values when it exports seebatch_plugin_see_value) (see seebatch check --help)" \
    --see-plugin ./b.so --see-values
refused "a format" \
    "seebatch check: --format takes text or json, not \"xml\" (see seebatch check --help)" \
    --see-command ./a --format xml
refused "a timeout" \
    "seebatch check: --see-timeout needs seconds above 0 (at most 86400), not \"0\" (see seebatch check --help)" \
    --see-command ./a --see-timeout 0
refused "--show" "seebatch check: --show needs a whole number 0..1000000, not \"many\"" \
    --see-command ./a --show many
refused "an unreadable file" "seebatch check: cannot open $work/none.fen: No such file or directory" \
    --see-command ./a "$work/none.fen"

"$tool" check --see-plugin "$work/none.so" > "$work/out" 2> "$work/err"
expect "no such library: exit" "$?" "4"
expect "no such library: no report" "$(wc -c < "$work/out" | tr -d ' ')" "0"
expect "no such library: named" "$(grep -c "^seebatch check: the SEE under test could not be opened: " "$work/err")" "1"
if [ "$target_system" != Windows ]; then
    "$tool" check --see-command "$work/none" --values 100,300,300,500,900 > "$work/out" 2> "$work/err"
    expect "no such program: exit" "$?" "4"
    expect "no such program: no report" "$(wc -c < "$work/out" | tr -d ' ')" "0"
else
    not_here "no such program" "wine's shell is not sh"
fi
expect "help" "$("$tool" check --help | grep -c -- '--see-command CMD')" "1"

finish "cli check engine options"
