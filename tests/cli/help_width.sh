#!/usr/bin/env bash
# Every help text fits an 80-column terminal: the top-level --help and each
# command's (the SEE options' text is shared by eval, check and filter).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

for command in "" eval check gen perft filter stats convert; do
    text=$("$tool" $command --help)
    expect "${command:-seebatch} --help: some text" "$([ -n "$text" ] && echo some)" "some"
    expect "${command:-seebatch} --help: no line over 80 columns" \
        "$(awk 'length > 80 { print NR ": " $0 }' <<< "$text")" ""
done
finish "cli help width"
