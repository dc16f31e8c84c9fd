#!/usr/bin/env bash
# A real engine's own SEE, built from its tree by bench/engines/NAME/build.sh
# (with the tree's own flags) as a plug-in and as a line program, then
# checked by seebatch, the plug-in on the real positions and the line
# program on a suite, the rules found from its answers alone each time:
# what the engine's code says its rules are
# (docs/design.md, "The rules engines use") is what the check finds, and
# where its SEE does what no configuration does, the check names how: every
# difference but at most 5% named by the choices its code makes (the check
# names nothing else; "nothing" is at most 5%). The expected rules and
# explanations come from reading the engines' code (docs/design.md, "The
# rules engines use"), never from an earlier run. Then a 1,000-line suite
# written under the rules found (seebatch suite) is checked through the
# line program: every class of the full check's differences (the move's kind
# and what explains it, split by what its exchange holds) has a difference
# in the suite's check (suite_classes.py), and the plug-in asked the suite
# differs on the same moves.
#   stockfish: Stockfish 15.1, found as the stockfish rules with its own
#              values, nothing different.
#   ethereal:  Ethereal 14, its values and the judged move's promotion; it
#              differs only on en passant, where its SEE leaves the pawn
#              taken on its square.
#   berserk:   Berserk 4.6.0, its values and its stop when ahead; after a
#              piece leaves it looks for x-rays only along that piece's
#              lines (a pushed pawn's file and an en passant victim's stay
#              shut), and it takes the same-type capturer a8 first (its
#              squares count from a8).
#   koivisto:  Koivisto 9.0, its values, stop when ahead and normal moves
#              only the nearest rules; its SEE is chessprogramming.org's
#              swap algorithm as written (its prune before a recapture whose
#              maker is behind either way, `attadef ^= fromSet` toggling a
#              pushed pawn back in, the en passant pawn left): the check
#              names that, and the prune alone on the normal moves.
#
# The tree is the user's, never the repository's: $SEEBATCH_STOCKFISH_SRC,
# $SEEBATCH_ETHEREAL_SRC, $SEEBATCH_BERSERK_SRC or $SEEBATCH_KOIVISTO_SRC,
# else ../shared/stockfish-15.1, ethereal-14, berserk-4.6.0 or koivisto-9.0
# beside the checkout. Without one, or in a sanitizer build (the adapters
# are built with the engine's flags alone), this is a skip (77).
# Usage: engine_see.sh stockfish|ethereal|berserk|koivisto TOOL SANITIZERS
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
engine=${1:-}
source "$repo/tests/support/cli_expect.sh" "${2:-}"
case $engine in
    stockfish) variable=SEEBATCH_STOCKFISH_SRC tree=stockfish-15.1 name="Stockfish 15.1"
               rules="--preset stockfish --values 126,781,825,1276,2538" ;;
    ethereal)  variable=SEEBATCH_ETHEREAL_SRC tree=ethereal-14 name="Ethereal 14"
               rules="--values 100,450,450,675,1300 --promotions=move" ;;
    berserk)   variable=SEEBATCH_BERSERK_SRC tree=berserk-4.6.0 name="Berserk 4.6.0"
               rules="--values 100,565,565,705,1000 --stop-when-ahead" ;;
    koivisto)  variable=SEEBATCH_KOIVISTO_SRC tree=koivisto-9.0 name="Koivisto 9.0"
               rules="--values 100,325,325,500,1000 --stop-when-ahead --normal-moves-only" ;;
    *) echo "usage: $0 stockfish|ethereal|berserk|koivisto TOOL SANITIZERS" >&2; exit 2 ;;
esac
tree=${!variable:-$repo/../shared/$tree}
if [ -n "${3:-}" ]; then
    echo "skip: a sanitizer build ($3); $name's adapters are built with its own flags"
    exit 77
fi
if [ ! -d "$tree" ]; then
    echo "skip: no $name tree at $tree (set $variable to one)"
    exit 77
fi
if ! command -v python3 > /dev/null; then
    echo "skip: python3 reads the JSON reports"
    exit 77
fi
"$repo/bench/engines/$engine/build.sh" "$tree" "$work/build" > "$work/build.log" 2>&1
expect "$name: built" "$?" "0"
plugin=$work/build/see_plugin.so lines=$work/build/see_lines
[ -x "$lines" ] || { cat "$work/build.log"; finish "$engine"; exit 1; }

