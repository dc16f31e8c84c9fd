#!/usr/bin/env bash
# The public contract's budget (issue 77): include/seebatch.h,
# seebatch_training.h and seebatch_view.h (not the deprecated header, nor
# the plug-in header, which declares what an engine defines) at most 1,400
# lines and 67 exported functions (SEEBATCH_API declarations; the issue's
# budget was 75), and every one of those functions named by a user of the
# library outside the tool: the Python package, the benchmark, the build's
# tools, the docs (not docs/runs, whose figures are history), README.md or
# the packaging tests' consumers. A function only the tool calls belongs
# behind its door (lib/tool_only.h), not in include/.
# Usage: public_headers.sh ROOT   (exit 1 on a budget passed or an export unused)
set -u
root=$1
cd "$root" || exit 2
headers="include/seebatch.h include/seebatch_training.h include/seebatch_view.h"
max_lines=1400
max_exports=67
bad=0
lines=$(cat $headers | wc -l)
# Each declaration marked SEEBATCH_API, joined to its name across a line break.
exports=$(cat $headers | grep -v '^#' | tr '\n' ' ' | grep -oE 'SEEBATCH_API [^;(]*\(' |
    grep -oE 'seebatch_[a-z0-9_]+ *\($' | tr -d ' (' | sort -u)
count=$(echo "$exports" | grep -c .)
[ "$count" -ge 40 ] || { echo "only $count exports found in $headers: the count is broken"; exit 1; }
if [ "$lines" -gt "$max_lines" ]; then
    echo "the public headers: $lines lines, more than $max_lines"
    bad=1
fi
if [ "$count" -gt "$max_exports" ]; then
    echo "the public headers: $count exported functions, more than $max_exports"
    bad=1
fi
users="python bench tools docs README.md tests/packaging"
for name in $exports; do
    if ! grep -rqw --exclude-dir=runs -e "$name" $users; then
        echo "$name: exported, but named by no user outside the tool ($users)"
        bad=1
    fi
done
echo "the public headers: $lines lines (at most $max_lines), $count exported functions" \
    "(at most $max_exports)"
exit $bad
