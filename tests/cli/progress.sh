#!/usr/bin/env bash
# The progress line (shown when stderr is a terminal and a job runs over a
# second) ends with the final count of lines, not the count of an earlier
# redraw. The terminal comes from script(1); without it the test is skipped.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
if ! command -v script > /dev/null; then
    echo "SKIP: script(1) is not installed (util-linux), so there is no terminal to test on"
    exit 77
fi

# A pause of over a second, then the rest of the lines at full speed, so the
# last redraw before the end is skipped (at most four a second).
"$tool" gen --count 40000 --seed 5 > "$work/positions.fen"
head -n 1000 "$work/positions.fen" > "$work/first.fen"
tail -n +1001 "$work/positions.fen" > "$work/rest.fen"
cat > "$work/run.sh" <<RUN
{ cat "$work/first.fen"; sleep 1.3; cat "$work/rest.fen"; } | "$tool" eval > /dev/null
RUN
script -qec "bash $work/run.sh" /dev/null > "$work/terminal" < /dev/null
expect "eval exit under a terminal" "$?" "0"
# The frames are separated by carriage returns; the last one is kept.
last=$(tr '\r' '\n' < "$work/terminal" | grep 'seebatch eval:' | tail -n 1)
expect "the last frame has the final count" "$(grep -c ' 40000 lines ' <<< "$last")" "1"

finish "cli progress"
