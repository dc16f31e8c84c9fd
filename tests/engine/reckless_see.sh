#!/usr/bin/env bash
# Reckless, a chess engine written in Rust, its own SEE (Board::see) built
# from its tree by bench/engines/reckless/build.sh with cargo, offline (no
# crate dependencies), as a plug-in (a cdylib) and as a line program, then
# checked through both ways in on the real positions, the rules found from
# its answers alone. What its code (commit e47e820, src/board/see.rs and
# src/parameters.rs) says the check must find:
#   - its values, PIECE_VALUES = [100, 375, 400, 625, 1200] (king 0, never
#     taken: its king captures only where nothing recaptures), and no other
#     rule: a swap to the end, pins not looked at;
#   - every promotion and every castling move different: `if
#     mv.is_promotion() || mv.is_castling() { return true; }`, so each is
#     answered 1 even one above its value; no normal move different;
#   - en passant different, each named "the pawn taken en passant left on
#     its square": its swap clears the mover's from-square and sets its
#     to-square, never the taken pawn's, so a rook or queen behind that pawn
#     never joins.
# The two ways in find the same differences. Its line program refuses value
# questions (Reckless has no exact SEE) and its plug-in refuses words, each
# ending the check with exit 4; `seebatch time` times the plug-in beside the
# view under its rules (no figure asserted: timings vary).
#
# page: docs/your-see.md's Rust plug-in, the code block after
# `<!-- tested: plugin.rs -->`, built by the same build.sh in place of the
# adapter (PLUGIN_SOURCE; the page points to the line program,
# bench/engines/reckless/lines.rs) and checked as above.
#
# The tree is the user's, never the repository's: $SEEBATCH_RECKLESS_SRC,
# else ../shared/reckless-e47e820 beside the checkout. A skip (77) without
# it, without cargo (Debian: cargo rustc; its rustc 1.63 builds it), without
# python3, or in a sanitizer build (built with the tree's own flags alone).
# Usage: reckless_see.sh engine|page TOOL SANITIZERS
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
part=${1:-}
source "$repo/tests/support/cli_expect.sh" "${2:-}"
case $part in
    engine | page) ;;
    *) echo "usage: $0 engine|page TOOL SANITIZERS" >&2; exit 2 ;;
esac
tree=${SEEBATCH_RECKLESS_SRC:-$repo/../shared/reckless-e47e820}
name="Reckless e47e820" rules="--values 100,375,400,625,1200"
if [ -n "${3:-}" ]; then
    echo "skip: a sanitizer build ($3); $name's adapters are built with its own flags"
    exit 77
fi
if [ ! -d "$tree" ]; then
    echo "skip: no $name tree at $tree (set SEEBATCH_RECKLESS_SRC to one)"
    exit 77
fi
if ! command -v "${CARGO:-cargo}" > /dev/null; then
    echo "skip: no cargo to build $name with (Debian: apt-get install cargo rustc)"
    exit 77
fi
if ! command -v python3 > /dev/null; then
    echo "skip: python3 reads the JSON reports"
    exit 77
fi

source "$repo/tests/support/tested_block.sh"
block() { tested_block "$repo/docs/your-see.md" "$1"; }
if [ "$part" = page ]; then
    name="$name, docs/your-see.md's Rust"
    mkdir -p "$work/page"
    block plugin.rs > "$work/page/plugin.rs"
    expect "the page's Rust plug-in found" "$([ -s "$work/page/plugin.rs" ] && echo yes)" "yes"
    export PLUGIN_SOURCE=$work/page/plugin.rs
fi
"$repo/bench/engines/reckless/build.sh" "$tree" "$work/build" > "$work/build.log" 2>&1
expect "$name: built" "$?" "0"
plugin=$work/build/see_plugin.so lines=$work/build/see_lines
[ -x "$lines" ] || { cat "$work/build.log"; finish "reckless_see $part"; exit 1; }

field() { python3 -c "import json, sys; d = json.load(sys.stdin); print($1)" < "$2"; }
for way in --see-plugin --see-command; do
    what=$plugin
    [ "$way" = --see-command ] && what=$lines
    report=$work/report$way.json
    "$tool" check "$way" "$what" --format json > "$report" 2> "$work/stderr"
    expect "$name $way: differences (exit 1)" "$?" "1"
    expect "$name $way: its rules found" "$(field 'd["rules"]' "$report")" "$rules"
    expect "$name $way: every real position asked" "$(field 'd["positions"]' "$report")" "109311"
    expect "$name $way: no normal move differs" \
        "$(field 'd["differences"]["by_kind"]["normal"]' "$report")" "0"
    expect "$name $way: every promotion and castling move differs (passed unexamined)" \
        "$(field '[d["differences"]["by_kind"][k] == d["moves"][k] > 0 for k in ("promotion", "castling")]' "$report")" \
        "[True, True]"
    expect "$name $way: promotions and castling explained as passed unexamined, nothing unexplained" \
        "$(field '[d["differences"]["explained_by"].get(k + " passed unexamined (see_ge true at every threshold)") == d["moves"][m] for k, m in (("promotions", "promotion"), ("castling", "castling"))] + [d["differences"]["explained_by"]["nothing"]]' "$report")" \
        "[True, True, 0]"
    expect "$name $way: en passant differs, each with the taken pawn left on its square" \
        "$(field 'd["differences"]["by_kind"]["en_passant"] > 0 and d["differences"]["by_kind"]["en_passant"] == d["differences"]["explained_by"]["the pawn taken en passant left on its square"]' "$report")" \
        "True"
done
expect "$name: the two ways in differ alike" \
    "$(field 'd["differences"]["by_kind"], d["differences"]["holding"]' "$work/report--see-plugin.json")" \
    "$(field 'd["differences"]["by_kind"], d["differences"]["holding"]' "$work/report--see-command.json")"
[ "$part" = page ] && { finish "reckless_see $part"; exit; }

"$tool" check --see-command "$lines" --see-values > /dev/null 2> "$work/stderr"
expect "$name: a value question refused, the check ended (exit 4)" "$?" "4"
expect "$name: the line program says why" \
    "$(grep -c 'not FEN;move;threshold (Reckless has no exact SEE)' "$work/stderr")" "1"
"$tool" check --see-plugin "$plugin fast" > /dev/null 2> "$work/stderr"
expect "$name: a word refused by the plug-in (exit 4)" "$?" "4"
expect "$name: the plug-in's message shown" \
    "$(grep -c "Reckless's plug-in takes no words (\"fast\")" "$work/stderr")" "1"

"$tool" gen --count 300 --seed 5 > "$work/positions.fen"
"$tool" time --see-plugin "$plugin" --rules "$rules" --rounds 2 --sample-seconds 0.001 \
    --format json "$work/positions.fen" > "$work/time.json" 2> "$work/stderr"
expect "$name: timed (exit 0)" "$?" "0"
expect "$name: the plug-in, then the view under its rules" \
    "$(field '[(s["name"], s["view"], s["rules"]) for s in d["sees"]]' "$work/time.json")" \
    "[('$plugin', False, ''), (\"seebatch's view\", True, '$rules')]"
expect "$name: a figure each round (2) and regime (3), each SEE" \
    "$(field 'all(len(s["ns"]) == 3 and all(len(r) == 2 and min(r) > 0 for r in s["ns"].values()) for s in d["sees"])' "$work/time.json")" \
    "True"
finish "reckless_see $part"
