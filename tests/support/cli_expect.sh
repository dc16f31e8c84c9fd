# Sourced by the tests in tests/cli/ with the tool's path: the tool, a scratch
# directory removed on exit, the two traced positions of the swap-algorithm
# text (white to move: Rxe5 = +100, Nxe5 = -225), a tally and one assertion;
# and the scale of the work (test_scale.sh).
source "$(dirname "${BASH_SOURCE[0]}")/test_scale.sh"
tool=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trace1='1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1'
trace2='1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1'
failures=0 passes=0 skips=0
# The system the tool was built for, as CMake names it (Linux, Windows,
# Darwin): a Windows tool runs under wine here.
target_system=${SEEBATCH_TARGET_SYSTEM:-$(uname -s)}

not_here() { # not_here NAME WHY: a check this system cannot make, said aloud
    skips=$((skips + 1))
    printf 'SKIP %s: %s\n' "$1" "$2"
}

# small_binpack NAME: sets data to small.binpack, the real training file kept
# in ../shared/data next to the repository (never committed; or the file
# SEEBATCH_SMALL_BINPACK names), or exits 77 (a skip, said aloud with where
# to get it) where it is absent.
small_binpack() {
    data=${SEEBATCH_SMALL_BINPACK:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/../shared/data/small.binpack}
    if [ ! -f "$data" ]; then
        echo "$1: SKIP: $data is absent: $(cat "$(dirname "${BASH_SOURCE[0]}")/small_binpack_where.txt")"
        exit 77
    fi
}

# small_see_plugin NAME: sets plugin to the test SEE's plug-in
# (tests/engine_see/small_see.c), which CMake gives the tool's tests in
# SEEBATCH_SMALL_SEE_PLUGIN, or exits 77 (a skip, said aloud) without it.
small_see_plugin() {
    plugin=${SEEBATCH_SMALL_SEE_PLUGIN:-}
    if [ -z "$plugin" ] || [ ! -f "$plugin" ]; then
        echo "$1: SKIP: no small_see plug-in (SEEBATCH_SMALL_SEE_PLUGIN: tests/engine_see builds it)"
        exit 77
    fi
}

plain_of() { # plain_of FEN-FILE: plain training entries, a capture each (ply 1, a draw)
    "$tool" eval "$1" |
        awk -F';' '{ printf "fen %s\nmove %s\nscore %d\nply 1\nresult 0\ne\n", $1, $2, $3 }'
}

# spread_over FEN-FILE LINES: the file's positions in order, spread evenly
# over LINES lines, bare kings filling the lines between (a few king moves,
# quick to check): the tool's blocks of 4,096 lines (SEEBATCH_BLOCK_MAX)
# for its threads to share, at the cost of the file's positions alone.
spread_over() {
    awk -v lines="$2" '{ kept[n++] = $0 }
        END { for (i = 0; i < lines; i++) {
                  k = int(i * n / lines)
                  print (i == 0 || k != last) ? kept[k] : "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
                  last = k } }' "$1"
}

expect() { # expect NAME ACTUAL EXPECTED
    if [ "$2" == "$3" ]; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        printf 'FAIL %s\n  got:      %q\n  expected: %q\n' "$1" "$2" "$3"
    fi
}

finish() { # finish NAME: prints the tally, exits non-zero on any failure
    echo "$1: $passes passed, $failures failed$([ "$skips" -eq 0 ] || echo ", $skips not checked here")"
    [ "$failures" -eq 0 ]
}
