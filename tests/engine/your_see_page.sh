#!/usr/bin/env bash
# docs/your-see.md's two whole programs, as a reader copies them: the code
# blocks after `<!-- tested: lines.c -->` and `<!-- tested: plugin.c -->`,
# built with Ethereal 14's tree by bench/engines/ethereal/build.sh in place
# of its adapters (LINES_SOURCE, PLUGIN_SOURCE), then checked as the page
# says: the rules the page shows found (what Ethereal's code says, as
# engine_see.sh expects of its adapters), the differences on en passant.
# A skip (77) without the tree ($SEEBATCH_ETHEREAL_SRC, else
# ../shared/ethereal-14 beside the checkout), without python3, or in a
# sanitizer build.
# Usage: your_see_page.sh TOOL SANITIZERS
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
source "$repo/tests/support/cli_expect.sh" "${1:-}"
tree=${SEEBATCH_ETHEREAL_SRC:-$repo/../shared/ethereal-14}
if [ -n "${2:-}" ]; then
    echo "skip: a sanitizer build ($2); Ethereal is built with its own flags"
    exit 77
fi
if [ ! -d "$tree" ]; then
    echo "skip: no Ethereal 14 tree at $tree (set SEEBATCH_ETHEREAL_SRC to one)"
    exit 77
fi
command -v python3 > /dev/null || { echo "skip: python3 reads the JSON reports"; exit 77; }

source "$repo/tests/support/tested_block.sh"
block() { tested_block "$repo/docs/your-see.md" "$1"; }
mkdir -p "$work/page"
block lines.c > "$work/page/lines.c"
block plugin.c > "$work/page/plugin.c"
expect "the page's line program found" "$([ -s "$work/page/lines.c" ] && echo yes)" "yes"
expect "the page's plug-in found" "$([ -s "$work/page/plugin.c" ] && echo yes)" "yes"

LINES_SOURCE=$work/page/lines.c PLUGIN_SOURCE=$work/page/plugin.c \
    "$repo/bench/engines/ethereal/build.sh" "$tree" "$work/build" > "$work/build.log" 2>&1
expect "the page's programs built with Ethereal 14" "$?" "0"
[ -x "$work/build/see_lines" ] || { cat "$work/build.log"; finish your_see_page; exit 1; }

field() { python3 -c "import json, sys; d = json.load(sys.stdin); print($1)"; }
shown=$(sed -n 's/^rules: \(--[^(]*\) (found.*/\1/p' "$repo/docs/your-see.md" | sed 's/ *$//')
for way in --see-command --see-plugin; do
    what=$work/build/see_lines
    [ "$way" = --see-plugin ] && what=$work/build/see_plugin.so
    "$tool" check "$way" "$what" --format json > "$work/report.json" 2> "$work/stderr"
    expect "the page's $way: checked (exit 1, differences)" "$?" "1"
    expect "the page's $way: the rules the page shows" \
        "$(field 'd["rules"]' < "$work/report.json")" "$shown"
    expect "the page's $way: every difference en passant" \
        "$(field "d['differences']['moves'] > 0 and d['differences']['holding'].get('en passant', 0) == d['differences']['moves']" < "$work/report.json")" \
        "True"
done
finish your_see_page
