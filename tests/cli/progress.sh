#!/usr/bin/env bash
# The progress line of eval, check, filter and stats: shown when stderr is
# a terminal and a job runs over a second, forced by --progress, never with
# --no-progress; on stderr only, the output the same byte for byte. It ends
# with the final count of lines, not the count of an earlier redraw. The
# terminal comes from script(1); without it the test is skipped.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
if ! command -v script > /dev/null; then
    echo "SKIP: script(1) is not installed (util-linux), so there is no terminal to test on"
    exit 77
fi

# A pause of over a second, then the rest of the lines at full speed, so the
# last redraw before the end is skipped (at most four a second). 40,000
# positions in the Release stage; the later stages' tenth (SEEBATCH_TEST_SCALE)
# still ends in a burst after the pause, and keeps the 3,000 made into
# training data below.
total=$(scaled 40000 4000)
"$tool" gen --count "$total" --seed 5 > "$work/positions.fen"
head -n 1000 "$work/positions.fen" > "$work/first.fen"
tail -n +1001 "$work/positions.fen" > "$work/rest.fen"
cat > "$work/run.sh" <<RUN
{ cat "$work/first.fen"; sleep 1.3; cat "$work/rest.fen"; } | "$tool" eval > /dev/null
RUN
script -qec "bash $work/run.sh" /dev/null > "$work/terminal" < /dev/null
expect "eval exit under a terminal" "$?" "0"
# The frames are separated by carriage returns; the last one is kept.
last=$(tr '\r' '\n' < "$work/terminal" | grep 'seebatch eval:' | tail -n 1)
shown() { # shown NAME ACTUAL EXPECTED: a frame's text on a terminal, where it can be read
    if [ "$target_system" = Windows ]; then
        not_here "$1" "wine draws a Windows program's console on a Unix terminal in its own way"
    else
        expect "$@"
    fi
}
shown "the last frame has the final count" "$(grep -c " $total lines " <<< "$last")" "1"


# Training data: plain entries made from the positions, and their binpack.
head -n 3000 "$work/positions.fen" | "$tool" eval | awk -F';' '!seen[$1]++ {
    printf "fen %s\nmove %s\nscore %d\nply %d\nresult 0\ne\n", $1, $2, $3, NR }' > "$work/made.plain"
"$tool" filter "$work/made.plain" --output-format plain --output "$work/data.plain" 2> /dev/null
"$tool" filter "$work/data.plain" --output-format binpack --output "$work/data.binpack" 2> /dev/null
entries=$(grep -c '^e$' "$work/data.plain")
expect "test data" "$([ "$entries" -gt 2000 ] && echo enough)" "enough"

# --progress where stderr is no terminal: one line per frame, the last with
# the final count, 100% of a file, the time taken; the output unchanged.
forced() { # forced NAME UNIT COUNT COMMAND...: the command with and without --progress
    local name=$1 unit=$2 count=$3
    shift 3
    "$tool" "$@" > "$work/plain_out" 2> "$work/plain_err"
    local code=$?
    "$tool" "$@" --progress > "$work/forced_out" 2> "$work/forced_err"
    expect "$name --progress: exit" "$?" "$code"
    expect "$name --progress: the same output" "$(cmp "$work/plain_out" "$work/forced_out" && echo same)" "same"
    expect "$name --progress: the last frame" \
        "$(grep "^seebatch $1: " "$work/forced_err" | grep -c "^seebatch $1: 100%  $count $unit  [0-9]* $unit/s  [0-9.]* MB/s  in [0-9]:[0-9][0-9]$")" "1"
    expect "$name --progress: the other messages unchanged" \
        "$(grep -v '%  [0-9]* '"$unit" "$work/forced_err")" "$(cat "$work/plain_err")"
    expect "$name without --progress: no frame" "$(grep -c " $unit/s" "$work/plain_err")" "0"
}
forced eval lines "$total" eval "$work/positions.fen"
forced eval entries "$entries" eval "$work/data.binpack"
forced check lines 1000 check --no-oracle --preset classic "$work/first.fen"
forced check entries "$entries" check --no-oracle --preset classic -j 2 "$work/data.binpack"
forced stats entries "$entries" stats "$work/data.binpack"
forced stats entries "$entries" stats "$work/data.plain"
forced filter entries "$entries" filter --skip-capture "$work/data.binpack"
forced filter entries "$entries" filter --skip-capture "$work/data.plain"
forced filter lines "$total" filter --skip-capture "$work/positions.fen"
# The output file of filter, with and without --progress: the same bytes.
for format in binpack plain; do
    "$tool" filter --skip-capture -j 2 "$work/data.binpack" --output-format $format --output "$work/without.$format" 2> /dev/null
    "$tool" filter --skip-capture -j 2 "$work/data.binpack" --output-format $format --output "$work/with.$format" --progress 2> "$work/err"
    expect "filter --output, $format: the same bytes with --progress" \
        "$(cmp "$work/without.$format" "$work/with.$format" && echo same)" "same"
    expect "filter --output, $format: progress on stderr" "$(grep -c '^seebatch filter: 100%.* in [0-9]' "$work/err")" "1"
