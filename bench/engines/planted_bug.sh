#!/usr/bin/env bash
# A planted bug, found by the check alone: a copy of Stockfish 15.1's
# Position::see_ge that drops x-rays through a queen behind a rook (when a
# rook recaptures, a queen behind it on its line never joins), built as a
# plug-in from a copy of your tree, then checked under Stockfish 15.1's own
# rules (the unchanged see_ge answers every question alike under them):
# every difference is the planted one, classed as an x-ray behind a
# capturer, with regression lines to paste into a test.
#
# Usage: bench/engines/planted_bug.sh STOCKFISH_15.1_DIR [WORK_DIR]
# Environment: SEEBATCH (default: build/seebatch of this checkout), SHOW=3
#   (regression lines shown), JOBS=2.
# Exit status: 0 when the check found the bug (differences, exit 1, and an
# x-ray class named), 1 when it did not, 2 bad arguments, 77 no tree.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
source "$repo/bench/real_engine.sh"
take_tree Stockfish src/position.cpp "${1:-}"
make_work_dir "${2:-}" planted-bug
seebatch=${SEEBATCH:-$repo/build/seebatch}
[ -x "$seebatch" ] || { echo "error: no $seebatch: build seebatch, or set SEEBATCH" >&2; exit 2; }

# The copy, and the one change: in see_ge's rook branch, the sliders
# revealed behind the rook are rooks only.
copy=$work/stockfish-planted
rm -rf "$copy"
cp -r "$1" "$copy"
awk '/\(bb = stmAttackers & pieces\(ROOK\)\)/ { rook = 1 }
     rook && /pieces\(ROOK, QUEEN\)/ { sub(/pieces\(ROOK, QUEEN\)/, "pieces(ROOK)"); rook = 0 }
     { print }' "$1/src/position.cpp" > "$copy/src/position.cpp"
changed=$(diff "$1/src/position.cpp" "$copy/src/position.cpp" | grep -c '^>' || true)
[ "$changed" = 1 ] || { echo "error: the rook branch of see_ge was not found to change" >&2; exit 2; }
echo "== the planted change (src/position.cpp, Position::see_ge's rook branch)"
diff "$1/src/position.cpp" "$copy/src/position.cpp" || true

echo "== building the copy"
"$here/stockfish/build.sh" "$copy" "$work/build" | grep -E '^(plug-in|lines):'
plugin=$work/build/see_plugin.so

echo "== seebatch check --see-plugin (planted) --preset stockfish --values 126,781,825,1276,2538"
status=0
"$seebatch" check --see-plugin "$plugin" --preset stockfish --values 126,781,825,1276,2538 \
    --show "${SHOW:-3}" > "$work/check.txt" 2>&1 || status=$?
cat "$work/check.txt"
if [ "$status" = 1 ] && grep -qi 'x-ray' "$work/check.txt"; then
    echo "== found: the check exits 1 and names the x-ray"
    exit 0
fi
echo "== NOT found (exit $status)"
exit 1