field() { python3 -c "import json, sys; d = json.load(sys.stdin); print($1)" "${@:2}"; }
# named NAMES...: every difference but at most 5% explained, by explanations
# whose names begin with NAMES alone.
named() {
    field "(lambda x, moves, names: moves > 0 and x['nothing'] * 20 <= moves and all(any(k.startswith(n) for n in names) for k in x if k != 'nothing') and sum(v for k, v in x.items() if k != 'nothing') + x['nothing'] >= moves)(d['differences']['explained_by'], d['differences']['moves'], sys.argv[1:])" "$@" < "$work/report.json"
}
# The plug-in on every real position; the line program (the same SEE through
# another door: check_small_see holds that door on every position) on the
# suite below, its rules found there and its differences the plug-in's.
for way in --see-plugin --see-command; do
    if [ "$way" = --see-plugin ]; then
        # Every difference listed, for the suite's classes below.
        "$tool" check --see-plugin "$plugin" --format json --show 1000000 > "$work/report.json" \
            2> "$work/stderr"
    else
        # shellcheck disable=SC2086
        "$tool" suite $rules > "$work/suite"
        expect "$name: a suite of 1000 lines" "$(wc -l < "$work/suite" | tr -d ' ')" "1000"
        "$tool" check "$work/suite" --see-command "$lines" --format json --show 1000000 \
            > "$work/report.json" 2> "$work/stderr"
    fi
    status=$?
    expect "$name $way: the check ran (0 or 1)" "$([ "$status" -le 1 ] && echo ran)" "ran"
    expect "$name $way: its rules found" "$(field 'd["rules"]' < "$work/report.json")" "$rules"
    expect "$name $way: every position asked" "$(field 'd["positions"]' < "$work/report.json")" \
        "$([ "$way" = --see-plugin ] && echo 109311 || echo 1000)"
    differences=$(field 'd["differences"]["moves"]' < "$work/report.json")
    case $engine in
        stockfish) expect "$name $way: nothing differs" "$differences $status" "0 0" ;;
        ethereal)
            expect "$name $way: every difference en passant" \
                "$(field "d['differences']['moves'] > 0 and d['differences']['holding'].get('en passant', 0) == d['differences']['moves']" < "$work/report.json")" \
                "True"
            expect "$name $way: named by the pawn taken en passant left on its square" \
                "$(named "the pawn taken en passant left on its square")" "True" ;;
        berserk)
            expect "$name $way: named by its x-rays along the mover's lines and its a8-first order" \
                "$(named "x-rays looked for only along the mover's lines" "the same-type capturer taken a8 first")" "True"
            expect "$name $way: x-rays missing not named" \
                "$(field "'x-rays missing' not in d['differences']['explained_by']" < "$work/report.json")" "True" ;;
        koivisto)
            expect "$name $way: named by chessprogramming.org's swap algorithm" \
                "$(named "chessprogramming.org's swap algorithm as written")" "True"
            expect "$name $way: its prune alone named on the normal moves" \
                "$(field "any(k.startswith('the swap list pruned') and v > 0 for k, v in d['differences']['parts_alone'].items())" < "$work/report.json")" "True" ;;
    esac
    [ "$way" = --see-plugin ] && cp "$work/report.json" "$work/full.json"
done
cp "$work/report.json" "$work/suite.json"

# The suite under the rules found catches every class the full check found;
# the plug-in, asked the suite, differs on the moves the line program did.
# shellcheck disable=SC2086
"$tool" check "$work/suite" $rules --see-plugin "$plugin" --format json --show 1000000 \
    > "$work/plugin_suite.json" 2> "$work/stderr"
status=$?
expect "$name: the suite's check ran (0 or 1)" "$([ "$status" -le 1 ] && echo ran)" "ran"
differing() { field "sorted((x['line'], x['got']) for x in d['differences']['examples'])" < "$1"; }
expect "$name: the line program and the plug-in differ alike on the suite" \
    "$(differing "$work/plugin_suite.json")" "$(differing "$work/suite.json")"
python3 "$repo/tests/engine/suite_classes.py" "$work/full.json" "$work/suite.json" \
    > "$work/classes" 2>&1
expect "$name: every class of the full check caught by the suite" "$?" "0"
cat "$work/classes"
finish "$engine"