done
# Over several files the share counts the files before too (issue 68: a
# meter that forgot them passed, this test reading only the last frame,
# which is 100% whatever). check on six files of 200 positions (100 in the
# later stages: under a sanitizer a file still takes seconds, and natively
# the run, near a second, still draws a frame between the files), frames
# drawn as blocks end: each frame's share is its lines' share, within 3
# points (the files' lines are much alike in length), whenever frames fall.
part=$(scaled 200 100)
for i in 1 2 3 4 5 6; do "$tool" gen --count "$part" --seed "$i" > "$work/part$i.fen"; done
"$tool" check --progress "$work"/part[1-6].fen > /dev/null 2> "$work/err"
frames=$(grep -v ' in [0-9]' "$work/err" | sed -n 's/^seebatch check: *\([0-9]*\)%  \([0-9]*\) lines .*/\1 \2/p')
expect "check over six files: every frame's share is its lines'" \
    "$(awk -v all=$((6 * part)) '{ d = $1 - 100 * $2 / all; if (d < -3 || d > 3) print }' <<< "$frames")" ""
if [ "$(awk -v part="$part" '$2 > part && $2 < 6 * part' <<< "$frames" | wc -l)" -eq 0 ]; then
    not_here "a frame past the first file" "the run drew none (a fast machine): frames: $frames"
fi

# From a pipe the size is unknown: no share, no time left; plain text from
# a pipe has no byte count either.
"$tool" stats --progress < <(cat "$work/data.binpack") > /dev/null 2> "$work/err"
expect "stats from a pipe: no share" "$(grep -c "^seebatch stats: $entries entries  [0-9]* entries/s  [0-9.]* MB/s  in " "$work/err")" "1"
cat "$work/data.plain" | "$tool" stats --progress > /dev/null 2> "$work/err"
expect "plain from a pipe: entries only" "$(grep -c "^seebatch stats: $entries entries  [0-9]* entries/s  in " "$work/err")" "1"
# The last of --progress and --no-progress counts.
"$tool" stats "$work/data.binpack" --progress --no-progress > /dev/null 2> "$work/err"
expect "--progress then --no-progress: none" "$(cat "$work/err")" ""

# On a terminal, each command shows progress by itself once a run takes
# over a second (a pause in the input), and --no-progress shows none.
awk 'NR <= 60' "$work/data.plain" > "$work/data_first.plain"   # ten entries
awk 'NR > 60' "$work/data.plain" > "$work/data_rest.plain"
on_terminal() { # on_terminal NAME INPUT_PARTS COMMAND...: the frames a paused run shows on a terminal
    local name=$1 first=$2 rest=$3
    shift 3
    cat > "$work/run.sh" <<RUN
{ cat "$first"; sleep 1.3; cat "$rest"; } | "$tool" $* > /dev/null
RUN
    script -qec "bash $work/run.sh" /dev/null > "$work/terminal" < /dev/null
    tr '\r' '\n' < "$work/terminal" | grep -c "seebatch $name: .*/s"
}
for command in eval "check --no-oracle --preset classic"; do
    name=${command%% *}
    shown "$name on a terminal: shown" \
        "$([ "$(on_terminal "$name" "$work/first.fen" "$work/rest.fen" $command)" -ge 1 ] && echo shown)" "shown"
    expect "$name --no-progress on a terminal: none" \
        "$(on_terminal "$name" "$work/first.fen" "$work/rest.fen" $command --no-progress)" "0"
done
for command in stats "filter --skip-capture"; do
    name=${command%% *}
    shown "$name on a terminal: shown" \
        "$([ "$(on_terminal "$name" "$work/data_first.plain" "$work/data_rest.plain" $command)" -ge 1 ] && echo shown)" "shown"
    expect "$name --no-progress on a terminal: none" \
        "$(on_terminal "$name" "$work/data_first.plain" "$work/data_rest.plain" $command --no-progress)" "0"
done
finish "cli progress"
