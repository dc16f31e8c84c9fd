#!/usr/bin/env bash
# Every help text fits an 80-column terminal: the top-level --help and each
# command's (the SEE options' text is shared by eval, check and filter),
# and a note stands under the option it is about.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

for command in "" eval check gen perft filter stats convert interleave; do
    text=$("$tool" $command --help)
    expect "${command:-seebatch} --help: some text" "$([ -n "$text" ] && echo some)" "some"
    expect "${command:-seebatch} --help: no line over 80 columns" \
        "$(awk 'length > 80 { print NR ": " $0 }' <<< "$text")" ""
done
# Each note stands under its option (issue 54: filter's note on -j stood
# under --no-progress).
expect "filter --help: the chunk note under -j" \
    "$("$tool" filter --help | grep -B2 'binpack input is split by chunk' | head -1 | cut -c1-17)" \
    "  -j, --threads N"
finish "cli help width"
