#!/usr/bin/env bash
# Every help text fits an 80-column terminal: the top-level --help and each
# command's (the SEE options' text is shared by eval, check and filter),
# and a note stands under the option it is about. No line is broken inside
# what a reader takes as one piece (issue 68: "SEEBATCH_VIEW_EXCHANGE=" /
# "auto|pext|portable", "Exit status: 0" / "all input good"): a setting and
# its values, a list of values, a range, an option's name, an exit status
# and what it means, "Exit status" itself.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# The breaks inside a piece, "LINE: text" each, in the help on stdin.
broken_pieces() {
    awk '
        function said(why) { printf "%d: %s (%s)\n", NR - 1, previous, why }
        NR > 1 {
            if (previous ~ /[^ ][=|\/]$/ || $0 ~ /^ *[=|]/) said("a value list or setting cut")
            if (previous ~ /[^ ]-$/ || previous ~ /\.\.$/) said("a word, an option or a range cut")
            if (previous ~ /(status:?|[:,]) [0-9]$/) said("an exit status cut from its meaning")
            if (previous ~ /Exit$/ && $0 ~ /^ *status/) said("\"Exit status\" cut")
        }
        { previous = $0 }'
}

for command in "" eval check gen perft filter stats convert interleave time; do
    text=$("$tool" $command --help)
    expect "${command:-seebatch} --help: some text" "$([ -n "$text" ] && echo some)" "some"
    expect "${command:-seebatch} --help: no line over 80 columns" \
        "$(awk 'length > 80 { print NR ": " $0 }' <<< "$text")" ""
    expect "${command:-seebatch} --help: no line broken inside a piece" \
        "$(broken_pieces <<< "$text")" ""
done
# The checker finds what it looks for.
expect "the checker sees a setting cut from its values" \
    "$(printf 'SEEBATCH_X=\nauto|pext\n' | broken_pieces | wc -l | tr -d ' ')" "1"
expect "the checker sees an exit status cut from its meaning" \
    "$(printf 'Exit status: 0\nall good, 1 bad\nthe Exit\nstatus: 2\n' | broken_pieces | wc -l |
        tr -d ' ')" "2"
# Each note stands under its option (issue 54: filter's note on -j stood
# under --no-progress).
expect "filter --help: the chunk note under -j" \
    "$("$tool" filter --help | grep -B2 'binpack input is split by chunk' | head -1 | cut -c1-17)" \
    "  -j, --threads N"
finish "cli help width"
